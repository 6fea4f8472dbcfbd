/// Code blocks as Jekyll's kramdown writes them with Rouge, its default highlighter, for a site in
/// its own layouts (whose stylesheets style that markup): a fenced or indented block as
/// `<div class="language-x highlighter-rouge"><div class="highlight"><pre class="highlight"><code>`,
/// Liquid's `{% highlight x %}` as `<figure class="highlight"><pre><code class="language-x" data-lang="x">`.
/// The tokens are Pygments', whose classes Rouge shares; whitespace is left unwrapped and quotes
/// unescaped, as Rouge writes them. Blocks with line numbers keep our markup.
enum KramdownCodeShape {
    /// The option `{% highlight %}` puts on its fence, so its block is a figure.
    static let figureOption = "jekyll_highlight_tag"

    /// A block the highlighter made (`CodeHighlighter.html`), in kramdown's shape; nil where it is left as it is.
    static func reshaping(_ html: String, info: String) -> String? {
        guard !html.utf8Contains("class=\"linenos\""), !html.utf8Contains("class=\"hll\""),
              let codeOpen = html.range(of: "<code"), let bodyStart = html[codeOpen.upperBound...].range(of: ">"),
              let bodyEnd = html.range(of: "</code>", options: .backwards), bodyStart.upperBound <= bodyEnd.lowerBound else { return nil }
        let language = String(info.trimmingSpaces.prefix { !$0.isWhitespace && $0 != "," && $0 != "{" })
        let tokens = rougeTokens(String(html[bodyStart.upperBound..<bodyEnd.lowerBound]))
        let name = HTMLEscaping.escape(language.isEmpty ? "plaintext" : language.lowercased())
        if info.contains(figureOption) {
            return "<figure class=\"highlight\"><pre><code class=\"language-\(name)\" data-lang=\"\(name)\">\(tokens)</code></pre></figure>\n"
        }
        return block(tokens, language: name)
    }

    /// A block no highlighter touched (no language, an indented block, highlighting off).
    static func plain(_ code: String, language: String?) -> String {
        block(text(code), language: HTMLEscaping.escape(language.map { $0.isEmpty ? "plaintext" : $0.lowercased() } ?? "plaintext"))
    }

    private static func block(_ tokens: String, language: String) -> String {
        "<div class=\"language-\(language) highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>\(tokens)</code></pre></div></div>\n"
    }

    /// Text in an element as kramdown and Rouge write it: `&`, `<` and `>` escaped, quotes as they are.
    static func text(_ code: String) -> String {
        code.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Pygments' spans as Rouge writes them: whitespace tokens bare, quotes unescaped.
    private static func rougeTokens(_ spans: String) -> String {
        var out = ""
        var rest = Substring(spans)
        let open = "<span class=\"w\">"
        while let start = rest.range(of: open) {
            out += rest[..<start.lowerBound]
            let inner = rest[start.upperBound...]
            guard let close = inner.range(of: "</span>"), !inner[..<close.lowerBound].contains("<") else {
                out += open
                rest = inner
                continue
            }
            out += inner[..<close.lowerBound]
            rest = inner[close.upperBound...]
        }
        out += rest
        return out.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
    }
}
