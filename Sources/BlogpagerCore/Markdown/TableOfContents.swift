/// kramdown's `{:toc}`: the list it follows becomes the document's headings, nested by level, each
/// a link to its heading, as kramdown writes it (`<ul id="markdown-toc">`, `markdown-toc-<id>`).
struct TableOfContents {
    var headings: [HeadingMark]
    /// kramdown's `toc_levels`.
    var levels: ClosedRange<Int>

    /// `html` with each mark the attribute-list extension left (U+E004, `ul` or `ol`, U+E005)
    /// replaced by the table; `inner` gives a heading's content as HTML.
    func filling(_ html: String, inner: (OpaquePointer) -> String) -> String {
        let listed = headings.filter { $0.listed && levels.contains(Int($0.level)) }
        var result = html
        for tag in ["ul", "ol"] {
            let mark = "\u{E004}\(tag)\u{E005}\n"
            guard result.contains(mark) else { continue }
            result = result.replacingOccurrences(of: mark, with: table(of: listed, tag: tag, inner: inner))
        }
        return result.replacingOccurrences(of: "\u{E004}ul\u{E005}", with: "").replacingOccurrences(of: "\u{E004}ol\u{E005}", with: "")
    }

    private func table(of listed: [HeadingMark], tag: String, inner: (OpaquePointer) -> String) -> String {
        guard !listed.isEmpty else { return "" }
        var html = "<\(tag) id=\"markdown-toc\">\n"
        // The levels of the entries open around the one being written, outermost first.
        var open: [Int32] = []
        for heading in listed {
            if let last = open.last, heading.level > last {
                html += "\n<\(tag)>\n"
            } else if !open.isEmpty {
                html += "</li>\n"
                open.removeLast()
                while let last = open.last, last >= heading.level {
                    html += "</\(tag)>\n</li>\n"
                    open.removeLast()
                }
            }
            let id = HTMLEscaping.escape(heading.id)
            html += "<li><a id=\"markdown-toc-\(id)\" href=\"#\(HTMLEscaping.escape(URLPathEncoding.encode(heading.id)))\">\(inner(heading.node))</a>"
            open.append(heading.level)
        }
        html += "</li>\n"
        open.removeLast()
        while !open.isEmpty {
            html += "</\(tag)>\n</li>\n"
            open.removeLast()
        }
        return html + "</\(tag)>\n"
    }

    /// Where several articles meet (a list page), each table's ids and links get the article's
    /// anchor before them, as its headings' ids do.
    static func scoping(_ html: String, anchor: String) -> String {
        guard html.utf8Contains("id=\"markdown-toc") else { return html }
        let id = HTMLEscaping.escape(anchor) + "--", link = URLPathEncoding.encode(anchor) + "--"
        var text = html.replacingOccurrences(of: " id=\"markdown-toc\">", with: " id=\"\(id)markdown-toc\">")
        var from = text.startIndex
        // `<a id="markdown-toc-x" href="#x">`: both get the anchor.
        while let open = text.range(of: "<a id=\"markdown-toc-", range: from..<text.endIndex),
              let href = text.range(of: "\" href=\"#", range: open.upperBound..<text.endIndex) {
            let entryID = text[open.upperBound..<href.lowerBound]
            let rewritten = "<a id=\"\(id)markdown-toc-\(entryID)\" href=\"#\(link)"
            text.replaceSubrange(open.lowerBound..<href.upperBound, with: rewritten)
            from = text.index(open.lowerBound, offsetBy: rewritten.count)
        }
        return text
    }
}
