import Foundation

/// One generator's way of making a site, as the loader needs it: how its config is read, which
/// bad values it builds without, how its languages and content are found, what it reads beside
/// its content. Each generator's answers live in its own folder (`JekyllOrigin`, `HugoOrigin`,
/// `ZolaOrigin`, `BlogpagerOrigin`); the loader asks these and never which generator it was.
protocol SiteOrigin: Sendable {
    var origin: SiteLayout.Origin { get }
    /// The config key that gives the site's public address, as this generator spells it.
    var addressKey: String { get }
    /// Whether the site was made for another generator: its files were made for that one, and
    /// where our generated files replace them, ours win; old list pages get `legacy-pages.yml`.
    var isImported: Bool { get }
    /// The kinds of bad config value this generator builds a site with, ignoring the value.
    var passedOverConfigValues: Set<ConfigValues.Kind> { get }
    /// Whether a YAML config may repeat a key, the last one winning (Jekyll's Psych).
    var configKeysMayRepeat: Bool { get }
    /// The extensions of content files (Hugo and Jekyll read `.html` ones too).
    var contentExtensions: Set<String> { get }
    /// Whether a file names its language in its name (`post.fr.md`).
    var namesLanguagesInFileNames: Bool { get }
    /// Whether an HTML file without front matter in the content folder is published as it is (Hugo).
    var publishesBareHTML: Bool { get }

    /// The config a setting belongs in where the site has none.
    func configToEdit(root: String?) -> String?
    /// The entries' folder below the content root, where URLs start (`posts` for `content/posts/`).
    func contentSection(of layout: SiteLayout) -> [String]
    /// The config's text as the generator reads it (Jekyll reads a file led by a byte-order mark in part).
    func configText(_ text: String, bytes: [UInt8], path: String) -> (text: String, warning: Diagnostic?)
    /// The settings of a site without a config file, as its generator builds it (nil: blogpager's defaults).
    func configWithoutFile(layout: SiteLayout) -> SiteConfigLoader.Loaded?
    /// Whether a `blogpager.yml` found beside the content applies to the site.
    var findsBlogpagerConfig: Bool { get }
    /// Whether a `templates/` folder beside the config holds blogpager's templates (not the old generator's theme).
    var readsTemplatesBesideConfig: Bool { get }
    /// The config's text (and a split config's other files) read into settings.
    func loadConfig(_ text: String, parts: [SiteConfigLoader.Part], loader: SiteConfigLoader) -> Result<SiteConfigLoader.Loaded, BuildFailure>
    /// The site's languages, from those the config declares; may mark the layout's folders with theirs.
    func languages(declared: [SiteLanguage], layout: inout SiteLayout, config: SiteConfig?, files: FileSystem) -> [SiteLanguage]
    /// Whether entries say their language in front matter rather than their file name.
    var languagesFromFrontMatter: Bool { get }
    /// The scan of the content, as this generator reads it.
    func configure(_ scanner: inout ContentScanner, layout: SiteLayout, config: SiteConfig?)
    /// What the site's templates read beside its pages (Jekyll's `_data/`, `_includes/` and `_layouts/`, its theme's
    /// under them, the theme found through `environment`).
    func liquidSources(layout: SiteLayout, config: SiteConfig, configFile: String?, configs: ConfigFiles, environment: [String: String], files: FileSystem,
                       log: inout DiagnosticLog, warnings: inout [Diagnostic]) -> LiquidSources?
    /// The site's stylesheets (Jekyll's Sass) compiled to CSS, each at its own place, and its theme's assets where the
    /// site has none of its own at their place (`siteFiles`); a stylesheet that does not compile is a warning.
    func stylesheets(_ sheets: [SourceFile], beside siteFiles: Set<OutputPath>, layout: SiteLayout, config: SiteConfig, liquid: LiquidSources?,
                     tools: StylesheetTools, files: FileSystem, warnings: inout [Diagnostic]) -> [StaticFile]
    /// Settings the content folder gives the blog (Zola's `_index.md`).
    func sectionSettings(layout: SiteLayout, config: inout SiteConfig, files: FileSystem, warnings: inout [Diagnostic])
    /// Whether the site's own layouts frame its pages, and then where its archive goes beside its own home page.
    func frame(_ config: inout SiteConfig, liquid: LiquidSources?, pages: [SourceFile])
}

