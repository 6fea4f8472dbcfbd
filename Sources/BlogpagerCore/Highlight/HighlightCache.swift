/// The token spans of every code block highlighted before, by the highlighter's
/// version, the language and the code: an entry rendered again for another reason
/// (a neighbour, a template, an edit elsewhere in it) does not highlight again.
/// Kept in `out/.blogpager/highlight-cache`, one block a line.
public struct HighlightCache: Sendable {
    static let format = RecordText(kind: "highlight-cache", version: 1)

    /// The highlighter the spans came from (`pygments 2.21.0`): spans of another are not used.
    public private(set) var highlighter: String
    /// By `key(of:)`: the spans, or nil where the language is unknown.
    private(set) var spans: [String: String?] = [:]

    public init(highlighter: String) {
        self.highlighter = highlighter
    }

    public var count: Int { spans.count }

    func key(of block: CodeBlock) -> String {
        Self.key(of: block, highlighter: highlighter)
    }

    static func key(of block: CodeBlock, highlighter: String) -> String {
        StableHash.digest(Array("\(highlighter)\u{0}\((block.language ?? "").lowercased())\u{0}\(block.code)".utf8))
    }

    func lookup(_ key: String) -> String?? { spans[key] }

    mutating func store(_ value: String?, for key: String) { spans[key] = value }

    /// Those of `other` not in this one (the blocks of entries not rendered this time).
    mutating func keep(_ other: HighlightCache, upTo limit: Int) {
        guard other.highlighter == highlighter else { return }
        for (key, value) in other.spans where spans.count < limit && spans[key] == nil { spans[key] = value }
    }

    // MARK: The record

    public func encoded() -> [UInt8] {
        var bytes = Self.format.header(key: highlighter.replacingOccurrences(of: "\n", with: " "))
        for (key, value) in spans.sorted(by: { $0.key < $1.key }) {
            bytes += key.utf8
            bytes.append(0x09)
            if let value {
                bytes.append(UInt8(ascii: "1"))
                for byte in value.utf8 {
                    switch byte {
                    case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                    case 0x5C: bytes += [0x5C, 0x5C]
                    default: bytes.append(byte)
                    }
                }
            } else {
                bytes.append(UInt8(ascii: "0"))
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The record read back, when it is one of this format; else nil (and the blocks are highlighted again).
    public init?(decoding bytes: [UInt8]) {
        guard let (key, lines) = Self.format.parse(bytes), let key else { return nil }
        highlighter = key
        for line in lines {
            guard let tab = line.firstIndex(of: 0x09), tab + 1 < line.endIndex else { continue }
            let name = RecordText.string(line[..<tab])
            guard line[tab + 1] == UInt8(ascii: "1") else { spans[name] = .some(nil); continue }
            var value: [UInt8] = []
            value.reserveCapacity(line.count)
            var escaped = false
            for byte in line[(tab + 2)...] {
                if escaped {
                    value.append(byte == UInt8(ascii: "n") ? 0x0A : byte)
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else {
                    value.append(byte)
                }
            }
            spans[name] = String(decoding: value, as: UTF8.self)
        }
    }
}
