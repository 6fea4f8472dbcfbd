/// Walks a node tree over its scopes. One renderer per page render; it is not shared between threads.
final class LiquidRenderer {
    let host: any LiquidHost
    let options: LiquidOptions
    private var scopes: [[String: LiquidValue]]
    private var counters: [String: Int] = [:]
    private var cycles: [String: Int] = [:]
    private var includeDepth = 0
    private var iterations = 0
    private var includeCache: [String: [LiquidNode]] = [:]
    private var includeName: String?
    /// How deep blocks and includes have nested in this render: bounded so that none runs the stack out.
    private var renderDepth = 0
    static let maximumRenderDepth = 300

    private enum Interrupt: Error { case breakLoop, continueLoop }

    init(host: any LiquidHost, options: LiquidOptions, globals: LiquidHash) {
        self.host = host
        self.options = options
        var outer: [String: LiquidValue] = [:]
        for (key, value) in globals.pairs { outer[key] = value }
        scopes = [outer]
    }

    func render(_ nodes: [LiquidNode], into output: inout String) throws {
        renderDepth += 1
        defer { renderDepth -= 1 }
        if renderDepth > Self.maximumRenderDepth {
            throw LiquidError("blocks and includes nest more than \(Self.maximumRenderDepth) deep",
                              at: nodes.lazy.compactMap(position(of:)).first ?? LiquidPosition(line: 1, column: 1), include: includeName)
        }
        for node in nodes {
            try render(node, into: &output)
            if output.utf8.count > options.maximumOutputBytes {
                throw LiquidError("the output ran past \(options.maximumOutputBytes >> 20) MiB", at: position(of: node) ?? LiquidPosition(line: 1, column: 1), include: includeName)
            }
        }
    }

    private func render(_ node: LiquidNode, into output: inout String) throws {
        switch node {
        case .text(let text):
            output += text
        case .output(let expression, let position):
            output += try evaluate(expression, at: position).renderedText
        case .assign(let name, let expression, let position):
            // Assignments live in the outermost scope, so they outlast the loop or include that made them.
            scopes[scopes.count - 1][name] = try evaluate(expression, at: position)
        case .capture(let name, let body):
            var captured = ""
            try render(body, into: &captured)
            scopes[scopes.count - 1][name] = .string(captured)
        case .conditional(let branches, let otherwise, let negatesFirst, let position):
            for (offset, branch) in branches.enumerated() {
                var holds = try test(branch.0, at: position)
                if offset == 0 && negatesFirst { holds.toggle() }
                if holds { return try render(branch.1, into: &output) }
            }
            try render(otherwise, into: &output)
        case .caseWhen(let subject, let whens, let otherwise, let position):
            let value = try evaluate(subject, at: position)
            var matched = false
            for (values, body) in whens {
                for candidate in values where try compare(value, "==", evaluate(candidate, at: position)) {
                    matched = true
                    try render(body, into: &output)
                }
            }
            if !matched { try render(otherwise, into: &output) }
        case .forLoop(let loop):
            try render(loop, into: &output)
        case .breakLoop:
            throw Interrupt.breakLoop
        case .continueLoop:
            throw Interrupt.continueLoop
        case .cycle(let group, let values):
            let key = try group.map { try evaluate($0, at: nil).renderedText } ?? values.map { "\($0)" }.joined(separator: ",")
            let index = cycles[key, default: 0]
            cycles[key] = index + 1
            if !values.isEmpty { output += try evaluate(values[index % values.count], at: nil).renderedText }
        case .increment(let name):
            let value = counters[name, default: 0]
            output += String(value)
            counters[name] = value + 1
        case .decrement(let name):
            let value = counters[name, default: 0] - 1
            output += String(value)
            counters[name] = value
        case .include(let tag):
            try include(tag, into: &output)
        case .unknown(_, _, let body, _):
            if let body { try render(body, into: &output) }
        case .hostTag(let name, let markup, let body, let position):
            do {
                output += try host.renderTag(named: name, markup: markup, body: body) { [self] in (try? lookup($0, [], at: position)) ?? .nil }
            } catch let error as LiquidError {
                throw error
            } catch {
                throw LiquidError("\(error)", at: position, include: includeName)
            }
        }
    }