/// Another generator's site, whose config is read field by field into our settings.
protocol GeneratorOrigin: SiteOrigin {
    /// The config's fields read into settings.
    func readConfig(_ fields: [FrontMatterField], into values: inout ConfigValues) -> SiteConfigLoader.Loaded
}

extension GeneratorOrigin {
    func loadConfig(_ text: String, parts: [SiteConfigLoader.Part], loader: SiteConfigLoader) -> Result<SiteConfigLoader.Loaded, BuildFailure> {
        loader.loadFields(text, parts: parts, as: self)
    }
}

extension SiteOrigin {
    var isImported: Bool { true }
    var passedOverConfigValues: Set<ConfigValues.Kind> { [.address] }
    var configKeysMayRepeat: Bool { false }
    var contentExtensions: Set<String> { ContentScanner.markdownExtensions }
    var namesLanguagesInFileNames: Bool { true }
    var publishesBareHTML: Bool { false }
    var findsBlogpagerConfig: Bool { true }
    var readsTemplatesBesideConfig: Bool { false }
    var languagesFromFrontMatter: Bool { false }

    func configToEdit(root: String?) -> String? { nil }
    func contentSection(of layout: SiteLayout) -> [String] { [] }
    func configText(_ text: String, bytes: [UInt8], path: String) -> (text: String, warning: Diagnostic?) { (text, nil) }
    func configWithoutFile(layout: SiteLayout) -> SiteConfigLoader.Loaded? { nil }
    func languages(declared: [SiteLanguage], layout: inout SiteLayout, config: SiteConfig?, files: FileSystem) -> [SiteLanguage] {
        declared.count < 2 ? [] : declared
    }
    func configure(_ scanner: inout ContentScanner, layout: SiteLayout, config: SiteConfig?) {}
    func liquidSources(layout: SiteLayout, config: SiteConfig, configFile: String?, configs: ConfigFiles, environment: [String: String], files: FileSystem,
                       log: inout DiagnosticLog, warnings: inout [Diagnostic]) -> LiquidSources? { nil }
    func sectionSettings(layout: SiteLayout, config: inout SiteConfig, files: FileSystem, warnings: inout [Diagnostic]) {}
    func frame(_ config: inout SiteConfig, liquid: LiquidSources?, pages: [SourceFile]) {}
    func stylesheets(_ sheets: [SourceFile], beside siteFiles: Set<OutputPath>, layout: SiteLayout, config: SiteConfig, liquid: LiquidSources?,
                     tools: StylesheetTools, files: FileSystem, warnings: inout [Diagnostic]) -> [StaticFile] { [] }

    /// The section folder below the content root that holds the entries, for the content-rooted generators.
    func contentFolderSection(of layout: SiteLayout) -> [String] {
        guard layout.root != nil, let contentRoot = layout.contentRoot, layout.contentFolder.hasPrefix(contentRoot + "/") else { return [] }
        return layout.contentFolder.dropFirst(contentRoot.count + 1).split(separator: "/").map(String.init)
    }
}

extension SiteLayout {
    /// The generator a site was made for.
    public enum Origin: String, Sendable, Equatable {
        case blogpager, jekyll = "Jekyll", hugo = "Hugo", zola = "Zola"

        /// That generator's rules.
        var rules: any SiteOrigin {
            switch self {
            case .blogpager: BlogpagerOrigin()
            case .jekyll: JekyllOrigin()
            case .hugo: HugoOrigin()
            case .zola: ZolaOrigin()
            }
        }

        /// The config key that gives the site's public address, as this generator spells it.
        public var addressKey: String { rules.addressKey }
    }
}
