/// What a successful build made: the index, the archive, what was left out.
public struct SiteBuild: Sendable {
    /// Every output file, sorted by path, when the build returned them; empty
    /// when they went to a writer as they were made.
    public var files: [OutputFile]
    public var index: CursorIndex
    public var archive: Archive
    /// Findings that did not stop the build (no `base_url`, so no feeds).
    public var warnings: [Diagnostic]
    public var skippedDrafts: Int
    public var skippedFuture: Int
    /// Entries past their `expiryDate`.
    public var skippedExpired = 0
    /// Pages found beside the entries, not built yet.
    public var standalonePages = 0
    /// Every entry read in this build, to pass to the next one.
    public var entryCache: EntryCache
    /// How many sources were parsed (the rest came from the cache).
    public var entriesRead: Int
    /// The instant (epoch seconds) the first left-out future entry comes due, or the first published one expires: then the site changes.
    public var nextPublication: Int64?
    /// How many entries' bodies were rendered: all of them, unless outputs were kept.
    public var bodiesRendered: Int
    /// `legacy-pages.yml` as this build made it, the first time: the build writes it beside the config.
    public var createdLegacyPages: LegacyPages? = nil
    /// Each costly output's key and path, for the next build's render cache.
    public var rendered: RenderedSlots
    /// Each file copied from disk or kept, for the next build's static-file record.
    var copied: [StaticFileCache.Copied] = []
    /// The pages of every language's main stream (`archive`'s own, in a site of one language).
    var archivePages: Int?
    /// The codes of the site's languages, each its own archive; empty for a site of one.
    public var languages: [String] = []
    /// What each written file is, for the list of files (`OutputClass`).
    public var classifier = OutputClassifier()

    /// This build with its files, as a caller that holds the whole site receives it.
    func with(files: [OutputFile]) -> SiteBuild {
        var built = self
        built.files = files
        return built
    }

    public var summary: BuildSummary {
        var summary = BuildSummary(entries: archive.entries.count, pages: archivePages ?? archive.pages.count,
                                   skippedDrafts: skippedDrafts, skippedFuture: skippedFuture, warnings: warnings)
        summary.standalonePages = standalonePages
        summary.skippedExpired = skippedExpired
        return summary
    }
}
