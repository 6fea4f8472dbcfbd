import Foundation

/// One cached entry as a line of tab-separated fields, for `EntryCache`'s file.
/// A line format, not JSON: a rebuild reads ten thousand of them, and the
/// Codable round trip cost more than reading the entries' front matter again.
/// Text fields are escaped (`\\`, `\t`, `\n`, `\r`, and `\u` for the list
/// separator U+001F), so any title or summary fits on its line.
enum EntryRecord {
    private static let fieldCount = 18
    private static let listSeparator: UInt8 = 0x1F

    /// The line for an entry read from a file; nil for one held in memory (nothing to find it by).
    /// The file's absolute path and the path as the user named it are left out: `EntryCache`
    /// takes them from the source found now (a build run from another folder reads nothing again).
    static func line(_ entry: Entry) -> [UInt8]? {
        guard case .file = entry.source.content else { return nil }
        let date = entry.date
        var fields: [[UInt8]] = [
            escaped(entry.source.relativePath), escaped(entry.source.identity),
            Array("\(date.epochSeconds)".utf8), Array("\(date.nanoseconds)".utf8), Array("\(date.offsetSeconds)".utf8),
            date.hasTime ? [0x31] : [0x30],
            escaped(entry.slug), escaped(entry.title), escaped(entry.outputPath.string), escaped(entry.url),
            // Each term as `taxonomy=term`, taxonomies in key order, terms as written.
            Array(entry.allTerms.sorted { $0.key < $1.key }.flatMap { key, terms in terms.map { Array((key + "=").utf8) + escaped($0) } }
                .joined(separator: [listSeparator])),
            entry.summarySource.map { [UInt8(ascii: "+")] + escaped($0) } ?? [],
            entry.isDraft ? [0x31] : [0x30],
            dateField(entry.updated),
            dateField(entry.expires),
            Array(entry.redirectsFrom.map { escaped($0.string) }.joined(separator: [listSeparator])),
            Array(entry.references.map(referenceField).joined(separator: [listSeparator])),
        ]
        // Params may nest: a tagged form of their own (`ParamsRecord`).
        fields.append(entry.params.isEmpty ? [] : escaped(String(decoding: ParamsRecord.encode(entry.params), as: UTF8.self)))
        return Array(fields.joined(separator: [0x09]))
    }

    /// The entry a line holds; nil when the line is damaged.
    static func entry(_ line: ArraySlice<UInt8>) -> Entry? {
        let fields = line.pieces(separatedBy: 0x09)
        guard fields.count == fieldCount,
              let epochSeconds = Int64(text(fields[2])), let nanoseconds = Int32(text(fields[3])),
              let offsetSeconds = Int32(text(fields[4])),
              let relativePath = unescaped(fields[0]), let identity = unescaped(fields[1]),
              let slug = unescaped(fields[6]), let title = unescaped(fields[7]),
              let outputText = unescaped(fields[8]), let url = unescaped(fields[9]),
              let outputPath = OutputPath.ifValid(recorded: outputText)
        else { return nil }
        let source = SourceFile(recordedAt: relativePath, identity: identity)
        var terms: [String: [String]] = [:]
        if !fields[10].isEmpty {
            for item in fields[10].pieces(separatedBy: listSeparator) {
                guard let equals = item.firstIndex(of: UInt8(ascii: "=")), let term = unescaped(item[(equals + 1)...]) else { return nil }
                terms[text(item[..<equals]), default: []].append(term)
            }
        }
        var summary: String?
        if let first = fields[11].first {
            guard first == UInt8(ascii: "+"), let text = unescaped(fields[11].dropFirst()) else { return nil }
            summary = text
        }
        guard let updated = date(fields[13]), let expires = date(fields[14]) else { return nil }
        var redirectsFrom: [OutputPath] = []
        if !fields[15].isEmpty {
            for item in fields[15].pieces(separatedBy: listSeparator) {
                guard let text = unescaped(item), let path = OutputPath.ifValid(text.split(separator: "/").map(String.init)) else { return nil }
                redirectsFrom.append(path)
            }
        }
        var references: [BodyReference] = []
        if !fields[16].isEmpty {
            for item in fields[16].pieces(separatedBy: listSeparator) {
                guard let reference = reference(item) else { return nil }
                references.append(reference)
            }
        }
        var params: [String: FrontMatterValue] = [:]
        if !fields[17].isEmpty {
            guard let text = unescaped(fields[17]), let decoded = ParamsRecord.decode(Array(text.utf8)[...]) else { return nil }
            params = decoded
        }
        let date = EntryDate(epochSeconds: epochSeconds, nanoseconds: nanoseconds, offsetSeconds: offsetSeconds, hasTime: fields[5].first == 0x31)
        return Entry(
            cursor: Cursor(date: date, slug: slug), title: title, source: source, outputPath: outputPath, url: url, tags: [], terms: terms,
            summarySource: summary, isDraft: fields[12].first == 0x31, updated: updated, expires: expires, redirectsFrom: redirectsFrom, references: references, params: params)
    }

