import Foundation

/// One whole build as the command line runs it, in the order its data flows:
/// check the output folder and take its lock; the incremental lookup (what the
/// builds before left in `.blogpager/`, and whether anything changed since);
/// load and read the input; render, with the writer beside it; the incremental
/// commit. `blogpager build` runs it once; the watcher of `blogpager serve
/// --watch` runs it on every change, passing the entries it read last along.
public struct BuildJob: Sendable {
    public var loader: SiteLoader
    public var writer: OutputWriter
    public var includeDrafts: Bool
    public var includeFuture: Bool
    public var program: ProgramIdentity
    /// What to do when another build is writing the same output folder.
    public var whenLocked: WhenLocked
    /// Whether fenced code is highlighted (where the site's config lets it), and with which
    /// Python (nil: `python3` on the PATH). Off unless the caller turns it on.
    public var highlightsCode = false
    public var python: String?
    /// The environment and folder Python runs in (the process's): they tell, with the
    /// last build's `.blogpager/python`, whether Python need start before a block misses the cache.
    public var environment: [String: String] = [:]
    public var currentFolder = ""
    /// The user's highlight cache, shared by every build (`SharedHighlightCache`); nil: none.
    public var sharedHighlightCache: SharedHighlightCache?
    /// Whether the search index is made whatever the config says (`--search`).
    public var search = false
    /// The most bytes one entry or page may have (`--max-entry-size`); nil for the default.
    public var maximumEntryBytes: Int?

    /// The Python the commands run: `BLOGPAGER_PYTHON` (`python(environment:currentFolder:)`),
    /// in the environment and folder it will run with.
    public mutating func runsPython(environment: [String: String], currentFolder: String) {
        python = Self.python(environment: environment, currentFolder: currentFolder)
        self.environment = environment
        self.currentFolder = currentFolder
    }

    /// `BLOGPAGER_PYTHON` as the commands take it: a relative path made absolute (Python finds
    /// its virtualenv from the path it is run by), a bare name left to the PATH.
    private static func python(environment: [String: String], currentFolder: String) -> String? {
        guard let value = environment["BLOGPAGER_PYTHON"], !value.isEmpty else { return nil }
        guard value.contains("/"), !value.hasPrefix("/") else { return value }
        return currentFolder + "/" + value
    }

    public struct Outcome: Sendable {
        /// What was built; nil when nothing changed since the last build, so nothing was.
        public var site: SiteBuild?
        public var summary: BuildSummary
        public var report: WriteReport
        /// Wall-clock time from loading to the last record written.
        public var duration: Duration
        /// The largest values the build read and looked up (the last build's records and
        /// the input), freed with the outcome rather than at the end of the build: a command
        /// that exits once it has printed leaves them to the exit, which frees them all at
        /// once instead of one by one (about 30 ms of a rebuild at 10,000 entries).
        public var leftovers: [any Sendable] = []
    }

    public init(contentFolder: String, outputFolder: String, configPath: String? = nil, templatesFolder: String? = nil,
                includeDrafts: Bool = false, includeFuture: Bool = false, program: ProgramIdentity, whenLocked: WhenLocked = .fail,
                in files: FileSystem = .disk) {
        loader = SiteLoader(contentFolder: contentFolder, configPath: configPath, templatesFolder: templatesFolder, in: files)
        writer = OutputWriter(outputFolder: outputFolder, contentFolder: loader.layout.contentFolder, in: files)
        // The output may sit inside a site's root: it is never read as input.
        loader.excludedPaths = [writer.folder.resolved]
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.program = program
        self.whenLocked = whenLocked
    }

