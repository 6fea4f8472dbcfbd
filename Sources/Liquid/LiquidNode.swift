/// A parsed template: text, outputs and tags with their bodies.
indirect enum LiquidNode: Sendable {
    case text(String)
    case output(LiquidFilteredExpression, LiquidPosition)
    case assign(String, LiquidFilteredExpression, LiquidPosition)
    case capture(String, [LiquidNode])
    /// `if`/`elsif`/`else`; `unless` negates its first condition.
    case conditional(branches: [(LiquidCondition, [LiquidNode])], otherwise: [LiquidNode], negatesFirst: Bool, LiquidPosition)
    case caseWhen(LiquidExpression, whens: [([LiquidExpression], [LiquidNode])], otherwise: [LiquidNode], LiquidPosition)
    case forLoop(LiquidForLoop)
    case breakLoop
    case continueLoop
    case cycle(group: LiquidExpression?, values: [LiquidExpression])
    case increment(String)
    case decrement(String)
    case include(LiquidIncludeTag)
    /// A tag this engine does not know (a plugin's); its body, when it has one, is kept.
    case unknown(name: String, markup: String, body: [LiquidNode]?, LiquidPosition)
    /// A tag the host renders (Jekyll's `highlight`, `link`, `post_url`): its markup and raw body text.
    case hostTag(name: String, markup: String, body: String?, LiquidPosition)
}

struct LiquidForLoop: Sendable {
    var variable: String
    var collection: LiquidExpression
    var limit: LiquidExpression?
    var offset: LiquidExpression?
    var reversed: Bool
    var body: [LiquidNode]
    var otherwise: [LiquidNode]
    var position: LiquidPosition
}

/// Jekyll's `include`/`include_relative`: a file name (perhaps from a variable) and `key=value` parameters.
struct LiquidIncludeTag: Sendable {
    var name: [NamePart]
    var parameters: [(String, LiquidFilteredExpression)]
    var isRelative: Bool
    var position: LiquidPosition

    enum NamePart: Sendable {
        case text(String)
        case variable(LiquidFilteredExpression)
    }
}
