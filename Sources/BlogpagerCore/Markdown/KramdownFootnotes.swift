/// Footnotes as kramdown writes them, for a page of a Jekyll site in its own layouts (whose stylesheet
/// styles that markup): a reference as `<sup id="fnref:x" role="doc-noteref"><a href="#fn:x" class="footnote"
/// rel="footnote">`, the notes in `<div class="footnotes" role="doc-endnotes">`, each `<li role="doc-endnote">`
/// ending in its `reversefootnote` link. Only a page's own copy: the archive's articles keep cmark-gfm's
/// markup, whose ids `FootnoteIDs` scopes where many articles meet. By hand, not regex literals: Swift
/// compiles one each time it is met.
enum KramdownFootnotes {
    static func reshaping(_ html: String) -> String {
        guard html.utf8Contains("data-footnote") else { return html }
        var out = replacingEach(in: html, from: "<sup class=\"footnote-ref\"><a href=\"#fn:", to: "</a></sup>") { inner in
            // `1" id="fnref:1" data-footnote-ref>1`
            guard let id = inner.range(of: "\" id=\"fnref:"), let end = inner.range(of: "\" data-footnote-ref>") else { return nil }
            let note = inner[..<id.lowerBound], reference = inner[id.upperBound..<end.lowerBound], number = inner[end.upperBound...]
            return "<sup id=\"fnref:\(reference)\" role=\"doc-noteref\"><a href=\"#fn:\(note)\" class=\"footnote\" rel=\"footnote\">\(number)</a></sup>"
        }
        out = replacingEach(in: out, from: "<li id=\"fn:", to: "\">") { "<li id=\"fn:\($0)\" role=\"doc-endnote\">" }
        out = replacingEach(in: out, from: " <a href=\"#fnref:", to: "</a>") { inner in
            // `1" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩`
            guard let name = inner.range(of: "\" class=\"footnote-backref\" data-footnote-backref "), inner.hasSuffix(">↩") else { return nil }
            return "\u{A0}<a href=\"#fnref:\(inner[..<name.lowerBound])\" class=\"reversefootnote\" role=\"doc-backlink\">&#8617;</a>"
        }
        if let open = out.range(of: "<section class=\"footnotes\" data-footnotes>") {
            out.replaceSubrange(open, with: "<div class=\"footnotes\" role=\"doc-endnotes\">")
            if let close = out.range(of: "</section>", range: open.lowerBound..<out.endIndex) {
                out.replaceSubrange(close, with: "</div>")
            }
        }
        return out
    }

    /// `text` with each run from `opening` to the next `closing` given by `transform` of what lies between (nil: left as it is).
    private static func replacingEach(in text: String, from opening: String, to closing: String, _ transform: (Substring) -> String?) -> String {
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: opening), let end = rest[start.upperBound...].range(of: closing) {
            out += rest[..<start.lowerBound]
            out += transform(rest[start.upperBound..<end.lowerBound]) ?? String(rest[start.lowerBound..<end.upperBound])
            rest = rest[end.upperBound...]
        }
        return out + rest
    }
}
