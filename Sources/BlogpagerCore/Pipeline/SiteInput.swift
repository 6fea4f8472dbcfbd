/// Everything a build reads, already in memory: a site as a value.
public struct SiteInput: Sendable {
    public var config: SiteConfig
    public var templates: TemplateSet
    /// Markdown sources, in any order.
    public var sources: [SourceFile]
    /// Files copied as they are (from `content/static/`, a site's `static/` or a Jekyll root), by output path.
    public var staticFiles: [StaticFile]
    /// `legacy-pages.yml`: where it is (nil when the site has none to keep), and what it says if it exists.
    public var legacyPagesPath: String?
    public var legacyPages: LegacyPages?
    /// Whether a static file at a path blogpager writes itself is left out with a warning (an
    /// imported site's old `sitemap.xml` or `feed.xml`) rather than an error (a file put in `content/static/` on purpose).
    public var generatedFilesWin = false
    /// Problems found while gathering the input (unreadable files); reported
    /// together with the entries' own, so one run shows them all.
    public var diagnostics: [Diagnostic]
    /// The config file read, if any: where warnings about settings point.
    public var configPath: String?
    /// Where a setting goes when the site has no config (`SiteLayout.configToEdit`), and the key its address takes.
    public var configToEdit = SiteLoader.configFileName
    public var addressKey = "base_url"
    /// Findings about the input that do not stop the build (config keys not honoured yet).
    public var warnings: [Diagnostic] = []
    /// Pages found beside the entries, built or not (a Jekyll site's Liquid pages are not).
    public var pageCount = 0
    /// Markdown pages beside the entries (`about.md`), built as standalone pages.
    public var pages: [SourceFile] = []
    /// A Jekyll site's `_data/`, `_includes/` and config as its Liquid reads them.
    public var liquid: LiquidSources?
    /// Each page bundle's files, by the bundle's folder below the content folder.
    public var bundleResources: [String: [BundleResource]] = [:]

    public init(
        config: SiteConfig, templates: TemplateSet, sources: [SourceFile],
        staticFiles: [StaticFile] = [], diagnostics: [Diagnostic] = [], configPath: String? = nil
    ) {
        self.configPath = configPath
        self.config = config
        self.templates = templates
        self.sources = sources
        self.staticFiles = staticFiles
        self.diagnostics = diagnostics
    }
}
