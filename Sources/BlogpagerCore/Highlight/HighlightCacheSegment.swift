#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of blocks in a highlight cache's record (`HighlightCache`): a line that says how
/// many blocks it holds, a table of their keys, sorted, every line of it the same width, then
/// their spans one after another. A lookup is a binary search of the table where it lies: a
/// rebuild that needs a few blocks of a large record reads a few of its pages, where a walk over
/// every key read all of them, and nothing is decoded beforehand.
/// A record written whole is one segment; the new blocks of a rebuild are appended as another.
///
/// `segment<TAB>count<TAB>keyWidth<TAB>spansBytes`, then a line for each block: its key, padded
/// with spaces to `keyWidth`, `<TAB>1<TAB>`, where its spans start after the table (12 digits),
/// `<TAB>` and their length (10 digits); `<TAB>0<TAB>` and zeros where Pygments does not know
/// the language. Then the spans, each followed by a line break.
struct HighlightCacheSegment: Sendable {
    /// Where the table starts in the record, and how many lines it has.
    let table: Int
    let count: Int
    let keyWidth: Int
    /// Where the spans start, and where the segment ends (the next one starts).
    let spans: Int
    let end: Int

    private static let offsetDigits = 12
    private static let lengthDigits = 10
    /// The tabs, the kind, the numbers and the line break that follow a key.
    private static let afterKey = 5 + offsetDigits + lengthDigits

    private var lineWidth: Int { keyWidth + Self.afterKey }

    // MARK: Reading

    /// The segment at `start`, when its line is well formed and the whole of it is there (a
    /// write cut short leaves none); nil otherwise, and the record ends at `start`.
    static func read(at start: Int, in buffer: UnsafeBufferPointer<UInt8>) -> HighlightCacheSegment? {
        guard start < buffer.count,
              let lineEnd = buffer[start..<min(buffer.count, start + 80)].firstIndex(of: 0x0A) else { return nil }
        let fields = buffer[start..<lineEnd].split(separator: 0x09, omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0].elementsEqual("segment".utf8),
              let count = RecordText.decimal(fields[1]), let keyWidth = RecordText.decimal(fields[2]), keyWidth > 0,
              keyWidth <= 1024, let spansBytes = RecordText.decimal(fields[3]) else { return nil }
        let (tableBytes, overflow) = count.multipliedReportingOverflow(by: keyWidth + afterKey)
        guard !overflow, tableBytes <= buffer.count, spansBytes <= buffer.count else { return nil }
        let table = lineEnd + 1
        let segment = HighlightCacheSegment(table: table, count: count, keyWidth: keyWidth, spans: table + tableBytes,
                                            end: table + tableBytes + spansBytes)
        guard segment.end <= buffer.count, spansBytes == 0 || buffer[segment.end - 1] == 0x0A,
              count == 0 || (segment.lineIsWellFormed(0, in: buffer) && segment.lineIsWellFormed(count - 1, in: buffer))
        else { return nil }
        return segment
    }

    /// Where the spans of `key` lie in the record (`.some(nil)`: its language is unknown); nil
    /// when this segment lacks it, or its line is not well formed (the block is highlighted again).
    func place(of key: String, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>?? {
        var key = key
        return key.withUTF8 { wanted -> Range<Int>?? in
            guard !wanted.isEmpty, wanted.count <= keyWidth, let base = buffer.baseAddress, let wantedBase = wanted.baseAddress else { return nil }
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                let line = table + middle * lineWidth
                var order = Int(memcmp(wantedBase, base + line, wanted.count))
                // Past the wanted key's bytes, its padding: spaces.
                var at = line + wanted.count
                while order == 0, at < line + keyWidth {
                    order = Int(0x20) - Int(buffer[at])
                    at += 1
                }
                if order == 0 { return place(atLine: middle, in: buffer) }
                if order < 0 { high = middle } else { low = middle + 1 }
            }
            return nil
        }
    }

    /// Every block of the table, in its order: its key and where its spans lie (lines not well formed are left out).
    func blocks(in buffer: UnsafeBufferPointer<UInt8>) -> [(key: String, place: Range<Int>?)] {
        var blocks: [(key: String, place: Range<Int>?)] = []
        blocks.reserveCapacity(count)
        for index in 0..<count {
            guard let place = place(atLine: index, in: buffer) else { continue }
            blocks.append((key(ofLine: index, in: buffer), place))
        }
        return blocks
    }

