/// Reads expressions, filters and conditions from a tag's markup, leniently as Liquid's lax mode does:
/// what it cannot read it leaves unread rather than refusing the template.
struct LiquidMarkupParser {
    private var tokens: [LiquidMarkupLexer.Token]
    private var index = 0
    /// How deep `(`, `[` and `and`/`or` have nested: past `maximumDepth` the rest is left unread, so no markup runs the stack out.
    private var depth = 0
    static let maximumDepth = 100

    init(_ markup: String) {
        tokens = LiquidMarkupLexer.tokens(of: markup)
    }

    var isAtEnd: Bool { index >= tokens.count }
    var peek: LiquidMarkupLexer.Token? { index < tokens.count ? tokens[index] : nil }

    mutating func next() -> LiquidMarkupLexer.Token? {
        defer { index += 1 }
        return peek
    }

    mutating func consume(_ punctuation: String) -> Bool {
        if peek == .punctuation(punctuation) { index += 1; return true }
        return false
    }

    mutating func consumeIdentifier(_ word: String) -> Bool {
        if peek == .identifier(word) { index += 1; return true }
        return false
    }

    mutating func identifier() -> String? {
        if case .identifier(let name) = peek { index += 1; return name }
        return nil
    }

    mutating func expression() -> LiquidExpression? {
        guard depth < Self.maximumDepth, let token = next() else { return nil }
        depth += 1
        defer { depth -= 1 }
        switch token {
        case .string(let text): return .literal(.string(text))
        case .number(let text):
            if text.contains("."), let value = Double(text) { return .literal(.double(value)) }
            return .literal(Int(text).map { .int($0) } ?? .nil)
        case .punctuation("("):
            guard let from = expression() else { return nil }
            _ = consume("..")
            guard let to = expression() else { return nil }
            _ = consume(")")
            return .range(from, to)
        case .punctuation("["):
            // A variable named by a string: ["some key"].
            guard let key = expression() else { return nil }
            _ = consume("]")
            if case .literal(.string(let name)) = key { return .variable(name, lookups()) }
            return nil
        case .identifier(let name):
            switch name {
            case "nil", "null": return .literal(.nil)
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "empty": return .empty
            case "blank": return .blank
            default: return .variable(name, lookups())
            }
        default: return nil
        }
    }

    private mutating func lookups() -> [LiquidExpression.Lookup] {
        var lookups: [LiquidExpression.Lookup] = []
        while true {
            if consume(".") {
                guard let name = identifier() else { break }
                lookups.append(.key(name))
            } else if peek == .punctuation("[") {
                index += 1
                guard let key = expression() else { break }
                _ = consume("]")
                lookups.append(.index(key))
            } else {
                break
            }
        }
        return lookups
    }

    mutating func filteredExpression() -> LiquidFilteredExpression {
        let expression = self.expression() ?? .literal(.nil)
        return LiquidFilteredExpression(expression: expression, filters: filters())
    }

    mutating func filters() -> [LiquidFilterCall] {
        var calls: [LiquidFilterCall] = []
        while !isAtEnd {
            guard consume("|") else { index += 1; continue }
            guard let name = identifier() else { continue }
            var call = LiquidFilterCall(name: name, arguments: [], keywordArguments: [])
            if consume(":") {
                repeat {
                    if case .identifier(let key) = peek, index + 1 < tokens.count, tokens[index + 1] == .punctuation(":") {
                        index += 2
                        if let value = expression() { call.keywordArguments.append((key, value)) }
                    } else if let argument = expression() {
                        call.arguments.append(argument)
                    } else {
                        break
                    }
                } while consume(",")
            }
            calls.append(call)
        }
        return calls
    }

    mutating func condition() -> LiquidCondition {
        let left = comparison()
        guard depth < Self.maximumDepth else { return left }
        depth += 1
        defer { depth -= 1 }
        if consumeIdentifier("and") { return .and(left, condition()) }
        if consumeIdentifier("or") { return .or(left, condition()) }
        return left
    }

    private mutating func comparison() -> LiquidCondition {
        let left = expression() ?? .literal(.nil)
        if case .comparison(let op) = peek {
            index += 1
            return .comparison(left, op, expression() ?? .literal(.nil))
        }
        if consumeIdentifier("contains") {
            return .comparison(left, "contains", expression() ?? .literal(.nil))
        }
        return .value(left)
    }
}