    /// Builds, unless the inputs and outputs are exactly as the last build left
    /// them (checked with `stat` alone); then it only reports the last summary.
    /// A cancelled task stops at the next safe point (between two batches of
    /// files) with a failure that says what `out/` holds.
    public func run(now: Date, cache: EntryCache = EntryCache()) async throws(BuildFailure) -> Outcome {
        let started = ContinuousClock.now
        let folder = writer.folder
        let outputExisted = folder.files.item(at: folder.resolved) != nil
        try writer.checkTarget()
        let lock = try await BuildLock.acquire(folder.state, waiting: whenLocked)
        do {
            let outcome = try await build(now: now, cache: cache, started: started)
            lock.release()
            return outcome
        } catch {
            if error.output == .untouched {
                lock.releaseLeavingNoTrace(madeOutput: !outputExisted)
            } else {
                lock.release()
            }
            throw error
        }
    }

    /// The build itself, under the lock.
    private func build(now: Date, cache: EntryCache, started: ContinuousClock.Instant) async throws(BuildFailure) -> Outcome {
        let folder = writer.folder
        // Taken before anything is read: a file changed during the build makes the next one run.
        var fingerprint = InputFingerprint(
            program: program, contentFolder: loader.layout.contentFolder, staticFolders: loader.layout.staticFolders, pagesFolder: loader.layout.pagesFolder,
            configPath: loader.resolvedConfigPath(), templatesFolder: loader.resolvedTemplatesFolder(), output: folder,
            includeDrafts: includeDrafts, includeFuture: includeFuture)
        fingerprint.configParts = loader.layout.configParts
        fingerprint.entryFolders = loader.layout.entryFolders.map(\.path) + loader.layout.collectionFolders
        fingerprint.files = loader.layout.legacyPagesPath.map { [$0] } ?? []
        // The content folder is walked once: the fingerprint and the scan read the same walk.
        // The loader that holds the walk goes to the load (`Handoff`), which lets it go when done.
        var scanning: Handoff<SiteLoader>?
        if loader.files.isFolder(loader.layout.contentFolder) {
            var scanner = loader
            scanner.contentWalk = loader.files.walk(loader.layout.contentFolder)
            fingerprint.contentWalk = scanner.contentWalk
            scanning = Handoff(scanner)
        }
        var inputs = fingerprint.digest()
        // Digested: the walk (every path of a million entries) is the scan's alone from here, but
        // where this build may write the old list pages' file: the digest is then taken again,
        // of the inputs as they were before anything was read.
        if loader.layout.legacyPagesPath.map({ loader.files.item(at: $0) != nil }) ?? true { fingerprint.contentWalk = nil }
        if let record = PreviousBuild.unchanged(in: folder.state, inputs: inputs, now: now) {
            var report = WriteReport()
            report.unchanged = record.paths.count
            return Outcome(site: nil, summary: record.summary, report: report, duration: ContinuousClock.now - started)
        }
        // Python starts, and the input loads, while the last build's records are read; its outputs are looked up beside the build.
        let state = folder.state
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let highlighter = highlightsCode ? CodeHighlighter(
            python: python, maximumHelpers: CodeHighlighter.helperLimit(cores: cores),
            previousCache: { state.map(.highlightCache) }, sharedCache: sharedHighlightCache,
            environment: environment, currentFolder: currentFolder,
            previousPython: { [sharedHighlightCache] in state.read(.python) ?? sharedHighlightCache?.readPython() },
            spillFolder: state.path, mostAheadLanes: CodeHighlighter.aheadLaneLimit(cores: cores)) : nil
        // Python and Pygments take about a tenth of a second to start: beside the load and the
        // reading of the entries, on a thread of their own (the load would wait for a pool thread
        // otherwise). The build asks for the version only where it makes its render keys, and
        // waits for this before it ends (a process started after it could outlive its lock).
        async let highlighterStarted: String? = if let highlighter { await BlockingWork.run { highlighter.identity() } } else { nil }
        async let loaded = Result { [scanning, loader] () throws(BuildFailure) in try (scanning?.take() ?? loader).load() }
        var read = try PreviousBuild(reading: folder.state, cache: cache, program: program)
        // The build becomes the only holder of the last build's entries: it lets them go once it
        // has read the sources that changed (a copy held here would keep them to the end).
        var entryCache = read.entryCache.handedOver()
        let reuse = read.handingOverReuse(in: folder)
        let previous = read
        // The session's set of our files (1.8 million paths at a million entries) is made beside the lookup.
        async let opened = writer.begin(previous: previous)
        let copies = previous.copies(in: folder)
        var input = try await loaded.get()
        if search { input.config.searchIndex = true }
        if let maximumEntryBytes { input.config.maximumEntryBytes = maximumEntryBytes }
        var options = BuildOptions(includeDrafts: includeDrafts, includeFuture: includeFuture, now: now, program: program, highlighter: highlighter)
        options.spillFolder = state.path
        var opening = await opened
        // Pagefind reads the entry pages back once they are written: with search on, they stay in memory.
        if input.config.searchIndex { opening.keepsWrittenPages() }
        let (built, written) = await OutputPipeline().run(opening) { emit throws(BuildFailure) in
            try await SiteBuilder().build(input, options: options, cache: entryCache.handedOver(), reuse: reuse, copies: copies, emit: emit)
        }
        var session = written.session
        let site: SiteBuild
        do throws(BuildFailure) {
            if let failure = written.failure { throw failure }
            site = try built.get()
        } catch {
            var failure = error
            if session.hasWritten {
                failure.output = .partlyWritten
                folder.state.commitPartial(session.partialManifest())
            }
            throw failure
        }
        var searched: SearchOutcome?
        do throws(BuildFailure) {
            searched = try indexForSearch(site, input: input, previous: previous, session: &session)
        } catch {
            var failure = error
            failure.output = .partlyWritten
            folder.state.commitPartial(session.partialManifest())
            throw failure
        }
        // Every site file is in place: the records that vouch for none on their own are written
        // beside the removals and the outputs' digest, not after them.
        // The entry cache is unchanged when no source was read and none went away: no need to write megabytes again.
        let entryCacheChanged = site.entriesRead > 0 || site.entryCache.count != previous.entriesCached
        let madeDigests = session.digests
        let early = folder.state.startWriting(.init(
            renderCache: RenderCache.Made(rendered: site.rendered, digests: madeDigests),
            staticFiles: StaticFileCache.Made(key: StaticFileCache.key(program: program), copies: site.copied, digests: madeDigests),
            entryCache: entryCacheChanged ? site.entryCache : nil))
        let report = session.finish()
        // The list of our files is sorted and written beside the outputs' digest and the records below.
        let (paths, digests) = (report.paths, report.digests)
        let listing = folder.state.startListing { OutputManifest(files: paths, digests: digests) }
        var legacyWarnings: [Diagnostic] = []
        // The first build from another generator's root keeps where the old list pages lead, as a source beside the config.
        if let created = site.createdLegacyPages, let path = loader.layout.legacyPagesPath, loader.files.item(at: path) == nil {
            do {
                try loader.files.replace(path, with: Array(created.text().utf8), durable: true)
                // The file written is an input from now on: the record names it as it is.
                inputs = fingerprint.digest()
            } catch {
                legacyWarnings.append(.warning(at: SourceLocation(path: path), "could not write \(LegacyPages.fileName) (\(error)); the next build tries again"))
            }
        }
        // The files this build wrote are as it saw them then, and those it did not write as the
        // reuse lookup found them: neither is looked at again.
        let found = reuse?.lookup
        let lastBuild = inputs.flatMap { inputs in
            BuildRecord.outputsDigest(report.paths, in: folder, known: { place, path in
                report.identities.identity(at: place) ?? found?.identity(of: path) ?? copies?.identity(of: path)
            }).map { outputs in
                BuildRecord(inputs: inputs, validUntil: site.nextPublication, summary: site.summary, paths: report.paths, outputs: outputs)
            }
        }
        _ = await highlighterStarted
        // A build that rendered every body keeps only the code blocks it used.
        let highlighted = highlighter?.finish(keepingOthers: site.bodiesRendered < site.summary.entries)
        if let problem = highlighted?.problem, input.config.highlightsCode, highlighted?.blocks ?? 0 > 0 {
            legacyWarnings.append(.warning(at: SourceLocation(path: input.configPath ?? SiteLoader.configFileName),
                                           "code is not highlighted: \(problem); set highlight: false to leave it plain without this warning"))
        }
        // The user's cache (megabytes, after a build that highlighted) is written beside the output's
        // records, on a thread of its own: a cache written or not changes no page.
        let sharedCache = sharedHighlightCache
        async let sharedWritten: Bool? = if let shared = highlighted?.sharedCache, let sharedCache {
            await BlockingWork.run { sharedCache.write(shared) }
        } else { nil }
        let warnings = folder.state.commit(.init(
            lastBuild: lastBuild, highlightCache: highlighted?.cache, python: highlighted?.python,
            forgetsPython: highlighted?.forgetsPython ?? false), listing: listing, besides: early)
        _ = await sharedWritten
        highlighter?.waitForHelpersToExit()
        if let python = highlighted?.python { sharedHighlightCache?.writePython(python) }
        if highlighted?.forgetsPython == true { sharedHighlightCache?.removePython() }
        var summary = site.summary
        summary.warnings += legacyWarnings + (searched?.warning.map { [$0] } ?? []) + warnings
        summary.searchSeconds = searched?.seconds
        summary.codeBlocks = highlighted.map { BuildSummary.CodeBlocks(blocks: $0.blocks, highlighted: $0.highlighted, fromCache: $0.fromCache) }
        return Outcome(site: site, summary: summary, report: report, duration: ContinuousClock.now - started,
                       leftovers: [previous, reuse, input])
    }

