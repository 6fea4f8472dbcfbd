import Foundation

/// A Hugo archetype filled in as `hugo new content` fills it, for the actions archetypes use: the
/// page's `.Date`, `.Name`, `.File.ContentBaseName`, `.Section`, `.Type`, `.Draft`, through
/// `replace`, `title` (Hugo's AP style), `lower`, `upper` and `now.Format`, in pipes (not `humanize`, whose
/// acronyms, `api` to `API`, are a dictionary of its own). An action
/// beyond those is an error at its line, never filled wrongly.
enum HugoArchetype {
    struct Values {
        /// The page's date: now, in the site's zone, as `.Date` prints it.
        var date: String
        var contentBaseName: String
        var section: String
        var draft: Bool
        /// What `now` is, for `now.Format`.
        var now = Date(timeIntervalSince1970: 0)
        var timeZone = TimeZone(identifier: "UTC")!
    }

    struct Failure: Error {
        var line: Int
        var message: String
    }

    static func fill(_ template: String, values: Values) throws(Failure) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            var before = rest[..<open.lowerBound]
            var action = rest[open.upperBound...]
            guard let close = action.range(of: "}}") else {
                throw Failure(line: line(of: open.lowerBound, in: template), message: "an action opened with {{ is never closed")
            }
            var after = action[close.upperBound...]
            action = action[..<close.lowerBound]
            // `{{-` and `-}}` take the spaces beside them away, as Go's templates do.
            if action.hasPrefix("- ") {
                before = before[..<(before.lastIndex { !$0.isWhitespace }.map(before.index(after:)) ?? before.startIndex)]
                action = action.dropFirst(2)
            }
            if action.hasSuffix(" -") {
                after = after.drop(while: \.isWhitespace)
                action = action.dropLast(2)
            }
            result += before
            do {
                result += try evaluate(action.trimmingCharacters(in: .whitespaces), values: values)
            } catch {
                throw Failure(line: line(of: open.lowerBound, in: template), message: error.message)
            }
            rest = after
        }
        return result + rest
    }

    private static func line(of index: String.Index, in text: String) -> Int {
        text[..<index].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// One action: a pipeline of commands, each a function and its arguments (a value, a quoted string, or the value piped in).
    private static func evaluate(_ action: String, values: Values) throws(Failure) -> String {
        if action.hasPrefix("/*") && action.hasSuffix("*/") { return "" }
        var piped: String?
        for command in action.split(separator: "|") {
            let words = try self.words(command.trimmingCharacters(in: .whitespaces))
            guard let first = words.first else { throw Failure(line: 0, message: "an empty command in {{ \(action) }}") }
            var arguments = try words.dropFirst().map { word throws(Failure) in try value(word, values: values, action: action) }
            if let piped { arguments.append(piped) }
            if words.count == 1, !first.isFunction {
                piped = try value(first, values: values, action: action)
                continue
            }
            piped = try call(first.text, arguments, values: values, action: action)
        }
        return piped ?? ""
    }

    private struct Word {
        var text: String
        var quoted: Bool
        var isFunction: Bool { !quoted && !text.hasPrefix(".") }
    }

    private static func words(_ command: String) throws(Failure) -> [Word] {
        var words: [Word] = []
        var current = ""
        var quote: Character?
        var wasQuoted = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "`" {
                quote = character
                wasQuoted = true
            } else if character == " " {
                if !current.isEmpty || wasQuoted { words.append(Word(text: current, quoted: wasQuoted)) }
                current = ""
                wasQuoted = false
            } else {
                current.append(character)
            }
        }
        guard quote == nil else { throw Failure(line: 0, message: "a string in {{ \(command) }} is never closed") }
        if !current.isEmpty || wasQuoted { words.append(Word(text: current, quoted: wasQuoted)) }
        return words
    }

    private static func value(_ word: Word, values: Values, action: String) throws(Failure) -> String {
        if word.quoted { return word.text }
        switch word.text {
        case ".Date": return values.date
        case ".Name", ".File.ContentBaseName", ".File.BaseFileName", ".File.TranslationBaseName": return values.contentBaseName
        case ".Section", ".Type": return values.section
        case ".Draft": return values.draft ? "true" : "false"
        default:
            throw Failure(line: 0, message: "blogpager fills only .Date, .Name, .File.ContentBaseName, .Section, .Type and .Draft in an archetype, not \(word.text) in {{ \(action) }}; make this entry with `hugo new content`")
        }
    }

    private static func call(_ function: String, _ arguments: [String], values: Values, action: String) throws(Failure) -> String {
        switch (function, arguments.count) {
        case ("replace", 3), ("strings.Replace", 3): return arguments[0].replacingOccurrences(of: arguments[1], with: arguments[2])
        case ("title", 1), ("strings.Title", 1): return apTitle(arguments[0])
        case ("now.Format", 1): return GoTimeLayout.format(arguments[0], date: values.now, timeZone: values.timeZone)
        case ("lower", 1), ("strings.ToLower", 1): return arguments[0].lowercased()
        case ("upper", 1), ("strings.ToUpper", 1): return arguments[0].uppercased()
        default:
            throw Failure(line: 0, message: "blogpager fills replace, title, lower, upper and now.Format in an archetype, not \(function) with \(arguments.count) argument\(arguments.count == 1 ? "" : "s") in {{ \(action) }}; make this entry with `hugo new content`")
        }
    }

    /// Words Hugo's `title` (AP style) leaves in lower case but first and last.
    static let smallWords: Set<String> = ["a", "an", "and", "as", "at", "but", "by", "en", "for", "if", "in", "nor", "of", "on", "or", "per", "the", "to", "v", "v.", "vs", "vs.", "via"]

    static func apTitle(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        return words.enumerated().map { index, word in
            let lower = word.lowercased()
            if index > 0, index < words.count - 1, smallWords.contains(lower) { return lower }
            guard let first = word.first else { return String(word) }
            return first.uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

}
