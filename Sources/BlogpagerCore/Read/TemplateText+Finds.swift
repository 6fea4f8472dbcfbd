import Foundation

extension TemplateText {
    /// The searches of one scan for a tag's end and a block's closing tag, over the body's bytes
    /// (every delimiter is ASCII), each answer kept for the searches after it: a body of thousands
    /// of `{%` and no `%}`, or of `{% raw %}` and no `{% endraw %}`, is searched once, not once for each.
    struct Finds {
        private let body: String
        private let bytes: [UInt8]
        /// For each delimiter: where the last search started and the first place found from there (nil: none).
        private var delimiters: [String: (from: Int, at: Int?)] = [:]
        /// For each kind of closing tag: where the last search started, and the tag found (its start, its end).
        private var closings: [String: (from: Int, found: (start: Int, end: Int)?)] = [:]

        init(_ body: String) {
            self.body = body
            bytes = Array(body.utf8)
        }

        /// The text between `open` at `start` and the next `close` on the same tag (`-` trim marks dropped), and its end.
        mutating func enclosed(from start: String.Index, open: String, close: String) -> (String, String.Index)? {
            guard let (inner, end) = enclosedOffsets(from: offset(of: start), open: open, close: close) else { return nil }
            return (inner, index(at: end))
        }

        /// A Liquid block's text up to `{% closing %}`, and the end of that tag.
        mutating func block(after start: String.Index, closing: String, open: String, close: String) -> (String, String.Index)? {
            block(after: start, open: open, close: close, kind: "tag " + closing, longest: closing.utf8.count) {
                $0.trimmingCharacters(in: .whitespaces) == closing
            }
        }

        /// The text up to `{{< /name >}}` (any spacing), and the end of that closing tag.
        mutating func pairedBlock(after start: String.Index, open: String, name: String, close: String) -> (String, String.Index)? {
            block(after: start, open: open, close: close, kind: "closing " + name, longest: name.utf8.count + 1) {
                $0.filter { !$0.isWhitespace } == "/" + name
            }
        }

        /// A block's text up to the first tag whose inside `isClosing` says ends it, and the end of that
        /// tag. `kind` names what `isClosing` looks for: the answers are kept by it. A tag whose inside
        /// is longer than `longest` and some blanks is not looked at (nor copied out: text full of
        /// opening delimiters before a block's end would be copied once for each).
        private mutating func block(after start: String.Index, open: String, close: String, kind: String, longest: Int,
                                    isClosing: (String) -> Bool) -> (String, String.Index)? {
            let from = offset(of: start)
            let key = open + "\u{1F}" + close + "\u{1F}" + kind
            // The tags between the last search's start and what it found did not close: a later start finds the same.
            if let known = closings[key], from >= known.from, known.found.map({ $0.start >= from }) ?? true {
                return known.found.map { (text(from, $0.start), index(at: $0.end)) }
            }
            var search = from
            var found: (start: Int, end: Int)?
            while let tag = first(open, from: search) {
                if let closeStart = first(close, from: tag + open.utf8.count), closeStart - tag - open.utf8.count <= longest + 256,
                   let (inner, end) = enclosedOffsets(from: tag, open: open, close: close), isClosing(inner) {
                    found = (tag, end)
                    break
                }
                search = tag + open.utf8.count
            }
            closings[key] = (from, found)
            return found.map { (text(from, $0.start), index(at: $0.end)) }
        }

        private mutating func enclosedOffsets(from start: Int, open: String, close: String) -> (String, Int)? {
            let from = start + open.utf8.count
            guard let closeStart = first(close, from: from) else { return nil }
            var inner = Substring(text(from, closeStart))
            if inner.hasPrefix("-") { inner = inner.dropFirst() }
            if inner.hasSuffix("-") { inner = inner.dropLast() }
            return (String(inner), closeStart + close.utf8.count)
        }

        /// The first place of `delimiter` at or after the byte offset `from`.
        private mutating func first(_ delimiter: String, from: Int) -> Int? {
            if let known = delimiters[delimiter], from >= known.from, known.at.map({ $0 >= from }) ?? true { return known.at }
            let needle = Array(delimiter.utf8)
            var at: Int?
            var search = from
            // memchr to each place of the first byte (glibc's memmem is not in Swift's view of it), then the rest compared.
            while at == nil, search + needle.count <= bytes.count {
                let hit: Int? = bytes.withUnsafeBufferPointer { haystack in
                    guard let base = haystack.baseAddress, let found = memchr(base + search, Int32(needle[0]), haystack.count - search) else { return nil }
                    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                guard let hit, hit + needle.count <= bytes.count else { break }
                if bytes[hit..<hit + needle.count].elementsEqual(needle) { at = hit }
                search = hit + 1
            }
            delimiters[delimiter] = (from, at)
            return at
        }

        private func offset(of index: String.Index) -> Int {
            body.utf8.distance(from: body.utf8.startIndex, to: index)
        }

        private func index(at offset: Int) -> String.Index {
            body.utf8.index(body.utf8.startIndex, offsetBy: offset)
        }

        private func text(_ from: Int, _ to: Int) -> String {
            String(decoding: bytes[from..<max(from, to)], as: UTF8.self)
        }
    }
}
