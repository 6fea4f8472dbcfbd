/// Footnotes as kramdown writes them, for a page of a Jekyll site in its own layouts (whose stylesheet
/// styles that markup): a reference as `<sup id="fnref:x" role="doc-noteref"><a href="#fn:x" class="footnote"
/// rel="footnote">`, the notes in `<div class="footnotes" role="doc-endnotes">`, each `<li role="doc-endnote">`
/// ending in its `reversefootnote` link. Only a page's own copy: the archive's articles keep cmark-gfm's
/// markup, whose ids `FootnoteIDs` scopes where many articles meet.
enum KramdownFootnotes {
    static func reshaping(_ html: String) -> String {
        guard html.utf8Contains("data-footnote") else { return html }
        var out = html.replacing(#/<sup class="footnote-ref"><a href="#fn:([^"]*)" id="fnref:([^"]*)" data-footnote-ref>([^<]*)<\/a><\/sup>/#) { match in
            "<sup id=\"fnref:\(match.output.2)\" role=\"doc-noteref\"><a href=\"#fn:\(match.output.1)\" class=\"footnote\" rel=\"footnote\">\(match.output.3)</a></sup>"
        }
        out = out.replacing(#/<li id="fn:([^"]*)">/#) { "<li id=\"fn:\($0.output.1)\" role=\"doc-endnote\">" }
        out = out.replacing(#/ <a href="#fnref:([^"]*)" class="footnote-backref" data-footnote-backref aria-label="[^"]*">↩<\/a>/#) {
            "\u{A0}<a href=\"#fnref:\($0.output.1)\" class=\"reversefootnote\" role=\"doc-backlink\">&#8617;</a>"
        }
        if let open = out.range(of: "<section class=\"footnotes\" data-footnotes>") {
            out.replaceSubrange(open, with: "<div class=\"footnotes\" role=\"doc-endnotes\">")
            if let close = out.range(of: "</section>", range: open.lowerBound..<out.endIndex) {
                out.replaceSubrange(close, with: "</div>")
            }
        }
        return out
    }
}
