import Foundation

/// The template text an old generator expanded in an entry's body before its
/// Markdown (Jekyll's Liquid is the engine's, `LiquidSite`): Hugo's shortcodes (`{{< ref >}}`, `{{< highlight >}}`,
/// `{{</* escaped */>}}`), Zola's internal links (`@/blog/post.md`) and
/// shortcodes, and in every site a relative link to another entry's `.md`
/// file. `scan` finds each piece, with its place in the file, so the read step
/// can check links and warn of the rest, and the render step can replace them.
struct TemplateText {
    enum Syntax: String, Sendable, Hashable {
        case none, liquid, hugo, zola

        /// The syntax of an entry's body: the site's, but Jekyll's `render_with_liquid: false` turns Liquid off.
        static func of(_ config: SiteConfig, params: [String: FrontMatterValue]) -> Syntax {
            config.reading.templateSyntax == .liquid && params["render_with_liquid"] == .bool(false) ? .none : config.reading.templateSyntax
        }
    }

    /// A link to another entry, named as the old generator names it.
    struct LinkReference: Sendable, Hashable {
        enum Style: String, Sendable, Hashable {
            /// Jekyll `{% post_url 2016-05-12-name %}`: a post by its file's name.
            case postName
            /// Jekyll `{% link _posts/2016-05-12-name.md %}`: a file by its path from the site's root.
            case sitePath
            /// Hugo `{{< ref "name" >}}`: a path from the content root, or from the page's folder, or a unique name.
            case hugoRef
            /// Zola `@/blog/name.md`: a path from the content root.
            case contentPath
            /// `[text](../other.md)`: a path from the entry's own folder.
            case relativeFile
        }

        var style: Style
        var target: String
    }

    enum Kind {
        /// Replaced by the linked entry's URL (`anchor` kept after it).
        case link(LinkReference, anchor: String)
        /// A code block (`{% highlight swift linenos %}`); `language` nil for none, `options` as written after it.
        case code(language: String?, options: String, code: String)
        /// Text shown as written (`{% raw %}`, Hugo's `{{</* */>}}`).
        case verbatim(String)
        /// A shortcode: a template of the site's own makes it, else it is left out with a warning.
        case shortcode(name: String, arguments: [String], named: [String: String], inner: String?)
        /// A comment: nothing.
        case dropped
        /// A local image (`![alt](photo.png)`), left as written: its size joins the entry's key.
        case image(String)
    }

    struct Piece {
        /// What it replaces in the body.
        var range: Range<String.Index>
        var line: Int
        var column: Int
        var kind: Kind
    }

    var syntax: Syntax

    /// Every piece of `body`, in order; `firstLine` is the file's line where the body starts.
    func scan(_ body: String, firstLine: Int) -> [Piece] {
        var pieces: [Piece] = []
        var index = body.startIndex
        var cursor = LineCursor(text: body, line: firstLine)
        var candidates = Candidates()
        var finds = Finds(body)
        while index < body.endIndex {
            guard let next = candidates.next(in: body, from: index) else { break }
            if let (kind, range) = piece(in: body, at: next, finds: &finds) {
                let (line, column) = cursor.position(of: range.lowerBound)
                pieces.append(Piece(range: range, line: line, column: column, kind: kind))
                index = range.upperBound
            } else {
                index = body.utf8.index(after: next)
            }
        }
        return pieces
    }

    /// Where something may start: `{` (a tag), `]` (a Markdown link's destination follows).
    /// Both are ASCII, so where one is in the bytes a character starts. Each is found with
    /// `memchr` and kept until the scan passes it: every entry is scanned twice, and most
    /// bytes are neither.
    private struct Candidates {
        /// The byte offsets of the next `{` and `]` found, `nil` before the first search;
        /// the body's length where there is none.
        var brace: Int?, bracket: Int?

