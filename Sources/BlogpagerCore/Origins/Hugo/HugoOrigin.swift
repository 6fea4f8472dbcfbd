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
