#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The token spans of every code block highlighted before, by the highlighter's
/// version, the language and the code: an entry rendered again for another reason
/// (a neighbour, a template, an edit elsewhere in it) does not highlight again.
/// Kept in `out/.blogpager/highlight-cache` (and the user's, `SharedHighlightCache`).
///
/// A cache read back keeps the record's bytes and where each block lies in them:
/// a block's spans become a string only when it is looked up, so a rebuild that
/// needs a few blocks of a large cache does not decode them all. The spans a build
/// stores go to a `SpillFile` where it has one: a clean build of a million entries
/// highlights about 1.4 million blocks, gigabytes of spans it needs again only to
/// write the record.
public struct HighlightCache: Sendable {
    static let format = RecordText(kind: "highlight-cache", version: 2)

    /// The highlighter the spans came from (`pygments 2.21.0`): spans of another are not used.
    public private(set) var highlighter: String
    /// What was stored in this value and kept in memory: the spans, or nil where the language is unknown.
    private var stored: [String: String?] = [:]
    /// What was stored in this value and went to `spill`: where its spans lie there.
    private var spilled: [String: Range<Int>] = [:]
    /// Where stored spans go; nil keeps them in memory.
    private var spill: SpillFile?
    /// What was read back from a record, less what was stored over it.
    private var recorded = Recorded()

    /// Where a block read back lies in its record's bytes.
    private struct Place: Sendable {
        /// From the block's first byte (its key) to the end of its line break.
        var block: Range<Int>
        /// The spans; nil where the language is unknown.
        var spans: Range<Int>?
    }

    private struct Recorded: Sendable {
        var bytes = RecordBytes([])
        var places: [String: Place] = [:]
        /// Where the last whole block ends: what follows (a write cut short) is not a block.
        var end = 0
    }

    /// `spillFolder`: where stored spans wait for the record (`SpillFile`); nil keeps them in memory.
    public init(highlighter: String, spillFolder: String? = nil) {
        self.highlighter = highlighter
        spill = spillFolder.flatMap(SpillFile.init(folder:))
    }

    public var count: Int { stored.count + spilled.count + recorded.places.count }

    /// Where the record read back ends after its last whole block: blocks appended there extend it.
    var recordEnd: Int { recorded.end }

    func key(of block: CodeBlock) -> String {
        Self.key(of: block, highlighter: highlighter)
    }

    static func key(of block: CodeBlock, highlighter: String) -> String {
        StableHash.digest(Array("\(highlighter)\u{0}\((block.language ?? "").lowercased())\u{0}\(block.code)".utf8))
    }

    /// The spans of a block (`.some(nil)`: its language is unknown); nil when the cache lacks it.
    func lookup(_ key: String) -> String?? {
        if let spans = stored[key] { return spans }
        if let range = spilled[key] {
            // Spans the spill cannot give back are highlighted again.
            return spill?.read(range).map { .some(String(decoding: $0, as: UTF8.self)) } ?? nil
        }
        guard let place = recorded.places[key] else { return nil }
        return .some(place.spans.map { recorded.bytes.text($0) })
    }

    func contains(_ key: String) -> Bool {
        stored[key] != nil || spilled[key] != nil || recorded.places[key] != nil
    }

    /// An empty cache that can take blocks of this one without copying them: both hold the
    /// record's one buffer (a build that renders every entry keeps what it used of the last
    /// build's cache, 262 MB at 100,000 entries, without a string of each block beside it).
    func sharingRecord(spillFolder: String? = nil) -> HighlightCache {
        var cache = HighlightCache(highlighter: highlighter, spillFolder: spillFolder)
        cache.recorded = Recorded(bytes: recorded.bytes, places: [:], end: recorded.end)
        return cache
    }

    /// Takes a block of `other`, a cache this one shares its record with (`sharingRecord()`),
    /// without copying it; false when `other` lacks it or holds another record.
    mutating func take(_ key: String, from other: HighlightCache) -> Bool {
        guard let place = other.recorded.places[key], stored[key] == nil, spilled[key] == nil,
              recorded.bytes === other.recorded.bytes else { return false }
        recorded.places[key] = place
        return true
    }

    mutating func store(_ value: String?, for key: String) {
        recorded.places[key] = nil
        var value = value
        if let spill, let range = value?.withUTF8({ spill.append(UnsafeRawBufferPointer($0)) }) {
            stored[key] = nil
            spilled[key] = range
        } else {
            spilled[key] = nil
            stored[key] = value
        }
    }

    /// Those of `other` not in this one (the blocks of entries not rendered this time).
    mutating func keep(_ other: HighlightCache, upTo limit: Int) {
        guard other.highlighter == highlighter else { return }
        for (key, value) in other.stored where count < limit && !contains(key) { store(value, for: key) }
        // A range of one spill file means nothing in another.
        let sameSpill = spill != nil && spill === other.spill
        for (key, range) in other.spilled where count < limit && !contains(key) {
            if sameSpill {
                spilled[key] = range
            } else if let spans = other.lookup(key) {
                store(spans, for: key)
            }
        }
        for key in other.recorded.places.keys where count < limit && !contains(key) {
            if !take(key, from: other), let spans = other.lookup(key) { store(spans, for: key) }
        }
    }

    // MARK: The record

    /// How many bytes of a mapped record are read before its pages are handed back (`RecordBytes.releasePages`).
    private static let releaseInterval = 32 << 20

