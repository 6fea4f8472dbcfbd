import CCmark
import Foundation

/// CommonMark to HTML through libcmark. Safe by default: libcmark drops raw
/// HTML and `javascript:`/`vbscript:`/`file:` links unless the site opts in.
public struct MarkdownRenderer: Sendable {
    public struct Rendered: Sendable, Equatable {
        public var html: String
        /// The first paragraph, rendered, or nil when there is none.
        public var firstParagraphHTML: String?
        /// Plain text of the first paragraph.
        public var firstParagraphText: String
    }

    public var allowsRawHTML: Bool

    public init(allowsRawHTML: Bool = false) {
        self.allowsRawHTML = allowsRawHTML
    }

    private var options: Int32 {
        allowsRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
    }

    /// With `base` (a page bundle's URL, ending in `/`), relative links and
    /// images point below it, so they work wherever the article is shown.
    public func render(_ markdown: String, relativeTo base: String? = nil) -> Rendered {
        var source = markdown
        let document = source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, options) }
        }
        guard let document else { return Rendered(html: "", firstParagraphHTML: nil, firstParagraphText: "") }
        defer { cmark_node_free(document) }
        if let base { resolveRelativeURLs(in: document, against: base) }
        let html = html(of: document)
        var node = cmark_node_first_child(document)
        while let current = node, cmark_node_get_type(current) != CMARK_NODE_PARAGRAPH {
            node = cmark_node_next(current)
        }
        guard let paragraph = node else { return Rendered(html: html, firstParagraphHTML: nil, firstParagraphText: "") }
        return Rendered(html: html, firstParagraphHTML: self.html(of: paragraph), firstParagraphText: plainText(of: paragraph))
    }

    /// Plain text of a whole Markdown snippet (for a summary given in front matter).
    public func plainText(_ markdown: String) -> String {
        var source = markdown
        guard let document = source.withUTF8({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, options) }
        }) else { return "" }
        defer { cmark_node_free(document) }
        return plainText(of: document)
    }

    private func resolveRelativeURLs(in document: OpaquePointer, against base: String) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  [CMARK_NODE_LINK, CMARK_NODE_IMAGE].contains(cmark_node_get_type(node)),
                  let pointer = cmark_node_get_url(node) else { continue }
            let url = String(cString: pointer)
            guard Self.isRelative(url) else { continue }
            _ = cmark_node_set_url(node, base + url)
        }
    }

    /// A path relative to the page: no scheme, not from the root, not a fragment or a query alone.
    static func isRelative(_ url: String) -> Bool {
        guard let first = url.first, !"/#?".contains(first) else { return false }
        let head = url.prefix { !"/?#".contains($0) }
        return !head.contains(":")
    }

    private func html(of node: OpaquePointer) -> String {
        guard let rendered = cmark_render_html(node, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    private func plainText(of root: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(root) else { return "" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else {
                if event == CMARK_EVENT_EXIT, let node = cmark_iter_get_node(iterator),
                   [CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_ITEM].contains(cmark_node_get_type(node)) {
                    text += " "
                }
                continue
            }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }
}
