import Foundation

/// cmark-gfm's footnotes as kramdown and Goldmark name them (the note `fn:1`, its reference
/// `fnref:1`), so links made to them under the old generator still land; scoped by the
/// article's anchor where many articles meet, and left out of summaries, whose notes are elsewhere.
/// Each rewrite is one pass from tag to tag: every article of every list page and fragment comes here.
enum FootnoteIDs {
    /// The tags cmark-gfm writes for footnotes, by how they open, and the attributes in them that
    /// name a note or a reference: `<a href="#fn-1" id="fnref-1" data-footnote-ref>`,
    /// `<li id="fn-1">`, `<a href="#fnref-1" class="footnote-backref" …>`.
    private static let written: [(tag: String, names: [String])] = [
        ("<a href=\"#fn-", [" href=\"#fn-", " id=\"fnref-"]),
        ("<a href=\"#fnref-", [" href=\"#fnref-"]),
        ("<li id=\"fn-", [" id=\"fn-"]),
    ]

    static func rewriting(_ html: String) -> String {
        guard html.utf8Contains("data-footnote") else { return html }
        return rewritingTags(html, written.map { ($0.tag, $0.names.map { ($0, String($0.dropLast()) + ":") }) })
    }

    /// The ids and links of an article's footnotes with its anchor before them, so that two
    /// articles on one list page never share an id and each backlink leads to its own note.
    static func scoping(_ html: String, anchor: String) -> String {
        guard html.utf8Contains("data-footnote") else { return html }
        let id = HTMLEscaping.escape(anchor) + "--", link = URLPathEncoding.encode(anchor) + "--"
        func scoped(_ name: String) -> (String, String) {
            let renamed = String(name.dropLast()) + ":"
            let opening = renamed.hasPrefix(" href=\"#") ? " href=\"#" : " id=\""
            return (renamed, opening + (opening.contains("#") ? link : id) + renamed.dropFirst(opening.count))
        }
        return rewritingTags(html, written.map { (String($0.tag.dropLast()) + ":", $0.names.map(scoped)) })
    }

    /// `html` with each tag that opens as one of `tags` rewritten: in it, each attribute's opening
    /// (`from`) replaced by `to`.
    private static func rewritingTags(_ html: String, _ tags: [(opening: String, attributes: [(from: String, to: String)])]) -> String {
        let openings = tags.map { (Array($0.opening.utf8), $0.attributes.map { (Array($0.from.utf8), Array($0.to.utf8)) }) }
        return html.rewritingTags { bytes, at in
            guard let (_, attributes) = openings.first(where: { String.bytes(bytes, at: at, startWith: $0.0) }) else { return nil }
            var end = at
            while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
            var tag: [UInt8] = []
            var index = at
            while index < end {
                if let (from, to) = attributes.first(where: { String.bytes(bytes, at: index, startWith: $0.0) }) {
                    tag += to
                    index += from.count
                } else {
                    tag.append(bytes[index])
                    index += 1
                }
            }
            return (tag, end)
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
