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

    /// The entry cache is found by binary search, so its lines must be in path order: a record
    /// whose lines are not (damaged, or written by hand) is not trusted, and every entry is read again.
    @Test func anEntryCacheOutOfPathOrderIsReadAsEmpty() async throws {
        let folder = try BuildJobTests.site()
        defer { folder.remove() }
        _ = try await BuildJobTests.job(folder).run(now: Date())
        let path = folder.path + "/out/.blogpager/entry-cache"
        var lines = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 4)
        lines.swapAt(1, 2)
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited\ndate: 2024-03-03\n---\nBody 3.\n")
        let second = try #require(try await BuildJobTests.job(folder).run(now: Date()).site)
        #expect(second.entriesRead == second.entryCache.count)
        // The record the rebuild wrote is in order again: the next edit reads one entry.
        try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited again\ndate: 2024-03-03\n---\nBody 3.\n")
        let third = try #require(try await BuildJobTests.job(folder).run(now: Date()).site)
        #expect(third.entriesRead == 1)
    }

    /// The lines a rebuild writes again are read from the last record's mapping, which outlives
    /// the record's file: the watcher hands a build the cache the build before made, whose lines
    /// lie in a record that build has since replaced by a rename. Each record written is still
    /// the one a cache made from nothing but the entries would write.
    @Test func linesCarriedFromAReplacedRecordAreWrittenAsTheyWere() async throws {
        let folder = try BuildJobTests.site()
        defer { folder.remove() }
        let path = folder.path + "/out/.blogpager/entry-cache"
        _ = try await BuildJobTests.job(folder).run(now: Date())
        try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited\ndate: 2024-03-03\n---\nBody 3.\n")
        // Read back from the first record: eleven lines carried from its mapping, one made.
        var cache = try #require(try await BuildJobTests.job(folder).run(now: Date()).site).entryCache
        let second = try #require(FileManager.default.contents(atPath: path))
        for edit in 1...2 {
            try folder.write("content/entry-5.md", "---\ntitle: Entry 5, edit \(edit)\ndate: 2024-03-05\n---\nBody 5.\n")
            let site = try #require(try await BuildJobTests.job(folder).run(now: Date(), cache: cache).site)
            #expect(site.entriesRead == 1)
            let written = try #require(FileManager.default.contents(atPath: path))
            #expect(written != second)
            let key = try #require(RecordText(kind: "entry-cache", version: EntryCache.version).parseHeader(Array(written))?.key)
            var made: [UInt8] = []
            EntryCache(key: key, entries: site.archive.entries).encode { made += $0 }
            #expect(Array(written) == made, "edit \(edit)")
            #expect(String(decoding: written, as: UTF8.self).contains("Entry 3, edited\t"))
            cache = site.entryCache
        }
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
                #expect(slice.containsByte(0x09) == slice.contains(0x09), "\(sample.debugDescription)")
            }
        }
    }

    /// Every list a record keeps is in the byte order of its UTF-8, not Swift's Unicode order: a
    /// decomposed `é` (as macOS names files) comes where its bytes put it, whatever the string's storage.
    @Test func stringsSortInTheByteOrderOfTheirUTF8() {
        let texts = ["b", "a", "", "ab", "e\u{301}", "\u{E9}", "f", "日本", "Z", "a\u{0}", "x/y", "x-y", "posts/entry-000010/index.html", "posts/entry-00001/index.html"]
        let bridged = texts.map { String(NSString(string: $0)) } + ["tail: a longer string that is not stored inline"]
        for list in [texts, bridged, texts + bridged] {
            let sorted = list.sorted { $0.precedesInBytes($1) }
            let expected = list.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
            #expect(sorted.map { Array($0.utf8) } == expected)
        }
        #expect("e\u{301}".precedesInBytes("\u{E9}") && !("\u{E9}".precedesInBytes("e\u{301}")))
        #expect(!"a".precedesInBytes("a") && "a".precedesInBytes("a\u{0}"))
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