    /// One block after another: `key<TAB>1<TAB>length` and a line break, then the spans'
    /// bytes as they are and a line break; `key<TAB>0` for a language Pygments does not
    /// know. Lengths, not escapes, so writing and reading it copy bytes in runs (at
    /// 10,000 entries it is 26 MB). Blocks may be appended to a record as it is; of a
    /// key written twice, the later block is the one read.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        encode { bytes += $0 }
        return bytes
    }

    /// The record, handed to `write` a run of about a megabyte at a time, so that a large
    /// cache is never a second time in memory as one buffer. A block whose spilled spans
    /// cannot be read back is left out (a later build highlights it again).
    func encode(_ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        var run = Self.format.header(key: highlighter.replacingOccurrences(of: "\n", with: " "))
        run.reserveCapacity(RecordText.runSize + 65_536)
        var copiedSinceRelease = 0
        for key in (Array(stored.keys) + Array(spilled.keys) + Array(recorded.places.keys)).sorted() {
            if let place = recorded.places[key] {
                recorded.bytes.withUnsafeBytes { run.append(contentsOf: $0[place.block]) }
                // The blocks kept lie all over a large record: its pages are let go as they go by.
                copiedSinceRelease += place.block.count
                if copiedSinceRelease >= Self.releaseInterval {
                    recorded.bytes.releasePages(before: recorded.bytes.count)
                    copiedSinceRelease = 0
                }
            } else if let range = spilled[key] {
                guard let spans = spill?.read(range) else { continue }
                Self.appendHead(key, spansCount: spans.count, to: &run)
                run += spans
                run.append(0x0A)
            } else if let spans = stored[key] {
                Self.append(key, spans, to: &run)
            }
            try RecordText.hand(&run, to: write)
        }
        try RecordText.hand(&run, to: write, atEnd: true)
    }

    /// The blocks stored here that `record` lacks, as they are appended to it; empty when it has them all.
    func blocks(missingFrom record: HighlightCache) -> (count: Int, bytes: [UInt8]) {
        var count = 0
        var bytes: [UInt8] = []
        for key in (Array(stored.keys) + Array(spilled.keys)).sorted() where !record.contains(key) {
            guard let spans = lookup(key) else { continue }
            Self.append(key, spans, to: &bytes)
            count += 1
        }
        return (count, bytes)
    }

    private static func append(_ key: String, _ spans: String?, to bytes: inout [UInt8]) {
        guard let spans else {
            bytes += key.utf8
            bytes += "\t0\n".utf8
            return
        }
        appendHead(key, spansCount: spans.utf8.count, to: &bytes)
        bytes += spans.utf8
        bytes.append(0x0A)
    }

    /// `key<TAB>1<TAB>length` and its line break: what comes before a block's spans.
    private static func appendHead(_ key: String, spansCount: Int, to bytes: inout [UInt8]) {
        bytes += key.utf8
        bytes += "\t1\t\(spansCount)\n".utf8
    }

    /// The record read back, when it is one of this format; else nil (and the blocks are
    /// highlighted again). A record cut short keeps the blocks before the cut. Only the
    /// keys are read now: each block's spans when it is looked up.
    public init?(decoding bytes: [UInt8]) {
        self.init(decoding: RecordBytes(bytes))
    }

    /// The same, from a record mapped from its file (`RecordBytes(mapping:)`).
    public init?(decoding record: RecordBytes) {
        // The header alone is copied out to be read.
        let head = record.withUnsafeBytes { Array($0.prefix(4096)) }
        guard let (key, bodyStart) = Self.format.parseHeader(head), let key else { return nil }
        highlighter = key
        var places: [String: Place] = [:]
        var at = bodyStart
        var released = 0
        places.reserveCapacity(record.count / 2048)
        record.withUnsafeBytes { raw in
            let buffer = raw.assumingMemoryBound(to: UInt8.self)
            guard let base = raw.baseAddress else { return }
            while at < buffer.count, let found = memchr(base + at, 0x0A, buffer.count - at) {
                let lineEnd = UnsafeRawPointer(found) - base
                // `key<TAB>0`, or `key<TAB>1<TAB>length` and the spans on the next line: read in place, with
                // no array of fields and no string but the key (13,000 blocks at 10,000 entries).
                guard let tab = buffer[at..<lineEnd].firstIndex(of: 0x09), tab > at, tab + 1 < lineEnd else { break }
                let name = String(decoding: buffer[at..<tab], as: UTF8.self)
                if tab + 2 == lineEnd, buffer[tab + 1] == UInt8(ascii: "0") {
                    places[name] = Place(block: at..<(lineEnd + 1), spans: nil)
                    at = lineEnd + 1
                    continue
                }
                guard buffer[tab + 1] == UInt8(ascii: "1"), tab + 3 < lineEnd, buffer[tab + 2] == 0x09,
                      let length = RecordText.decimal(buffer[(tab + 3)..<lineEnd]),
                      lineEnd + 1 + length < buffer.count, buffer[lineEnd + 1 + length] == 0x0A else { break }
                places[name] = Place(block: at..<(lineEnd + 2 + length), spans: (lineEnd + 1)..<(lineEnd + 1 + length))
                at = lineEnd + 2 + length
                // Only the keys are read now: the pages walked over are let go as the walk goes on.
                if at - released >= Self.releaseInterval {
                    record.releasePages(before: at)
                    released = at
                }
            }
        }
        record.releasePages(before: at)
        recorded = Recorded(bytes: record, places: places, end: at)
    }
}
