/// The check stage: the published entries' URLs checked, the pages read, the links between
/// entries and pages resolved and checked, and the entries sorted newest first.
struct CheckedEntries {
    /// The published entries, newest first.
    let sorted: SortedList<Entry>
    let published: [Entry]
    let pages: [StandalonePage]
    let links: EntryLinks
    /// A Jekyll site's `_includes/`, by name (none for another site).
    let liquidIncludes: [String: LiquidInclude]

    init(_ read: EntryReading.Read, selection: Selection, input: SiteInput, log: inout DiagnosticLog, warnings: inout [Diagnostic]) {
        let config = input.config
        published = URLCheck(config: config).run(selection.published, log: &log, warnings: &warnings)
        // Pages are read first: an entry may link one (`@/about.md`).
        pages = PageReading.run(input.pages + read.bareSources, config: config, log: &log)
        // A Jekyll site's pages' Liquid may link posts too (`{% post_url %}`).
        let pageReferences = ReferenceCheck.liquidReferences(of: pages, config: config, log: &log)
        links = EntryLinks(entries: published, section: config.contentSection, pages: pages, home: SiteURLs(config: config).home,
                           // jekyll-relative-links: any page may link another by its file.
                           pagesLink: config.plugins.contains(JekyllGemfile.relativeLinks)
                               || pageReferences.contains { $0.references.contains { if case .link = $0.kind { true } else { false } } },
                           defaultLanguage: config.languages.first?.code)
        liquidIncludes = input.liquid.map { LiquidInclude.all(of: $0, config: config) } ?? [:]
        ReferenceCheck(links: links, section: config.contentSection, leavesFileLinks: config.reading.leavesUnresolvedFileLinks, templates: input.templates,
                       includes: liquidIncludes, includesFolder: input.liquid.map { "\($0.root)/\(LiquidSources.includesFolder)" } ?? LiquidSources.includesFolder)
            .run(published.map { ($0.source, $0.references) } + pageReferences, log: &log, warnings: &warnings)
        sorted = SortedList(published) { Cursor.newestFirst($0.cursor, $1.cursor) }
    }
}
