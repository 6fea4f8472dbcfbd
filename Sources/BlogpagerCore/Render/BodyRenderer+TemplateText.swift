import Foundation

/// The old generator's template text replaced as a body is rendered: links by URLs, highlight
/// blocks by code blocks, raw text as written, the site's address, a shortcode by the site's own
/// template (`templates/shortcodes/NAME.mustache`); anything else left out (the read stage warned of it).
extension BodyRenderer {
    /// The body's Markdown with every piece replaced, and the HTML each placeholder stands for.
    func expandTemplateText(_ body: String, of entry: Entry) -> (markdown: String, placeholders: [String: String]) {
        let pieces = TemplateText(syntax: .of(config, params: entry.params)).scan(body, firstLine: 1)
        guard !pieces.isEmpty else { return (body, [:]) }
        var markdown = ""
        var placeholders: [String: String] = [:]
        var index = body.startIndex
        for piece in pieces {
            markdown += body[index..<piece.range.lowerBound]
            index = piece.range.upperBound
            switch piece.kind {
            case .link(let reference, let anchor):
                // One that names no entry is an error, unless the old generator left it as written (`leavesUnresolvedFileLinks`).
                let unresolved = reference.style == .relativeFile ? reference.target : "#"
                markdown += (links?.url(for: reference, from: entry.source) ?? unresolved) + anchor
            case .code(let language, let options, let code):
                // A fence longer than any run of backticks in the code; the options as a fence's `{…}`.
                let fence = String(repeating: "`", count: max(3, Self.longestRun(of: "`", in: code) + 1))
                let opening = markdown.isEmpty || markdown.hasSuffix("\n") ? "" : "\n"
                let info = (language ?? "") + (options.isEmpty || language == nil ? "" : " {\(options.replacingOccurrences(of: "`", with: ""))}")
                markdown += opening + fence + info + "\n" + code + "\n" + fence + "\n"
            case .verbatim(let text):
                markdown += text
            case .sitePath(let absolute, let path):
                let base = absolute ? (SiteURLs(config: config).origin ?? "") + config.basePath : config.basePath
                markdown += base + path
            case .shortcode(let name, let arguments, let named, let inner):
                guard let html = shortcodes?.shortcode(name, arguments: arguments, named: named, inner: inner,
                                                       innerHTML: inner.map { renderer.render($0).html }) else {
                    // Without a template the wrapper goes, but the author's text inside it stays.
                    if let inner { markdown += inner }
                    continue
                }
                let token = "\u{E000}shortcode-\(placeholders.count)\u{E001}"
                placeholders[token] = html
                markdown += token
            case .image(let written):
                markdown += written
            case .pageValue(let value):
                markdown += value.value(for: entry, timeZone: config.showsDatesInSiteZone ? config.timeZone : nil) ?? ""
            case .dropped, .unknown:
                continue
            }
        }
        markdown += body[index...]
        return (markdown, placeholders)
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
