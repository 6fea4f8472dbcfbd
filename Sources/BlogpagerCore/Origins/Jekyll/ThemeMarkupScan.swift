/// Reads a theme's template text as its HTML elements and Liquid tags, enough to find where a loop
/// sits in the markup: which element holds it, where that element closes, which element of a loop's
/// output is an entry. Liquid tags and outputs are opaque text here, as are comments, scripts and styles.
struct ThemeMarkupScan {
    /// An element's start tag.
    struct Tag {
        var name: String
        /// The whole start tag, `<` to `>`.
        var range: Range<String.Index>
    }

    /// A Liquid tag: its name and its markup.
    struct LiquidTag {
        var name: String
        var markup: String
        var range: Range<String.Index>
    }

    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
    /// Elements whose start tag ends an open element of the same name (`<li>` after an open `<li>`).
    private static let closedBySibling: Set<String> = ["li", "tr", "td", "th", "dt", "dd", "option", "p"]

    /// The Liquid tags of a text in order, but those inside `raw` and `comment` blocks.
    static func liquidTags(in text: String) -> [LiquidTag] {
        var tags: [LiquidTag] = []
        var at = text.startIndex
        var skipUntil: String?
        while let open = text.range(of: "{%", range: at..<text.endIndex) {
            guard let close = text.range(of: "%}", range: open.upperBound..<text.endIndex) else { break }
            var markup = text[open.upperBound..<close.lowerBound]
            if markup.hasPrefix("-") { markup = markup.dropFirst() }
            if markup.hasSuffix("-") { markup = markup.dropLast() }
            let words = markup.drop { $0.isWhitespace }
            let name = String(words.prefix { !$0.isWhitespace })
            let rest = String(words.dropFirst(name.count)).trimmingCharacters(in: .whitespacesAndNewlines)
            at = close.upperBound
            if let end = skipUntil {
                if name == end { skipUntil = nil }
                continue
            }
            if name == "raw" { skipUntil = "endraw" } else if name == "comment" { skipUntil = "endcomment" }
            tags.append(LiquidTag(name: name, markup: rest, range: open.lowerBound..<close.upperBound))
        }
        return tags
    }

