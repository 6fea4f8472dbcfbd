/// The site split by language (`LanguageSplit`), each language's archive paged, its streams made,
/// its cursors checked, and the renderer that shows it; a site of one language is one part.
struct LanguageSites {
    /// One language's archive as it is rendered.
    struct Site {
        let part: LanguageSplit.Part
        let archive: Archive
        let streams: StreamSet
        let renderer: SiteRenderer
    }

    let split: LanguageSplit
    let sites: [Site]
    let assets: AssetFiles
    /// `legacy-pages.yml`, the first time: every language's old lists, the default's first.
    let createdLegacyPages: LegacyPages?

    init(_ checked: CheckedEntries, input: SiteInput, execution: any BuildExecution,
         log: inout DiagnosticLog, warnings: inout [Diagnostic]) throws(BuildFailure) {
        let config = input.config
        let split = LanguageSplit(entries: checked.sorted.elements, pages: checked.pages, config: config)
        for part in split.parts { CursorCheck.run(part.entries, log: &log) }
        do {
            assets = try AssetFiles(templates: input.templates, config: config)
        } catch {
            log.append(contentsOf: error.diagnostics)
            throw BuildFailure(log.sortedByLocation().diagnostics)
        }
        var created: LegacyPages?
        sites = split.parts.enumerated().map { [assets] number, part -> Site in
            let archive = split.parts.count == 1 ? Archive(sorted: checked.sorted, pageSize: config.pageSize)
                : Archive(newestFirst: part.entries, pageSize: part.config.pageSize)
            let streams = StreamSet(of: archive, config: part.config)
            // The menu's missing pages are told once.
            var partWarnings: [Diagnostic] = []
            let rendering = SiteConfig.withMenu(of: part.config, pages: checked.pages, configPath: input.configPath, warnings: &partWarnings)
            if number == 0 { warnings += partWarnings }
            let otherRoots = split.parts.indices.filter { $0 != number }.map { split.parts[$0].config.languageRoot }
            let legacy = LegacyPageRedirects(input: input, config: part.config).run(entries: archive.entries, streams: streams, root: part.config.languageRoot,
                                                                                    otherRoots: otherRoots, warnings: &warnings)
            if let made = legacy.created { created = LegacyPages(pages: (created?.pages ?? []) + made.pages) }
            let renderer = SiteRenderer(config: rendering, templates: input.templates, assetURLs: assets.urls, execution: execution,
                                        legacyPages: legacy.redirects, translations: split.translations)
            return Site(part: part, archive: archive, streams: streams, renderer: renderer)
        }
        self.split = split
        createdLegacyPages = created
    }

    /// The whole site's archive: the one language's, or every entry's across them.
    func wholeArchive(_ checked: CheckedEntries, config: SiteConfig) -> Archive {
        sites.count == 1 ? sites[0].archive : Archive(sorted: checked.sorted, pageSize: config.pageSize)
    }

    /// The taxonomies some language's entries use, in the config's order.
    func taxonomiesInUse(config: SiteConfig) -> [String] {
        let used = Set(sites.flatMap { $0.streams.taxonomies.map(\.taxonomy.key) })
        return config.taxonomies.map(\.key).filter(used.contains)
    }
}
