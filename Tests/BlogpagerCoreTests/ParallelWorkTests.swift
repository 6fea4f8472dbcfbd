@testable import BlogpagerCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
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

    /// The map on threads of its own (for `stat`s of outputs the kernel let go): every element once,
    /// in order, on other threads than the caller's once there is more than a run of 64, and an error thrown
    /// for one element is the map's.
    @Test(arguments: [0, 1, 64, 65, 1000, 100_003])
    func parallelMapOnThreadsIsMapInOrder(count: Int) throws {
        let items = (0..<count).map { ($0 * 7919) % 1009 }
        #expect(items.parallelMap(threads: 32) { $0 * 2 + 1 } == items.map { $0 * 2 + 1 })
        #expect(items[(count / 3)...].parallelMap(threads: 5, String.init) == items[(count / 3)...].map(String.init))
        #expect(items.parallelMapWaitingOnDisk { $0 * 2 + 1 } == items.map { $0 * 2 + 1 })
        let caller = pthread_self()
        let onCaller = items.parallelMap(threads: 32) { _ in pthread_equal(pthread_self(), caller) != 0 }
        #expect(onCaller.allSatisfy { $0 } == (count <= 64))
        struct Refused: Error, Equatable { let item: Int }
        if count > 0 {
            #expect(throws: Refused(item: count - 1)) {
                try (0..<count).parallelMap(threads: 32) { item in if item == count - 1 { throw Refused(item: item) }; return item }
            }
        }
    }

    /// The map that may wait on the disk goes wide only when its work waits: elements that take
    /// 100 µs each go over more threads than the cores' pool has, and quick ones do not.
    @Test func parallelMapWaitingOnDiskGoesWideOnlyWhenItWaits() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let items = Array(0..<4096)
        let slow = Set(items.parallelMapWaitingOnDisk { _ in usleep(100); return UInt(pthread_self()) })
        #expect(slow.count > cores + 1)
        let quick = Set(items.parallelMapWaitingOnDisk { _ in UInt(pthread_self()) })
        #expect(quick.count <= cores + 1)
    }

    @Test func sideBySideGivesEachResultInItsPlace() {
        let (sum, text) = sideBySide({ (1...100_000).reduce(0, +) }, { (0..<1000).map(String.init).joined(separator: ",") })
        #expect(sum == 5_000_050_000)
        #expect(text.hasPrefix("0,1,2,") && text.hasSuffix(",999"))
        let (strings, numbers): ([String], [Int]) = sideBySide({ [] }, { [1] })
        #expect(strings.isEmpty && numbers == [1])
    }
}
