@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// A record mapped from its file gives its pages back as it is walked (`releasePages`):
/// what is read afterwards is still the file's bytes, read again from the file.
struct RecordBytesTests {
    @Test func bytesReadAfterTheirPagesAreReleasedAreTheFilesBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = (0..<(5 * 4096 + 123)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 4096) }
        try folder.write("record", bytes: bytes)
        let record = try #require(RecordBytes(mapping: folder.path + "/record"))
        #expect(record.withUnsafeBytes { Array($0) } == bytes)
        record.releasePages(before: 3 * 4096 + 17)
        #expect(record.withUnsafeBytes { Array($0[(3 * 4096)...]) } == Array(bytes[(3 * 4096)...]))
        record.releasePages(before: record.count)
        #expect(record.withUnsafeBytes { Array($0) } == bytes)
        // Bytes held in memory have no pages to give back, and stay as they are.
        let held = RecordBytes(bytes)
        held.releasePages(before: held.count)
        #expect(held.withUnsafeBytes { Array($0) } == bytes)
    }

    /// A highlight cache of more than the release interval (32 MB), mapped: the walk over its
    /// keys and the copy of its blocks into a new record both let pages go on the way, and
    /// every block still reads back as it was stored.
    @Test func aLargeMappedHighlightCacheReadsBackWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var cache = HighlightCache(highlighter: "pygments 9.9")
        let blocks = 9_000
        let spans = { (block: Int) in String(repeating: "<span class=\"k\">\(block)</span> ", count: 160) }
        for block in 0..<blocks { cache.store(block % 1000 == 7 ? nil : spans(block), for: "key\(block)") }
        let encoded = try cache.encoded()
        #expect(encoded.count > 32 << 20)
        try folder.write("highlight-cache", bytes: encoded)

        let mapped = try #require(RecordBytes(mapping: folder.path + "/highlight-cache"))
        let read = try #require(HighlightCache(decoding: mapped))
        #expect(read.count == blocks)
        for block in stride(from: 0, to: blocks, by: 7) {
            #expect(read.lookup("key\(block)") == .some(block % 1000 == 7 ? nil : spans(block)))
        }
        // Written anew from the mapping (a rebuild past the cache's bound does this): the same bytes.
        #expect(try read.encoded() == encoded)
    }
}
