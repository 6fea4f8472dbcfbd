/// Where the site's own files go beside what the build makes: the static files (a bundle's with
/// its entry) and the pages checked against every generated path, and what of the static files
/// must be copied.
struct OutputPlacement {
    let staticFiles: [StaticFile]
    let pages: [StandalonePage]
    /// Each language's pages, as the check left them (an alias that was a page's own URL dropped).
    let pagesByLanguage: [[StandalonePage]]
    var copies: StaticFileCopies

    init(_ checked: CheckedEntries, languages: LanguageSites, input: SiteInput, copyLookup: StaticFileLookup?,
         log: inout DiagnosticLog, warnings: inout [Diagnostic]) {
        var staticFiles = input.staticFiles + BundleFiles.of(checked.published, resources: input.bundleResources, log: &log)
        var pages = checked.pages
        // Without static files or pages nothing can collide: no need to list every planned path.
        if !staticFiles.isEmpty || !pages.isEmpty {
            // Every language's paths; not the root page that leads to the default language, which gives way to the site's own.
            var generated = languages.sites.reduce(into: Set(languages.assets.files.map(\.path))) {
                $0.formUnion($1.renderer.plannedPaths($1.archive, streams: $1.streams))
            }
            // In the site's own face, its pages keep their URLs over our lists' indexes (its own `archive/`, `tags/`).
            if input.config.usesSiteLayouts {
                generated.subtract(languages.sites.flatMap { $0.renderer.listIndexPaths(streams: $0.streams) + $0.renderer.siteFeedPaths })
            }
            // The pages' old addresses are generated too, and with them `_redirects`.
            let pageAliases = pages.flatMap(\.redirectsFrom)
            let generatedWithPageAliases = pageAliases.isEmpty ? generated : generated.union(pageAliases + [SiteURLs.redirectsFile])
            let collisions = OutputCollisions(input: input)
            staticFiles = collisions.staticFiles(staticFiles, generated: generatedWithPageAliases, log: &log, warnings: &warnings)
            pages = collisions.pages(pages, generated: generated.union(staticFiles.map(\.path)), warnings: &warnings)
        }
        pagesByLanguage = languages.sites.count == 1 ? [pages] : languages.sites.indices.map { [pages] index in
            pages.filter { LanguageSplit.language(of: $0.source, frontMatter: nil, config: input.config) == index }
        }
        copies = StaticFileCopies(staticFiles, lookup: copyLookup, log: &log)
        self.staticFiles = staticFiles
        self.pages = pages
    }
}
