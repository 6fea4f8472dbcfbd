/// A fenced code block as the highlighter gets it: its language and the options
/// its fence gives, read as each tool writes them:
/// ```` ```go {linenos=table,hl_lines=[2,"4-5"],linenostart=10} ```` (Hugo),
/// ```` ```rust,linenos,hl_lines=1 3-5 ```` (Zola), `{% highlight ruby linenos %}` (Jekyll,
/// made a fence by `TemplateText`), `{{< highlight go "linenos=table,hl_lines=8 15-17" >}}`.
public struct CodeBlock: Sendable, Hashable {
    /// As written (`Swift`, `objective-c`); nil for a block without one.
    public var language: String?
    public var code: String
    public var lineNumbers = false
    public var firstLine = 1
    /// 1-based lines of the block to mark (`hl_lines`, Jekyll's `mark_lines`).
    public var markedLines: [Int] = []

    public init(language: String?, code: String, lineNumbers: Bool = false, firstLine: Int = 1, markedLines: [Int] = []) {
        self.language = language
        self.code = code
        self.lineNumbers = lineNumbers
        self.firstLine = firstLine
        self.markedLines = markedLines
    }

    /// From a fence's info string (everything after the backticks) and its code.
    public init(info: String, code: String) {
        self.code = code
        let trimmed = info.trimmingSpaces
        let name = trimmed.prefix { !$0.isWhitespace && $0 != "," && $0 != "{" }
        language = name.isEmpty ? nil : String(name)
        for (key, value) in Self.options(in: trimmed.dropFirst(name.count)) {
            switch key.lowercased() {
            case "linenos", "linenumbers", "linenums":
                lineNumbers = !["false", "no", "off", "0"].contains(value?.lowercased() ?? "true")
            case "linenostart", "linenumberstart", "start":
                if let value, let number = Int(value), number >= 0 { firstLine = number }
            case "hl_lines", "mark_lines", "highlight_lines":
                markedLines = Self.lineNumbers(in: value ?? "")
            default:
                break
            }
        }
    }

    /// `key` and `key=value` pairs, separated by commas or spaces; a value may be quoted or a
    /// `[…]` list, and `hl_lines`' unquoted value runs on over spaces (`hl_lines=1 3-5 9`).
    static func options(in text: Substring) -> [(String, String?)] {
        var body = String(text).trimmingSpaces
        if body.hasPrefix("{"), body.hasSuffix("}") { body = String(body.dropFirst().dropLast()) }
        var found: [(String, String?)] = []
        var rest = Substring(body)
        func isSeparator(_ character: Character) -> Bool {
            character == "," || character.isWhitespace || character == "{" || character == "}"
        }
        func skipSeparators() { rest = rest.drop(while: isSeparator) }
        skipSeparators()
        while !rest.isEmpty {
            let key = rest.prefix { $0 != "=" && $0 != "," && !$0.isWhitespace }
            rest = rest.dropFirst(key.count)
            guard rest.first == "=" else {
                found.append((String(key), nil))
                skipSeparators()
                continue
            }
            rest = rest.dropFirst()
            var value: Substring
            if let open = rest.first, open == "\"" || open == "'" || open == "[" {
                let close: Character = open == "[" ? "]" : open
                value = rest.dropFirst().prefix { $0 != close }
                rest = rest.dropFirst(value.count + 1)
                if rest.first == close { rest = rest.dropFirst() }
            } else if key.lowercased().hasSuffix("_lines") {
                // Numbers and ranges over spaces, up to the next `key=` or comma.
                value = rest.prefix { $0.isNumber || $0 == "-" || $0 == " " }
                rest = rest.dropFirst(value.count)
            } else {
                value = rest.prefix { $0 != "," && !$0.isWhitespace && $0 != "}" }
                rest = rest.dropFirst(value.count)
            }
            found.append((String(key), String(value).trimmingSpaces))
            skipSeparators()
        }
        return found
    }

    /// `1 3-5`, `2,"4-5"`, `[2, "4-5"]`: every line named, in order, each once.
    static func lineNumbers(in text: String) -> [Int] {
        var lines: [Int] = []
        let words = text.split { !$0.isNumber && $0 != "-" }
        for word in words {
            let ends = word.split(separator: "-", omittingEmptySubsequences: true).compactMap { Int($0) }
            if ends.count == 2, ends[0] <= ends[1], ends[1] - ends[0] < 100_000 {
                lines += Array(ends[0]...ends[1])
            } else if ends.count == 1 {
                lines.append(ends[0])
            }
        }
        var seen = Set<Int>()
        return lines.filter { $0 > 0 && seen.insert($0).inserted }.sorted()
    }
}
