import Foundation

/// The pipeline, step by step: read, select (drafts, future, expired), check (URLs, links,
/// cursors, collisions), sort, split by language (`LanguageSplit`), then for each language
/// paginate, plan, render. It takes a `SiteInput` (and what the last
/// build may lend it: the entry cache and the `ReuseLookup`, being made beside it) and gives files
/// to `emit`; it reads through the input's `FileSystem`, holds what a large archive needs through
/// the options' `BuildExecution`, and never writes an output: that is `OutputSession`'s job.
public struct SiteBuilder: Sendable {
    public init() {}

    /// Builds a site and returns every file with it, sorted by path: for
    /// callers that want the whole site as a value (tests, small sites).
    /// Entries found unchanged in `cache` are not read again.
    public func build(_ input: SiteInput, options: BuildOptions, cache: EntryCache = EntryCache()) async throws(BuildFailure) -> SiteBuild {
        var files: [OutputFile] = []
        var site = try await build(input, options: options, cache: cache) { (batch: OutputBatch) throws(BuildFailure) in files += batch.files }
        site.files = files.sorted { $0.path < $1.path }
        return site
    }

    /// Builds a site, handing its files to `emit` a batch at a time as they are
    /// rendered (see `SiteRenderer.render`), so no build holds all its pages.
    /// `emit` is first called only once the whole input is known to be good.
    /// With `reuse` (what the last build made, looked up beside the build), outputs
    /// whose keys are unchanged are kept, not rendered again; with `copies`, so
    /// are the copies of static files whose sources are unchanged.
    /// The last build's entries (`cache`) are let go once the changed sources are read: those
    /// kept are copies that name the sources found now, and the next cache needs only their lines.
    public func build(_ input: SiteInput, options: BuildOptions, cache: consuming EntryCache = EntryCache(), reuse: ReuseLookup.Pending? = nil,
                      copies copyLookup: StaticFileLookup? = nil,
                      emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> SiteBuild {
        // Every problem of every kind in one run: what read well is checked even where the rest did not.
        var problems = DiagnosticLog(), warnings = input.warnings
        let config = input.config
        let highlighter = config.highlightsCode ? options.highlighter : nil
        let read = EntryReading(input: input, program: options.program, execution: options.execution, now: options.now)
            .run(cache: cache, highlighter: highlighter, log: &problems, warnings: &warnings)
        let record = cache.record
        cache = EntryCache()
        // The next build's entry cache is made beside the rest of this one.
        async let newCache = EntryCache(key: read.cacheKey, entries: read.entries, lines: read.lines, record: record)
        let selection = Selection(read.entries, options: options, config: config)
        let published = URLCheck(config: config).run(selection.published, log: &problems, warnings: &warnings)
        // Pages are read first: an entry may link one (`@/about.md`).
        var pages = PageReading.run(input.pages + read.bareSources, config: config, log: &problems)
        // A Jekyll site's pages' Liquid may link posts too (`{% post_url %}`).
        let pageReferences = ReferenceCheck.liquidReferences(of: pages, config: config, log: &problems)
        let links = EntryLinks(entries: published, section: config.contentSection, pages: pages, home: SiteURLs(config: config).home,
                               pagesLink: pageReferences.contains { $0.references.contains { if case .link = $0.kind { true } else { false } } },
                               defaultLanguage: config.languages.first?.code)
        let liquidIncludes = input.liquid.map(LiquidInclude.all(of:)) ?? [:]
        ReferenceCheck(links: links, section: config.contentSection, leavesFileLinks: config.leavesUnresolvedFileLinks, templates: input.templates,
                       includes: liquidIncludes, includesFolder: input.liquid.map { "\($0.root)/\(LiquidSources.includesFolder)" } ?? LiquidSources.includesFolder)
            .run(published.map { ($0.source, $0.references) } + pageReferences,
                 log: &problems, warnings: &warnings)
        let sorted = SortedList(published) { Cursor.newestFirst($0.cursor, $1.cursor) }
        // Each language its own archive, at its root; a site of one language is one part, the site itself.
        let split = LanguageSplit(entries: sorted.elements, pages: pages, config: config)
        for part in split.parts { CursorCheck.run(part.entries, log: &problems) }
        let assets: AssetFiles
        do {
            assets = try AssetFiles(templates: input.templates, config: config)
        } catch {
            problems.append(contentsOf: error.diagnostics)
            throw BuildFailure(problems.sortedByLocation().diagnostics)
        }
        var legacyCreated: LegacyPages?
        var languages = split.parts.enumerated().map { number, part -> LanguageSite in
            let archive = split.parts.count == 1 ? Archive(sorted: sorted, pageSize: config.pageSize) : Archive(newestFirst: part.entries, pageSize: part.config.pageSize)
            let streams = StreamSet(of: archive, config: part.config)
            // The menu's missing pages are told once.
            var partWarnings: [Diagnostic] = []
            let rendering = Self.withMenu(of: part.config, pages: pages, configPath: input.configPath, warnings: &partWarnings)
            if number == 0 { warnings += partWarnings }
            let otherRoots = split.parts.indices.filter { $0 != number }.map { split.parts[$0].config.languageRoot }
            let legacy = LegacyPageRedirects(input: input, config: part.config).run(entries: archive.entries, streams: streams, root: part.config.languageRoot,
                                                                                    otherRoots: otherRoots, warnings: &warnings)
            // `legacy-pages.yml`, the first time: every language's old lists, the default's first.
            if let created = legacy.created { legacyCreated = LegacyPages(pages: (legacyCreated?.pages ?? []) + created.pages) }
            let renderer = SiteRenderer(config: rendering, templates: input.templates, assetURLs: assets.urls, execution: options.execution,
                                        legacyPages: legacy.redirects, translations: split.translations)
            return LanguageSite(part: part, archive: archive, streams: streams, renderer: renderer)
        }
        var staticFiles = input.staticFiles + BundleFiles.of(published, resources: input.bundleResources, log: &problems)
        // Without static files or pages nothing can collide: no need to list every planned path.
        if !staticFiles.isEmpty || !pages.isEmpty {
            // Every language's paths; not the root page that leads to the default language, which gives way to the site's own.
            let generated = languages.reduce(into: Set(assets.files.map(\.path))) { $0.formUnion($1.renderer.plannedPaths($1.archive, streams: $1.streams)) }
            // The pages' old addresses are generated too, and with them `_redirects`.
            let pageAliases = pages.flatMap(\.redirectsFrom)
            let generatedWithPageAliases = pageAliases.isEmpty ? generated : generated.union(pageAliases + [SiteURLs.redirectsFile])
            let collisions = OutputCollisions(input: input)
            staticFiles = collisions.staticFiles(staticFiles, generated: generatedWithPageAliases, log: &problems, warnings: &warnings)
            pages = collisions.pages(pages, generated: generated.union(staticFiles.map(\.path)), warnings: &warnings)
            // Each language's pages as the check left them (an alias that was a page's own URL dropped).
            for index in languages.indices {
                languages[index].part.pages = languages.count == 1 ? pages
                    : pages.filter { LanguageSplit.language(of: $0.source, frontMatter: nil, config: config) == index }
            }
        }
        var copies = StaticFileCopies(staticFiles, lookup: copyLookup, log: &problems)
        try problems.sortedByLocation().throwIfErrors()
        // Which highlighter runs (its version, or none) is part of every body: another one makes them again.
        // A site of several languages: the site's config, every language in it, keys them all.
        var toldAlready: [Diagnostic] = []
        let keyed = split.parts.count == 1 ? languages[0].renderer.config : Self.withMenu(of: config, pages: pages, configPath: nil, warnings: &toldAlready)
        let generation = RenderKeys.generation(program: options.program, config: keyed,
                                               templates: input.templates, assetURLs: assets.urls,
                                               taxonomiesInUse: Self.taxonomiesInUse(languages.map(\.streams), config: config),
                                               highlighter: highlighter?.identity() ?? "plain")
        let imageSizes = ImageSizes(copies.imageSizes, basePath: config.basePath)
        var bodies = BodyRenderer(config: config, links: links, imageSizes: imageSizes, shortcodes: input.templates, highlighter: highlighter,
                                  liquid: Self.liquid(input, includes: liquidIncludes, links: links, posts: sorted.elements, pages: pages,
                                                      staticFiles: staticFiles, imageSizes: imageSizes, highlighter: highlighter, now: options.now))
        let pendingReuse = reuse?.matching(generation: generation)
        let plans = languages.map { $0.renderer.plan($0.archive, streams: $0.streams, reuse: pendingReuse, links: links, images: imageSizes, liquid: bodies.liquid) }
        // A template's error found only as it renders (a self-including include) is found before anything is written.
        bodies.renderedLiquid = LiquidRenderCheck(bodies: bodies).run(zip(plans, languages).flatMap { plan, site in plan.toRead.map { site.archive.entries[$0] } },
                                                                      pages: pages, log: &problems)
        try problems.sortedByLocation().throwIfErrors()
        // Assets and static files first: pages link them.
        try await emit(OutputBatch(files: assets.files + copies.written, kept: copies.kept))
        copies.written = []
        var index: CursorIndex?
        var slots: [RenderedSlots.Slot] = []
        var bodiesRendered = 0
        var redirectLines: [String] = []
        var sitemapFolders: [String] = []
        for (site, plan) in zip(languages, plans) {
            let rendered = try await site.renderer.render(plan, pages: site.part.pages, bodies: bodies, emit: emit)
            index = index ?? rendered.index
            slots += rendered.slots
            bodiesRendered += rendered.bodiesRendered
            redirectLines += rendered.redirectLines
            sitemapFolders += rendered.sitemapFolder.map { [$0] } ?? []
        }
        if split.parts.count > 1 {
            // The files of the whole site: one `_redirects`, the index of the languages' sitemaps, and
            // where no language is at the root, a page there that leads to the default one's, as Hugo's does.
            var files = SiteRenderer.redirectsFile(redirectLines).map { [$0] } ?? []
            if let origin = SiteURLs(config: config).origin, !sitemapFolders.isEmpty {
                files.append(OutputFile(path: OutputPath(literal: "sitemap.xml"), bytes: Sitemap.index(naming: sitemapFolders.map { origin + config.basePath + "/" + $0 + "sitemap.xml" })))
            }
            if let root = Self.rootRedirect(split), !pages.contains(where: { $0.outputPath == root.path }), !staticFiles.contains(where: { $0.path == root.path }) {
                files.append(OutputFile(path: root.path, text: input.templates.render("redirect", ["site": plans[0].context.site, "title": root.title,
                                                                                                  "target": SiteURLs(config: config).absolute(root.target) ?? root.target])))
            }
            try await emit(OutputBatch(files: files))
        }
        if !SiteRenderer.writesFeeds(config) {
            warnings.append(.warning(
                at: SourceLocation(path: input.configPath ?? input.configToEdit),
                "no \(input.addressKey), so feed.xml, feed.json and sitemap.xml were not written (they need absolute URLs); set \(input.addressKey) to the site's public address, such as https://example.org/"))
        }
        let whole = split.parts.count == 1 ? languages[0].archive : Archive(sorted: sorted, pageSize: config.pageSize)
        var built = SiteBuild(
            files: [], index: index!, archive: whole, warnings: warnings,
            skippedDrafts: selection.drafts.count, skippedFuture: selection.future.count, skippedExpired: selection.expired.count,
            standalonePages: input.pageCount + read.bareSources.count, entryCache: await newCache, entriesRead: read.readCount,
            nextPublication: selection.nextPublication, bodiesRendered: bodiesRendered, createdLegacyPages: legacyCreated,
            rendered: RenderedSlots(generation: generation, slots: slots), copied: copies.copied)
        built.archivePages = languages.reduce(0) { $0 + $1.archive.pages.count }
        built.languages = split.parts.compactMap(\.language?.code)
        return built
    }

    /// The taxonomies some language's entries use, in the config's order.
    private static func taxonomiesInUse(_ streams: [StreamSet], config: SiteConfig) -> [String] {
        let used = Set(streams.flatMap { $0.taxonomies.map(\.taxonomy.key) })
        return config.taxonomies.map(\.key).filter(used.contains)
    }

    /// One language's archive as it is rendered.
    private struct LanguageSite {
        var part: LanguageSplit.Part
        let archive: Archive
        let streams: StreamSet
        let renderer: SiteRenderer
    }

    /// Where no language is at the site's root (Hugo's `defaultContentLanguageInSubdir`, a Jekyll
    /// site's language folders), the page there that leads to the default language's archive.
    private static func rootRedirect(_ split: LanguageSplit) -> (path: OutputPath, target: String, title: String)? {
        guard split.parts.count > 1, !split.parts.contains(where: { $0.config.languageRoot.isEmpty }) else { return nil }
        let first = split.parts[0].config
        return (OutputPath(literal: "index.html"), SiteURLs(config: first).home, first.title)
    }

    /// A Jekyll site's Liquid, its `site` object listing the posts newest first; a post's `content`
    /// there is its body rendered with a Liquid of its own, in which posts have none.
    private static func liquid(_ input: SiteInput, includes: [String: LiquidInclude], links: EntryLinks, posts: [Entry], pages: [StandalonePage],
                               staticFiles: [StaticFile], imageSizes: ImageSizes, highlighter: CodeHighlighter?, now: Date) -> LiquidSite? {
        guard let sources = input.liquid else { return nil }
        let config = input.config
        let inner = LiquidSite(config: config, sources: sources, includes: includes, links: links, posts: posts, pages: pages, staticFiles: staticFiles, now: now)
        let innerBodies = BodyRenderer(config: config, links: links, imageSizes: imageSizes, shortcodes: input.templates, highlighter: highlighter, liquid: inner)
        return LiquidSite(config: config, sources: sources, includes: includes, links: links, posts: posts, pages: pages, staticFiles: staticFiles, now: now) {
            try? innerBodies.body(of: $0).get()
        }
    }

    /// The config every page is rendered with: its menu's pages are known once pages are read, and it
    /// names their URLs; a file the menu names that is no page built here is left out, with a warning.
    private static func withMenu(of config: SiteConfig, pages: [StandalonePage], configPath: String?, warnings: inout [Diagnostic]) -> SiteConfig {
        let menu = config.menu.resolved(pages: pages)
        for file in menu.missing {
            warnings.append(.warning(at: SourceLocation(path: configPath ?? SiteLoader.configFileName),
                                     "the menu names '\(file)', which is not a Markdown page of this site; it is left out of the navigation"))
        }
        var rendering = config
        rendering.menu = menu.menu
        return rendering
    }
}
