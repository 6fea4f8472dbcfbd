import Yams

/// The tag of a plain (unquoted, untagged) YAML scalar, as Yams's default resolver gives it,
/// asking only the rules that can match.
///
/// Yams resolves a plain scalar by trying its resolver's regular expressions in order (bool,
/// int, float, merge, null, timestamp, value), each through ICU. Most front matter values (a
/// slug, a layout, a title left unquoted) match none, and a date matches the sixth: a few
/// percent of a build's CPU went there. Each rule is anchored at the text's start, so its first
/// character rules most of them out; the rest are asked in Yams's order, with Yams's own rules,
/// so the answer is Yams's.
enum PlainScalarTags {
    /// What a text starts with, as far as the default rules can tell apart.
    private enum Start: CaseIterable {
        case nothing, digit, sign, dot, lessThan, equals, tilde, letterN, otherBoolLetter, lineBreak, other

        init(_ first: Unicode.Scalar?) {
            guard let first else {
                self = .nothing
                return
            }
            switch first {
            case "0"..."9": self = .digit
            case "+", "-": self = .sign
            case ".": self = .dot
            case "<": self = .lessThan
            case "=": self = .equals
            case "~": self = .tilde
            case "n", "N": self = .letterN
            case "y", "Y", "t", "T", "f", "F", "o", "O": self = .otherBoolLetter
            // `$` also matches before a last line break, so such a text could be null.
            case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": self = .lineBreak
            default: self = .other
            }
        }

        /// The default rules that can match a text starting so, in Yams's order; `nil`: all.
        var rules: [Resolver.Rule]? {
            switch self {
            case .nothing, .tilde: [.null]
            case .digit: [.int, .float, .timestamp]
            case .sign: [.int, .float]
            case .dot: [.float]
            case .lessThan: [.merge]
            case .equals: [.value]
            case .letterN: [.bool, .null]
            case .otherBoolLetter: [.bool]
            case .lineBreak: nil
            case .other: []
            }
        }
    }

    /// One resolver per start, made once.
    private static let resolvers: [Start: Resolver] = Dictionary(uniqueKeysWithValues: Start.allCases.map { start in
        (start, start.rules.map { $0.reduce(Resolver.basic) { $0.appending($1) } } ?? .default)
    })

    /// The tag name Yams's default resolver gives the plain scalar `text`.
    static func name(ofPlain text: String) -> Tag.Name {
        let start = Start(text.unicodeScalars.first)
        if start == .other { return .str }
        return (resolvers[start] ?? .default).resolveTag(of: Node(text))
    }
}
