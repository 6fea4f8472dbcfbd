/// Which generator's list of emoji short codes (`:tada:`) a site's Markdown shows as emoji.
public enum EmojiList: String, Sendable, Hashable {
    /// GitHub's (gemoji's): Jekyll's jemoji, Zola's `render_emoji`, blogpager's `emoji: true`.
    case github
    /// Hugo's `enableEmoji`.
    case hugo
}

/// `:short_code:` to its emoji, from the tables the generators themselves use
/// (`EmojiTables.swift`, generated from Debian's packages of them).
struct EmojiTable: Sendable {
    private let codes: [Substring: String]

    private init(lines: String) {
        var codes: [Substring: String] = [:]
        for line in lines.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            codes[line[..<tab]] = String(line[line.index(after: tab)...])
        }
        self.codes = codes
    }

    static let github = EmojiTable(lines: githubLines)
    static let hugo = EmojiTable(lines: hugoLines)

    static func of(_ list: EmojiList) -> EmojiTable {
        switch list {
        case .github: github
        case .hugo: hugo
        }
    }

    /// `text` with each `:code:` the table knows as its emoji, or nil when it has none.
    func replacing(in text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: ":")) else { return nil }
        var result = "", copied = text.startIndex, at = text.startIndex, changed = false
        while let open = text[at...].firstIndex(of: ":") {
            let nameStart = text.index(after: open)
            guard let close = text[nameStart...].prefix(64).firstIndex(of: ":") else { break }
            let name = text[nameStart..<close]
            if !name.isEmpty, let emoji = codes[name] {
                result += text[copied..<open]
                result += emoji
                copied = text.index(after: close)
                at = copied
                changed = true
            } else {
                // The closing colon may open the next code.
                at = close
            }
        }
        guard changed else { return nil }
        return result + text[copied...]
    }
}
