import Foundation

/// cmark-gfm's footnotes as kramdown and Goldmark name them (the note `fn:1`, its reference
/// `fnref:1`), so links made to them under the old generator still land; scoped by the
/// article's anchor where many articles meet, and left out of summaries, whose notes are elsewhere.
enum FootnoteIDs {
    /// What cmark-gfm writes, and what we make of it.
    private static let renamed = [
        ("<a href=\"#fn-", "<a href=\"#fn:"), (" id=\"fnref-", " id=\"fnref:"),
        ("<li id=\"fn-", "<li id=\"fn:"), ("<a href=\"#fnref-", "<a href=\"#fnref:"),
    ]

    static func rewriting(_ html: String) -> String {
        guard html.utf8Contains("data-footnote") else { return html }
        return renamed.reduce(html) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// The ids and links of an article's footnotes with its anchor before them, so that two
    /// articles on one list page never share an id and each backlink leads to its own note.
    static func scoping(_ html: String, anchor: String) -> String {
        guard html.utf8Contains("data-footnote") else { return html }
        let id = HTMLEscaping.escape(anchor) + "--", link = URLPathEncoding.encode(anchor) + "--"
        return renamed.map(\.1).reduce(html) { text, pattern in
            let isLink = pattern.contains("href")
            let opening = pattern.dropLast(pattern.hasSuffix("fnref:") ? "fnref:".count : "fn:".count)
            return text.replacingOccurrences(of: pattern, with: opening + (isLink ? link : id) + pattern.dropFirst(opening.count))
        }
    }

    /// `html` without its footnote references (`<sup class="footnote-ref">…</sup>`) and notes.
    static func removingReferences(_ html: String) -> String {
        guard html.utf8Contains("data-footnote") else { return html }
        var text = html
        for (open, close) in [("<sup class=\"footnote-ref\">", "</sup>"), ("<section class=\"footnotes\"", "</section>")] {
            while let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) {
                // A block's line goes with it.
                let line = open.hasPrefix("<section") && text[end.upperBound...].hasPrefix("\n")
                text.removeSubrange(start.lowerBound..<(line ? text.index(after: end.upperBound) : end.upperBound))
            }
        }
        return text
    }
}