    /// `line:column:kind:text`, the kind `L<style>` (a link), `S` (a shortcode), `U` (an unknown tag), `I` (an image),
    /// `N` or `R` (an include, or a relative one), `V` (a site value its Liquid reads) or `Q` (it has Liquid).
    private static func referenceField(_ reference: BodyReference) -> [UInt8] {
        let (kind, text): (String, String) = switch reference.kind {
        case .link(let style, let target): ("L" + style, target)
        case .shortcode(let name): ("S", name)
        case .unknown(let name): ("U", name)
        case .image(let src): ("I", src)
        case .include(let name, let relative): (relative ? "R" : "N", name)
        case .reads(let path): ("V", path)
        case .liquid: ("Q", "")
        }
        return Array("\(reference.line):\(reference.column):\(kind):".utf8) + escaped(text)
    }

    private static func reference(_ field: ArraySlice<UInt8>) -> BodyReference? {
        let parts = field.pieces(separatedBy: UInt8(ascii: ":"), maxSplits: 3)
        guard parts.count == 4, let line = Int(text(parts[0])), let column = Int(text(parts[1])), let value = unescaped(parts[3]) else { return nil }
        let kind = text(parts[2])
        switch kind.first {
        case "L": return BodyReference(kind: .link(style: String(kind.dropFirst()), target: value), line: line, column: column)
        case "S": return BodyReference(kind: .shortcode(name: value), line: line, column: column)
        case "U": return BodyReference(kind: .unknown(name: value), line: line, column: column)
        case "I": return BodyReference(kind: .image(src: value), line: line, column: column)
        case "N", "R": return BodyReference(kind: .include(name: value, relative: kind == "R"), line: line, column: column)
        case "V": return BodyReference(kind: .reads(path: value), line: line, column: column)
        case "Q": return BodyReference(kind: .liquid, line: line, column: column)
        default: return nil
        }
    }

    /// An optional date as `seconds,nanoseconds,offset,hasTime`; empty for none.
    private static func dateField(_ date: EntryDate?) -> [UInt8] {
        date.map { Array("\($0.epochSeconds),\($0.nanoseconds),\($0.offsetSeconds),\($0.hasTime ? 1 : 0)".utf8) } ?? []
    }

    /// The optional date a field holds: `.some(nil)` for none, nil when the field is damaged.
    private static func date(_ field: ArraySlice<UInt8>) -> EntryDate?? {
        guard !field.isEmpty else { return .some(nil) }
        let parts = text(field).split(separator: ",")
        guard parts.count == 4, let seconds = Int64(parts[0]), let nanos = Int32(parts[1]), let offset = Int32(parts[2]) else { return nil }
        return EntryDate(epochSeconds: seconds, nanoseconds: nanos, offsetSeconds: offset, hasTime: parts[3] == "1")
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    static func escaped(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case listSeparator: bytes += [0x5C, UInt8(ascii: "u")]
            default: bytes.append(byte)
            }
        }
        return bytes
    }

    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.containsByte(0x5C) else { return text(bytes) }
        var plain: [UInt8] = []
        plain.reserveCapacity(bytes.count)
        var escaping = false
        for byte in bytes {
            if escaping {
                switch byte {
                case 0x5C: plain.append(0x5C)
                case UInt8(ascii: "t"): plain.append(0x09)
                case UInt8(ascii: "n"): plain.append(0x0A)
                case UInt8(ascii: "r"): plain.append(0x0D)
                case UInt8(ascii: "u"): plain.append(listSeparator)
                default: return nil
                }
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                plain.append(byte)
            }
        }
        return escaping ? nil : String(decoding: plain, as: UTF8.self)
    }
}
