/// Where a top-level key of TOML or JSON front matter is written, found in
/// the text itself: TOMLKit and Foundation's JSON parser say what a value is,
/// not where, and an error should point at its line all the same.
struct FrontMatterKeyLocator {
    enum Language { case toml, json }

    let language: Language
    /// Each key's first place, found in one pass over the lines (a front matter may have thousands of keys).
    private var places: [String: (line: Int, column: Int, valueColumn: Int)] = [:]

    init(text: String, language: Language) {
        self.language = language
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let (key, place) = Self.key(on: line, language: language), places[key] == nil else { continue }
            places[key] = (index + 1, place.column, place.valueColumn)
        }
    }

    /// The key's line and column, and the column where its value starts (1-based); line 1 when not found.
    func locate(_ key: String) -> (line: Int, column: Int, valueColumn: Int) {
        places[key] ?? (1, 1, 1)
    }

    /// The key a line starts (a TOML table header `[key]` or `[[key]]`, or `key =`, `"key" =`, `'key' =`;
    /// a JSON `"key":`), with its column and the column where its value starts.
    private static func key(on line: Substring, language: Language) -> (String, (column: Int, valueColumn: Int))? {
        let indent = line.prefix { $0 == " " || $0 == "\t" || (language == .json && ($0 == "{" || $0 == ",")) }
        let rest = line.dropFirst(indent.count)
        let column = indent.count + 1
        if language == .toml, rest.hasPrefix("[") {
            let double = rest.hasPrefix("[[")
            let inner = rest.dropFirst(double ? 2 : 1)
            guard let close = inner.firstIndex(of: "]"), !double || inner[close...].hasPrefix("]]") else { return nil }
            return (String(inner[..<close]), (column, column))
        }
        let key: Substring, after: Substring
        if let quote = rest.first, quote == "\"" || (language == .toml && quote == "'") {
            guard let close = rest.dropFirst().firstIndex(of: quote) else { return nil }
            key = rest[rest.index(after: rest.startIndex)..<close]
            after = rest[rest.index(after: close)...]
        } else {
            guard language == .toml else { return nil }
            key = rest.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
            after = rest.dropFirst(key.count)
        }
        let assignment: Character = language == .toml ? "=" : ":"
        let blanksDropped = after.drop { $0 == " " || $0 == "\t" }
        guard !key.isEmpty || rest.first == "\"" || rest.first == "'", blanksDropped.first == assignment else { return nil }
        var value = blanksDropped.dropFirst().drop { $0 == " " || $0 == "\t" }
        // A quoted string's text starts after its quote, as the error offsets count it.
        if value.first == "\"" || value.first == "'" { value = value.dropFirst() }
        return (String(key), (column, line.count - value.count + 1))
    }
}
