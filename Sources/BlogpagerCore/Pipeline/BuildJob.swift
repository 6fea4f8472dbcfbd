import Foundation

/// One whole build as the command line runs it, in the order its data flows: check the output
/// folder and take its lock; what changed since the last build (a fingerprint of the inputs,
/// `stat`s alone); what that build left in `.blogpager/`; the stages of `SiteBuilder` with the
/// writer beside them; the search index; the records for the next build (`BuildJob+Commit`).
/// `blogpager build` runs it once; the watcher of `blogpager serve --watch` on every change,
/// passing the entries it read last along.
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
    /// The environment and folder Python and Pagefind run in (the process's): they tell, with the
    /// last build's `.blogpager/python`, whether Python need start before a block misses the cache.
    public var environment: [String: String] = [:]
    public var currentFolder = ""
    /// The user's highlight cache, shared by every build (`SharedHighlightCache`); nil: none.
    public var sharedHighlightCache: SharedHighlightCache?
    /// How the build is carried out: chosen by its size, or asked for (`--execution`).
    public var execution = BuildExecutionChoice.automatic
    /// Where the stages' time is recorded (`--timings`); nil: not measured.
    public var timings: BuildTimings?
    /// Where the build says how far it is, for a progress line; nil: nowhere.
    public var progress: BuildProgress?

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
        return LocalPath.joined(currentFolder, value)
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
        /// once instead of one by one.
        public var leftovers: [any Sendable] = []
        /// Which execution the build ran with.
        public var execution: BuildExecutionKind = .plain
    }

    /// `overrides`: what the command line asks of the config whatever it says (`--search`, `--max-entry-size`).
    public init(contentFolder: String, outputFolder: String, configPath: String? = nil, templatesFolder: String? = nil,
                includeDrafts: Bool = false, includeFuture: Bool = false, program: ProgramIdentity, whenLocked: WhenLocked = .fail,
                overrides: SiteLoader.Overrides = SiteLoader.Overrides(), in files: FileSystem) {
        let layout = SiteLayout.detect(contentFolder, configPath: configPath, in: files)
        writer = OutputWriter(outputFolder: outputFolder, contentFolder: layout.contentFolder, in: files)
        // The output may sit inside a site's root: it is never read as input.
        loader = SiteLoader(layout: layout, contentFolder: contentFolder, configPath: configPath, templatesFolder: templatesFolder,
                            excludedPaths: [writer.folder.resolved], overrides: overrides, in: files)
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
        let inputs = BuildInputs(self)
        let execution = self.execution.execution(sourceBytes: inputs.sourceBytes, output: folder)
        let (unchanged, lastBuildDamage) = PreviousBuild.unchanged(in: folder.state, inputs: inputs.digest, now: now, execution: execution)
        if let record = unchanged {
            var report = WriteReport()
            report.unchanged = record.paths.count
            return Outcome(site: nil, summary: record.summary, report: report, duration: ContinuousClock.now - started, execution: execution.kind)
        }
        // Python starts, and the input loads, while the last build's records are read and its outputs looked up.
        let highlighter = highlightsCode ? makeHighlighter(execution: execution) : nil
        // Python and Pygments take about a tenth of a second to start: on a thread of their own. The build
        // waits for this before it ends (a process started after it could outlive its lock).
        let highlighterStarted = highlighter.map { highlighter in Task { await BlockingWork.run { highlighter.identity() } } }
        let stylesheets = stylesheetTools(now: now)
        async let loaded = Result { [scanning = inputs.scanning, loader] () throws(BuildFailure) in
            try (scanning?.take() ?? loader).compilingStylesheets(with: stylesheets).load()
        }
        var read = try PreviousBuild(reading: folder.state, cache: cache, program: program)
        // The build becomes the only holder of the last build's entries and render cache.
        let entryCache = read.entryCache.handedOver()
        let reuse = read.handingOverReuse(in: folder, execution: execution)
        let previous = read
        async let opened = writer.begin(previous: previous)
        let copies = previous.copies(in: folder, execution: execution)
        let input = try await loaded.get()
        timings?.ended("load")
        var options = BuildOptions(includeDrafts: includeDrafts, includeFuture: includeFuture, now: now, program: program,
                                   highlighter: highlighter, execution: execution, timings: timings)
        options.progress = progress
        // Pagefind reads the entry pages back once they are written: with search on, they stay in memory.
        let pipeline = OutputPipeline(releasingWritten: input.config.searchIndex ? nil : execution.releasingWrittenFiles())
        let (built, written) = await pipeline.run(await opened) { emit throws(BuildFailure) in
            try await SiteBuilder().build(input, options: options, cache: entryCache, reuse: reuse, copies: copies, emit: emit)
        }
        timings?.ended("last writes")
        progress?.begin("writing the records")
        var session = written.session
        let site: SiteBuild
        var searched: SearchOutcome?
        do throws(BuildFailure) {
            if let failure = written.failure { throw failure }
            site = try built.get()
            searched = try indexForSearch(site, input: input, previous: previous, session: &session)
            if searched != nil { timings?.ended("search index") }
        } catch {
            var failure = error
            if session.hasWritten {
                failure.output = .partlyWritten
                folder.state.commitPartial(session.partialManifest())
            }
            throw failure
        }
        var outcome = await commit(site, input: input, session: session, searched: searched, inputs: inputs, previous: previous, reuse: reuse,
                                   copies: copies, highlighter: highlighter, highlighterStarted: highlighterStarted, execution: execution, started: started)
        timings?.ended("records")
        outcome.summary.warnings += [lastBuildDamage].compactMap { $0 } + previous.damage
        outcome.leftovers = [previous, reuse, input]
        return outcome
    }

    /// What compiling the site's stylesheets needs of the machine: Dart Sass, found beside the build's Python or on the PATH.
    func stylesheetTools(now: Date) -> StylesheetTools {
        StylesheetTools(sass: DartSass.Finder(python: python, searchPath: environment["PATH"]), now: now, environment: environment)
    }

    /// The highlighter of this build: the last build's cache and Python beside it, the user's cache.
    private func makeHighlighter(execution: any BuildExecution) -> CodeHighlighter {
        let state = writer.folder.state
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return CodeHighlighter(
            files: writer.folder.files, python: python, maximumHelpers: CodeHighlighter.helperLimit(cores: cores),
            previousCache: { state.map(.highlightCache) }, sharedCache: sharedHighlightCache,
            environment: environment, currentFolder: currentFolder,
            previousPython: { [sharedHighlightCache] in state.read(.python) ?? sharedHighlightCache?.readPython() },
            spillFolder: execution.spillFolder, mostAheadLanes: CodeHighlighter.aheadLaneLimit(cores: cores), timings: timings)
    }

    /// The one-line summary both commands print.
    public static func summary(of outcome: Outcome, output: String) -> String {
        let seconds = outcome.duration.inSeconds
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
