/// A template rendered once for a shape of values (`ContextShape`), with a marker where
/// each text went: the pieces of template text between them, and for each marker which
/// text it stands for and whether Mustache escaped it there. Filling in the texts gives
/// what Mustache renders for them.
///
/// A marker is `U+E000`, the text's number, `&`, `U+E001` (and a line break where the text
/// ends one). Escaping turns its `&` into `&amp;`, so the shell tells an escaped place
/// (`{{name}}`) from a raw one (`{{{name}}}`) by the marker alone.
struct TemplateShell: Sendable {
    private enum Piece: Sendable {
        /// Kept as a `String`: appending one copies its bytes, where making a `String` of
        /// bytes checks every one of them again (a page's worth for each page).
        case literal(String)
        case text(index: Int, escaped: Bool)
    }

    private let pieces: [Piece]
    private let literalSize: Int

    static func marker(_ index: Int, endsLine: Bool) -> String {
        "\u{E000}\(index)&\u{E001}" + (endsLine ? "\n" : "")
    }

    /// Whether `text` holds a character the markers are made of (U+E000 or U+E001).
    static func holdsMarkerCharacters(_ text: String) -> Bool {
        text.utf8Contains("\u{E000}") || text.utf8Contains("\u{E001}")
    }

    /// Reads the shell out of `rendered`, the template rendered with `texts` markers; nil
    /// when a marker is not whole (a transform or another escaping changed it).
    init?(rendered: String, endsLines: [Bool]) {
        let bytes = Array(rendered.utf8)
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        var literalSize = 0
        var at = 0
        let close: [UInt8] = [0xEE, 0x80, 0x81]
        while at < bytes.count {
            guard bytes[at] == 0xEE, at + 2 < bytes.count, bytes[at + 1] == 0x80, bytes[at + 2] <= 0x81 else {
                literal.append(bytes[at])
                at += 1
                continue
            }
            guard bytes[at + 2] == 0x80 else { return nil }
            at += 3
            var index = 0, digits = 0
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9"), digits < 9 {
                index = index * 10 + Int(bytes[at] - UInt8(ascii: "0"))
                at += 1
                digits += 1
            }
            guard digits > 0, index < endsLines.count, at < bytes.count, bytes[at] == UInt8(ascii: "&") else { return nil }
            at += 1
            let escaped = Self.bytes(bytes, at: at, are: Array("amp;".utf8))
            if escaped { at += 4 }
            guard Self.bytes(bytes, at: at, are: close) else { return nil }
            at += close.count
            if endsLines[index] {
                guard at < bytes.count, bytes[at] == 0x0A else { return nil }
                at += 1
            }
            if !literal.isEmpty {
                literalSize += literal.count
                pieces.append(.literal(String(decoding: literal, as: UTF8.self)))
                literal = []
            }
            pieces.append(.text(index: index, escaped: escaped))
        }
        if !literal.isEmpty {
            literalSize += literal.count
            pieces.append(.literal(String(decoding: literal, as: UTF8.self)))
        }
        self.pieces = pieces
        self.literalSize = literalSize
    }

    private static func bytes(_ bytes: [UInt8], at: Int, are expected: [UInt8]) -> Bool {
        at + expected.count <= bytes.count && bytes[at..<(at + expected.count)].elementsEqual(expected)
    }

    /// The template's text for these texts (in the shape's order).
    func fill(_ texts: [String]) -> String {
        var escapedTexts: [String?] = Array(repeating: nil, count: texts.count)
        var size = literalSize
        for piece in pieces {
            guard case .text(let index, let escaped) = piece else { continue }
            if escaped, escapedTexts[index] == nil { escapedTexts[index] = HTMLEscaping.escape(texts[index]) }
            size += escaped ? escapedTexts[index]!.utf8.count : texts[index].utf8.count
        }
        var out = ""
        out.reserveCapacity(size)
        for piece in pieces {
            switch piece {
            case .literal(let text): out += text
            case .text(let index, let escaped): out += escaped ? escapedTexts[index]! : texts[index]
            }
        }
        return out
    }
}
