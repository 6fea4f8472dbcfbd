/// Hugo 0.168's way of making a site, as the loader needs it.
struct HugoOrigin: GeneratorOrigin {
    var origin: SiteLayout.Origin { .hugo }
    var addressKey: String { "baseURL" }
    var contentExtensions: Set<String> { ContentScanner.markdownExtensions.union(HTMLContentRenderer.extensions) }
    /// Hugo publishes an HTML file without front matter in its content as it is.
    var publishesBareHTML: Bool { true }

    func contentSection(of layout: SiteLayout) -> [String] { contentFolderSection(of: layout) }

    func readConfig(_ fields: [FrontMatterField], into values: inout ConfigValues) -> SiteConfigLoader.Loaded {
        SiteConfigLoader.Loaded(config: HugoConfigReader().read(fields, into: &values))
    }
}

extension ReadingRules {
    /// How Hugo 0.168 reads content: shortcodes, Go's `draft` text, pages without front matter, undated pages as the year 1's.
    static let hugo: ReadingRules = {
        var rules = ReadingRules()
        rules.untitledEntries = .fileName
        rules.templateSyntax = .hugo
        rules.passesOverNonTextTerms = true
        rules.draftFlag = .booleanOrGoText
        rules.pagesMayLackFrontMatter = true
        rules.keepsLastOfSharedURL = true
        rules.keepsFirstOfSharedAlias = true
        rules.undatedEntries = .pagesAsHugo
        rules.leavesUnresolvedFileLinks = true
        return rules
    }()
}
