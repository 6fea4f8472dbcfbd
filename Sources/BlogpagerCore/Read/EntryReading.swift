import Foundation

/// The read stage: every source that changed since the last build read into an `Entry` on all
/// cores (the others taken from the last build's entry cache), every error collected in file order.
/// What the site's generator builds as a page rather than an entry comes back as a page's source.
struct EntryReading {
    let input: SiteInput
    let program: ProgramIdentity
    let execution: any BuildExecution
    /// The build's now (`BuildOptions.now`).
    let now: Date
    /// Where the reading says how far it is.
    var progress: BuildProgress? = nil

    struct Read {
        var entries: [Entry]
        /// Each entry's line in the last build's cache record, where it was found there (the next cache writes it again).
        var lines: [Range<Int>?]
        /// Sources that are pages where the generator builds them so (`SiteConfig.reading.pagesMayLackFrontMatter`, undated ones).
        var bareSources: [SourceFile]
        var cacheKey: String
        /// How many sources were parsed (the rest came from the cache).
        var readCount: Int
    }

    /// Reads every changed source on all cores; all errors are collected, in file order.
    /// The highlighter learns which sources are new: their code may need Python. Where the
    /// site's generator builds a file with no front matter as an untitled page (Hugo), such
    /// a source is handed back as a page, by its place in the content folder; so is one with no
    /// date where the generator builds such a page outside its lists (Zola), with a warning.
    func run(cache: EntryCache, highlighter: CodeHighlighter?, log: inout DiagnosticLog, warnings: inout [Diagnostic]) -> Read {
        let sources = input.sources.sorted { $0.relativePath.precedesInBytes($1.relativePath) }
        let config = input.config
        let key = EntryCache.key(program: program, config: config)
        let reusable = sources.parallelMap { cache.entry(for: $0, key: key) }
        let toRead = sources.indices.filter { reusable[$0] == nil }
        highlighter?.prepare(for: toRead.map { sources[$0] })
        let reader = EntryReader(config: config, now: now)
        progress?.begin("reading entries", total: toRead.count)
        let read = execution.map(toRead, readingAhead: { sources[$0].filePath }) { [progress] index in
            defer { progress?.advance() }
            return reader.read(sources[index])
        }
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
                || (config.reading.pagesMayLackFrontMatter && FrontMatterReader.opensNoFrontMatter(source)):
                // A Jekyll collection's undated document is a page there as here: nothing to say.
                if failure.isUndatedPage, !source.folderFacts.undatedIsPage {
                    let why = config.reading.undatedEntries == .pagesAsHugo
                        ? "where Hugo listed it as of the year 1 (0001-01-01); add a date such as 2016-05-12 to its front matter to list it"
                        : "as Zola leaves undated pages out of its lists; add 'date = 2016-05-12' to its front matter to list it"
                    warnings.append(.warning(at: SourceLocation(path: source.displayPath),
                                             "no date, so it is built as a page at its own URL and left out of the archive, \(why)"))
                }
                var page = source
                page.relativePath = EntryLinks.contentPath(of: source, section: config.contentSection)
                bareSources.append(page)
            case .failure(let failure): diagnostics.append(contentsOf: failure.diagnostics)
            case nil: break
            }
        }
        log.append(contentsOf: diagnostics)
        return Read(entries: entries, lines: lines, bareSources: bareSources, cacheKey: key, readCount: toRead.count)
    }
}
