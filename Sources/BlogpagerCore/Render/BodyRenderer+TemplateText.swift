import Foundation

/// The old generator's template text replaced as a body is rendered (after its Liquid, if any): links
/// by URLs, highlight blocks by code blocks, raw text as written, a shortcode by the site's own
/// template (`templates/shortcodes/NAME.mustache`).
extension BodyRenderer {
    /// The body's Markdown with every piece replaced, and the HTML each placeholder stands for;
    /// `source` is the file it is written in, where links start. A shortcode's inner text is
    /// expanded too, as Hugo and Zola expand shortcodes nested in a body shortcode.
    func expandTemplateText(_ body: String, from source: SourceFile, syntax: TemplateText.Syntax) -> (markdown: String, placeholders: [String: String]) {
        var placeholders: [String: String] = [:]
        let markdown = expandTemplateText(body, from: source, syntax: syntax, placeholders: &placeholders)
        return (markdown, placeholders)
    }

    private func expandTemplateText(_ body: String, from source: SourceFile, syntax: TemplateText.Syntax,
                                    placeholders: inout [String: String]) -> String {
        let pieces = TemplateText(syntax: syntax).scan(body, firstLine: 1)
        guard !pieces.isEmpty else { return body }
        var markdown = ""
        var index = body.startIndex
        for piece in pieces {
            markdown += body[index..<piece.range.lowerBound]
            index = piece.range.upperBound
            switch piece.kind {
            case .link(let reference, let anchor):
                // One that names no entry is an error, unless the old generator left it as written (`leavesUnresolvedFileLinks`).
                let unresolved = reference.style == .relativeFile ? reference.target : "#"
                markdown += (links?.url(for: reference, from: source) ?? unresolved) + anchor
            case .code(let language, let options, let code):
                markdown += (markdown.isEmpty || markdown.hasSuffix("\n") ? "" : "\n") + Self.fencedCode(language: language, options: options, code: code)
            case .verbatim(let text):
                markdown += text
            case .shortcode(let name, let arguments, let named, let written):
                let inner = written.map { expandTemplateText($0, from: source, syntax: syntax, placeholders: &placeholders) }
                let innerHTML = inner.map { Self.fillingPlaceholders(renderer.render($0).html, placeholders) }
                guard let html = shortcodes?.shortcode(name, arguments: arguments, named: named, inner: inner, innerHTML: innerHTML) else {
                    // Without a template the wrapper goes, but the author's text inside it stays.
                    if let inner { markdown += inner }
                    continue
                }
                let token = "\u{E000}shortcode-\(placeholders.count)\u{E001}"
                placeholders[token] = html
                markdown += token
            case .image(let written):
                markdown += written
            case .dropped:
                continue
            }
        }
        markdown += body[index...]
        return markdown
    }

    /// The HTML with each placeholder replaced: a paragraph of a placeholder alone becomes its HTML.
    static func fillingPlaceholders(_ html: String, _ placeholders: [String: String]) -> String {
        guard !placeholders.isEmpty else { return html }
        var filled = html
        for (token, replacement) in placeholders {
            filled = filled.replacingOccurrences(of: "<p>\(token)</p>", with: replacement).replacingOccurrences(of: token, with: replacement)
        }
        return filled
    }

    /// A code block as a fence longer than any run of backticks in the code, its options as the fence's `{…}`.
    static func fencedCode(language: String?, options: String, code: String) -> String {
        let fence = String(repeating: "`", count: max(3, Self.longestRun(of: "`", in: code) + 1))
        let info = (language ?? "") + (options.isEmpty || language == nil ? "" : " {\(options.replacingOccurrences(of: "`", with: ""))}")
        return fence + info + "\n" + code + "\n" + fence + "\n"
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var current = 0
        for each in text {
            current = each == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
