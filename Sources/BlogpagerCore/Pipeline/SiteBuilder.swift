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
        let site = try await build(input, options: options, cache: cache) { (batch: OutputBatch) throws(BuildFailure) in files += batch.files }
        return site.with(files: files.sorted { $0.path < $1.path })
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
        let read = EntryReading(input: input, program: options.program, execution: options.execution, now: options.now, progress: options.progress)
            .run(cache: cache, highlighter: highlighter, log: &problems, warnings: &warnings)
        options.timings?.ended("read entries")
        let record = cache.record
        cache = EntryCache()
        // The next build's entry cache is made beside the rest of this one.
        async let newCache = EntryCache(key: read.cacheKey, entries: read.entries, lines: read.lines, record: record)
        let selection = Selection(read.entries, options: options, config: config)
        let checked = CheckedEntries(read, selection: selection, input: input, log: &problems, warnings: &warnings)
        let languages = try LanguageSites(checked, input: input, execution: options.execution, log: &problems, warnings: &warnings)
        var placed = OutputPlacement(checked, languages: languages, input: input, copyLookup: copyLookup, log: &problems, warnings: &warnings)
        try problems.sortedByLocation().throwIfErrors()
        let setup = RenderSetup(checked, languages: languages, placed: placed, input: input, options: options,
                                highlighter: highlighter, reuse: reuse, log: &problems, warnings: &warnings)
        try problems.sortedByLocation().throwIfErrors()
        options.timings?.ended("check and plan")
        options.progress?.begin("rendering entries", total: setup.plans.reduce(0) { $0 + $1.toRead.count })
        let rendered = try await SiteRendering.run(languages, setup: setup, placed: &placed, input: input, emit: emit)
        options.timings?.ended("render")
        if !SiteRenderer.writesFeeds(config) {
            warnings.append(.warning(
                at: SourceLocation(path: input.configPath ?? input.configToEdit),
                "no \(input.addressKey), so feed.xml, feed.json and sitemap.xml were not written (they need absolute URLs); set \(input.addressKey) to the site's public address, such as https://example.org/"))
        }
        return SiteBuild(
            files: [], index: rendered.index, archive: languages.wholeArchive(checked, config: config), warnings: warnings,
            skippedDrafts: selection.drafts.count, skippedFuture: selection.future.count, skippedExpired: selection.expired.count,
            standalonePages: input.pageCount + read.bareSources.count, entryCache: await newCache, entriesRead: read.readCount,
            nextPublication: selection.nextPublication, bodiesRendered: rendered.bodiesRendered, createdLegacyPages: languages.createdLegacyPages,
            rendered: RenderedSlots(generation: setup.generation, slots: rendered.slots), copied: placed.copies.copied,
            archivePages: languages.sites.reduce(0) { $0 + $1.archive.pages.count }, languages: languages.split.parts.compactMap(\.language?.code),
            classifier: rendered.classifier)
    }
}
