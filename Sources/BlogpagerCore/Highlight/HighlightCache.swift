/// The token spans of every code block highlighted before, by the highlighter's
/// version, the language and the code: an entry rendered again for another reason
/// (a neighbour, a template, an edit elsewhere in it) does not highlight again.
/// Kept in `out/.blogpager/highlight-cache` (and the user's, `SharedHighlightCache`).
public struct HighlightCache: Sendable {
    static let format = RecordText(kind: "highlight-cache", version: 2)

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

    /// One block after another: `key<TAB>1<TAB>length` and a line break, then the spans'
    /// bytes as they are and a line break; `key<TAB>0` for a language Pygments does not
    /// know. Lengths, not escapes, so writing and reading it copy bytes in runs (at
    /// 10,000 entries it is 26 MB, read and written by every build that adds code).
    public func encoded() -> [UInt8] {
        var bytes = Self.format.header(key: highlighter.replacingOccurrences(of: "\n", with: " "))
        bytes.reserveCapacity(spans.reduce(bytes.count) { $0 + $1.key.utf8.count + ($1.value?.utf8.count ?? 0) + 16 })
        for (key, value) in spans.sorted(by: { $0.key < $1.key }) {
            bytes += key.utf8
            if let value {
                bytes += "\t1\t\(value.utf8.count)\n".utf8
                bytes += value.utf8
            } else {
                bytes += "\t0".utf8
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The record read back, when it is one of this format; else nil (and the blocks are
    /// highlighted again). A record cut short keeps the blocks before the cut.
    public init?(decoding bytes: [UInt8]) {
        guard let (key, bodyStart) = Self.format.parseHeader(bytes), let key else { return nil }
        highlighter = key
        var at = bodyStart
        while let lineEnd = bytes[at...].firstIndex(of: 0x0A) {
            let fields = bytes[at..<lineEnd].split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count >= 2, !fields[0].isEmpty else { break }
            let name = RecordText.string(fields[0])
            if fields[1].elementsEqual([UInt8(ascii: "0")]) {
                spans[name] = .some(nil)
                at = lineEnd + 1
                continue
            }
            guard fields.count == 3, let length = Int(RecordText.string(fields[2])), length >= 0,
                  lineEnd + 1 + length < bytes.count, bytes[lineEnd + 1 + length] == 0x0A else { break }
            spans[name] = String(decoding: bytes[(lineEnd + 1)..<(lineEnd + 1 + length)], as: UTF8.self)
            at = lineEnd + 2 + length
        }
    }
}
