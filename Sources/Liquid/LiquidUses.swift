/// What a template reads from outside itself, found without rendering it: the variables it looks
/// up, the includes it names and the host's tags it uses. A host keys a page on these (a page that
/// reads `site.data.releases` changes with that file) and checks the tags' targets before rendering.
public struct LiquidUses: Sendable {
    /// Each variable looked up, as its name and the literal keys after it, cut at the first key
    /// computed at render time (`site.data[name]` is `["site", "data"]`).
    public var variables: Set<[String]> = []
    public var includes: [Include] = []
    public var hostTags: [HostTag] = []
    /// Tags the engine does not know (a plugin's, `{% seo %}`): they render nothing but their inner text.
    public var unknownTags: [HostTag] = []

    public struct Include: Sendable, Hashable {
        /// Nil where the name is made at render time (`{% include {{ page.widget }} %}`).
        public var name: String?
        public var isRelative: Bool
        public var position: LiquidPosition
    }

    public struct HostTag: Sendable {
        public var name: String
        public var markup: String
        public var position: LiquidPosition
    }

    init(_ nodes: [LiquidNode]) {
        visit(nodes)
    }

    private mutating func visit(_ nodes: [LiquidNode]) {
        for node in nodes { visit(node) }
    }

    private mutating func visit(_ node: LiquidNode) {
        switch node {
        case .text, .breakLoop, .continueLoop, .increment, .decrement: break
        case .output(let expression, _), .assign(_, let expression, _): visit(expression)
        case .capture(_, let body): visit(body)
        case .conditional(let branches, let otherwise, _, _):
            for (condition, body) in branches {
                visit(condition)
                visit(body)
            }
            visit(otherwise)
        case .caseWhen(let subject, let whens, let otherwise, _):
            visit(subject)
            for (values, body) in whens {
                values.forEach { visit($0) }
                visit(body)
            }
            visit(otherwise)
        case .forLoop(let loop):
            visit(loop.collection)
            loop.limit.map { visit($0) }
            loop.offset.map { visit($0) }
            visit(loop.body)
            visit(loop.otherwise)
        case .cycle(let group, let values):
            group.map { visit($0) }
            values.forEach { visit($0) }
        case .include(let tag):
            var name = ""
            var isLiteral = true
            for part in tag.name {
                switch part {
                case .text(let text): name += text
                case .variable(let expression):
                    isLiteral = false
                    visit(expression)
                }
            }
            tag.parameters.forEach { visit($0.1) }
            includes.append(Include(name: isLiteral ? name : nil, isRelative: tag.isRelative, position: tag.position))
        case .unknown(let name, let markup, let body, let position):
            unknownTags.append(HostTag(name: name, markup: markup, position: position))
            if let body { visit(body) }
        case .hostTag(let name, let markup, _, let position):
            hostTags.append(HostTag(name: name, markup: markup, position: position))
        }
    }

    private mutating func visit(_ expression: LiquidFilteredExpression) {
        visit(expression.expression)
        for call in expression.filters {
            call.arguments.forEach { visit($0) }
            call.keywordArguments.forEach { visit($0.1) }
        }
    }

    private mutating func visit(_ condition: LiquidCondition) {
        switch condition {
        case .value(let expression): visit(expression)
        case .comparison(let left, _, let right):
            visit(left)
            visit(right)
        case .and(let left, let right), .or(let left, let right):
            visit(left)
            visit(right)
        }
    }

    private mutating func visit(_ expression: LiquidExpression) {
        switch expression {
        case .literal, .empty, .blank: break
        case .range(let low, let high):
            visit(low)
            visit(high)
        case .variable(let name, let lookups):
            var path = [name]
            var cut = false
            for lookup in lookups {
                switch lookup {
                case .key(let key) where !cut: path.append(key)
                case .key: break
                case .index(let index):
                    if case .literal(.string(let key)) = index, !cut { path.append(key) } else { cut = true }
                    visit(index)
                }
            }
            variables.insert(path)
        }
    }
}
