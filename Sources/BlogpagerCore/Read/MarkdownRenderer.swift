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
    /// How headings get their `id`s (and a link to copy them); nil for none.
    public var headingIDs: HeadingIDStyle?

    /// Highlights fenced code with a language; nil leaves every block as libcmark writes it.
    public var highlighter: CodeHighlighter?

    public init(allowsRawHTML: Bool = false, headingIDs: HeadingIDStyle? = nil, highlighter: CodeHighlighter? = nil) {
        self.allowsRawHTML = allowsRawHTML
        self.headingIDs = headingIDs
        self.highlighter = highlighter
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
        if let highlighter { highlightCode(in: document, with: highlighter) }
        let ids = headingIDs.map { markHeadings(in: document, style: $0) } ?? []
        let html = Self.placingHeadingIDs(ids, in: html(of: document))
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

    /// Every fenced block with a language becomes the highlighter's HTML, all of an
    /// entry's blocks in one request; a custom block carries it (raw HTML would be
    /// dropped in safe mode, and this is our own escaped markup).
    private func highlightCode(in document: OpaquePointer, with highlighter: CodeHighlighter) {
        let (nodes, blocks) = Self.fencedBlocks(in: document)
        guard !blocks.isEmpty else { return }
        for (node, html) in zip(nodes, highlighter.html(for: blocks)) {
            guard let html, let replacement = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            _ = cmark_node_set_on_enter(replacement, html)
            _ = cmark_node_insert_before(node, replacement)
            cmark_node_free(node)
        }
    }

    /// The fenced blocks with an info string, and their nodes: what `render` hands the highlighter.
    private static func fencedBlocks(in document: OpaquePointer) -> (nodes: [OpaquePointer], blocks: [CodeBlock]) {
        var nodes: [OpaquePointer] = []
        var blocks: [CodeBlock] = []
        guard let iterator = cmark_iter_new(document) else { return ([], []) }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK,
                  let info = cmark_node_get_fence_info(node), info.pointee != 0 else { continue }
            nodes.append(node)
            blocks.append(CodeBlock(info: String(cString: info), code: cmark_node_get_literal(node).map { String(cString: $0) } ?? ""))
        }
        return (nodes, blocks)
    }

    /// The fenced blocks `render` would hand the highlighter for this Markdown, found without rendering it.
    public static func fencedCode(in markdown: String) -> [CodeBlock] {
        var source = markdown
        guard let document = source.withUTF8({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, CMARK_OPT_DEFAULT) }
        }) else { return [] }
        defer { cmark_node_free(document) }
        return fencedBlocks(in: document).blocks
    }

    /// Marks each heading with a placeholder (a custom inline that renders as itself) and gives
    /// its id: an explicit `{#id}` at its end (kramdown's and Goldmark's attribute), else one made
    /// from its text, `-1`, `-2` added to repeats.
    private func markHeadings(in document: OpaquePointer, style: HeadingIDStyle) -> [(id: String, level: Int32)] {
        var headings: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return [] }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_HEADING {
                headings.append(node)
            }
        }
        cmark_iter_free(iterator)
        var used: [String: Int] = [:]
        var ids: [(id: String, level: Int32)] = []
        for heading in headings {
            var id: String?
            if let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(last) {
                let text = String(cString: literal)
                if let open = text.range(of: "{#", options: .backwards), text.hasSuffix("}") {
                    let explicit = String(text[open.upperBound..<text.index(before: text.endIndex)])
                    if !explicit.isEmpty, !explicit.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" }) {
                        id = explicit
                        var kept = String(text[..<open.lowerBound])
                        while kept.hasSuffix(" ") { kept.removeLast() }
                        _ = cmark_node_set_literal(last, kept)
                    }
                }
            }
            var made = id ?? style.id(for: plainText(of: heading))
            if id == nil {
                if let count = used[made] {
                    used[made] = count + 1
                    made += "-\(count + 1)"
                } else {
                    used[made] = 0
                }
            }
            guard let marker = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            _ = cmark_node_set_on_enter(marker, "\u{E002}\(ids.count)\u{E003}")
            _ = cmark_node_prepend_child(heading, marker)
            ids.append((made, cmark_node_get_heading_level(heading)))
        }
        return ids
    }

    /// `<h2>` + placeholder becomes `<h2 id="…">`, with a link to the heading before its end.
    /// One pass from tag to tag, however many headings (headings do not nest).
    static func placingHeadingIDs(_ ids: [(id: String, level: Int32)], in html: String) -> String {
        guard !ids.isEmpty else { return html }
        let markStart: [UInt8] = [0xEE, 0x80, 0x82], markEnd: [UInt8] = [0xEE, 0x80, 0x83]  // U+E002, U+E003
        var pending: (close: [UInt8], link: [UInt8])?
        return html.rewritingTags { bytes, at in
            if at + 7 < bytes.count, bytes[at + 1] == UInt8(ascii: "h"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[at + 2]),
               bytes[at + 3] == UInt8(ascii: ">"), String.bytes(bytes, at: at + 4, startWith: markStart) {
                var end = at + 7, number = 0
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]), number < 1_000_000 {
                    number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                    end += 1
                }
                if String.bytes(bytes, at: end, startWith: markEnd), number < ids.count {
                    let level = bytes[at + 2] - UInt8(ascii: "0")
                    let id = ids[number].id
                    let link = " <a class=\"heading-link\" href=\"#\(HTMLEscaping.escape(URLPathEncoding.encode(id)))\" aria-label=\"Link to this section\">#</a>"
                    pending = (Array("</h\(level)>".utf8), Array(link.utf8))
                    return (Array("<h\(level) id=\"\(HTMLEscaping.escape(id))\">".utf8), end + 3)
                }
            }
            if let closing = pending, String.bytes(bytes, at: at, startWith: closing.close) {
                pending = nil
                return (closing.link + closing.close, at + closing.close.count)
            }
            return nil
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
        var text: [UInt8] = []
        guard let iterator = cmark_iter_new(root) else { return "" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else {
                if event == CMARK_EVENT_EXIT, let node = cmark_iter_get_node(iterator),
                   [CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_ITEM].contains(cmark_node_get_type(node)) {
                    text.append(UInt8(ascii: " "))
                }
                continue
            }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(node) {
                    text.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
                }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text.append(UInt8(ascii: " "))
            default:
                break
            }
        }
        return Self.joiningWords(text)
    }

    /// The words of UTF-8 `text`, split at each " " and "\n" character, joined by single spaces.
    /// ASCII without a carriage return (most text) is done byte by byte, where each byte is a
    /// character; other text as characters (a space that a combining mark follows is not one).
    static func joiningWords(_ text: [UInt8]) -> String {
        guard text.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else {
            return String(decoding: text, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        }
        var words: [UInt8] = []
        words.reserveCapacity(text.count)
        var spaceBefore = false
        for byte in text {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                spaceBefore = !words.isEmpty
            } else {
                if spaceBefore { words.append(UInt8(ascii: " ")) }
                spaceBefore = false
                words.append(byte)
            }
        }
        return String(decoding: words, as: UTF8.self)
    }
}
