/// A value in markup: a literal, a variable with its lookups, a range, or `empty`/`blank`.
indirect enum LiquidExpression: Sendable {
    case literal(LiquidValue)
    case variable(String, [Lookup])
    case range(LiquidExpression, LiquidExpression)
    case empty
    case blank

    enum Lookup: Sendable {
        case key(String)
        case index(LiquidExpression)
    }

    /// The expression as markup, as Liquid writes it back (`site.data.items`, `(1..3)`).
    var markup: String {
        switch self {
        case .literal(.string(let text)): "\"" + text + "\""
        case .literal(let value): value.renderedText
        case .variable(let name, let lookups):
            name + lookups.map { lookup in
                switch lookup {
                case .key(let key): "." + key
                case .index(let index): "[" + index.markup + "]"
                }
            }.joined()
        case .range(let low, let high): "(" + low.markup + ".." + high.markup + ")"
        case .empty: "empty"
        case .blank: "blank"
        }
    }
}

/// An expression followed by its filters, as `{{ }}` and `assign` take it.
struct LiquidFilteredExpression: Sendable {
    var expression: LiquidExpression
    var filters: [LiquidFilterCall]
}

struct LiquidFilterCall: Sendable {
    var name: String
    var arguments: [LiquidExpression]
    var keywordArguments: [(String, LiquidExpression)]
}

/// A condition of `if`, `unless` and `elsif`: comparisons joined by `and`/`or`, which Liquid groups from the right.
indirect enum LiquidCondition: Sendable {
    case value(LiquidExpression)
    case comparison(LiquidExpression, String, LiquidExpression)
    case and(LiquidCondition, LiquidCondition)
    case or(LiquidCondition, LiquidCondition)
}
