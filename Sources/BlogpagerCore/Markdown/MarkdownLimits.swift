/// Bounds on the work one entry's Markdown gives the Markdown library, counted before it is
/// rendered. Two shapes (docs/internals.md, "Bounded input") make the library's time grow with a
/// product rather than the text's length: image openers (`![`) left on its bracket stack while
/// links close after them in one paragraph (each link walks the whole stack), and the cells of
/// one table row (each cell is looked for from the row's start). Everything else it reads in
/// time that grows with the text. Both counts are over-estimates that need no parsing: a
/// paragraph never spans a blank line, a table row never spans a line; real posts stay far below.
struct MarkdownLimits {
    /// Σ over the `]` of each paragraph of the `![` before it there: about a second of the library's time.
    static let maximumImageLinkWork = 100_000_000
    /// Σ over lines of the square of their `|`: about a second of the library's time.
    static let maximumTableCellWork = 200_000_000

    struct Problem: Error, Equatable {
        /// The file's line (1-based).
        var line: Int
        var message: String
    }

    /// The first bound `markdown` passes, or nil; `firstLine` is the file's line where it starts.
    static func check(_ markdown: String, firstLine: Int) -> Problem? {
        var text = markdown
        return text.withUTF8 { bytes in check(bytes, firstLine: firstLine) }
    }

    private static func check(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) -> Problem? {
        var imageLinkWork = 0, tableCellWork = 0
        var line = firstLine, blockLine = firstLine
        var openers = 0, pipes = 0
        var lineIsBlank = true
        var index = 0
        while index < bytes.count {
            // Once the line has a character, eight bytes at a time while none of them is one
            // this counts (every Markdown byte of a build passes here).
            if !lineIsBlank, index + 8 <= bytes.count, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !Self.holds(word, 0x0A), !Self.holds(word, 0x7C), !Self.holds(word, 0x21), !Self.holds(word, 0x5D) {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                tableCellWork += pipes * pipes
                if tableCellWork > maximumTableCellWork {
                    return tooManyPipes(line: line, pipes: pipes)
                }
                // A blank line ends every paragraph: the stack of brackets starts again after it.
                if lineIsBlank { openers = 0; blockLine = line + 1 }
                line += 1
                pipes = 0
                lineIsBlank = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "|"):
                pipes += 1
                lineIsBlank = false
            case UInt8(ascii: "!"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") { openers += 1 }
                lineIsBlank = false
            case UInt8(ascii: "]"):
                imageLinkWork += openers
                if imageLinkWork > maximumImageLinkWork {
                    return Problem(line: blockLine, message: "too many image openers ('![') before the links of the paragraph from this line for the Markdown library "
                                   + "to read in bounded time: each link after them walks them all, \(openers) here "
                                   + "(the paragraphs of one entry may hold \(maximumImageLinkWork) such steps together); close each image as ![alt](src), or split the paragraph with blank lines")
                }
                lineIsBlank = false
            default:
                lineIsBlank = false
            }
            index += 1
        }
        tableCellWork += pipes * pipes
        if tableCellWork > maximumTableCellWork {
            return tooManyPipes(line: line, pipes: pipes)
        }
        return nil
    }

    /// Whether one of the eight bytes of `word` is `byte` (the classic test for a zero byte, after
    /// `byte` is taken out of each).
    @inline(__always)
    private static func holds(_ word: UInt64, _ byte: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & 0x8080_8080_8080_8080 != 0
    }

    private static func tooManyPipes(line: Int, pipes: Int) -> Problem {
        Problem(line: line, message: "too many '|' on this entry's lines for the Markdown library to read in bounded time: its time grows with "
                + "the square of a table row's cells, and this line has \(pipes) (the squares of one entry's lines may add up to "
                + "\(maximumTableCellWork)); split the table or its rows")
    }
}