    private func position(of node: LiquidNode) -> LiquidPosition? {
        switch node {
        case .output(_, let position), .assign(_, _, let position): position
        case .forLoop(let loop): loop.position
        case .include(let tag): tag.position
        default: nil
        }
    }

    func withScope<T>(_ scope: [String: LiquidValue], _ body: () throws -> T) throws -> T {
        scopes.insert(scope, at: 0)
        defer { scopes.removeFirst() }
        return try body()
    }

    // MARK: Loops

    private func render(_ loop: LiquidForLoop, into output: inout String) throws {
        let collection = try evaluate(loop.collection, at: loop.position)
        let offset = try loop.offset.map { try evaluate($0, at: loop.position).number } ?? .int(0)
        let start = max(0, offset.clampedInt)
        let limit = try loop.limit.map { max(0, try evaluate($0, at: loop.position).number.clampedInt) }
        var items: [LiquidValue]
        if case .range(let range) = collection {
            // A range is cut before it is made into items, so a huge one costs nothing until it runs.
            let low = range.lowerBound.addingReportingOverflow(start)
            let available = low.overflow || low.partialValue > range.upperBound ? 0 : range.upperBound - low.partialValue + 1
            let count = min(available, limit ?? available)
            guard iterations + count <= options.maximumIterations else {
                throw LiquidError("loops ran past \(options.maximumIterations) iterations", at: loop.position, include: includeName)
            }
            items = count == 0 ? [] : (low.partialValue...(low.partialValue + count - 1)).map { .int($0) }
        } else {
            items = collection.iterated
            items = start < items.count ? Array(items[start...]) : []
            if let limit { items = Array(items.prefix(limit)) }
        }
        if loop.reversed { items.reverse() }
        guard !items.isEmpty else { return try render(loop.otherwise, into: &output) }
        let parent = lookupInScopes("forloop")
        // Liquid names a loop by its variable and its collection as written (`item-site.data.items`).
        let name = LiquidValue.string(loop.variable + "-" + loop.collection.markup)
        scopes.insert([:], at: 0)
        defer { scopes.removeFirst() }
        for (index, item) in items.enumerated() {
            iterations += 1
            if iterations > options.maximumIterations {
                throw LiquidError("loops ran past \(options.maximumIterations) iterations", at: loop.position, include: includeName)
            }
            var forloop = LiquidHash()
            forloop["name"] = name
            forloop["length"] = .int(items.count)
            forloop["index"] = .int(index + 1)
            forloop["index0"] = .int(index)
            forloop["rindex"] = .int(items.count - index)
            forloop["rindex0"] = .int(items.count - index - 1)
            forloop["first"] = .bool(index == 0)
            forloop["last"] = .bool(index == items.count - 1)
            forloop["parentloop"] = parent ?? .nil
            scopes[0]["forloop"] = .hash(forloop)
            scopes[0][loop.variable] = item
            do {
                try render(loop.body, into: &output)
            } catch Interrupt.breakLoop {
                break
            } catch Interrupt.continueLoop {
                continue
            }
        }
    }

    // MARK: Includes