        mutating func next(in body: String, from index: String.Index) -> String.Index? {
            let view = body.utf8
            let from = view.distance(from: view.startIndex, to: index)
            let found: Int?? = view.withContiguousStorageIfAvailable { bytes in
                func search(_ byte: UInt8, known: Int?) -> Int {
                    if let known, known >= from { return known }
                    guard from < bytes.count, let base = bytes.baseAddress,
                          let hit = memchr(base + from, Int32(byte), bytes.count - from) else { return bytes.count }
                    return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                }
                brace = search(UInt8(ascii: "{"), known: brace)
                bracket = search(UInt8(ascii: "]"), known: bracket)
                let nearest = min(brace ?? bytes.count, bracket ?? bytes.count)
                return nearest < bytes.count ? nearest : nil
            }
            guard let found else { return view[index...].firstIndex { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "]") } }
            return found.map { view.index(view.startIndex, offsetBy: $0) }
        }
    }

    private func piece(in body: String, at start: String.Index, finds: inout Finds) -> (Kind, Range<String.Index>)? {
        let rest = body[start...]
        if rest.hasPrefix("](") || rest.hasPrefix("]: ") { return markdownLink(in: body, at: start) }
        switch syntax {
        // Liquid is the engine's (`LiquidSite`): only its Markdown links are found here.
        case .none, .liquid: return nil
        case .hugo:
            if rest.hasPrefix("{{<") || rest.hasPrefix("{{%") { return hugoShortcode(in: body, at: start, finds: &finds) }
        case .zola:
            if rest.hasPrefix("{{") || rest.hasPrefix("{%") { return zolaShortcode(in: body, at: start, finds: &finds) }
        }
        return nil
    }

    // MARK: Markdown links

    /// `](target)` or a reference definition `]: target`: a relative `.md` file, or Zola's `@/`.
    private func markdownLink(in body: String, at start: String.Index) -> (Kind, Range<String.Index>)? {
        // In the bytes: the delimiters are ASCII, and most targets are web addresses, left at once.
        let view = body.utf8
        var cursor = view.index(start, offsetBy: 2)
        while cursor < view.endIndex, view[cursor] == UInt8(ascii: " ") { view.formIndex(after: &cursor) }
        let targetStart = cursor
        var colonSlashSlash = false
        while cursor < view.endIndex {
            let byte = view[cursor]
            // A bracket ends it too: a run of `](` is scanned once, not once for each.
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "[") { break }
            if byte == UInt8(ascii: ":"), !colonSlashSlash, view[cursor...].starts(with: "://".utf8) { colonSlashSlash = true }
            view.formIndex(after: &cursor)
        }
        let targetEnd = cursor
        // An address with a scheme is neither another entry's file nor a local image.
        if colonSlashSlash, !view[targetStart...].starts(with: "@/".utf8) { return nil }
        let written = String(body[targetStart..<targetEnd])
        let (path, anchor) = Self.splitAnchor(written)
        let reference: LinkReference
        if path.hasPrefix("@/") {
            reference = LinkReference(style: .contentPath, target: String(path.dropFirst(2)))
        } else if path.lowercased().hasSuffix(".md") || path.lowercased().hasSuffix(".markdown"),
                  !path.contains("://"), !path.hasPrefix("/"), !path.hasPrefix("#"), !path.hasPrefix("mailto:") {
            reference = LinkReference(style: .relativeFile, target: path.removingPercentEncoding ?? path)
        } else if let dot = path.lastIndex(of: "."), ImageSizes.extensions.contains(path[path.index(after: dot)...].lowercased()),
                  !path.contains("://"), !path.hasPrefix("//") {
            return (.image(written), targetStart..<targetEnd)
        } else {
            return nil
        }
        return (.link(reference, anchor: anchor), targetStart..<targetEnd)
    }

    static func splitAnchor(_ target: String) -> (path: String, anchor: String) {
        guard let hash = target.firstIndex(of: "#") else { return (target, "") }
        return (String(target[..<hash]), String(target[hash...]))
    }

    // MARK: Hugo

    private func hugoShortcode(in body: String, at start: String.Index, finds: inout Finds) -> (Kind, Range<String.Index>)? {
        let angle = body[start...].hasPrefix("{{<")
        let (open, close) = angle ? ("{{<", ">}}") : ("{{%", "%}}")
        // `{{</* name */>}}` shows the shortcode as written.
        if body[start...].hasPrefix(open + "/*"), let (inner, end) = finds.enclosed(from: start, open: open + "/*", close: "*/" + close) {
            return (.verbatim(open + inner + close), start..<end)
        }
        guard let (inner, end) = finds.enclosed(from: start, open: open, close: close) else { return nil }
        let words = Self.words(inner)
        guard let name = words.first else { return nil }
        // A closing tag whose opening was not found (`{{< /note >}}`, `{{< / note >}}`): nothing.
        if name.hasPrefix("/") { return (.dropped, start..<end) }
        var arguments: [String] = []
        var named: [String: String] = [:]
        for word in words.dropFirst() {
            if let equals = word.firstIndex(of: "="), !word.hasPrefix("\"") {
                named[String(word[..<equals])] = Self.unquoted(String(word[word.index(after: equals)...])) ?? String(word[word.index(after: equals)...])
            } else {
                arguments.append(Self.unquoted(word) ?? word)
            }
        }
        switch name {
        case "ref", "relref":
            let (path, anchor) = Self.splitAnchor(arguments.first ?? named["path"] ?? "")
            return (.link(LinkReference(style: .hugoRef, target: path), anchor: anchor), start..<end)
        default:
            if let (text, blockEnd) = finds.pairedBlock(after: end, open: open, name: name, close: close) {
                if name == "highlight" {
                    let options = (arguments.dropFirst() + named.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: ",")
                    return (.code(language: arguments.first, options: options, code: Self.trimmingBlankEnds(text)), start..<blockEnd)
                }
                return (.shortcode(name: name, arguments: arguments, named: named, inner: text), start..<blockEnd)
            }
            return (.shortcode(name: name, arguments: arguments, named: named, inner: nil), start..<end)
        }
    }

    // MARK: Zola

    /// `{{ name(key=value) }}` and `{% name(key=value) %}...{% end %}`.
    private func zolaShortcode(in body: String, at start: String.Index, finds: inout Finds) -> (Kind, Range<String.Index>)? {
        let isBlock = body[start...].hasPrefix("{%")
        // A call's name and its `(` first, read in place: a run of `{{` or `{%` is not copied out once for each.
        guard Self.opensCall(body.utf8[body.utf8.index(start, offsetBy: 2)...]),
              let (inner, end) = finds.enclosed(from: start, open: isBlock ? "{%" : "{{", close: isBlock ? "%}" : "}}") else { return nil }
        let call = inner.trimmingCharacters(in: .whitespaces)
        guard let paren = call.firstIndex(of: "("), call.hasSuffix(")") else { return nil }
        let name = String(call[..<paren])
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        var named: [String: String] = [:]
        for pair in Self.splitArguments(String(call[call.index(after: paren)..<call.index(before: call.endIndex)])) {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            named[pair[..<equals].trimmingCharacters(in: .whitespaces)] = Self.unquoted(value) ?? value
        }
        if isBlock {
            guard let (text, blockEnd) = finds.block(after: end, closing: "end", open: "{%", close: "%}") else { return nil }
            return (.shortcode(name: name, arguments: [], named: named, inner: text), start..<blockEnd)
        }
        return (.shortcode(name: name, arguments: [], named: named, inner: nil), start..<end)
    }

    /// Whether bytes start `name(`, after blanks and a `-` trim mark, as a Zola shortcode's call does.
    private static func opensCall(_ bytes: Substring.UTF8View) -> Bool {
        var rest = bytes.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
        let name = rest.prefix { $0 >= 0x80 || $0 == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        return !name.isEmpty && rest.dropFirst(name.count).first == UInt8(ascii: "(")
    }

    // MARK: Text

    /// Words apart by spaces, a quoted one kept whole with its quotes.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character.isWhitespace {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `a=1, b="x, y", c=["d", "e"]`: arguments apart by commas outside quotes and brackets.
    private static func splitArguments(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        var depth = 0
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
            } else if character == "\"" || character == "'" || character == "`" {
                quote = character
                current.append(character)
            } else if character == "[" || character == "]" {
                depth += character == "[" ? 1 : -1
                current.append(character)
            } else if character == ",", depth <= 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
        return parts
    }

    static func unquoted(_ text: String) -> String? {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else { return nil }
        return String(text.dropFirst().dropLast())
    }

    /// A code block's text without the blank lines a tag on its own line leaves at either end.
    static func trimmingBlankEnds(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Lines and columns of places in a text, found walking forward once over its bytes.
    private struct LineCursor {
        let text: String
        var offset = 0
        var line: Int
        var lineStart = 0

        init(text: String, line: Int) {
            self.text = text
            self.line = line
        }

        mutating func position(of target: String.Index) -> (line: Int, column: Int) {
            let view = text.utf8
            let goal = view.distance(from: view.startIndex, to: target)
            var index = view.index(view.startIndex, offsetBy: offset)
            while offset < goal {
                if view[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = offset + 1
                }
                view.formIndex(after: &index)
                offset += 1
            }
            let start = view.index(view.startIndex, offsetBy: lineStart)
            return (line, String(decoding: view[start..<target], as: UTF8.self).unicodeScalars.count + 1)
        }
    }
}
