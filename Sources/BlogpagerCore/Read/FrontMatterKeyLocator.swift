/// Where a top-level key of TOML or JSON front matter is written, found in
/// the text itself: TOMLKit and Foundation's JSON parser say what a value is,
/// not where, and an error should point at its line all the same.
struct FrontMatterKeyLocator {
    enum Language { case toml, json }

    /// Each line's text, 1-based by index + 1.
    private let lines: [Substring]
    let language: Language

    init(text: String, language: Language) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.language = language
    }

    /// The key's line and column, and the column where its value starts (1-based); line 1 when not found.
    func locate(_ key: String) -> (line: Int, column: Int, valueColumn: Int) {
        let spellings: [String] = switch language {
        case .toml: [key, "\"\(key)\"", "'\(key)'"]
        case .json: ["\"\(key)\""]
        }
        let assignment: Character = language == .toml ? "=" : ":"
        for (index, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " || $0 == "\t" || (language == .json && ($0 == "{" || $0 == ",")) }
            let rest = line.dropFirst(indent.count)
            if language == .toml, rest.hasPrefix("[\(key)]") || rest.hasPrefix("[[\(key)]]") {
                return (index + 1, indent.count + 1, indent.count + 1)
            }
            for spelling in spellings where rest.hasPrefix(spelling) {
                let after = rest.dropFirst(spelling.count).drop { $0 == " " || $0 == "\t" }
                guard after.first == assignment else { continue }
                var value = after.dropFirst().drop { $0 == " " || $0 == "\t" }
                // A quoted string's text starts after its quote, as the error offsets count it.
                if value.first == "\"" || value.first == "'" { value = value.dropFirst() }
                return (index + 1, indent.count + 1, line.count - value.count + 1)
            }
        }
        return (1, 1, 1)
    }
}
