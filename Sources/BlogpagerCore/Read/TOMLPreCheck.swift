/// The TOML shapes that TOMLKit's parser (toml++ 3.4) cannot be given: on them it fails an
/// assertion (the process aborts) or reaches undefined behaviour instead of reporting an error,
/// and a key or table nested thousands deep overflows the stack of the reader that walks it.
/// Every shape refused here is invalid TOML, or nesting no real file has, so nothing a TOML
/// reader builds is refused; the rest of the text is left for the parser to judge. Found by
/// fuzzing toml++ with its assertions on (docs/internals.md, "Bounded input").
struct TOMLPreCheck {
    struct Problem: Error, Equatable {
        /// 1-based, the column counted in Unicode scalars as the other readers count it.
        var line: Int
        var column: Int
        var message: String
    }

    /// Tables, arrays and dotted keys inside each other, at most (real configs use a handful).
    static let maximumDepth = 100

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Characters to give the parser as escapes, which mean the same in a basic string (`é` as `\u00E9`).
    private var escapes: [Range<Int>] = []

    /// The text to give the parser, or the first shape of it the parser must not see.
    static func check(_ text: String) -> Result<String, Problem> {
        var check = TOMLPreCheck(bytes: Array(text.utf8))
        do throws(Found) {
            try check.document()
        } catch {
            if case .problem(let problem) = error { return .failure(problem) }
        }
        return .success(check.rewritten(text))
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// How a scan ends early: at a shape to refuse, or at invalid TOML the parser reports itself
    /// (it stops at its first error, so nothing after that point reaches it).
    private enum Found: Error {
        case problem(Problem)
        case leftToTheParser
    }

    // MARK: The document

    private mutating func document() throws(Found) {
        // Read through TOMLKit as a C string: a NUL would silently end the text there.
        if let nul = bytes.firstIndex(of: 0) {
            index = nul
            line = 1 + bytes[..<nul].count { $0 == newline }
            lineStart = (bytes[..<nul].lastIndex(of: newline) ?? -1) + 1
            throw problem("invalid TOML: a NUL character (U+0000), which TOML allows nowhere")
        }
        while index < bytes.count {
            skipSpaces()
            guard let byte = current else { return }
            if atLineBreak {
                nextLine()
                continue
            }
            switch byte {
            case hash: skipComment()
            case openBracket: try tableHeader()
            default:
                try keyValue()
                try endOfStatement()
            }
        }
    }

    /// `[name]` or `[[name]]`: toml++ asserts that a key follows the brackets.
    private mutating func tableHeader() throws(Found) {
        index += 1
        if current == openBracket { index += 1 }
        skipSpaces()
        guard let byte = current, isBareKeyByte(byte) || byte == quote || byte == apostrophe || byte == closeBracket else {
            throw problem("invalid TOML: a table header needs a name after its '[' (such as [params]), not \(shown(current))")
        }
        if byte == closeBracket { try leftToTheParser() }
        try key(depth: 0)
        guard current == closeBracket else { try leftToTheParser() }
        index += 1
        if current == closeBracket { index += 1 }
        try endOfStatement()
    }

    /// After a statement: blanks, a comment, the end of the line.
    private mutating func endOfStatement() throws(Found) {
        skipSpaces()
        guard let byte = current else { return }
        if byte == hash { skipComment(); return }
        guard atLineBreak else { try leftToTheParser() }
        nextLine()
    }

    /// `key = value`, the key dotted or quoted.
    private mutating func keyValue(depth: Int = 0) throws(Found) {
        try key(depth: depth)
        guard current == equals else { try leftToTheParser() }
        index += 1
        skipSpaces()
        try value(depth: depth + 1)
    }

    /// A key's parts, each bare or quoted, apart by dots; each part is one level deeper.
    private mutating func key(depth: Int) throws(Found) {
        var parts = depth
        while true {
            guard let byte = current else { try leftToTheParser() }
            if byte == quote || byte == apostrophe {
                try string()
            } else if isBareKeyByte(byte) {
                while let next = current, isBareKeyByte(next) { index += 1 }
            } else {
                try leftToTheParser()
            }
            parts += 1
            if parts > Self.maximumDepth {
                throw problem("TOML nested more than \(Self.maximumDepth) deep (tables, arrays and the parts of dotted keys): blogpager reads no deeper")
            }
            skipSpaces()
            guard current == dot else { return }
            index += 1
            skipSpaces()
        }
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Found) {
        guard let byte = current else { try leftToTheParser() }
        if depth > Self.maximumDepth {
            throw problem("TOML nested more than \(Self.maximumDepth) deep (tables, arrays and the parts of dotted keys): blogpager reads no deeper")
        }
        switch byte {
        case quote, apostrophe: try string()
        case openBracket: try array(depth: depth)
        case openBrace: try inlineTable(depth: depth)
        default: try bareValue()
        }
    }

    /// An array: toml++ asserts that what follows `[` or `,` may start a value, and `}` may not.
    private mutating func array(depth: Int) throws(Found) {
        index += 1
        while true {
            skipBlanksAndComments()
            guard let byte = current else { try leftToTheParser() }
            switch byte {
            case closeBracket:
                index += 1
                return
            case comma: index += 1
            case closeBrace: throw problem("invalid TOML: '}' inside an array, where a value or ']' belongs")
            default: try value(depth: depth + 1)
            }
        }
    }

    /// `{ key = value, … }` on one line.
    private mutating func inlineTable(depth: Int) throws(Found) {
        index += 1
        while true {
            skipSpaces()
            guard let byte = current else { try leftToTheParser() }
            switch byte {
            case closeBrace:
                index += 1
                return
            case comma: index += 1
            default:
                if atLineBreak { try leftToTheParser() }
                try keyValue(depth: depth + 1)
            }
        }
    }

    /// A number, boolean, date or time: everything up to the next blank, bracket, brace, comma or `#`.
    private mutating func bareValue() throws(Found) {
        let start = index
        try bareToken()
        // Nothing a value can start with (a carriage return, say): the parser says so.
        if index == start { try leftToTheParser() }
        let token = Array(bytes[start..<index])
        guard let first = token.first, isDigit(first) || first == plus || first == minus else { return }
        // toml++ reads a time after the `T` of a date-time without looking: a non-digit there fails its assertion.
        if let t = token.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }),
           t + 1 >= token.count || !isDigit(token[t + 1]) {
            index = start + t + 1
            throw problem("invalid TOML: a date-time needs a time after its 'T' (such as 2016-05-12T10:00:00), not \(shown(current))")
        }
        // A date, a space and a digit is a date-time written with a space (`2016-05-12 10:00:00`): toml++
        // reads on past the space of any value of ten characters shaped so (`2016-05-1x` too) and fails its
        // assertion where that digit is alone. Refused wherever a lone digit follows a value and a space.
        guard isDigit(first), current == space, index + 1 < bytes.count, isDigit(bytes[index + 1]) else { return }
        index += 1
        let timeStart = index
        try bareToken()
        if index - timeStart == 1 {
            index = timeStart
            throw problem("invalid TOML: \(shown(current)) after the value is not a time (a date-time is written 2016-05-12 10:00:00)")
        }
    }

    private mutating func bareToken() throws(Found) {
        while let byte = current, !isValueTerminator(byte) {
            try refuseNonASCII()
            index += 1
        }
    }

    /// A string of any of TOML's four kinds; in them any text is fine.
    private mutating func string() throws(Found) {
        guard let delimiter = current else { return }
        let triple = index + 2 < bytes.count && bytes[index + 1] == delimiter && bytes[index + 2] == delimiter
        index += triple ? 3 : 1
        while let byte = current {
            if byte == backslash, delimiter == quote {
                index += 1
                if triple, try lineEndingBackslash() { continue }
                if current != nil { index += 1 }
                continue
            }
            if atLineBreak {
                guard triple else { try leftToTheParser() }
                nextLine()
                continue
            }
            if byte == delimiter {
                if !triple {
                    index += 1
                    return
                }
                if index + 2 < bytes.count, bytes[index + 1] == delimiter, bytes[index + 2] == delimiter {
                    index += 3
                    // A closing run may carry up to two more quotes that belong to the string.
                    var extra = 0
                    while current == delimiter, extra < 2 { index += 1; extra += 1 }
                    return
                }
            }
            index += 1
        }
        try leftToTheParser()
    }

    /// After `\` at the end of a line of a `"""` string, the blanks the string leaves out; toml++ asks
    /// of the first other character whether it is a blank too, which for most of Latin, Greek and
    /// Cyrillic has no defined answer: that one goes to it as its `\u` escape.
    /// toml++ asks the same of the character after any `\` in such a string: there one other than ASCII
    /// (never an escape TOML knows) is refused.
    private mutating func lineEndingBackslash() throws(Found) -> Bool {
        let start = index
        var end = index
        while end < bytes.count, bytes[end] == space || bytes[end] == tab { end += 1 }
        if end < bytes.count, bytes[end] >= 0x80 {
            index = end
            throw problem("invalid TOML: a '\\' before \(shown(current)) in a string is no escape TOML knows (\\n, \\t, \\\", \\\\, \\u0041, or \\ at the end of a line)")
        }
        index = end
        guard atLineBreak else {
            index = start
            return false
        }
        while let byte = current, byte == space || byte == tab || atLineBreak {
            if atLineBreak { nextLine() } else { index += 1 }
        }
        if let byte = current, byte >= 0x80 {
            let end = bytes[index...].dropFirst().firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
            escapes.append(index..<end)
            index = end
        }
        return true
    }

    /// `text` with each character of `escapes` written as its escape.
    private func rewritten(_ text: String) -> String {
        guard !escapes.isEmpty else { return text }
        var written: [UInt8] = []
        written.reserveCapacity(bytes.count + escapes.count * 10)
        var at = 0
        for range in escapes {
            written += bytes[at..<range.lowerBound]
            let scalar = String(decoding: bytes[range], as: UTF8.self).unicodeScalars.first?.value ?? 0xFFFD
            let hex = String(scalar, radix: 16, uppercase: true)
            let escape = scalar > 0xFFFF ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            written += Array(escape.utf8)
            at = range.upperBound
        }
        written += bytes[at...]
        return String(decoding: written, as: UTF8.self)
    }

    // MARK: Blanks

    private mutating func skipSpaces() {
        while let byte = current, byte == space || byte == tab { index += 1 }
    }

    private mutating func skipComment() {
        while current != nil, !atLineBreak { index += 1 }
    }

    private mutating func skipBlanksAndComments() {
        while let byte = current {
            if byte == space || byte == tab { index += 1 } else if atLineBreak { nextLine() } else if byte == hash { skipComment() } else { return }
        }
    }

    /// A line break as toml++ reads one: a line feed, or a carriage return and a line feed.
    private var atLineBreak: Bool {
        guard let byte = current else { return false }
        return byte == newline || (byte == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == newline)
    }

    private mutating func nextLine() {
        index += bytes[index] == newline ? 1 : 2
        line += 1
        lineStart = index
    }

    /// Where the scan leaves the rest to the parser, which reports the error there itself, unless the
    /// character there is one toml++ must not be asked about.
    private func leftToTheParser() throws(Found) -> Never {
        try refuseNonASCII()
        throw Found.leftToTheParser
    }

    /// Outside strings and comments TOML is ASCII; toml++ asks whether such a character is a blank
    /// there, and for some (`é`, most of Latin, Greek, Cyrillic) that question has no defined answer.
    private func refuseNonASCII() throws(Found) {
        guard let byte = current, byte >= 0x80 else { return }
        throw problem("invalid TOML: \(shown(byte)) outside a quoted string: TOML writes its keys and values other than strings in ASCII; put it in quotes")
    }

    // MARK: Bytes

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func problem(_ message: String) -> Found {
        let column = String(decoding: bytes[lineStart..<min(index, bytes.count)], as: UTF8.self).unicodeScalars.count + 1
        return .problem(Problem(line: line, column: column, message: message))
    }

    /// The character at the scan, quoted, for a message; "the end of the line" and "the end" for none.
    private func shown(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the text" }
        if byte == newline { return "the end of the line" }
        let end = min(bytes.count, bytes[index...].dropFirst().firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count)
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        return text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) ? "'\(text)'"
            : "U+" + String(text.unicodeScalars.first.map { $0.value } ?? 0, radix: 16, uppercase: true)
    }

    private func isBareKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_") || byte == minus
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isValueTerminator(_ byte: UInt8) -> Bool {
        // toml++'s blanks: spaces, tabs and U+000A to U+000D.
        byte == space || byte == tab || (byte >= newline && byte <= UInt8(ascii: "\r")) || byte == closeBracket || byte == closeBrace
            || byte == comma || byte == hash
    }

    private let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), hash = UInt8(ascii: "#")
    private let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]"), openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\"), equals = UInt8(ascii: "=")
    private let comma = UInt8(ascii: ","), dot = UInt8(ascii: "."), plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-")
}
