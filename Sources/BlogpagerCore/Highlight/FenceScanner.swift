/// The fenced code blocks of a Markdown text, found by reading its lines, without parsing it:
/// what lets the build send an entry's code to Pygments before a worker renders the entry
/// (`HighlightAhead`). Only blocks it is sure of count: a fence at the start of a line (no
/// indentation, so not inside a list or a quote, whose lines are indented or marked), closed
/// by a fence of its own kind. A text where libcmark might read a fence otherwise (an HTML
/// block, a fence in a list item or a quote, an escaped or tick-holding info string, a fence
/// left open, a carriage return) gives those blocks it found before, and no more.
///
/// A block missed costs nothing but the wait it would have saved; a block libcmark would not
/// give would cost Python's time for nothing, so there are none (the tests compare it with
/// libcmark's own blocks, `MarkdownRenderer.fencedCode`).
struct FenceScanner {
    /// The blocks with a language, in order, each as `MarkdownRenderer` would hand it to the highlighter.
    static func blocks(in markdown: String) -> [CodeBlock] {
        var found: [CodeBlock] = []
        var text = markdown
        text.withUTF8 { bytes in
            // libcmark rewrites carriage returns, NULs and a byte order mark before it reads a line.
            guard !bytes.contains(UInt8(ascii: "\r")), !bytes.contains(0), !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return }
            var lines = Lines(bytes)
            while let line = lines.next() {
                guard let fence = Fence(opening: line, in: bytes) else {
                    if Self.mayHideAFence(line, in: bytes) { return }
                    continue
                }
                guard let code = Self.code(after: fence, from: &lines) else { return }
                guard let info = fence.info else { continue }
                let block = CodeBlock(info: info, code: code)
                if block.language != nil { found.append(block) }
            }
        }
        return found
    }

    /// The lines up to the closing fence, each with its line feed; nil where libcmark might read
    /// them otherwise. A fence indented by up to three spaces may stand in a list item (`1. ` and
    /// its indented lines): libcmark then takes off the item's indentation and the fence's own,
    /// which together are the fence's here, as long as every line of the code is indented as far
    /// (a line less indented would end the item) and the closing fence as far as the opening one.
    private static func code(after fence: Fence, from lines: inout Lines) -> String? {
        var code: [UInt8] = []
        while let line = lines.next() {
            let bytes = lines.bytes
            if fence.isClosed(by: line, in: bytes) {
                guard fence.indentation == 0 || Self.spaces(at: line, in: bytes) == fence.indentation else { return nil }
                return String(decoding: code, as: UTF8.self)
            }
            var start = line.lowerBound
            if fence.indentation > 0 {
                let spaces = Self.spaces(at: line, in: bytes)
                // Indented past the opening fence by up to three spaces, a fence closes it inside a
                // list item (whose lines lose the item's indentation first), and is code outside one.
                if spaces > fence.indentation, fence.isClosed(by: (line.lowerBound + fence.indentation)..<line.upperBound, in: bytes) {
                    return nil
                }
                let isBlank = bytes[line].allSatisfy { $0 == UInt8(ascii: " ") }
                guard isBlank || spaces >= fence.indentation else { return nil }
                start += min(spaces, fence.indentation)
            }
            code += bytes[start..<line.upperBound]
            code.append(UInt8(ascii: "\n"))
        }
        return nil  // left open: libcmark runs it to the end, and so might a container
    }

    fileprivate static func spaces(at line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes[line].prefix { $0 == UInt8(ascii: " ") }.count
    }

    /// A line outside a fence after which fences might not be read here as libcmark reads them:
    /// HTML (a block of it may hold a fence as text), or a fence behind indentation, a tab, a
    /// list marker or a quote mark (one inside a list item or a quote, or indented code).
    private static func mayHideAFence(_ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let spaces = Self.spaces(at: line, in: bytes)
        let first = line.lowerBound + spaces
        if first < line.upperBound, spaces < 4, bytes[first] == UInt8(ascii: "<") { return true }
        // Up to three spaces before a fence are its own (`Fence`); behind more, a tab or a marker, it is in a container or indented code.
        var marker = line.lowerBound
        while marker < line.upperBound, isIndentationOrMarker(bytes[marker]) { marker += 1 }
        return marker > line.lowerBound && Fence.startsWithMarker(bytes, at: marker, end: line.upperBound)
    }

    private static func isIndentationOrMarker(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    /// One opening fence at the start of a line: its character, length and info string.
    private struct Fence {
        let character: UInt8
        let length: Int
        /// The spaces before it, up to three.
        let indentation: Int
        /// The info string as libcmark gives it (trimmed); nil where it would unescape it.
        let info: String?

        init?(opening line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
            indentation = FenceScanner.spaces(at: line, in: bytes)
            let start = line.lowerBound + indentation
            guard indentation < 4, Self.startsWithMarker(bytes, at: start, end: line.upperBound) else { return nil }
            character = bytes[start]
            var index = start
            while index < line.upperBound, bytes[index] == character { index += 1 }
            length = index - start
            let rest = bytes[index..<line.upperBound]
            // A backtick fence's info string holds no backtick (else the line is a code span).
            if character == UInt8(ascii: "`"), rest.contains(UInt8(ascii: "`")) { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: rest), as: UTF8.self)
            info = text.contains("\\") || text.contains("&") ? nil : text
        }

        /// Three or more backticks or tildes at `index`.
        static func startsWithMarker(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Bool {
            guard index + 3 <= end else { return false }
            let character = bytes[index]
            guard character == UInt8(ascii: "`") || character == UInt8(ascii: "~") else { return false }
            return bytes[index + 1] == character && bytes[index + 2] == character
        }

        /// A closing fence: up to three spaces, this character at least as many times, then only spaces or tabs.
        func isClosed(by line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var index = line.lowerBound
            while index < line.upperBound, index - line.lowerBound < 3, bytes[index] == UInt8(ascii: " ") { index += 1 }
            let start = index
            while index < line.upperBound, bytes[index] == character { index += 1 }
            guard index - start >= length else { return false }
            return bytes[index..<line.upperBound].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
    }

    /// The lines of a text, each without its line feed; `offset` is where the next one starts.
    private struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>
        private(set) var offset = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func next() -> Range<Int>? {
            guard offset < bytes.count else { return nil }
            let start = offset
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            offset = end < bytes.count ? end + 1 : end
            return start..<end
        }
    }
}
