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
/// A cache read back keeps the record's bytes and looks a block up in them when it is
/// asked for (`HighlightCacheSegment`): a rebuild that needs a few blocks of a large
/// record reads a few of its pages. The spans a build stores go to a `SpillFile` where
/// it has one: a clean build of a huge archive holds gigabytes of spans it needs again
/// only to write the record.
public struct HighlightCache: Sendable {
    static let format = RecordText(kind: "highlight-cache", version: 3)
    /// The record before the key tables: still read, so the code of a cache written by an
    /// earlier version is not highlighted again; written anew in this format.
    private static let formerFormat = RecordText(kind: "highlight-cache", version: 2)
    /// Appended segments a record takes before it is written anew as one.
    private static let mostSegments = 32

    /// The highlighter the spans came from (`pygments 2.21.0`): spans of another are not used.
    public private(set) var highlighter: String
    /// What was stored in this value and kept in memory: the spans, or nil where the language is unknown.
    private var stored: [String: String?] = [:]
    /// What was stored in this value and went to `spill`: where its spans lie there.
    private var spilled: [String: Range<Int>] = [:]
    /// Where stored spans go; nil keeps them in memory.
    private var spill: SpillFile?
    /// What was read back from a record.
    private var recorded = Recorded()

    private struct Recorded: Sendable {
        var bytes = RecordBytes([])
        /// Blocks by key, each where its spans lie in `bytes` (nil: the language is unknown):
        /// those taken from a record this cache shares (`take`), or read from a record of the former format.
        var places: [String: Range<Int>?] = [:]
        /// The record's segments, oldest first: of a key in two, the later one's block is read.
        var segments: [HighlightCacheSegment] = []
        /// The blocks of `segments`, as written (a rebuild appends only blocks the record lacks).
        var segmentBlocks = 0
        /// Where the last whole segment ends: what follows (a write cut short) is not one.
        var end = 0
        /// Whether blocks may be appended: a record of this format, with room for another segment.
        var takesAppends = false
    }

    /// `spillFolder`: where stored spans wait for the record (`SpillFile`); nil keeps them in memory.
    public init(highlighter: String, spillFolder: String? = nil) {
        self.highlighter = highlighter
        spill = spillFolder.flatMap(SpillFile.init(folder:))
    }

    public var count: Int { stored.count + spilled.count + recorded.places.count + recorded.segmentBlocks }

    /// Where the record read back ends after its last whole segment: blocks appended there extend it.
    var recordEnd: Int { recorded.end }