    /// The elements still open at the end of `text`, outermost first.
    static func openElements(in text: Substring) -> [Tag] {
        var stack: [Tag] = []
        walk(text) { event in
            switch event {
            case .open(let tag):
                if closedBySibling.contains(tag.name) {
                    if tag.name == "tr", let cell = stack.last, ["td", "th"].contains(cell.name) { stack.removeLast() }
                    if stack.last?.name == tag.name { stack.removeLast() }
                }
                if !voidElements.contains(tag.name) { stack.append(tag) }
            case .close(let name, _):
                if let index = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(index...) }
            }
            return true
        }
        return stack
    }

    /// The end tag that closes an element open before `text` starts: the first end tag of no element opened in it.
    /// Nil where that end tag is not `name`'s.
    static func closing(_ name: String, in text: Substring) -> Range<String.Index>? {
        var stack: [String] = []
        var found: Range<String.Index>?
        walk(text) { event in
            switch event {
            case .open(let tag):
                if closedBySibling.contains(tag.name), stack.last == tag.name { stack.removeLast() }
                if !voidElements.contains(tag.name) { stack.append(tag.name) }
            case .close(let closed, let range):
                if let index = stack.lastIndex(of: closed) {
                    stack.removeSubrange(index...)
                } else {
                    if closed == name { found = range }
                    return false
                }
            }
            return true
        }
        return found
    }

    /// The elements at the top level of a piece of markup, each with its whole extent (start tag to end tag).
    static func topLevelElements(in html: Substring) -> [(tag: Tag, extent: Range<String.Index>)] {
        var found: [(tag: Tag, extent: Range<String.Index>)] = []
        var stack: [Tag] = []
        walk(html) { event in
            switch event {
            case .open(let tag):
                if closedBySibling.contains(tag.name), stack.count == 1, stack[0].name == tag.name {
                    found[found.count - 1].extent = stack[0].range.lowerBound..<tag.range.lowerBound
                    stack.removeAll()
                }
                if stack.isEmpty { found.append((tag, tag.range)) }
                if !voidElements.contains(tag.name) { stack.append(tag) }
            case .close(let name, let range):
                if let index = stack.lastIndex(where: { $0.name == name }) {
                    stack.removeSubrange(index...)
                    if stack.isEmpty, !found.isEmpty { found[found.count - 1].extent = found[found.count - 1].tag.range.lowerBound..<range.upperBound }
                }
            }
            return true
        }
        // One left open runs to the end.
        if !stack.isEmpty, !found.isEmpty { found[found.count - 1].extent = found[found.count - 1].tag.range.lowerBound..<html.endIndex }
        return found
    }

    /// The value of an attribute in a start tag, nil where it has none.
    static func attribute(_ name: String, in tag: Substring) -> Substring? {
        var at = tag.startIndex
        while let found = tag.range(of: name, options: .caseInsensitive, range: at..<tag.endIndex) {
            at = found.upperBound
            // The whole name, not the start or the end of a longer one.
            let after = tag[found.upperBound...].first
            guard found.lowerBound > tag.startIndex, tag[tag.index(before: found.lowerBound)].isWhitespace,
                  after == nil || after == "=" || after == ">" || after == "/" || after!.isWhitespace else { continue }
            var rest = tag[found.upperBound...].drop { $0.isWhitespace }
            guard rest.first == "=" else { return "" }
            rest = rest.dropFirst().drop { $0.isWhitespace }
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let value = rest.dropFirst()
                return value[..<(value.firstIndex(of: quote) ?? value.endIndex)]
            }
            return rest.prefix { !$0.isWhitespace && $0 != ">" }
        }
        return nil
    }

    /// Past the Liquid tag or output that starts at `at` (`{%`, `{{`), nil where none starts there.
    private static func pastLiquid(_ text: Substring, at: String.Index) -> String.Index? {
        guard text[at] == "{", let next = text.index(at, offsetBy: 1, limitedBy: text.endIndex), next < text.endIndex,
              text[next] == "%" || text[next] == "{" else { return nil }
        return text.range(of: text[next] == "%" ? "%}" : "}}", range: next..<text.endIndex)?.upperBound ?? text.endIndex
    }

    private enum Event {
        case open(Tag)
        case close(String, Range<String.Index>)
    }

    /// Each start and end tag in order, until `visit` says stop.
    private static func walk(_ text: Substring, _ visit: (Event) -> Bool) {
        var at = text.startIndex
        while at < text.endIndex {
            let character = text[at]
            if let past = pastLiquid(text, at: at) {
                at = past
                continue
            }
            guard character == "<" else { at = text.index(after: at); continue }
            let rest = text[at...]
            if rest.hasPrefix("<!--") {
                at = text.range(of: "-->", range: at..<text.endIndex)?.upperBound ?? text.endIndex
                continue
            }
            let afterBracket = text.index(after: at)
            let isEnd = afterBracket < text.endIndex && text[afterBracket] == "/"
            let nameStart = isEnd ? text.index(after: afterBracket) : afterBracket
            let name = text[nameStart...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }.lowercased()
            guard let first = name.first, first.isLetter else { at = afterBracket; continue }
            let end = tagEnd(text, from: nameStart)
            let range = at..<end
            at = end
            if isEnd {
                if !visit(.close(name, range)) { return }
                continue
            }
            if !visit(.open(Tag(name: name, range: range))) { return }
            // Their text is not markup: on to their end tag.
            if ["script", "style", "textarea"].contains(name), let close = text.range(of: "</\(name)", options: .caseInsensitive, range: at..<text.endIndex) {
                at = close.lowerBound
            }
        }
    }

    /// Where a tag ends: past its `>`, quotes and Liquid inside it passed over.
    private static func tagEnd(_ text: Substring, from start: String.Index) -> String.Index {
        var at = start
        var quote: Character?
        while at < text.endIndex {
            let character = text[at]
            if let past = pastLiquid(text, at: at) {
                at = past
                continue
            }
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return text.index(after: at)
            }
            at = text.index(after: at)
        }
        return text.endIndex
    }
}
