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
