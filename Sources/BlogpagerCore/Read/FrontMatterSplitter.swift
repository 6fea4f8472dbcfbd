/// Separates the YAML front matter (between `---` lines) from the Markdown body.
public struct FrontMatterSplitter: Sendable {
    public struct Parts: Sendable, Equatable {
        public var yaml: String
        /// Line of the file where the YAML starts.
        public var yamlFirstLine: Int
        public var body: String
    }

    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// `text` must already have its line endings normalised to `\n`. Only the
    /// front matter's lines are visited; the body is one slice of the text.
    public func split(_ text: String) -> Result<Parts, Diagnostic> {
        let newline = UInt8(ascii: "\n")
        var lineStart = text.startIndex
        var yamlStart: String.Index?
        while true {
            let lineEnd = text.utf8[lineStart...].firstIndex(of: newline) ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if let yamlStart {
                if isFence(line, allowingDots: true) {
                    var yaml = text[yamlStart..<lineStart]
                    if yaml.hasSuffix("\n") { yaml.removeLast() }
                    var body = lineEnd == text.endIndex ? text[lineEnd...] : text[text.utf8.index(after: lineEnd)...]
                    // One final newline ends the file, not the body.
                    if body.hasSuffix("\n") { body.removeLast() }
                    return .success(Parts(yaml: String(yaml), yamlFirstLine: 2, body: String(body)))
                }
            } else {
                guard isFence(line, allowingDots: false) else {
                    return .failure(.error(
                        at: SourceLocation(path: path),
                        "missing front matter: expected '---' on the first line, then YAML with at least a title, then '---'"))
                }
                yamlStart = lineEnd == text.endIndex ? lineEnd : text.utf8.index(after: lineEnd)
            }
            guard lineEnd < text.endIndex, text.utf8.index(after: lineEnd) < text.endIndex else { break }
            lineStart = text.utf8.index(after: lineEnd)
        }
        return .failure(.error(
            at: SourceLocation(path: path),
            "unclosed front matter: the '---' on this line has no closing '---' line"))
    }

    private func isFence(_ line: Substring, allowingDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed == "---" || (allowingDots && trimmed == "...")
    }
}
