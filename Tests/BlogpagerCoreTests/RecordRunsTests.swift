@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// The records in `.blogpager/` are written as they are made, a run at a time: the same
/// bytes as made whole, whatever the batches and runs.
struct RecordRunsTests {
    @Test func theEntryCacheIsTheSameRecordInAnyBatches() async throws {
        let folder = try BuildJobTests.site()
        defer { folder.remove() }
        let first = try #require(try await BuildJobTests.job(folder).run(now: Date()).site)
        let written = try #require(FileManager.default.contents(atPath: folder.path + "/out/.blogpager/entry-cache"))
        // Every line made this build (none read back), in batches of 5 of the 12 entries.
        var batched: [UInt8] = []
        first.entryCache.encode(linesPerBatch: 5) { batched += $0 }
        #expect(batched == Array(written))
        #expect(String(decoding: batched, as: UTF8.self).split(separator: "\n").count == 13)
        // One source edited: the others' lines are written as they were read back, the edited one made anew.
        try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited\ndate: 2024-03-03\n---\nBody 3.\n")
        let second = try #require(try await BuildJobTests.job(folder).run(now: Date()).site)
        #expect(second.entriesRead == 1)
        var again: [UInt8] = []
        second.entryCache.encode(linesPerBatch: 2) { again += $0 }
        #expect(again == Array(try #require(FileManager.default.contents(atPath: folder.path + "/out/.blogpager/entry-cache"))))
        #expect(String(decoding: again, as: UTF8.self).contains("Entry 3, edited"))
    }

    /// Records are cut into lines and fields by `pieces`, as `split` keeping empty pieces would cut them.
    @Test func piecesAreWhatSplitKeepingEmptyPiecesGives() {
        let samples = ["", "\t", "a", "a\tb", "\ta\t\tb\t", "path/x.html\t12-ab", "日本\t語\t\t", "\t\t\t"]
        for sample in samples {
            let bytes = Array(sample.utf8)
            let padded = [UInt8(ascii: "x")] + bytes + [UInt8(ascii: "y")]
            for slice in [bytes[...], padded[1..<(padded.count - 1)]] {
                for maxSplits in [0, 1, 2, Int.max] {
                    let expected = slice.split(separator: 0x09, maxSplits: maxSplits, omittingEmptySubsequences: false)
                    let found = slice.pieces(separatedBy: 0x09, maxSplits: maxSplits)
                    #expect(found.map(Array.init) == expected.map(Array.init), "\(sample.debugDescription) max \(maxSplits)")
                    #expect(found.map(\.startIndex) == expected.map(\.startIndex))
                }
            }
        }
    }

    @Test func aRunIsHandedOnOnceItIsFullAndAtTheEnd() {
        var handed: [Int] = []
        var run = [UInt8](repeating: 1, count: RecordText.runSize - 1)
        RecordText.hand(&run, to: { handed.append($0.count) })
        #expect(handed.isEmpty && run.count == RecordText.runSize - 1)
        run.append(2)
        RecordText.hand(&run, to: { handed.append($0.count) })
        #expect(handed == [RecordText.runSize] && run.isEmpty)
        RecordText.hand(&run, to: { handed.append($0.count) }, atEnd: true)
        #expect(handed == [RecordText.runSize], "nothing left, nothing handed")
        run = [3]
        RecordText.hand(&run, to: { handed.append($0.count) }, atEnd: true)
        #expect(handed == [RecordText.runSize, 1] && run.isEmpty)
    }
}
