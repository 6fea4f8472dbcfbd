import Liquid

/// The archive's list in the theme's own markup. The text that holds the theme's loop over posts
/// (`JekyllListLoop`) is rendered with marks around the list's pieces and after each iteration; the
/// iterations, cut at the marks, are the entries (each as Jekyll renders the whole loop, so a year
/// heading that an `assign` carries from the post before stays with the post it heads), and the
/// loop's element, copied, holds each cursor page. The full page is the same text with no iterations,
/// the feed put where the element was.
struct JekyllThemeList: Sendable {
    /// Where the loop is: in the list page's own body, or in one of its layouts.
    enum Place: Sendable, Hashable {
        case page
        case layout(String)
    }

    let place: Place
    let loop: JekyllListLoop
    /// The text with the marks in, parsed; its loop iterates over `postsVariable`.
    let template: Result<LiquidTemplate, LiquidError>
    /// The text as written, for the keys of the pages it makes.
    let text: String

    static let postsVariable = "blogpager_list_posts"
    /// Around the pieces: comments holding a private-use character, which no template writes; comments, so that a
    /// Markdown page's list stays the raw HTML it was (a character before a tag would make its line a paragraph).
    private static let marks: [String] = (0..<10).map { "<!--\(Character(Unicode.Scalar(0xE000 + $0)!))-->" }
    private static let iterationMark = "<!--\u{E00F}-->"

    init(text: String, loop: JekyllListLoop, place: Place, includeTags: Set<String>) {
        self.text = text
        self.loop = loop
        self.place = place
        var marked = String(text[..<loop.extent.lowerBound])
        for piece in JekyllListLoop.Piece.allCases {
            marked += Self.marks[piece.rawValue]
            if piece == .loop {
                let tag = String(text[loop.forTag.range])
                let open = tag.hasPrefix("{%-") ? "{%-" : "{%"
                let close = tag.hasSuffix("-%}") ? "-%}" : "%}"
                marked += "\(open) for \(loop.variable) in \(Self.postsVariable) \(close)"
                marked += text[loop.forTag.range.upperBound..<loop.bodyEnd]
                marked += Self.iterationMark
                marked += text[loop.bodyEnd..<loop.endforTag.range.upperBound]
            } else {
                marked += text[loop.range(piece)]
            }
        }
        marked += Self.marks[9]
        marked += text[loop.extent.upperBound...]
        template = Result { try LiquidTemplate(source: marked, hostTags: LiquidSite.tagNames, hostBlockTags: LiquidSite.blockTagNames, includeTags: includeTags) }
            .mapError { $0 as? LiquidError ?? LiquidError("\($0)", at: LiquidPosition(line: 1, column: 1)) }
    }

    /// A rendering of the marked text, cut at its marks.
    struct Output: Sendable {
        var before: String
        /// Each piece as rendered, by `JekyllListLoop.Piece`.
        var pieces: [String]
        var after: String

        subscript(piece: JekyllListLoop.Piece) -> String { pieces[piece.rawValue] }

        /// The loop's iterations, in order.
        var iterations: [String] {
            var cut = self[.loop].split(separator: JekyllThemeList.iterationMark, omittingEmptySubsequences: false).map(String.init)
            cut.removeLast()
            return cut
        }
    }

    /// Nil where the marks are not all there once, in order: the list sat in a branch not taken (`{% if site.posts.size > 0 %}`
    /// with no posts), or something between them reordered the text.
    static func cut(_ rendered: String) -> Output? {
        var parts: [String] = []
        var rest = Substring(rendered)
        for mark in marks {
            guard let at = rest.range(of: mark) else { return nil }
            parts.append(String(rest[..<at.lowerBound]))
            rest = rest[at.upperBound...]
        }
        guard !marks.contains(where: { rest.range(of: $0) != nil }) else { return nil }
        return Output(before: parts[0], pieces: Array(parts[1...]), after: String(rest))
    }

    /// One iteration with its entry marked: the element at its top level that links to the post (else its first)
    /// takes `attributes` (`data-url`, `data-date`, `data-slug`; an `id` where it has none). An iteration of no element is as it is.
    static func markingEntry(_ iteration: String, url: String, attributes: String, id: String) -> String {
        let elements = ThemeMarkupScan.topLevelElements(in: Substring(iteration))
        guard !elements.isEmpty else { return iteration }
        let chosen = elements.first { iteration[$0.extent].contains("\(url)\"") || iteration[$0.extent].contains("\(url)'") } ?? elements[0]
        let tag = iteration[chosen.tag.range]
        guard ThemeMarkupScan.attribute("data-url", in: tag) == nil else { return iteration }
        var added = attributes
        if ThemeMarkupScan.attribute("id", in: tag) == nil { added += " id=\"\(HTMLEscaping.escape(id))\"" }
        let at = iteration.index(chosen.tag.range.lowerBound, offsetBy: 1 + chosen.tag.name.count)
        return String(iteration[..<at]) + " " + added + String(iteration[at...])
    }

    /// A start tag with attributes added before its `>`.
    static func adding(_ attributes: String, to tag: String) -> String {
        var end = tag.endIndex
        if tag.hasSuffix("/>") { end = tag.index(tag.endIndex, offsetBy: -2) } else if tag.hasSuffix(">") { end = tag.index(before: tag.endIndex) }
        var head = String(tag[..<end])
        while head.last?.isWhitespace == true { head.removeLast() }
        return head + " " + attributes + String(tag[end...])
    }

    /// A start tag with a class added to those it has.
    static func addingClass(_ name: String, to tag: String) -> String {
        guard let value = ThemeMarkupScan.attribute("class", in: Substring(tag)), value.startIndex > tag.startIndex else {
            return adding("class=\"\(name)\"", to: tag)
        }
        let at = value.endIndex
        return String(tag[..<at]) + (value.isEmpty ? "" : " ") + name + String(tag[at...])
    }

    /// One cursor page: the loop's element (a `tbody` of ours where the rows sat straight in the table) marked as the page, holding its entries.
    func page(_ output: Output, id: String, url: String, entries: [String]) -> String {
        let attributes = "data-page=\"\(HTMLEscaping.escape(id))\" data-url=\"\(HTMLEscaping.escape(url))\""
        let open = loop.addsRowGroup ? "<tbody \(attributes)>" : Self.adding(attributes, to: output[.pageOpen])
        let close = loop.addsRowGroup ? "</tbody>" : output[.pageClose]
        return open + "\n" + entries.joined() + "\n" + close
    }

    /// The full page: the rendering with the feed where the loop's element was. `index`: the feed's cursor index; `around`:
    /// what goes above the feed (its status line) and below it (the status line, the script that restores a place, the pager).
    func assemble(_ output: Output, index: String, pages: [String], above: String, below: String) -> String {
        let feed = "class=\"bp-feed\" data-index=\"\(HTMLEscaping.escape(index))\""
        switch loop.shape {
        case .list:
            // What the element held beside the loop stays beside the feed.
            return output.before + output[.pageBefore] + above + "<div \(feed)>\n" + pages.joined(separator: "\n") + "\n</div>\n" + below
                + output[.pageAfter] + output.after
        case .table:
            let table = Self.adding("data-index=\"\(HTMLEscaping.escape(index))\"", to: Self.addingClass("bp-feed", to: output[.feedOpen]))
            return output.before + above + table + output[.feedBefore] + output[.pageBefore] + pages.joined(separator: "\n") + output[.pageAfter]
                + output[.feedAfter] + output[.feedClose] + below + output.after
        }
    }
}