    private func include(_ tag: LiquidIncludeTag, into output: inout String) throws {
        var name = ""
        for part in tag.name {
            switch part {
            case .text(let text): name += text
            case .variable(let expression): name += try evaluate(expression, at: tag.position).renderedText
            }
        }
        guard includeDepth < options.maximumIncludeDepth else {
            throw LiquidError("includes nest deeper than \(options.maximumIncludeDepth) (does '\(name)' include itself?)", at: tag.position, include: includeName)
        }
        let key = (tag.isRelative ? "relative:" : "") + name
        let nodes: [LiquidNode]
        let parsed: LiquidTemplate?
        do {
            parsed = try host.parsedInclude(named: name, relative: tag.isRelative)
        } catch {
            throw LiquidError("\(error)", at: tag.position, include: includeName)
        }
        if let cached = includeCache[key] {
            nodes = cached
        } else if let parsed {
            nodes = parsed.nodes
        } else {
            let source: String?
            do {
                source = try host.includeSource(named: name, relative: tag.isRelative)
            } catch {
                throw LiquidError("\(error)", at: tag.position, include: includeName)
            }
            guard let source else {
                throw LiquidError("Could not locate the included file '\(name)' in \(tag.isRelative ? "the site" : "_includes/")", at: tag.position, include: includeName)
            }
            do {
                var parser = LiquidParser(tokens: try LiquidLexer(source: source).tokens(), hostTags: host.tagNames, hostBlockTags: host.blockTagNames,
                                           includeTags: host.includeTagNames)
                nodes = try parser.parse()
            } catch var error as LiquidError {
                error.include = error.include ?? name
                throw error
            }
            includeCache[key] = nodes
        }
        var parameters = LiquidHash()
        for (parameter, expression) in tag.parameters { parameters[parameter] = try evaluate(expression, at: tag.position) }
        scopes.insert(tag.parameters.isEmpty && !tag.isRelative ? [:] : ["include": .hash(parameters)], at: 0)
        let outerName = includeName
        includeDepth += 1
        includeName = name
        defer {
            scopes.removeFirst()
            includeDepth -= 1
            includeName = outerName
        }
        try render(nodes, into: &output)
    }

    // MARK: Expressions

    func evaluate(_ expression: LiquidFilteredExpression, at position: LiquidPosition?) throws -> LiquidValue {
        var value = try evaluate(expression.expression, at: position)
        for call in expression.filters {
            let arguments = try call.arguments.map { try evaluate($0, at: position) }
            var keywords = LiquidHash()
            for (key, argument) in call.keywordArguments { keywords[key] = try evaluate(argument, at: position) }
            let at = position ?? LiquidPosition(line: 1, column: 1)
            do {
                if let result = try host.filter(named: call.name, input: value, arguments: arguments, keywordArguments: keywords) {
                    value = result
                } else if let result = try LiquidFilters.apply(call.name, to: value, arguments: arguments, keywordArguments: keywords, renderer: self) {
                    value = result
                } else if options.strictFilters {
                    throw LiquidError("undefined filter \(call.name)", at: at, include: includeName)
                }
            } catch let error as LiquidError {
                throw error
            } catch let error as LiquidFilters.Failure {
                throw LiquidError(error.message, at: at, include: includeName)
            }
            // A value doubled in a loop (`append`, `concat`) would outgrow memory long before the output bound.
            switch value {
            case .string(let text) where text.utf8.count > options.maximumOutputBytes:
                throw LiquidError("the filter \(call.name) made a text over \(options.maximumOutputBytes >> 20) MiB", at: at, include: includeName)
            case .array(let items) where items.count > LiquidFilters.maximumRangeItems:
                throw LiquidError("the filter \(call.name) made a list of over \(LiquidFilters.maximumRangeItems) items", at: at, include: includeName)
            default: break
            }
        }
        return value
    }

    func evaluate(_ expression: LiquidExpression, at position: LiquidPosition?) throws -> LiquidValue {
        switch expression {
        case .literal(let value): return value
        case .empty, .blank: return .string("")
        case .range(let from, let to):
            // Clamped bounds keep a range's count within an Int.
            let low = try evaluate(from, at: position).number.clampedInt
            let high = try evaluate(to, at: position).number.clampedInt
            return high >= low ? .range(low...high) : .array([])
        case .variable(let name, let lookups):
            return try lookup(name, lookups, at: position)
        }
    }

    private func lookupInScopes(_ name: String) -> LiquidValue? {
        for scope in scopes { if let value = scope[name] { return value } }
        // `increment` and `decrement` counters are variables too, found after the scopes.
        return counters[name].map { .int($0) }
    }

