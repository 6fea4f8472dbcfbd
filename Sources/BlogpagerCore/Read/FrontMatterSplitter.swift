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

    /// `text` must already have its line endings normalised to `\n`.
    public func split(_ text: String) -> Result<Parts, Diagnostic> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, isFence(first, allowingDots: false) else {
            return .failure(.error(
                at: SourceLocation(path: path),
                "missing front matter: expected '---' on the first line, then YAML with at least a title, then '---'"))
        }
        guard let closing = lines.indices.dropFirst().first(where: { isFence(lines[$0], allowingDots: true) }) else {
            return .failure(.error(
                at: SourceLocation(path: path),
                "unclosed front matter: the '---' on this line has no closing '---' line"))
        }
        let yaml = lines[1..<closing].joined(separator: "\n")
        let body = lines[(closing + 1)...].joined(separator: "\n")
        return .success(Parts(yaml: yaml, yamlFirstLine: 2, body: body))
    }

    private func isFence(_ line: Substring, allowingDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed == "---" || (allowingDots && trimmed == "...")
    }
}
