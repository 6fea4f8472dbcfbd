import CCmarkGFM
import CmarkExtensions
import Foundation
import Synchronization

/// Markdown to HTML through cmark-gfm, with the extensions of the site's Markdown
/// (`MarkdownFeatures`) attached to each parse, never globally. Safe by default: raw HTML and
/// `javascript:`/`vbscript:`/`file:` links are dropped unless the site opts in.
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
    /// Which extensions and options the site's Markdown has.
    public var features: MarkdownFeatures

    /// Highlights fenced code with a language; nil leaves every block as cmark-gfm writes it.
    public var highlighter: CodeHighlighter?

    public init(allowsRawHTML: Bool = false, headingIDs: HeadingIDStyle? = nil, features: MarkdownFeatures = .commonMark,
                highlighter: CodeHighlighter? = nil) {
        self.allowsRawHTML = allowsRawHTML
        self.headingIDs = headingIDs
        self.features = features
        self.highlighter = highlighter
    }

    private var options: Int32 {
        var options = allowsRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
        // The Nu HTML Checker rejects `align=` on cells.
        options |= CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
        if features.footnotes { options |= CMARK_OPT_FOOTNOTES }
        if features.smartPunctuation { options |= CMARK_OPT_SMART }
        if features.hardWraps { options |= CMARK_OPT_HARDBREAKS }
        if features.strikethroughNeedsTwoTildes { options |= CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE }
        return options
    }

    /// The extensions a parse attaches, in the order they try a line: definition lists before
    /// tables, whose extension takes every paragraph line it is offered.
    private var extensionNames: [String] {
        var names: [String] = []
        if features.tables { names.append("table") }
        if features.strikethrough { names.append("strikethrough") }
        if features.autolinks { names.append("autolink") }
        if features.taskLists { names.append("tasklist") }
        return names
    }

    /// Parses `markdown` with the site's extensions and hands `body` the document and the list of
    /// extensions to render it with; both are freed once it returns.
    private func withDocument<T>(_ markdown: String, _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> T) -> T? {
        Self.registerExtensions
        guard let parser = cmark_parser_new(options) else { return nil }
        defer { cmark_parser_free(parser) }
        if features.definitionLists { cmark_parser_attach_syntax_extension(parser, cmark_definition_list_extension()) }
        if features.attributeLists { cmark_parser_attach_syntax_extension(parser, cmark_attribute_list_extension()) }
        switch features.math {
        case .none: break
        case .kramdown: cmark_parser_attach_syntax_extension(parser, cmark_math_extension(CMARK_MATH_KRAMDOWN, 0))
        case .passthrough: cmark_parser_attach_syntax_extension(parser, cmark_math_extension(CMARK_MATH_PASSTHROUGH, 1))
        }
        for name in extensionNames {
            if let found = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, found) }
        }
        var source = markdown
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        // The document stays this parse's own: the lock only orders the finishing.
        nonisolated(unsafe) var finished: OpaquePointer?
        Self.inlineParsing.withLock { _ in finished = cmark_parser_finish(parser) }
        guard let document = finished else { return nil }
        defer { cmark_node_free(document) }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }

    /// cmark-gfm's own extensions go into its registry once per process, where parsers find them by name.
    private static let registerExtensions: Void = cmark_gfm_core_extensions_ensure_registered()

    /// cmark-gfm marks the characters its inline extensions start at (`~`, `$`…) in one table of the
    /// process while it parses a document's inlines, and unmarks them after: two documents' inlines
    /// parsed at once would see each other's marks come and go, so they are parsed one at a time
    /// (the blocks of many documents are still parsed at once).
    private static let inlineParsing = Mutex(())

    /// With `base` (a page bundle's URL, ending in `/`), relative links and
    /// images point below it, so they work wherever the article is shown.
    public func render(_ markdown: String, relativeTo base: String? = nil) -> Rendered {
        withDocument(markdown) { document, extensions in
            if let base { resolveRelativeURLs(in: document, against: base) }
            if features.autolinks, features.wwwScheme != "http" { Self.linkingWWW(in: document, with: features.wwwScheme) }
            if let emoji = features.emoji { Self.showingEmoji(in: document, from: EmojiTable.of(emoji)) }
            if let inlineCodeClass = features.inlineCodeClass { Self.classingInlineCode(in: document, as: inlineCodeClass) }
            if features.kramdownEmphasis { Self.nestingAsKramdown(in: document, source: markdown) }
            if let highlighter { highlightCode(in: document, with: highlighter) }
            if features.kramdownCodeBlocks { Self.shapingPlainCode(in: document) }
            let headings = headingIDs.map { markHeadings(in: document, style: $0) } ?? []
            var html = FootnoteIDs.rewriting(Self.placingHeadingIDs(headings, in: self.html(of: document, extensions: extensions), links: features.headingLinks))
            if features.attributeLists, html.utf8Contains("\u{E004}") {
                html = TableOfContents(headings: headings, levels: features.tocLevels).filling(html) { self.innerHTML(of: $0, extensions: extensions) }
            }
            var node = cmark_node_first_child(document)
            while let current = node, cmark_node_get_type(current) != CMARK_NODE_PARAGRAPH {
                node = cmark_node_next(current)
            }
            guard let paragraph = node else { return Rendered(html: html, firstParagraphHTML: nil, firstParagraphText: "") }
            // A summary shows no footnote reference: its note is not beside it.
            let first = FootnoteIDs.removingReferences(FootnoteIDs.rewriting(self.html(of: paragraph, extensions: extensions)))
            return Rendered(html: html, firstParagraphHTML: first, firstParagraphText: plainText(of: paragraph))
        } ?? Rendered(html: "", firstParagraphHTML: nil, firstParagraphText: "")
    }

    /// Plain text of a whole Markdown snippet (for a summary given in front matter).
    public func plainText(_ markdown: String) -> String {
        withDocument(markdown) { document, _ in plainText(of: document) } ?? ""
    }

    /// The teaser before `<!--more-->`, rendered with the notes its references point to (which
    /// come after the marker), then shown without them: a summary leaves no dangling reference.
    public func renderTeaser(_ before: String, of markdown: String, relativeTo base: String? = nil) -> Rendered {
        guard features.footnotes, before.utf8Contains("[^") else { return render(before, relativeTo: base) }
        var teaser = render(before + "\n\n" + footnoteDefinitions(in: markdown), relativeTo: base)
        teaser.html = FootnoteIDs.removingReferences(teaser.html)
        return teaser
    }

    /// The source lines of the footnote definitions cmark-gfm finds in `markdown`.
    private func footnoteDefinitions(in markdown: String) -> String {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        return withDocument(markdown) { document, _ in
            var node = cmark_node_first_child(document), kept: [Substring] = []
            while let current = node {
                if cmark_node_get_type(current) == CMARK_NODE_FOOTNOTE_DEFINITION {
                    let first = Int(cmark_node_get_start_line(current)), last = Int(cmark_node_get_end_line(current))
                    if first >= 1, last >= first, last <= lines.count { kept += lines[(first - 1)..<last] + [""] }
                }
                node = cmark_node_next(current)
            }
            return kept.joined(separator: "\n")
        } ?? ""
    }

    /// A bare `www.` address links with the origin's scheme (Hugo's linkify: `https`), where cmark-gfm writes `http`.
    private static func linkingWWW(in document: OpaquePointer, with scheme: String) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_LINK,
                  let pointer = cmark_node_get_url(node) else { continue }
            let url = String(cString: pointer)
            guard url.hasPrefix("http://www."), let text = cmark_node_first_child(node), cmark_node_get_type(text) == CMARK_NODE_TEXT,
                  let literal = cmark_node_get_literal(text), String(cString: literal).hasPrefix("www.") else { continue }
            _ = cmark_node_set_url(node, scheme + "://" + url.dropFirst("http://".count))
        }
    }

    /// Each text's `:short_code:` as its emoji (code is no text here: it keeps its colons).
    private static func showingEmoji(in document: OpaquePointer, from table: EmojiTable) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_TEXT,
                  let literal = cmark_node_get_literal(node), let shown = table.replacing(in: String(cString: literal)) else { continue }
            _ = cmark_node_set_literal(node, shown)
        }
    }

    /// `***x***` and `___x___` as kramdown nests them, strong outside emphasis: cmark's emphasis holding only a strong
    /// whose text opens with three of one delimiter is made the other way round.
    private static func nestingAsKramdown(in document: OpaquePointer, source: String) {
        let found = nodes(in: document) { node in
            guard cmark_node_get_type(node) == CMARK_NODE_EMPH, let inner = cmark_node_first_child(node) else { return false }
            return cmark_node_next(inner) == nil && cmark_node_get_type(inner) == CMARK_NODE_STRONG
        }
        guard !found.isEmpty else { return }
        let bytes = Array(source.utf8)
        var lineStarts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        for emphasis in found {
            let line = Int(cmark_node_get_start_line(emphasis)), column = Int(cmark_node_get_start_column(emphasis))
            guard line >= 1, line <= lineStarts.count, column >= 1 else { continue }
            let at = lineStarts[line - 1] + column - 1
            guard at + 3 <= bytes.count, let first = bytes[at...].first, first == UInt8(ascii: "*") || first == UInt8(ascii: "_"),
                  bytes[at + 1] == first, bytes[at + 2] == first, let strong = cmark_node_first_child(emphasis),
                  let outer = cmark_node_new(CMARK_NODE_STRONG), let inner = cmark_node_new(CMARK_NODE_EMPH) else { continue }
            while let child = cmark_node_first_child(strong) {
                cmark_node_unlink(child)
                _ = cmark_node_append_child(inner, child)
            }
            _ = cmark_node_append_child(outer, inner)
            _ = cmark_node_insert_before(emphasis, outer)
            cmark_node_free(emphasis)
        }
    }

    /// Each code span as `<code class="…">`, its text escaped: our own markup, carried by a custom inline (raw HTML is dropped in safe mode).
    private static func classingInlineCode(in document: OpaquePointer, as className: String) {
        for span in nodes(in: document, where: { cmark_node_get_type($0) == CMARK_NODE_CODE }) {
            let text = cmark_node_get_literal(span).map { String(cString: $0) } ?? ""
            replacing(span, with: "<code class=\"\(HTMLEscaping.escape(className))\">\(KramdownCodeShape.text(text))</code>", as: CMARK_NODE_CUSTOM_INLINE)
        }
    }

    /// The nodes `matches` picks, in document order, gathered before any is changed: an iterator must not see its tree change.
    private static func nodes(in document: OpaquePointer, where matches: (OpaquePointer) -> Bool) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [OpaquePointer] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), matches(node) { found.append(node) }
        }
        return found
    }

    /// `node` in place of our own markup, carried by a custom node of `type` (raw HTML would be dropped in safe mode).
    private static func replacing(_ node: OpaquePointer, with html: String, as type: cmark_node_type) {
        guard let replacement = cmark_node_new(type) else { return }
        _ = cmark_node_set_on_enter(replacement, html)
        _ = cmark_node_insert_before(node, replacement)
        cmark_node_free(node)
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
            guard var html else { continue }
            // kramdown's blocks where the site's Markdown is kramdown's with Rouge; Jekyll's `{% highlight %}` tag's wherever it was written.
            if let info = cmark_node_get_fence_info(node).map({ String(cString: $0) }),
               features.kramdownCodeBlocks || info.contains(KramdownCodeShape.figureOption),
               let reshaped = KramdownCodeShape.reshaping(html, info: info) {
                html = reshaped
            }
            Self.replacing(node, with: html, as: CMARK_NODE_CUSTOM_BLOCK)
        }
    }

    /// The code blocks left as they were (no language, indented, no highlighter) in kramdown's markup.
    private static func shapingPlainCode(in document: OpaquePointer) {
        for node in nodes(in: document, where: { cmark_node_get_type($0) == CMARK_NODE_CODE_BLOCK }) {
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            let language = info.trimmingSpaces.prefix { !$0.isWhitespace && $0 != "," && $0 != "{" }
            let code = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            replacing(node, with: KramdownCodeShape.plain(code, language: language.isEmpty ? nil : String(language)), as: CMARK_NODE_CUSTOM_BLOCK)
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
        MarkdownRenderer().withDocument(markdown) { document, _ in fencedBlocks(in: document).blocks } ?? []
    }

    /// Marks each heading with a placeholder (a custom inline that renders as itself) and gives
    /// its id: the one an attribute list gave it, or an explicit `{#id}` at its end (kramdown's and
    /// Goldmark's), else one made from its text, `-1`, `-2` added to repeats.
    private func markHeadings(in document: OpaquePointer, style: HeadingIDStyle) -> [HeadingMark] {
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
        var marks: [HeadingMark] = []
        for heading in headings {
            var id = features.attributeLists ? cmark_attribute_list_id(heading).map { String(cString: $0) } : nil
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
            _ = cmark_node_set_on_enter(marker, "\u{E002}\(marks.count)\u{E003}")
            _ = cmark_node_prepend_child(heading, marker)
            let listed = !(features.attributeLists && cmark_attribute_list_has_class(heading, "no_toc") != 0)
            marks.append(HeadingMark(id: made, level: cmark_node_get_heading_level(heading), listed: listed, node: heading))
        }
        return marks
    }

    /// A heading's content as HTML, without its tag and mark (a table of contents' entry).
    private func innerHTML(of heading: OpaquePointer, extensions: UnsafeMutablePointer<cmark_llist>?) -> String {
        var inner = ""
        var child = cmark_node_first_child(heading)
        while let node = child {
            if cmark_node_get_type(node) != CMARK_NODE_CUSTOM_INLINE { inner += html(of: node, extensions: extensions) }
            child = cmark_node_next(node)
        }
        return inner
    }

    /// `<h2>` + placeholder becomes `<h2 id="…">`, with a link to the heading before its end (the
    /// attributes an attribute list gave it kept after the id). One pass from tag to tag, however
    /// many headings (headings do not nest).
    static func placingHeadingIDs(_ headings: [HeadingMark], in html: String, links: Bool = true) -> String {
        guard !headings.isEmpty else { return html }
        let markStart: [UInt8] = [0xEE, 0x80, 0x82], markEnd: [UInt8] = [0xEE, 0x80, 0x83]  // U+E002, U+E003
        var pending: (close: [UInt8], link: [UInt8])?
        return html.rewritingTags { bytes, at in
            if at + 7 < bytes.count, bytes[at + 1] == UInt8(ascii: "h"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[at + 2]),
               bytes[at + 3] == UInt8(ascii: ">") || bytes[at + 3] == UInt8(ascii: " ") {
                var tagEnd = at + 3
                while tagEnd < bytes.count, bytes[tagEnd] != UInt8(ascii: ">") { tagEnd += 1 }
                guard String.bytes(bytes, at: tagEnd + 1, startWith: markStart) else { return nil }
                var end = tagEnd + 4, number = 0
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]), number < 1_000_000 {
                    number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                    end += 1
                }
                if String.bytes(bytes, at: end, startWith: markEnd), number < headings.count {
                    let level = bytes[at + 2] - UInt8(ascii: "0")
                    let id = headings[number].id
                    let link = links ? " <a class=\"heading-link\" href=\"#\(HTMLEscaping.escape(URLPathEncoding.encode(id)))\" aria-label=\"Link to this section\">#</a>" : ""
                    pending = (Array("</h\(level)>".utf8), Array(link.utf8))
                    let attributes = Array(bytes[(at + 3)..<tagEnd])
                    return (Array("<h\(level) id=\"\(HTMLEscaping.escape(id))\"".utf8) + attributes + [UInt8(ascii: ">")], end + 3)
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

    private func html(of node: OpaquePointer, extensions: UnsafeMutablePointer<cmark_llist>?) -> String {
        guard let rendered = cmark_render_html(node, options, extensions) else { return "" }
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
                // The end of every block (a paragraph, a table cell, a term) is a word break.
                if event == CMARK_EVENT_EXIT, let node = cmark_iter_get_node(iterator),
                   cmark_node_get_type(node).rawValue & 0xC000 == 0x8000 {
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
