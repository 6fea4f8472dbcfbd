#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one line format of the records in `.blogpager/`: a first line
/// `blogpager <kind> <version>`, followed by a space and a key for the records
/// that are valid only under one (a cache's program and settings), then one
/// record a line, its fields apart by tabs. The versioning rule is the same
/// for every record: one of another kind or version is not used, never
/// misread, and a rebuild then does the work it would have saved.
struct RecordText {
    var kind: String
    var version: Int

    func header(key: String? = nil) -> [UInt8] {
        Array("blogpager \(kind) \(version)\(key.map { " " + $0 } ?? "")\n".utf8)
    }

    /// The key and the lines of `bytes` after the header, when they are a
    /// record of this kind and version. A last line without its newline (a
    /// write cut short) is left out, as are empty lines.
    func parse(_ bytes: [UInt8]) -> (key: String?, lines: [ArraySlice<UInt8>])? {
        guard let (key, bodyStart) = parseHeader(bytes) else { return nil }
        return (key, bytes.withUnsafeBytes { Self.lines(in: $0, from: bodyStart) }.map { bytes[$0] })
    }

    /// Where each line of `bytes` from `bodyStart` lies, without its line break (a last line
    /// without its newline and empty lines left out): `parse`'s lines, and those of a record
    /// read in place (mapped), whose lines are copied out one at a time.
    static func lines(in bytes: UnsafeRawBufferPointer, from bodyStart: Int) -> [Range<Int>] {
        guard let base = bytes.baseAddress, bodyStart < bytes.count else { return [] }
        var lines: [Range<Int>] = []
        var start = bodyStart
        while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
            let end = UnsafeRawPointer(found) - base
            if end > start { lines.append(start..<end) }
            start = end + 1
        }
        return lines
    }

    /// `parseHeader` of a record read in place: its header alone is copied out to be read.
    func parseHeader(_ record: RecordBytes) -> (key: String?, bodyStart: Int)? {
        parseHeader(record.withUnsafeBytes { Array($0.prefix(4096)) })
    }

    /// Whether `bytes` are a record of this kind but none this build can read: its first line names
    /// this kind and version but the rest is not as written (`parse` said nil), or its first line is no
    /// record's at all. A record of another version is not damaged: a rebuild after an upgrade meets one.
    func isDamaged(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.prefix(4096).firstIndex(of: 0x0A) else { return true }
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        let this = "blogpager \(kind) \(version)"
        if header == this || header.hasPrefix(this + " ") { return true }
        return !header.hasPrefix("blogpager \(kind) ")
    }

    /// The key and where the body starts, from the header alone: `parse` goes on to the
    /// lines, the highlight cache to its blocks of lengths and bytes.
    func parseHeader(_ bytes: [UInt8]) -> (key: String?, bodyStart: Int)? {
        guard let end = bytes.firstIndex(of: 0x0A) else { return nil }
        let prefix = "blogpager \(kind) \(version)"
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        if header == prefix { return (nil, end + 1) }
        guard header.hasPrefix(prefix + " ") else { return nil }
        return (String(header.dropFirst(prefix.count + 1)), end + 1)
    }

    /// About how many bytes a record is written in at a time (`DiskFile.replace(_:producing:)`):
    /// made as it is written, a record of hundreds of megabytes is never whole in memory.
    static let runSize = 1 << 20

    /// Hands `run` to `write` and empties it, once it holds a run's worth, or at the end.
    static func hand(_ run: inout [UInt8], to write: (UnsafeRawBufferPointer) throws -> Void, atEnd: Bool = false) rethrows {
        guard atEnd ? !run.isEmpty : run.count >= runSize else { return }
        try run.withUnsafeBytes(write)
        run.removeAll(keepingCapacity: true)
    }

    /// A line's tab-separated fields.
    static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        line.pieces(separatedBy: 0x09)
    }

    static func string(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field, as: UTF8.self)
    }

    /// The count or length written in `digits` (decimal, one to 18 digits, no sign); nil for
    /// anything else. Read in place: the records' lengths are read by the thousand.
    static func decimal<Digits: Collection<UInt8>>(_ digits: Digits) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
