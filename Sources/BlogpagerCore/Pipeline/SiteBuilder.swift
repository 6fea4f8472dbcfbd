import Foundation

/// The pipeline, step by step: read every entry, leave out drafts and future
/// entries, check identities, sort, cut into pages, render, index. Pure: it
/// takes a `SiteInput` (and what the last build may lend it: the entry cache
/// and the `ReuseLookup`, being made beside it) and gives files; it never
/// touches the disk beyond reading the sources, and writing is `OutputSession`'s job.
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
        // Every problem of every kind in one run: the entries that read well are checked
        // (URLs, order, static files) even when others did not, and all is reported at once.
        var problems = DiagnosticLog()
        var warnings = input.warnings
        let (entries, lines, bareSources, cacheKey, readCount) = readEntries(input, cache: cache, program: options.program, execution: options.execution,
                                                                highlighter: input.config.highlightsCode ? options.highlighter : nil,
                                                                log: &problems, warnings: &warnings)
        let record = cache.record
        cache = EntryCache()
        // The next build's entry cache is made beside the rest of this one.
        async let newCache = EntryCache(key: cacheKey, entries: entries, lines: lines, record: record)
        let now = EntryDate(epochSeconds: Int64(options.now.timeIntervalSince1970.rounded(.down)))
        let config = input.config
        let isLeftOutDraft = { (entry: Entry) in entry.isDraft && !options.includeDrafts && !config.buildsDrafts }
        let isLeftOutFuture = { (entry: Entry) in entry.date.isAfter(now) && !options.includeFuture && !config.buildsFuture }
        // Hugo's `expiryDate`: from that instant on, the entry is no longer published.
        let isExpired = { (entry: Entry) in !config.buildsExpired && (entry.expires.map { !$0.isAfter(now) } ?? false) }
        let drafts = entries.filter(isLeftOutDraft)
        let future = entries.filter { !isLeftOutDraft($0) && isLeftOutFuture($0) }
        let expired = entries.filter { !isLeftOutDraft($0) && !isLeftOutFuture($0) && isExpired($0) }
        var published = entries.filter { !isLeftOutDraft($0) && !isLeftOutFuture($0) && !isExpired($0) }
        if config.keepsLastOfSharedURL { published = keepingLastOfSharedURLs(published, warnings: &warnings) }
        published = checkUniqueURLs(published, keepsFirstOfSharedAlias: config.keepsFirstOfSharedAlias, log: &problems, warnings: &warnings)
        // Pages are read first: an entry may link one (`@/about.md`).
        var pages = readPages(input.pages + bareSources, config: input.config, log: &problems)
        let links = EntryLinks(entries: published, section: config.contentSection, pages: pages, home: SiteURLs(config: config).home)
        checkReferences(published, links: links, section: config.contentSection, leavesFileLinks: config.leavesUnresolvedFileLinks,
                        templates: input.templates, log: &problems, warnings: &warnings)

        let sorted = SortedList(published) { Cursor.newestFirst($0.cursor, $1.cursor) }
        checkUniqueCursors(sorted, log: &problems)
        let archive = Archive(sorted: sorted, pageSize: input.config.pageSize)

        let assets: AssetFiles
        do {
            assets = try AssetFiles(templates: input.templates, config: input.config)
        } catch {
            problems.append(contentsOf: error.diagnostics)
            throw BuildFailure(problems.sortedByLocation().diagnostics)
        }
        // The menu's pages are known now: the config every page is rendered with names their URLs.
        var withMenu = config
        let menu = config.menu.resolved(pages: pages)
        withMenu.menu = menu.menu
        for file in menu.missing {
            warnings.append(.warning(at: SourceLocation(path: input.configPath ?? SiteLoader.configFileName),
                                     "the menu names '\(file)', which is not a Markdown page of this site; it is left out of the navigation"))
        }
        var renderer = SiteRenderer(config: withMenu, templates: input.templates, assetURLs: assets.urls, execution: options.execution)
        let streams = renderer.streams(of: archive)
        let legacy = legacyPages(input, entries: archive.entries, streams: streams, warnings: &warnings)
        renderer.legacyPages = legacy.redirects
        let createdLegacyPages = legacy.created
        var staticFiles = input.staticFiles + bundleFiles(published, resources: input.bundleResources, log: &problems)
        // Without static files or pages nothing can collide: no need to list every planned path.
        if !staticFiles.isEmpty || !pages.isEmpty {
            let generated = renderer.plannedPaths(archive, streams: streams).union(assets.files.map(\.path))
            // The pages' old addresses are generated too, and with them `_redirects`.
            let pageAliases = pages.flatMap(\.redirectsFrom)
            let generatedWithPageAliases = pageAliases.isEmpty ? generated : generated.union(pageAliases + [SiteURLs.redirectsFile])
            staticFiles = checkStaticFiles(staticFiles, input: input, generated: generatedWithPageAliases, log: &problems, warnings: &warnings)
            pages = pagesBesideTheArchive(pages, generated: generated.union(staticFiles.map(\.path)), warnings: &warnings)
        }
        var copies = StaticFileCopies(staticFiles, lookup: copyLookup, log: &problems)
        try problems.sortedByLocation().throwIfErrors()
        // Assets and static files first: pages link them.
        try await emit(OutputBatch(files: assets.files + copies.written, kept: copies.kept))
        copies.written = []
        // Which highlighter runs (its version, or none) is part of every body: another one makes them again.
        let highlighter = input.config.highlightsCode ? options.highlighter : nil
        let generation = RenderKeys.generation(program: options.program, config: withMenu, templates: input.templates, assetURLs: assets.urls,
                                               taxonomiesInUse: streams.taxonomies.map(\.taxonomy.key),
                                               highlighter: highlighter?.identity() ?? "plain")
        var reader = EntryReader(config: input.config)
        reader.highlighter = highlighter
        reader.links = links
        reader.shortcodes = input.templates
        reader.imageSizes = ImageSizes(copies.imageSizes, basePath: config.basePath)
        let rendered = try await renderer.render(
            archive, streams: streams, pages: pages, reader: reader, reuse: reuse?.matching(generation: generation), emit: emit)
        if !SiteRenderer.writesFeeds(input.config) {
            warnings.append(.warning(
                at: SourceLocation(path: input.configPath ?? input.configToEdit),
                "no \(input.addressKey), so feed.xml, feed.json and sitemap.xml were not written (they need absolute URLs); set \(input.addressKey) to the site's public address, such as https://example.org/"))
        }
        return SiteBuild(
            files: [], index: rendered.index, archive: archive, warnings: warnings,
            skippedDrafts: drafts.count, skippedFuture: future.count, skippedExpired: expired.count, standalonePages: input.pageCount, entryCache: await newCache, entriesRead: readCount,
            // The site changes when a future entry comes due or a published one expires.
            nextPublication: (future.map(\.date) + published.compactMap(\.expires)).map { $0.epochSeconds + ($0.nanoseconds > 0 ? 1 : 0) }.min(),
            bodiesRendered: rendered.bodiesRendered, createdLegacyPages: createdLegacyPages,
            rendered: RenderedSlots(generation: generation, slots: rendered.slots), copied: copies.copied)
    }

    /// Reads every changed source on all cores; all errors are collected, in file order.
    /// The highlighter learns which sources are new: their code may need Python. Where the
    /// site's generator builds a file with no front matter as an untitled page (Hugo), such
    /// a source is handed back as a page, by its place in the content folder; so is one with no
    /// date where the generator builds such a page outside its lists (Zola), with a warning.
    private func readEntries(_ input: SiteInput, cache: EntryCache, program: ProgramIdentity, execution: any BuildExecution, highlighter: CodeHighlighter?,
                             log: inout DiagnosticLog, warnings: inout [Diagnostic])
        -> (entries: [Entry], lines: [Range<Int>?], bareSources: [SourceFile], cacheKey: String, readCount: Int) {
        let sources = input.sources.sorted { $0.relativePath.precedesInBytes($1.relativePath) }
        let config = input.config
        let key = EntryCache.key(program: program, config: config)
        let reusable = sources.parallelMap { cache.entry(for: $0, key: key) }
        let toRead = sources.indices.filter { reusable[$0] == nil }
        highlighter?.prepare(for: toRead.map { sources[$0] })
        let reader = EntryReader(config: config)
        let read = execution.map(toRead, readingAhead: { sources[$0].filePath }) { reader.read(sources[$0]) }
        var results = reusable.map { $0.map { Result<Entry, BuildFailure>.success($0.entry) } }
        for (index, result) in zip(toRead, read) { results[index] = result }

        var entries: [Entry] = []
        // Each entry's line in the cache's record, where it was found there (the next cache writes it again).
        var lines: [Range<Int>?] = []
        var bareSources: [SourceFile] = []
        var diagnostics = input.diagnostics
        for (position, (source, result)) in zip(sources, results).enumerated() {
            switch result {
            case .success(let entry):
                entries.append(entry)
                lines.append(reusable[position]?.line)
            case .failure(let failure) where failure.isUndatedPage
                || (config.pagesMayLackFrontMatter && FrontMatterReader.opensNoFrontMatter(source)):
                if failure.isUndatedPage {
                    let why = config.undatedEntries == .pagesAsHugo
                        ? "where Hugo listed it as of the year 1 (0001-01-01); add a date such as 2016-05-12 to its front matter to list it"
                        : "as Zola leaves undated pages out of its lists; add 'date = 2016-05-12' to its front matter to list it"
                    warnings.append(.warning(at: SourceLocation(path: source.displayPath),
                                             "no date, so it is built as a page at its own URL and left out of the archive, \(why)"))
                }
                var page = source
                page.relativePath = (config.contentSection + [source.relativePath]).joined(separator: "/")
                bareSources.append(page)
            case .failure(let failure): diagnostics.append(contentsOf: failure.diagnostics)
            case nil: break
            }
        }
        log.append(contentsOf: diagnostics)
        return (entries, lines, bareSources, key, toRead.count)
    }

    /// A page bundle's files, beside its entry's page (`posts/name/pic.png` for `posts/name/index.html`).
    private func bundleFiles(_ entries: [Entry], resources: [String: [BundleResource]], log: inout DiagnosticLog) -> [StaticFile] {
        guard !resources.isEmpty else { return [] }
        var files: [StaticFile] = []
        for entry in entries {
            let segments = entry.source.relativePath.split(separator: "/")
            guard segments.count >= 2, let bundle = resources[segments.dropLast().joined(separator: "/")] else { continue }
            let folder = Array(entry.outputPath.segments.dropLast())
            for resource in bundle {
                do {
                    files.append(StaticFile(path: try OutputPath(folder + resource.name.split(separator: "/").map(String.init)), content: resource.content))
                } catch {
                    log.append(.error(at: SourceLocation(path: entry.sourcePath), "bundle file \(resource.name) has an unsafe name: \(error.message)"))
                }
            }
        }
        return files
    }

    /// Every page read, its errors reported with the entries'.
    private func readPages(_ sources: [SourceFile], config: SiteConfig, log: inout DiagnosticLog) -> [StandalonePage] {
        let reader = PageReader(config: config)
        var pages: [StandalonePage] = []
        for result in sources.parallelMap(reader.read) {
            switch result {
            case .success(let page): pages.append(page)
            case .failure(let failure): log.append(contentsOf: failure.diagnostics)
            }
        }
        return pages
    }

    /// A page whose URL the archive uses (the front page, `archive/`) or another page took is left out, with a warning.
    /// An old address of a page that another file or page has is left out, with a warning.
    private func pagesBesideTheArchive(_ pages: [StandalonePage], generated: Set<OutputPath>, warnings: inout [Diagnostic]) -> [StandalonePage] {
        var taken = generated
        let built = pages.filter { page in
            guard taken.insert(page.outputPath).inserted else {
                warnings.append(.warning(at: SourceLocation(path: page.source.displayPath),
                                         "page not built: its URL \(page.url) is taken by the archive or another file (the archive's front page stays blogpager's)"))
                return false
            }
            return true
        }
        return built.map { page in
            var page = page
            page.redirectsFrom = page.redirectsFrom.filter { path in
                // A page that names its own URL among its old addresses has nothing to redirect.
                guard path != page.outputPath else { return false }
                guard taken.insert(path).inserted else {
                    warnings.append(.warning(at: SourceLocation(path: page.source.displayPath),
                                             "no redirect at old address \(path.urlPath(basePath: "")) (aliases): another page or file is there"))
                    return false
                }
                return true
            }
            return page
        }
    }

    /// Jekyll and Hugo build two entries at one URL, the one written last over the other (Hugo
    /// silently, Jekyll with a warning): of `entries`, in path order, the later is kept, and a
    /// warning names both files.
    /// The old addresses of an entry left out still lead to that URL, as the old generator wrote
    /// their redirects: the kept entry takes them on.
    private func keepingLastOfSharedURLs(_ entries: [Entry], warnings: inout [Diagnostic]) -> [Entry] {
        var last: [OutputPath: Int] = [:]
        for (index, entry) in entries.enumerated() { last[entry.outputPath] = index }
        guard last.count < entries.count else { return entries }
        var inherited: [Int: [OutputPath]] = [:]
        for (index, entry) in entries.enumerated() {
            guard let kept = last[entry.outputPath], kept != index else { continue }
            warnings.append(.warning(at: SourceLocation(path: entry.sourcePath),
                                     "not built: its URL \(entry.url) is also the URL of \(entries[kept].sourcePath), which is built there, as the old generator wrote it last; give one of them another slug or date to build both"))
            inherited[kept, default: []] += entry.redirectsFrom
        }
        return entries.enumerated().compactMap { index, entry in
            guard last[entry.outputPath] == index else { return nil }
            guard let more = inherited[index], !more.isEmpty else { return entry }
            return entry.redirecting(from: entry.redirectsFrom + more.filter { !entry.redirectsFrom.contains($0) })
        }
    }

    /// Two entries at one URL would overwrite each other: name both files. An old address (an
    /// alias) may lead to one entry only and never hide one: an error naming both, or where the old
    /// generator wrote one page over the other (`keepsFirstOfSharedAlias`: Hugo, Jekyll), the first
    /// entry in path order keeps the address and an entry's own URL stays its page, each alias left
    /// out a warning. The entries come back with the old addresses they keep.
    private func checkUniqueURLs(_ entries: [Entry], keepsFirstOfSharedAlias keepsFirst: Bool,
                                 log: inout DiagnosticLog, warnings: inout [Diagnostic]) -> [Entry] {
        // Positions, in a table sized once: the check goes over every entry on every build.
        var owners: [OutputPath: Int] = [:]
        owners.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            if let first = owners[entry.outputPath].map({ entries[$0] }) {
                log.append(.error(
                    at: SourceLocation(path: entry.sourcePath),
                    "entry URL \(entry.url) is also the URL of \(first.sourcePath); give one of them another slug or date, or use a permalink with :year/:month/:day"))
                log.append(.note(at: SourceLocation(path: first.sourcePath), "the other entry with URL \(entry.url) is here"))
            } else {
                owners[entry.outputPath] = position
            }
        }
        guard entries.contains(where: { !$0.redirectsFrom.isEmpty }) else { return entries }
        var aliasOwners: [OutputPath: Int] = [:]
        return entries.enumerated().map { position, entry in
            guard !entry.redirectsFrom.isEmpty else { return entry }
            let kept = entry.redirectsFrom.filter { path in
                let at = SourceLocation(path: entry.sourcePath)
                let url = path.urlPath(basePath: "")
                if let page = owners[path] {
                    if !keepsFirst {
                        log.append(.error(at: at, "old address \(url) (aliases) is the URL of \(entries[page].sourcePath); an address cannot lead to one entry and be another"))
                        return true
                    }
                    // An entry that names its own URL among its aliases has nothing to redirect.
                    if page != position {
                        warnings.append(.warning(at: at, "no redirect at old address \(url) (aliases): it is the URL of \(entries[page].sourcePath), which is built there, as the old generator wrote it"))
                    }
                    return false
                }
                if let first = aliasOwners[path] {
                    if first != position, keepsFirst {
                        warnings.append(.warning(at: at, "old address \(url) (aliases) leads to \(entries[first].sourcePath), which gives it too; remove it from one of them"))
                    } else if first != position {
                        log.append(.error(at: at, "old address \(url) (aliases) is also an old address of \(entries[first].sourcePath); it can lead to one entry only"))
                    }
                    // Where aliases are kept, an address the same entry gives twice is kept once.
                    return !keepsFirst
                }
                aliasOwners[path] = position
                return true
            }
            return kept.count == entry.redirectsFrom.count ? entry : entry.redirecting(from: kept)
        }
    }

    /// The old list pages and where they lead: `legacy-pages.yml` as the user keeps it, or, the
    /// first time, computed from the entries as they are (`created`, for the build to write).
    private func legacyPages(_ input: SiteInput, entries: [Entry], streams: StreamSet, warnings: inout [Diagnostic])
        -> (redirects: [(path: OutputPath, page: LegacyPages.Page)], created: LegacyPages?) {
        let config = input.config
        var created: LegacyPages?
        var legacy = input.legacyPages
        if legacy == nil, input.legacyPagesPath != nil, let old = config.oldListPages {
            let section = config.contentSection.joined(separator: "/")
            var templates: [String] = []
            for template in old.templates {
                var filled = template.replacingOccurrences(of: ":section", with: section)
                while filled.contains("//") { filled = filled.replacingOccurrences(of: "//", with: "/") }
                if !templates.contains(filled) { templates.append(filled) }
            }
            var filled = old
            filled.templates = templates
            let terms = streams.terms.map { (folder: $0.folder.joined(separator: "/"), entries: $0.archive.entries) }
            legacy = LegacyPages(old: filled, entries: entries, terms: terms, section: config.contentSection)
            created = legacy
        }
        // Most sites have no old list pages: no set of every entry's path is made for them.
        guard legacy != nil || (input.legacyPagesPath != nil && config.oldListPages != nil) else { return ([], nil) }
        var taken = Set(entries.map(\.outputPath)).union(entries.flatMap(\.redirectsFrom))
        var redirects: [(path: OutputPath, page: LegacyPages.Page)] = []
        // The section's own list (`/posts/`), which blogpager's front page is now (no `first`: the front page).
        if input.legacyPagesPath != nil, let old = config.oldListPages {
            for template in old.firstPages {
                let url = template.replacingOccurrences(of: ":section", with: config.contentSection.joined(separator: "/"))
                guard url != "/", !url.contains("//"), let output = try? OutputPath(url.split(separator: "/").map(String.init) + ["index.html"]),
                      taken.insert(output).inserted else { continue }
                redirects.append((output, LegacyPages.Page(url: url, first: "")))
            }
            // Page 1 of each list (Hugo's `/page/1/`): the front page, or the term's own list.
            if old.redirectsPageOne {
                let section = config.contentSection.joined(separator: "/")
                var lists = old.templates.map { (template: $0.replacingOccurrences(of: ":section", with: section), list: LegacyPages.Page.List?.none) }
                for template in old.termTemplates {
                    for stream in streams.terms {
                        let list = LegacyPages.Page.List(url: stream.path("index.html").urlPath(basePath: config.basePath), title: stream.name)
                        lists.append((template.replacingOccurrences(of: ":term", with: stream.folder.joined(separator: "/")), list))
                    }
                }
                for (template, list) in lists {
                    guard let url = OldListPages.url(template, number: 1), !url.contains("//"),
                          let output = try? OutputPath(url.split(separator: "/").map(String.init) + ["index.html"]), taken.insert(output).inserted else { continue }
                    var page = LegacyPages.Page(url: url, first: "")
                    page.list = list
                    redirects.append((output, page))
                }
            }
        }
        guard let legacy else { return (redirects, nil) }
        let path = input.legacyPagesPath ?? LegacyPages.fileName
        let files = Set(entries.map { EntryLinks.contentPath(of: $0.source, section: config.contentSection) })
        for page in legacy.pages {
            var segments = page.url.split(separator: "/").map(String.init)
            if page.url.hasSuffix("/") || !(segments.last?.contains(".") ?? false) { segments.append("index.html") }
            guard let output = try? OutputPath(segments), taken.insert(output).inserted else {
                warnings.append(.warning(at: SourceLocation(path: path, line: page.line), "old list page \(page.url) is not made: its path is taken or not safe"))
                continue
            }
            if !files.contains(page.first) {
                warnings.append(.warning(at: SourceLocation(path: path, line: page.line),
                                         "old list page \(page.url) leads to the front page: no entry is \(page.first) any more"))
            }
            redirects.append((output, page))
        }
        return (redirects, created)
    }

    /// Every link between entries must land: one that names no entry is an error where it is
    /// written. A shortcode without a template of the site's, or a tag blogpager does not make,
    /// is left out: a warning for each name, at its first place, with how many there are.
    private func checkReferences(_ entries: [Entry], links: EntryLinks, section: [String], leavesFileLinks: Bool, templates: TemplateSet,
                                 log: inout DiagnosticLog, warnings: inout [Diagnostic]) {
        var leftOut: [String: (location: SourceLocation, count: Int, message: String)] = [:]
        // One warning a kind (`key`), at its first place, counting the others.
        func leaveOut(_ key: String, at location: SourceLocation, _ message: String) {
            leftOut[key] = leftOut[key].map { ($0.location, $0.count + 1, message) } ?? (location, 1, message)
        }
        for entry in entries {
            for reference in entry.references {
                let location = SourceLocation(path: entry.sourcePath, line: reference.line, column: reference.column)
                switch reference.kind {
                case .link:
                    guard let found = links.url(for: reference, from: entry.source) else { continue }
                    let target = found.link.target
                    if found.url == nil, found.link.style == .relativeFile, leavesFileLinks {
                        leaveOut("file link " + target, at: location,
                                 "link to '\(target)' names no entry of this site; it is left as written, as the old generator left it")
                    } else if found.url == nil {
                        log.append(.error(at: location, "link to '\(target)' names no entry of this site\(Self.linkHint(found.link.style))"))
                    } else if let url = found.url, found.link.style == .contentPath,
                              let folder = EntryLinks.sectionFolder(ofList: EntryLinks.normalized(target)), folder != section.joined(separator: "/") {
                        leaveOut("section list " + folder, at: location,
                                 "link to '\(target)' names the list of the section '\(folder)', which blogpager does not make: it leads to \(url) as on the old site")
                    }
                case .shortcode(let name) where !templates.hasShortcode(name):
                    leaveOut("shortcode " + name, at: location,
                             "shortcode '\(name)' is left out (any text inside it is kept): add templates/shortcodes/\(name).mustache to make it")
                case .unknown(let name):
                    leaveOut("tag " + name, at: location, "'\(name)' is left out: blogpager does not make this tag of the old generator")
                case .shortcode, .image: continue
                }
            }
        }
        for (_, found) in leftOut.sorted(by: { $0.key < $1.key }) {
            warnings.append(.warning(at: found.location, found.message + (found.count > 1 ? " (\(found.count) places, this one first)" : "")))
        }
    }

    private static func linkHint(_ style: TemplateText.LinkReference.Style) -> String {
        switch style {
        case .postName: " (post_url names a post of _posts/ by its file's name, such as 2016-05-12-name)"
        case .sitePath: " (link names a file by its path from the site's root, such as _posts/2016-05-12-name.md)"
        case .hugoRef: " (ref names a content file by its path, such as posts/name.md, or by its name alone)"
        case .contentPath: " (@/ names a content file by its path below content/, such as @/blog/name.md)"
        case .relativeFile: " (a link to a .md file is taken from the linking file's own folder)"
        }
    }

    /// The same instant and slug twice would make the order ambiguous.
    private func checkUniqueCursors(_ sorted: SortedList<Entry>, log: inout DiagnosticLog) {
        for index in sorted.indices.dropFirst() where sorted[index].cursor.isSameIdentity(as: sorted[index - 1].cursor) {
            log.append(.error(
                at: SourceLocation(path: sorted[index].sourcePath),
                "entry has the same date and slug as \(sorted[index - 1].sourcePath); two entries need a different slug or time"))
        }
    }

    /// Static files go beside the generated ones but may not replace any.
    /// The static files that go out: one that would replace a generated file is an error, or for an
    /// imported site (`generatedFilesWin`) left out with a warning.
    private func checkStaticFiles(_ staticFiles: [StaticFile], input: SiteInput, generated: Set<OutputPath>,
                                  log: inout DiagnosticLog, warnings: inout [Diagnostic]) -> [StaticFile] {
        staticFiles.filter { file in
            guard generated.contains(file.path) || file.path.string == "fragments" || file.path.string.hasPrefix("fragments/") else { return true }
            let location = SourceLocation(path: file.source?.shownPath ?? "content/static/\(file.path)")
            if input.generatedFilesWin {
                warnings.append(.warning(at: location, "not copied: blogpager writes its own \(file.path)"))
            } else {
                log.append(.error(at: location, "static file would replace the generated \(file.path); rename or move it"))
            }
            return false
        }
    }
}
