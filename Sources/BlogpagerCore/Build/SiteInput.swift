/// Everything a build reads, already in memory: a site as a value.
public struct SiteInput: Sendable {
    public var config: SiteConfig
    public var templates: TemplateSet
    /// Markdown sources, in any order.
    public var sources: [SourceFile]
    /// Files copied as they are (from `content/static/`), by output path.
    public var staticFiles: [OutputFile]

    public init(config: SiteConfig, templates: TemplateSet, sources: [SourceFile], staticFiles: [OutputFile] = []) {
        self.config = config
        self.templates = templates
        self.sources = sources
        self.staticFiles = staticFiles
    }
}
