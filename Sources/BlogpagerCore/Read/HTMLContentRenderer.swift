import Foundation

/// The body of a content file written in HTML (Hugo's `.html` content files):
/// kept as it is, as Hugo publishes it; its first `<p>` is the summary when no
/// `<!--more-->` marks one.
struct HTMLContentRenderer {
    static let extensions: Set<String> = ["html", "htm"]

    /// Whether a source's body is HTML rather than Markdown.
    static func isHTML(_ source: SourceFile) -> Bool {
        extensions.contains(source.fileName.split(separator: ".").last.map { $0.lowercased() } ?? "")
    }

    func render(_ html: String) -> MarkdownRenderer.Rendered {
        guard let paragraph = html.range(of: #"<p(\s[^>]*)?>[\s\S]*?</p>"#, options: [.regularExpression, .caseInsensitive]) else {
            return MarkdownRenderer.Rendered(html: html, firstParagraphHTML: nil, firstParagraphText: "")
        }
        let first = String(html[paragraph])
        return MarkdownRenderer.Rendered(html: html, firstParagraphHTML: first, firstParagraphText: plainText(first))
    }

    /// The text a reader sees: tags dropped, the common entities read, spaces joined.
    func plainText(_ html: String) -> String {
        var text = html.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
