/// Zola 0.21's way of making a site, as the loader needs it.
struct ZolaOrigin: GeneratorOrigin {
    var origin: SiteLayout.Origin { .zola }
    var addressKey: String { "base_url" }

    func contentSection(of layout: SiteLayout) -> [String] { contentFolderSection(of: layout) }

    func readConfig(_ fields: [FrontMatterField], into values: inout ConfigValues) -> SiteConfigLoader.Loaded {
        SiteConfigLoader.Loaded(config: ZolaConfigReader().read(fields, into: &values))
    }

    /// Zola pages a section by its `_index.md`: its title, its pages' size.
    func sectionSettings(layout: SiteLayout, config: inout SiteConfig, files: FileSystem, warnings: inout [Diagnostic]) {
        let index = layout.contentFolder + "/_index.md"
        guard files.item(at: index) != nil else { return }
        let source = SourceFile(displayPath: index, relativePath: "_index.md", filePath: index, identity: "", in: files)
        switch FrontMatterReader(config: config).fields(source) {
        case .success(let fields): ZolaConfigReader.applySection(fields, to: &config)
        case .failure(let failure):
            // The section's own settings only: the build goes on without them.
            warnings += failure.diagnostics.map { .warning(at: $0.location, $0.message + "; the section's settings in it are not read") }
        }
    }
}

extension ReadingRules {
    /// How Zola 0.21 reads content: its shortcodes, undated pages left out of its lists.
    static let zola: ReadingRules = {
        var rules = ReadingRules()
        rules.untitledEntries = .fileName
        rules.templateSyntax = .zola
        rules.leavesUnresolvedFileLinks = true
        rules.undatedEntries = .pagesAsZola
        return rules
    }()
}
