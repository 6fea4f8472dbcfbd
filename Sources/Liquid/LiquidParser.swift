/// Builds the node tree from a template's tokens, checking that blocks close as Liquid requires.
struct LiquidParser {
    private var tokens: [LiquidToken]
    private var index = 0
    /// Tags whose text the host renders itself, body included (`highlight … endhighlight`).
    let hostTags: Set<String>
    let hostBlockTags: Set<String>
    /// Tags a plugin adds that render as `include` does (jekyll-include-cache's `include_cached`).
    let includeTags: Set<String>
    private(set) var warnings: [LiquidError] = []
    /// How deep blocks nest: past `maximumDepth` the template is refused, so none runs the stack out.
    private var depth = 0
    static let maximumDepth = 100

    init(tokens: [LiquidToken], hostTags: Set<String> = [], hostBlockTags: Set<String> = [], includeTags: Set<String> = []) {
        self.tokens = tokens
        self.hostTags = hostTags
        self.hostBlockTags = hostBlockTags
        self.includeTags = includeTags
    }

    mutating func parse() throws -> [LiquidNode] {
        let (nodes, end) = try block(until: [])
        if let end { throw LiquidError("Unknown tag '\(end.name)'", at: end.position) }
        return nodes
    }

    private struct EndTag {
        var name: String
        var markup: String
        var position: LiquidPosition
    }

