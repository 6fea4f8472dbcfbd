/// jekyll-titles-from-headings: a Markdown page with no title of its own is titled by the heading
/// it opens with (`# About us`, or a Setext heading), as the plugin reads it.
enum JekyllHeadingTitle {
    static let plugin = "jekyll-titles-from-headings"

    /// The heading a body opens with (after blank lines), without its marks; nil where it opens otherwise.
    static func of(_ body: Substring) -> String? {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.allSatisfy(\.isWhitespace) }
        guard let first = lines.first else { return nil }
        let line = first.hasSuffix("\r") ? first.dropLast() : first
        let hashes = line.prefix { $0 == "#" }.count
        if (1...6).contains(hashes), line.dropFirst(hashes).first?.isWhitespace == true {
            var text = line.dropFirst(hashes).drop(while: \.isWhitespace)
            // A closing run of `#` after a space is no part of it.
            if let lastSpace = text.lastIndex(where: \.isWhitespace), text[text.index(after: lastSpace)...].allSatisfy({ $0 == "#" }),
               !text[text.index(after: lastSpace)...].isEmpty {
                text = text[..<lastSpace]
            }
            let title = String(text).trimmingSpaces
            return title.isEmpty ? nil : title
        }
        let rest = lines.dropFirst()
        if let underline = rest.first, !underline.isEmpty, String(underline).trimmingSpaces.allSatisfy({ $0 == "=" || $0 == "-" }),
           !String(underline).trimmingSpaces.isEmpty, !line.allSatisfy(\.isWhitespace) {
            return String(line).trimmingSpaces
        }
        return nil
    }
}
