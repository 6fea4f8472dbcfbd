@testable import BlogpagerCore
import Testing

/// The helpers that spread a serial stretch over the cores give what the serial code gives.
struct ParallelWorkTests {
    @Test(arguments: [0, 1, 7, 8, 9, 1000, 100_003])
    func parallelFilterIsFilterInOrder(count: Int) {
        let items = (0..<count).map { ($0 * 7919) % 1009 }
        #expect(items.parallelFilter { $0 % 3 == 0 } == items.filter { $0 % 3 == 0 })
        #expect(items.parallelFilter { _ in false }.isEmpty)
        #expect(items[(count / 2)...].parallelFilter { $0 > 500 } == items[(count / 2)...].filter { $0 > 500 })
    }

    @Test func sideBySideGivesEachResultInItsPlace() {
        let (sum, text) = sideBySide({ (1...100_000).reduce(0, +) }, { (0..<1000).map(String.init).joined(separator: ",") })
        #expect(sum == 5_000_050_000)
        #expect(text.hasPrefix("0,1,2,") && text.hasSuffix(",999"))
        let (strings, numbers): ([String], [Int]) = sideBySide({ [] }, { [1] })
        #expect(strings.isEmpty && numbers == [1])
    }
}