    private mutating func block(until ends: Set<String>, opener: (String, LiquidPosition)? = nil) throws -> ([LiquidNode], EndTag?) {
        if let opener, depth >= Self.maximumDepth {
            throw LiquidError("blocks nest more than \(Self.maximumDepth) deep here", at: opener.1)
        }
        depth += 1
        defer { depth -= 1 }
        var nodes: [LiquidNode] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .text(let text):
                nodes.append(.text(text))
            case .output(let markup, let position):
                var parser = LiquidMarkupParser(markup)
                nodes.append(.output(parser.filteredExpression(), position))
            case .tag(let name, let markup, let position):
                if ends.contains(name) { return (nodes, EndTag(name: name, markup: markup, position: position)) }
                if let node = try tag(name: name, markup: markup, at: position) { nodes.append(node) }
            }
        }
        if let opener { throw LiquidError("'\(opener.0)' tag was never closed", at: opener.1) }
        return (nodes, nil)
    }

    private mutating func tag(name: String, markup: String, at position: LiquidPosition) throws -> LiquidNode? {
        var parser = LiquidMarkupParser(markup)
        switch name {
        case "#":
            return nil
        case "assign":
            guard let equals = markup.firstIndex(of: "=") else { throw LiquidError("Syntax Error in 'assign' - Valid syntax: assign [var] = [source]", at: position) }
            let variable = String(markup[..<equals]).trimmingLiquidWhitespace
            var valueParser = LiquidMarkupParser(String(markup[markup.index(after: equals)...]))
            return .assign(variable, valueParser.filteredExpression(), position)
        case "capture":
            guard let variable = Self.captureVariable(markup) else { throw LiquidError("Syntax Error in 'capture' - Valid syntax: capture [var]", at: position) }
            let (body, _) = try block(until: ["endcapture"], opener: (name, position))
            return .capture(variable, body)
        case "if", "unless":
            var branches: [(LiquidCondition, [LiquidNode])] = []
            var condition = parser.condition()
            var otherwise: [LiquidNode] = []
            while true {
                let (body, end) = try block(until: ["elsif", "else", "end" + name], opener: (name, position))
                branches.append((condition, body))
                guard let end else { break }
                if end.name == "elsif" {
                    var elsif = LiquidMarkupParser(end.markup)
                    condition = elsif.condition()
                    continue
                }
                if end.name == "else" {
                    (otherwise, _) = try block(until: ["end" + name], opener: (name, position))
                }
                break
            }
            return .conditional(branches: branches, otherwise: otherwise, negatesFirst: name == "unless", position)
        case "case":
            let subject = parser.expression() ?? .literal(.nil)
            var whens: [([LiquidExpression], [LiquidNode])] = []
            var otherwise: [LiquidNode] = []
            var (_, end) = try block(until: ["when", "else", "endcase"], opener: (name, position))
            while let current = end, current.name != "endcase" {
                let (body, following) = try block(until: ["when", "else", "endcase"], opener: (name, position))
                if current.name == "when" {
                    var values: [LiquidExpression] = []
                    var whenParser = LiquidMarkupParser(current.markup)
                    while let value = whenParser.expression() {
                        values.append(value)
                        if !whenParser.consume(",") && !whenParser.consumeIdentifier("or") { break }
                    }
                    whens.append((values, body))
                } else {
                    otherwise = body
                }
                end = following
            }
            return .caseWhen(subject, whens: whens, otherwise: otherwise, position)
        case "for":
            guard let variable = parser.identifier(), parser.consumeIdentifier("in"), let collection = parser.expression() else {
                throw LiquidError("Syntax Error in 'for loop' - Valid syntax: for [item] in [collection]", at: position)
            }
            var loop = LiquidForLoop(variable: variable, collection: collection, reversed: false, body: [], otherwise: [], position: position)
            // Liquid reads `reversed` only right after the collection.
            loop.reversed = parser.consumeIdentifier("reversed")
            while !parser.isAtEnd {
                if let key = parser.identifier(), parser.consume(":") {
                    if key == "limit" { loop.limit = parser.expression() } else if key == "offset" { loop.offset = parser.expression() } else { _ = parser.expression() }
                    continue
                }
                _ = parser.next()
            }
            let (body, end) = try block(until: ["else", "endfor"], opener: (name, position))
            loop.body = body
            if end?.name == "else" { (loop.otherwise, _) = try block(until: ["endfor"], opener: (name, position)) }
            return .forLoop(loop)
        case "break": return .breakLoop
        case "continue": return .continueLoop
        case "cycle":
            var group: LiquidExpression?
            var values: [LiquidExpression] = []
            if let first = parser.expression() {
                if parser.consume(":") { group = first } else { values.append(first); _ = parser.consume(",") }
            }
            while let value = parser.expression() {
                values.append(value)
                if !parser.consume(",") { break }
            }
            return .cycle(group: group, values: values)
        case "increment", "decrement":
            let variable = parser.identifier() ?? markup
            return name == "increment" ? .increment(variable) : .decrement(variable)
        case "echo":
            return .output(parser.filteredExpression(), position)
        case "liquid":
            // One tag per line, without delimiters.
            var inner: [LiquidToken] = []
            for (offset, line) in markup.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let (lineName, lineMarkup) = LiquidLexer.split(tag: String(line))
                guard !lineName.isEmpty else { continue }
                inner.append(.tag(name: lineName, markup: lineMarkup, at: LiquidPosition(line: position.line + offset, column: position.column)))
            }
            var nested = LiquidParser(tokens: inner, hostTags: hostTags, hostBlockTags: hostBlockTags, includeTags: includeTags)
            let nodes = try nested.parse()
            warnings += nested.warnings
            return .conditional(branches: [(.value(.literal(.bool(true))), nodes)], otherwise: [], negatesFirst: false, position)
        case "include", "include_relative":
            return .include(try include(markup: markup, isRelative: name == "include_relative", at: position))
        case _ where includeTags.contains(name):
            return .include(try include(markup: markup, isRelative: false, at: position))
        default:
            if hostBlockTags.contains(name) {
                var body = ""
                while index < tokens.count {
                    let token = tokens[index]
                    index += 1
                    if case .tag("end" + name, _, _) = token { return .hostTag(name: name, markup: markup, body: body, position) }
                    body += Self.text(of: token)
                }
                throw LiquidError("'\(name)' tag was never closed", at: position)
            }
            if hostTags.contains(name) { return .hostTag(name: name, markup: markup, body: nil, position) }
            if name.hasPrefix("end") || ["else", "elsif", "when"].contains(name) {
                throw LiquidError("Unknown tag '\(name)'", at: position)
            }
            warnings.append(LiquidError("'\(name)' is a tag blogpager does not have (a plugin's?); it is left out", at: position))
            if hasEnd(for: name) {
                let (body, _) = try block(until: ["end" + name], opener: (name, position))
                return .unknown(name: name, markup: markup, body: body, position)
            }
            return .unknown(name: name, markup: markup, body: nil, position)
        }
    }

    /// Whether an unknown tag is a block: an `end<name>` follows it before the template ends.
    private func hasEnd(for name: String) -> Bool {
        tokens[index...].contains { if case .tag("end" + name, _, _) = $0 { true } else { false } }
    }

    private mutating func include(markup: String, isRelative: Bool, at position: LiquidPosition) throws -> LiquidIncludeTag {
        // The name runs to the first blank outside `{{ }}`; parameters follow as key=value.
        var nameText = ""
        var rest = Substring(markup)
        var depth = 0
        while let character = rest.first {
            if depth == 0 && character.isLiquidWhitespace { break }
            if rest.hasPrefix("{{") { depth += 1 } else if rest.hasPrefix("}}") { depth = max(0, depth - 1) }
            nameText.append(character)
            rest = rest.dropFirst()
        }
        guard !nameText.isEmpty else { throw LiquidError("Syntax Error in 'include' - a file name is needed", at: position) }
        var parts: [LiquidIncludeTag.NamePart] = []
        var remaining = Substring(nameText)
        while let open = remaining.range(of: "{{") {
            if open.lowerBound > remaining.startIndex { parts.append(.text(String(remaining[..<open.lowerBound]))) }
            let close = remaining.range(of: "}}", range: open.upperBound..<remaining.endIndex)
            let inner = String(remaining[open.upperBound..<(close?.lowerBound ?? remaining.endIndex)])
            var parser = LiquidMarkupParser(inner)
            parts.append(.variable(parser.filteredExpression()))
            remaining = close.map { remaining[$0.upperBound...] } ?? ""
        }
        if !remaining.isEmpty { parts.append(.text(String(remaining))) }
        var parameters: [(String, LiquidFilteredExpression)] = []
        let pattern = #/([\w-]+)\s*=\s*("[^"]*"|'[^']*'|[\w\.\-\[\]"']+)/#
        for match in rest.matches(of: pattern) {
            var parser = LiquidMarkupParser(String(match.output.2))
            parameters.append((String(match.output.1), parser.filteredExpression()))
        }
        return LiquidIncludeTag(name: parts, parameters: parameters, isRelative: isRelative, position: position)
    }

    /// The variable a `capture` names, found as ruby-liquid finds it: the first run of name
    /// characters anywhere in its markup (`{% capture /dev/null %}` captures into `dev`).
    static func captureVariable(_ markup: String) -> String? {
        markup.firstMatch(of: #/(?:\(?[\w\-.\[\]]\)?)+/#.asciiOnlyWordCharacters()).map { String($0.output) }
    }

    private static func text(of token: LiquidToken) -> String {
        switch token {
        case .text(let text): text
        case .output(let markup, _): "{{ \(markup) }}"
        case .tag(let name, let markup, _): "{% \(name) \(markup) %}"
        }
    }
}
