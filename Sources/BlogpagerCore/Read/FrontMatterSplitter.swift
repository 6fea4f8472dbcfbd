/// Separates an entry's front matter from its Markdown body. Three languages,
/// as Hugo reads them: YAML between `---` lines (Jekyll's and ours), TOML
/// between `+++` lines (Hugo's and Zola's), and a JSON object starting with
/// `{` on the first line (Hugo's).
public struct FrontMatterSplitter: Sendable {
    public enum Language: String, Sendable, Equatable {
        case yaml = "YAML"
        case toml = "TOML"
        case json = "JSON"
    }

    public struct Parts: Sendable, Equatable {
        public var language: Language
        /// The front matter without its fences (a JSON object keeps its braces).
        public var text: String
        /// Line of the file where `text` starts.
        public var firstLine: Int
        public var body: String
        /// Line of the file where `body` starts.
        public var bodyLine = 1
    }

    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// `text` must already have its line endings normalised to `\n`. Only the
    /// front matter's lines are visited; the body is one slice of the text.
    /// With `optional`, a text that opens with no front matter is all body (`firstLine` 0).
    public func split(_ text: String, optional: Bool = false) -> Result<Parts, Diagnostic> {
        let newline = UInt8(ascii: "\n")
        // Blank lines before the front matter: Hugo reads past them (real posts open so). Jekyll,
        // whose front matter is optional, takes such a file for one without, and so does this.
        if !optional, let after = Self.afterBlankLines(text) {
            return split(String(text[after.start...])).map { parts in
                var moved = parts
                moved.firstLine += after.lines
                moved.bodyLine += after.lines
                return moved
            }
        }
        let firstEnd = text.utf8.firstIndex(of: newline) ?? text.endIndex
        let first = Self.trimmedEnd(text[..<firstEnd])
        let language: Language
        switch first {
        case "---": language = .yaml
        case "+++": language = .toml
        default:
            // A Liquid tag (`{% raw %}`, `{{ x }}`) opening a file that needs no front matter is body, not JSON.
            if first.hasPrefix("{"), !(optional && (first.hasPrefix("{%") || first.hasPrefix("{{"))) { return splitJSON(text) }
            if optional { return .success(Parts(language: .yaml, text: "", firstLine: 0, body: text)) }
            return .failure(.error(
                at: SourceLocation(path: path),
                "missing front matter: expected '---' on the first line, then YAML with at least a title, then '---' (or TOML between '+++' lines, or a JSON object)"))
        }
        let fence = language == .yaml ? "---" : "+++"
        guard firstEnd < text.endIndex else { return unclosed(fence) }
        let start = text.utf8.index(after: firstEnd)
        var lineStart = start
        while lineStart < text.endIndex {
            let lineEnd = text.utf8[lineStart...].firstIndex(of: newline) ?? text.endIndex
            let line = Self.trimmedEnd(text[lineStart..<lineEnd])
            if line == fence || (language == .yaml && line == "...") {
                var front = text[start..<lineStart]
                if front.hasSuffix("\n") { front.removeLast() }
                return .success(Parts(language: language, text: String(front), firstLine: 2, body: body(after: lineEnd, in: text),
                                      bodyLine: bodyLine(after: lineEnd, in: text)))
            }
            guard lineEnd < text.endIndex else { break }
            lineStart = text.utf8.index(after: lineEnd)
        }
        return unclosed(fence)
    }

    /// Whether a file opens front matter as `split` reads it, after any blank lines: `---`, `+++` or a JSON object.
    static func opensFrontMatter(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.firstIndex(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else { return false }
        let rest = bytes[first...]
        return rest.starts(with: "---".utf8) || rest.starts(with: "+++".utf8) || rest.first == UInt8(ascii: "{")
    }

    /// Where the text goes on after the blank lines it opens with, and how many there are; nil for none, or nothing after them.
    private static func afterBlankLines(_ text: String) -> (start: String.Index, lines: Int)? {
        var start = text.startIndex
        var lines = 0
        while let end = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")), text[start..<end].allSatisfy(\.isWhitespace) {
            start = text.utf8.index(after: end)
            lines += 1
        }
        return lines > 0 && start < text.endIndex ? (start, lines) : nil
    }

    /// A JSON object ends where its braces balance (strings and escapes skipped).
    private func splitJSON(_ text: String) -> Result<Parts, Diagnostic> {
        var depth = 0
        var inString = false
        var escaped = false
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 {
                    let end = text.utf8.index(after: index)
                    let lineEnd = text.utf8[end...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
                    return .success(Parts(language: .json, text: String(text[..<end]), firstLine: 1, body: body(after: lineEnd, in: text),
                                          bodyLine: bodyLine(after: lineEnd, in: text)))
                }
            }
            index = text.utf8.index(after: index)
        }
        return .failure(.error(at: SourceLocation(path: path), "unclosed front matter: the JSON object that starts on this line has no closing '}'"))
    }

    /// The body after the closing line; one final newline ends the file, not the body.
    private func body(after lineEnd: String.Index, in text: String) -> String {
        var body = lineEnd == text.endIndex ? text[lineEnd...] : text[text.utf8.index(after: lineEnd)...]
        if body.hasSuffix("\n") { body.removeLast() }
        return String(body)
    }

    /// The line the body starts on: one after the front matter's last.
    private func bodyLine(after lineEnd: String.Index, in text: String) -> Int {
        text.utf8[..<lineEnd].reduce(into: 2) { lines, byte in if byte == UInt8(ascii: "\n") { lines += 1 } }
    }

    private func unclosed(_ fence: String) -> Result<Parts, Diagnostic> {
        .failure(.error(at: SourceLocation(path: path), "unclosed front matter: the '\(fence)' on this line has no closing '\(fence)' line"))
    }

    private static func trimmedEnd(_ line: Substring) -> Substring {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed
    }
}