    func lookup(_ name: String, _ lookups: [LiquidExpression.Lookup], at position: LiquidPosition?) throws -> LiquidValue {
        guard var value = lookupInScopes(name) else {
            if options.strictVariables { throw LiquidError("undefined variable \(name)", at: position ?? LiquidPosition(line: 1, column: 1), include: includeName) }
            return .nil
        }
        for step in lookups {
            let key: LiquidValue
            switch step {
            case .key(let name): key = .string(name)
            case .index(let expression): key = try evaluate(expression, at: position)
            }
            let isKeyLookup = if case .key = step { true } else { false }
            guard let next = Self.member(of: value, key, commands: isKeyLookup) else {
                if options.strictVariables { throw LiquidError("undefined variable \(key.renderedText)", at: position ?? LiquidPosition(line: 1, column: 1), include: includeName) }
                return .nil
            }
            value = next
        }
        return value
    }

    /// `a.b`, `a[0]`, `a["b"]`, and the commands `size`, `first` and `last`.
    static func member(of value: LiquidValue, _ key: LiquidValue, commands: Bool) -> LiquidValue? {
        switch (value, key) {
        case (.hash(let hash), .string(let name)):
            if let found = hash[name] { return found }
            return commands && name == "size" ? .int(hash.count) : nil
        case (.array(let items), .int(let index)):
            let at = index < 0 ? items.count + index : index
            return items.indices.contains(at) ? items[at] : nil
        case (.range(let range), .int(let index)):
            let at = index < 0 ? range.count + index : index
            return at >= 0 && at < range.count ? .int(range.lowerBound + at) : nil
        case (.array(let items), .string(let name)) where commands:
            switch name {
            case "size": return .int(items.count)
            case "first": return items.first
            case "last": return items.last
            default: return nil
            }
        case (.range(let range), .string(let name)) where commands:
            switch name {
            case "size": return .int(range.count)
            case "first": return .int(range.lowerBound)
            case "last": return .int(range.upperBound)
            default: return nil
            }
        case (.string(let text), .string("size")) where commands:
            return .int(text.count)
        default:
            return nil
        }
    }

    // MARK: Conditions

    func test(_ condition: LiquidCondition, at position: LiquidPosition?) throws -> Bool {
        switch condition {
        case .value(let expression):
            return try evaluate(expression, at: position).isTruthy
        case .comparison(let left, let op, let right):
            if case .empty = right {
                let empty = try evaluate(left, at: position).isEmpty
                return op == "==" ? empty : !empty
            }
            if case .blank = right {
                // Liquid 5 asks `blank?`, which plain Ruby values lack, so it compares with "".
                let blank = try evaluate(left, at: position) == .string("")
                return op == "==" ? blank : !blank
            }
            if case .empty = left {
                let empty = try evaluate(right, at: position).isEmpty
                return op == "==" ? empty : !empty
            }
            return try compare(evaluate(left, at: position), op, evaluate(right, at: position))
        case .and(let left, let right):
            return try test(left, at: position) && test(right, at: position)
        case .or(let left, let right):
            return try test(left, at: position) || test(right, at: position)
        }
    }

    func compare(_ left: LiquidValue, _ op: String, _ right: LiquidValue) throws -> Bool {
        switch op {
        case "==": return Self.equal(left, right)
        case "!=", "<>": return !Self.equal(left, right)
        case "contains":
            switch left {
            case .string(let text): return right == .nil ? false : text.contains(right.renderedText)
            case .array(let items): return items.contains { Self.equal($0, right) }
            case .hash(let hash): return hash[right.renderedText] != nil
            default: return false
            }
        default:
            let order: Bool?
            switch (left, right) {
            case (.int, .int), (.int, .double), (.double, .int), (.double, .double):
                let a = left.number.doubleValue, b = right.number.doubleValue
                order = op == "<" ? a < b : op == ">" ? a > b : op == "<=" ? a <= b : a >= b
            case (.string(let a), .string(let b)):
                order = op == "<" ? a < b : op == ">" ? a > b : op == "<=" ? a <= b : a >= b
            default:
                order = nil
            }
            return order ?? false
        }
    }

    static func equal(_ left: LiquidValue, _ right: LiquidValue) -> Bool {
        switch (left, right) {
        case (.int(let a), .double(let b)): Double(a) == b
        case (.double(let a), .int(let b)): a == Double(b)
        default: left == right
        }
    }
}