    /// The one-line summary both commands print.
    public static func summary(of outcome: Outcome, output: String) -> String {
        let seconds = Double(outcome.duration.components.seconds) + Double(outcome.duration.components.attoseconds) / 1e18
        let unchanged = outcome.site == nil ? ", nothing changed since the last build" : ""
        let (entries, pages) = (outcome.summary.entries, outcome.summary.pages)
        return "built \(entries) entr\(entries == 1 ? "y" : "ies") in \(pages) page\(pages == 1 ? "" : "s") into \(output): "
            + "\(outcome.report.written.count) files written, \(outcome.report.unchanged) unchanged, \(outcome.report.removed.count) removed"
            + "\(unchanged)\(codeNote(outcome)) (\(String(format: "%.2f", seconds)) s)"
    }

    /// `, 40 code blocks (12 highlighted, 28 from the cache)`, for a build that rendered some.
    /// and `, search index made in 1.20 s`, for a build that ran Pagefind.
    private static func codeNote(_ outcome: Outcome) -> String {
        guard outcome.site != nil else { return "" }
        var note = ""
        if let code = outcome.summary.codeBlocks, code.blocks > 0 {
            note += ", \(code.blocks) code block\(code.blocks == 1 ? "" : "s") (\(code.highlighted) highlighted, \(code.fromCache) from the cache)"
        }
        if let seconds = outcome.summary.searchSeconds { note += ", search index made in \(String(format: "%.2f", seconds)) s" }
        return note
    }

    /// The note about what was left out, if anything was.
    public static func leftOutNote(of site: BuildSummary) -> String? {
        let expired = site.skippedExpired ?? 0
        guard site.skippedDrafts + site.skippedFuture + expired > 0 else { return nil }
        return "note: left out \(site.skippedDrafts) draft(s) and \(site.skippedFuture) future-dated entr\(site.skippedFuture == 1 ? "y" : "ies"); --drafts and --future include them"
            + (expired > 0 ? "; \(expired) expired entr\(expired == 1 ? "y is" : "ies are") left out too (past its expiryDate)" : "")
    }

    /// What a failed or stopped build left in the output folder, in a sentence.
    public static func outputState(of failure: BuildFailure, output: String) -> String {
        switch failure.output {
        case .untouched: "\(output) was left as it was"
        case .partlyWritten:
            "\(output) holds part of this build: every file in it is whole and recorded, its indexes name only files that exist, and the next build finishes the work"
        }
    }
}