    /// Whether `blocks(missingFrom:)` may be appended to the record this was read from: else it is written anew.
    var takesAppends: Bool { recorded.takesAppends }

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
        guard let place = recordedPlace(of: key) else { return nil }
        return .some(place.map { recorded.bytes.text($0) })
    }

    func contains(_ key: String) -> Bool {
        stored[key] != nil || spilled[key] != nil || recordedPlace(of: key) != nil
    }

    /// Where the record holds the spans of `key`: a block taken or read by key, else the latest segment's.
    private func recordedPlace(of key: String) -> Range<Int>?? {
        if let place = recorded.places[key] { return place }
        guard !recorded.segments.isEmpty else { return nil }
        return recorded.bytes.withUnsafeBytes { raw -> Range<Int>?? in
            let buffer = raw.assumingMemoryBound(to: UInt8.self)
            for segment in recorded.segments.reversed() {
                if let place = segment.place(of: key, in: buffer) { return place }
            }
            return nil
        }
    }

    /// An empty cache that can take blocks of this one without copying them: both hold the
    /// record's one buffer (a build that renders every entry keeps what it used of the last
    /// build's cache without a string of each block beside it).
    func sharingRecord(spillFolder: String? = nil) -> HighlightCache {
        var cache = HighlightCache(highlighter: highlighter, spillFolder: spillFolder)
        cache.recorded = Recorded(bytes: recorded.bytes, end: recorded.end)
        return cache
    }

    /// Takes a block of `other`, a cache this one shares its record with (`sharingRecord()`),
    /// without copying it; false when `other` lacks it or holds another record.
    mutating func take(_ key: String, from other: HighlightCache) -> Bool {
        guard stored[key] == nil, spilled[key] == nil, recorded.bytes === other.recorded.bytes,
              let place = other.recordedPlace(of: key) else { return false }
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

    /// Those of `other` not in this one (the blocks of entries not rendered this time), until
    /// this one holds `limit` blocks.
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
        for key in other.recorded.places.keys where count < limit && !contains(key) { keepRecorded(key, of: other) }
        // The record's tables, the latest segment's first (of a key in two, its block is the one
        // read), a key at a time and only up to the bound, without a string of every key.
        // Each segment's blocks in the order their spans lie: those kept are a run of the record,
        // not pages from all over it, and the pages walked over are let
        // go as the walk goes on (the table's come back as a lookup needs them).
        other.recorded.bytes.withUnsafeBytes { raw in
            let buffer = raw.assumingMemoryBound(to: UInt8.self)
            for segment in other.recorded.segments.reversed() {
                // Each segment's spans lie before the next one's: its walk lets pages go from its own start.
                var released = 0
                for (line, start) in segment.linesInSpansOrder(in: buffer) {
                    guard count < limit else { return }
                    if start - released >= RecordBytes.releaseInterval {
                        other.recorded.bytes.releasePages(before: other.recorded.bytes.count)
                        released = start
                    }
                    if let key = segment.key(atLine: line, in: buffer), !contains(key) { keepRecorded(key, of: other) }
                }
            }
        }
    }

    /// A block of `other`'s record: taken where both share it, else its spans stored here.
    private mutating func keepRecorded(_ key: String, of other: HighlightCache) {
        if !take(key, from: other), let spans = other.lookup(key) { store(spans, for: key) }
    }

    // MARK: The record

    /// Spans a spill file could not give back: the record is not written, and the next build highlights again.
    struct UnreadableSpill: Error {}

    /// Where a block to be written comes from.
    private enum Source {
        case stored(String?)
        case spilled(Range<Int>)
        case recorded(Range<Int>?)

        /// The spans' length; nil where the language is unknown.
        var length: Int? {
            switch self {
            case .stored(let spans): spans.map { $0.utf8.count }
            case .spilled(let range): range.count
            case .recorded(let place): place.map(\.count)
            }
        }

        /// Where the spans lie, for reading them in order: the record's and the spill's, each
        /// front to back, then those in memory.
        var locality: (kind: Int, offset: Int) {
            switch self {
            case .recorded(let place): (0, place?.lowerBound ?? 0)
            case .spilled(let range): (1, range.lowerBound)
            case .stored: (2, 0)
            }
        }
    }

    /// The header and one segment (`HighlightCacheSegment`) of every block. Written anew, a
    /// record is one segment; blocks may be appended as others (`blocks(missingFrom:)`).
    /// A cache whose spilled spans cannot be read back throws: no record is better than a wrong one.
    public func encoded() throws -> [UInt8] {
        var bytes: [UInt8] = []
        try encode { bytes += $0 }
        return bytes
    }

    /// The record, handed to `write` a run of about a megabyte at a time, so that a large
    /// cache is never a second time in memory as one buffer.
    func encode(_ write: (UnsafeRawBufferPointer) throws -> Void) throws {
        var sources: [String: Source] = [:]
        recorded.bytes.withUnsafeBytes { raw in
            let buffer = raw.assumingMemoryBound(to: UInt8.self)
            for segment in recorded.segments {
                for block in segment.blocks(in: buffer) { sources[block.key] = .recorded(block.place) }
            }
        }
        for (key, place) in recorded.places { sources[key] = .recorded(place) }
        for (key, range) in spilled { sources[key] = .spilled(range) }
        for (key, spans) in stored { sources[key] = .stored(spans) }
        let blocks = sources.filter { HighlightCacheSegment.canHold($0.key) }
            .sorted { HighlightCacheSegment.precedes($0.key, $1.key) }
        // The spans follow in the order they lie in the spill and the record, not the keys': a large
        // spill the kernel no longer holds is read front to back instead of a block here and there.
        let spansOrder = blocks.indices.sorted { first, second in
            let (one, other) = (blocks[first].value.locality, blocks[second].value.locality)
            return (one.kind, one.offset, first) < (other.kind, other.offset, second)
        }
        var run = Self.format.header(key: highlighter.replacingOccurrences(of: "\n", with: " "))
        run.reserveCapacity(RecordText.runSize + 65_536)
        try HighlightCacheSegment.writeHead(blocks.map { ($0.key, $0.value.length) }, spansOrder: spansOrder, into: &run, write)
        var copiedSinceRelease = 0
        var spilledSinceRelease = 0
        for index in spansOrder {
            switch blocks[index].value {
            case .stored(let spans):
                guard let spans else { continue }
                run += spans.utf8
            case .spilled(let range):
                guard let spans = spill?.read(range), spans.count == range.count else { throw UnreadableSpill() }
                run += spans
                // Read front to back too (gigabytes, for a huge archive): its pages go
                // behind the reading, or the kernel makes their room by dropping the inodes the next
                // build looks at. The output's cache and the user's read the same spill at once: a
                // page one has let go that the other still wants is read again from the disk.
                spilledSinceRelease += range.count
                if spilledSinceRelease >= RecordBytes.releaseInterval {
                    spill?.releasePages(before: range.upperBound)
                    spilledSinceRelease = 0
                }
            case .recorded(let place):
                guard let place else { continue }
                recorded.bytes.withUnsafeBytes { run.append(contentsOf: $0[place]) }
                // The blocks kept lie all over a large record: its pages are let go as they go by.
                copiedSinceRelease += place.count
                if copiedSinceRelease >= RecordBytes.releaseInterval {
                    recorded.bytes.releasePages(before: recorded.bytes.count)
                    copiedSinceRelease = 0
                }
            }
            run.append(0x0A)
            try RecordText.hand(&run, to: write)
        }
        try RecordText.hand(&run, to: write, atEnd: true)
    }

    /// The blocks stored here that `record` lacks, as a segment to append to it; empty when it has them all.
    func blocks(missingFrom record: HighlightCache) -> (count: Int, bytes: [UInt8]) {
        var blocks: [(key: String, spans: String?)] = []
        for key in (Array(stored.keys) + Array(spilled.keys)).sorted(by: HighlightCacheSegment.precedes)
        where HighlightCacheSegment.canHold(key) && !record.contains(key) {
            guard let spans = lookup(key) else { continue }
            blocks.append((key, spans))
        }
        guard !blocks.isEmpty else { return (0, []) }
        var bytes: [UInt8] = []
        var run: [UInt8] = []
        HighlightCacheSegment.writeHead(blocks.map { ($0.key, $0.spans?.utf8.count) }, into: &run) { bytes += $0 }
        bytes += run
        for block in blocks {
            guard let spans = block.spans else { continue }
            bytes += spans.utf8
            bytes.append(0x0A)
        }
        return (blocks.count, bytes)
    }

    /// The record read back, when it is one of this format or the former one; else nil (and
    /// the blocks are highlighted again). A record cut short keeps the segments before the cut.
    public init?(decoding bytes: [UInt8]) {
        self.init(decoding: RecordBytes(bytes))
    }

    /// The same, from a record mapped from its file (`RecordBytes(mapping:)`). Only the
    /// segments' lines are read now: a block's line when it is looked up.
    public init?(decoding record: RecordBytes) {
        if let (key, bodyStart) = Self.format.parseHeader(record), let key {
            highlighter = key
            var segments: [HighlightCacheSegment] = []
            var at = bodyStart
            record.withUnsafeBytes { raw in
                let buffer = raw.assumingMemoryBound(to: UInt8.self)
                while let segment = HighlightCacheSegment.read(at: at, in: buffer) {
                    segments.append(segment)
                    at = segment.end
                }
            }
            recorded = Recorded(bytes: record, segments: segments, segmentBlocks: segments.reduce(0) { $0 + $1.count },
                                end: at, takesAppends: segments.count < Self.mostSegments)
        } else if let (key, bodyStart) = Self.formerFormat.parseHeader(record), let key {
            highlighter = key
            recorded = Self.formerRecord(record, from: bodyStart)
        } else {
            return nil
        }
    }

    /// A record of the former format (version 2): one block after another, `key<TAB>1<TAB>length`
    /// and a line break, then the spans and a line break; `key<TAB>0` for a language Pygments does not know.
    private static func formerRecord(_ record: RecordBytes, from bodyStart: Int) -> Recorded {
        var places: [String: Range<Int>?] = [:]
        var at = bodyStart
        var released = 0
        places.reserveCapacity(record.count / 2048)
        record.withUnsafeBytes { raw in
            let buffer = raw.assumingMemoryBound(to: UInt8.self)
            guard let base = raw.baseAddress else { return }
            while at < buffer.count, let found = memchr(base + at, 0x0A, buffer.count - at) {
                let lineEnd = UnsafeRawPointer(found) - base
                guard let tab = buffer[at..<lineEnd].firstIndex(of: 0x09), tab > at, tab + 1 < lineEnd else { break }
                let name = String(decoding: buffer[at..<tab], as: UTF8.self)
                if tab + 2 == lineEnd, buffer[tab + 1] == UInt8(ascii: "0") {
                    places[name] = .some(nil)
                    at = lineEnd + 1
                    continue
                }
                guard buffer[tab + 1] == UInt8(ascii: "1"), tab + 3 < lineEnd, buffer[tab + 2] == 0x09,
                      let length = RecordText.decimal(buffer[(tab + 3)..<lineEnd]),
                      lineEnd + 1 + length < buffer.count, buffer[lineEnd + 1 + length] == 0x0A else { break }
                places[name] = (lineEnd + 1)..<(lineEnd + 1 + length)
                at = lineEnd + 2 + length
                // The pages walked over are let go as the walk goes on.
                if at - released >= RecordBytes.releaseInterval {
                    record.releasePages(before: at)
                    released = at
                }
            }
        }
        record.releasePages(before: at)
        return Recorded(bytes: record, places: places, end: at)
    }
}