    /// The table's lines in the order their spans lie (those without spans first, at -1), each
    /// with where they start: a walk that reads some of the blocks reads the record's pages front
    /// to back, and the fewest of them. Only the table is read: a check of every block's end here
    /// would bring all of a large record's pages in; `key(atLine:in:)` checks
    /// a line's spans when it is used.
    func linesInSpansOrder(in buffer: UnsafeBufferPointer<UInt8>) -> [(line: Int, start: Int)] {
        var lines: [(line: Int, start: Int)] = []
        lines.reserveCapacity(count)
        for line in 0..<count {
            guard let place = place(atLine: line, in: buffer, checkingSpans: false) else { continue }
            lines.append((line, place?.lowerBound ?? -1))
        }
        lines.sort { ($0.start, $0.line) < ($1.start, $1.line) }
        return lines
    }

    /// The key of the table's line `index`; nil when the line is not well formed.
    func key(atLine index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> String? {
        lineIsWellFormed(index, in: buffer) ? key(ofLine: index, in: buffer) : nil
    }

    private func key(ofLine index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> String {
        let line = table + index * lineWidth
        var keyEnd = line + keyWidth
        while keyEnd > line, buffer[keyEnd - 1] == 0x20 { keyEnd -= 1 }
        return String(decoding: buffer[line..<keyEnd], as: UTF8.self)
    }

    private func lineIsWellFormed(_ index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        place(atLine: index, in: buffer) != nil
    }

    /// The place a table line gives, checked: its tabs and line break where they belong, its
    /// numbers digits, and its spans inside the segment with (unless `checkingSpans` is false)
    /// a line break after them.
    private func place(atLine index: Int, in buffer: UnsafeBufferPointer<UInt8>, checkingSpans: Bool = true) -> Range<Int>?? {
        let kind = table + index * lineWidth + keyWidth + 1
        let offset = kind + 2
        let length = offset + Self.offsetDigits + 1
        guard buffer[kind - 1] == 0x09, buffer[kind + 1] == 0x09, buffer[length - 1] == 0x09,
              buffer[length + Self.lengthDigits] == 0x0A,
              let start = RecordText.decimal(buffer[offset..<(offset + Self.offsetDigits)]),
              let size = RecordText.decimal(buffer[length..<(length + Self.lengthDigits)]) else { return nil }
        switch buffer[kind] {
        case UInt8(ascii: "0"):
            return .some(nil)
        case UInt8(ascii: "1"):
            let spansEnd = spans + start + size
            guard spansEnd < end, !checkingSpans || buffer[spansEnd] == 0x0A else { return nil }
            return .some((spans + start)..<spansEnd)
        default:
            return nil
        }
    }

    // MARK: Writing

    /// Whether `key` can stand in a table: bytes above the space (the keys are hexadecimal digests).
    static func canHold(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { $0 > 0x20 }
    }

    /// The table's order: byte by byte (a key that is another's start comes first, as padded with spaces).
    static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// A segment's line and table for `blocks` (keys that `canHold`, each once, in the table's
    /// order; each with its spans' length, nil where the language is unknown), handed to `write`
    /// in runs; the spans are to follow, each with a line break, in the table's order or in
    /// `spansOrder` (the blocks' indices): each line says where its spans start.
    static func writeHead(_ blocks: [(key: String, length: Int?)], spansOrder: [Int]? = nil, into run: inout [UInt8],
                          _ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        let keyWidth = max(1, blocks.map(\.key.utf8.count).max() ?? 1)
        let spansBytes = blocks.reduce(0) { $0 + ($1.length.map { $0 + 1 } ?? 0) }
        run += "segment\t\(blocks.count)\t\(keyWidth)\t\(spansBytes)\n".utf8
        var offsets = [Int](repeating: 0, count: blocks.count)
        var offset = 0
        for index in spansOrder ?? Array(blocks.indices) {
            offsets[index] = offset
            offset += blocks[index].length.map { $0 + 1 } ?? 0
        }
        for (block, offset) in zip(blocks, offsets) {
            run += block.key.utf8
            run += repeatElement(0x20, count: keyWidth - block.key.utf8.count)
            run += block.length == nil ? "\t0\t".utf8 : "\t1\t".utf8
            append(block.length == nil ? 0 : offset, digits: offsetDigits, to: &run)
            run.append(0x09)
            append(block.length ?? 0, digits: lengthDigits, to: &run)
            run.append(0x0A)
            try RecordText.hand(&run, to: write)
        }
    }

    /// `value` in `digits` decimal digits, zero-padded, written in place (two for each of a
    /// clean build's blocks, no array made for each).
    private static func append(_ value: Int, digits: Int, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes += repeatElement(UInt8(ascii: "0"), count: digits)
        var rest = value
        var index = bytes.count - 1
        while rest > 0, index >= start {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }
}
