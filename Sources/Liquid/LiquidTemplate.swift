/// A parsed template, ready to render with a page's variables. Parsing once and rendering many times is
/// the intended use (an include read by a hundred pages is parsed once per build).
public struct LiquidTemplate: Sendable {
    let nodes: [LiquidNode]
    /// What parsing noticed without refusing the template: tags from plugins we do not have.
    public let warnings: [LiquidError]

    /// Parses `source`; `hostTags` are tags the host renders (`post_url`), `hostBlockTags` those with
    /// a body it renders as written (`highlight`), `includeTags` a plugin's that render as `include`.
    public init(source: String, hostTags: Set<String> = [], hostBlockTags: Set<String> = [], includeTags: Set<String> = []) throws {
        let tokens = try LiquidLexer(source: source).tokens()
        var parser = LiquidParser(tokens: tokens, hostTags: hostTags, hostBlockTags: hostBlockTags, includeTags: includeTags)
        nodes = try parser.parse()
        warnings = parser.warnings
    }

    /// What it reads from outside itself (variables, includes, host tags), found without rendering it.
    public var uses: LiquidUses { LiquidUses(nodes) }

    /// Renders with `variables` at the outermost scope; `host` supplies includes, its filters and tags.
    public func render(_ variables: LiquidHash, host: any LiquidHost = LiquidNoHost(), options: LiquidOptions = LiquidOptions()) throws -> String {
        let renderer = LiquidRenderer(host: host, options: options, globals: variables)
        var output = ""
        try renderer.render(nodes, into: &output)
        return output
    }
}

/// What the template's surroundings supply: include files, and the filters and tags of the generator.
public protocol LiquidHost: Sendable {
    /// The text of an include, or nil when there is none by that name. Throws when the name is refused.
    func includeSource(named name: String, relative: Bool) throws -> String?
    /// An include the host has parsed already (each of a site's, once a build), or nil to have its source parsed here.
    /// Throws when the name is refused.
    func parsedInclude(named name: String, relative: Bool) throws -> LiquidTemplate?
    /// A filter of the host's, or nil when it has none by that name.
    func filter(named name: String, input: LiquidValue, arguments: [LiquidValue], keywordArguments: LiquidHash) throws -> LiquidValue?
    /// A host tag's output; `variable` looks a name up in the template's scopes.
    func renderTag(named name: String, markup: String, body: String?, variable: (String) -> LiquidValue) throws -> String
    /// The tags it renders, as `LiquidTemplate(source:hostTags:hostBlockTags:)` takes them: its includes are parsed with them.
    var tagNames: Set<String> { get }
    var blockTagNames: Set<String> { get }
    var includeTagNames: Set<String> { get }
}

extension LiquidHost {
    public func parsedInclude(named name: String, relative: Bool) throws -> LiquidTemplate? { nil }
    public var tagNames: Set<String> { [] }
    public var blockTagNames: Set<String> { [] }
    public var includeTagNames: Set<String> { [] }
}

public struct LiquidNoHost: LiquidHost {
    public init() {}
    public func includeSource(named name: String, relative: Bool) throws -> String? { nil }
    public func filter(named name: String, input: LiquidValue, arguments: [LiquidValue], keywordArguments: LiquidHash) throws -> LiquidValue? { nil }
    public func renderTag(named name: String, markup: String, body: String?, variable: (String) -> LiquidValue) throws -> String { "" }
}

/// A site's `liquid:` settings, and the bounds that keep a hostile template from hanging a build.
public struct LiquidOptions: Sendable {
    public var strictVariables = false
    public var strictFilters = false
    public var maximumIncludeDepth = 50
    public var maximumIterations = 1_000_000
    public var maximumOutputBytes = 64 << 20

    public init(strictVariables: Bool = false, strictFilters: Bool = false, maximumIterations: Int = 1_000_000) {
        self.strictVariables = strictVariables
        self.strictFilters = strictFilters
        self.maximumIterations = maximumIterations
    }
}
