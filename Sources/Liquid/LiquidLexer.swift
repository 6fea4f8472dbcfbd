/// Splits a template into text, outputs and tags, applying `{%-`/`-%}` whitespace control and keeping
/// `raw` and `comment` bodies as Liquid does (raw as text, comments unread).
struct LiquidLexer {
    let source: String

    func tokens() throws -> [LiquidToken] {
        let view = source.unicodeScalars
        let scalars = Array(view)
        var tokens: [LiquidToken] = []
        var text = ""
        var index = 0
        // The same place in the source: text between tags is copied out of it a run at a time.
        var sourceIndex = view.startIndex
        var line = 1
        var column = 1
        var trimNextText = false

        func advance(to end: Int) {
            while index < end {
                if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
                view.formIndex(after: &sourceIndex)
            }
        }
        func flushText(trimTrailing: Bool) {
            var piece = text
            if trimTrailing { piece = piece.trimmingTrailingLiquidWhitespace }
            if !piece.isEmpty { tokens.append(.text(piece)) }
            text = ""
        }
        func opens(at at: Int) -> Bool {
            scalars[at] == "{" && at + 1 < scalars.count && (scalars[at + 1] == "{" || scalars[at + 1] == "%")
        }
        func find(_ closer: String, from start: Int) -> Int? {
            let needle = Array(closer.unicodeScalars)
            var at = start
            while at + needle.count <= scalars.count {
                if scalars[at] == needle[0], Array(scalars[at..<at + needle.count]) == needle { return at }
                at += 1
            }
            return nil
        }

        while index < scalars.count {
            guard opens(at: index) else {
                if trimNextText && scalars[index].properties.isWhitespace { advance(to: index + 1); continue }
                trimNextText = false
                // The run of text up to the next tag or output, copied at once.
                var end = index + 1
                while end < scalars.count && !opens(at: end) { end += 1 }
                let start = sourceIndex
                advance(to: end)
                text += String(view[start..<sourceIndex])
                continue
            }
            trimNextText = false
            let position = LiquidPosition(line: line, column: column)
            let isTag = scalars[index + 1] == "%"
            let closer = isTag ? "%}" : "}}"
            guard let close = find(closer, from: index + 2) else {
                throw LiquidError(isTag ? "Tag was not properly terminated with '%}'" : "Variable was not properly terminated with '}}'", at: position)
            }
            let (inner, trimBefore, trimAfter) = Self.inside(scalars, from: index + 2, to: close)
            flushText(trimTrailing: trimBefore)
            advance(to: close + 2)
            trimNextText = trimAfter
            guard isTag else {
                tokens.append(.output(markup: inner.trimmingLiquidWhitespace, at: position))
                continue
            }
            let (name, markup) = Self.split(tag: inner)
            if name == "raw" || name == "comment" {
                // Find the matching end tag; comments nest, raw does not.
                var depth = 1
                var searchFrom = index
                var bodyEnd = index
                var resume = index
                var endTrimsBefore = false
                var endTrimsAfter = false
                while depth > 0 {
                    guard let open = find("{%", from: searchFrom), let end = find("%}", from: open + 2) else {
                        throw LiquidError("'\(name)' tag was never closed", at: position)
                    }
                    let (tag, before, after) = Self.inside(scalars, from: open + 2, to: end)
                    let (innerName, _) = Self.split(tag: tag)
                    if innerName == "end" + name { depth -= 1 } else if name == "comment" && innerName == "comment" { depth += 1 }
                    bodyEnd = open
                    resume = end + 2
                    endTrimsBefore = before
                    endTrimsAfter = after
                    searchFrom = end + 2
                }
                if name == "raw" {
                    var body = String(String.UnicodeScalarView(scalars[index..<bodyEnd]))
                    if trimAfter { body = String(body.drop(while: \.isLiquidWhitespace)) }
                    if endTrimsBefore { body = body.trimmingTrailingLiquidWhitespace }
                    if !body.isEmpty { tokens.append(.text(body)) }
                }
                advance(to: resume)
                trimNextText = endTrimsAfter
                continue
            }
            tokens.append(.tag(name: name, markup: markup, at: position))
        }
        flushText(trimTrailing: false)
        return tokens
    }

    /// The markup between delimiters, and whether a `-` beside them trims the whitespace before or after.
    private static func inside(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> (String, trimsBefore: Bool, trimsAfter: Bool) {
        var start = start, end = end
        let before = start < end && scalars[start] == "-"
        if before { start += 1 }
        let after = end > start && scalars[end - 1] == "-"
        if after { end -= 1 }
        return (String(String.UnicodeScalarView(scalars[start..<end])), before, after)
    }

    /// A tag's name and the rest of its markup: `for x in y` is `for` and `x in y`.
    static func split(tag inner: String) -> (name: String, markup: String) {
        let trimmed = inner.trimmingLiquidWhitespace
        if trimmed.hasPrefix("#") { return ("#", String(trimmed.dropFirst())) }
        let bytes = trimmed.utf8
        let nameEnd = bytes.firstIndex(where: String.isLiquidWhitespace) ?? bytes.endIndex
        return (String(trimmed[..<nameEnd]), String(trimmed[nameEnd...]).trimmingLiquidWhitespace)
    }
}

extension Character {
    var isLiquidWhitespace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n" || self == "\u{0B}" || self == "\u{0C}" }
}

extension String {
    /// Without Liquid's whitespace at either end. Every tag's markup is trimmed: read as bytes, the
    /// whitespace being ASCII (a `\r\n` is two of them).
    var trimmingLiquidWhitespace: String {
        let bytes = utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, Self.isLiquidWhitespace(bytes[start]) { bytes.formIndex(after: &start) }
        while end > start, Self.isLiquidWhitespace(bytes[bytes.index(before: end)]) { bytes.formIndex(before: &end) }
        return String(self[start..<end])
    }

    /// Without Liquid's whitespace at its end.
    var trimmingTrailingLiquidWhitespace: String {
        let bytes = utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, Self.isLiquidWhitespace(bytes[bytes.index(before: end)]) { bytes.formIndex(before: &end) }
        return String(self[..<end])
    }

    static func isLiquidWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }
}
