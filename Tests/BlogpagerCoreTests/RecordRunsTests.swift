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
