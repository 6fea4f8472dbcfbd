import Foundation

/// One whole build as the command line runs it: check the output folder, load
/// the input, build, write atomically. `blogpager build` runs it once; the
/// watcher of `blogpager serve --watch` runs it on every change, passing the
/// previous entries along so only changed files are read again.
public struct BuildJob: Sendable {
    public var loader: SiteLoader
    public var writer: OutputWriter
    public var includeDrafts: Bool
    public var includeFuture: Bool

    public struct Outcome: Sendable {
        /// What was built; nil when nothing changed since the last build, so nothing was.
        public var site: SiteBuild?
        public var summary: BuildSummary
        public var report: WriteReport
        /// Wall-clock time from loading to the swapped-in output.
        public var duration: Duration
    }

    public init(contentFolder: String, outputFolder: String, configPath: String? = nil, templatesFolder: String? = nil,
                includeDrafts: Bool = false, includeFuture: Bool = false) {
        loader = SiteLoader(contentFolder: contentFolder, configPath: configPath, templatesFolder: templatesFolder)
        writer = OutputWriter(outputFolder: outputFolder, contentFolder: contentFolder)
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
    }

    /// Builds, unless the inputs and outputs are exactly as the last build left
    /// them (checked with `stat` alone); then it only reports the last summary.
    public func run(now: Date = Date(), cache: EntryCache = EntryCache()) async throws(BuildFailure) -> Outcome {
        let started = ContinuousClock.now
        let output = OutputWriter.resolved(writer.outputFolder)
        // Taken before anything is read: a file changed during the build makes the next one run.
        let inputs = InputFingerprint(
            contentFolder: loader.contentFolder, configPath: loader.resolvedConfigPath(), templatesFolder: loader.resolvedTemplatesFolder(),
            outputFolder: writer.outputFolder, includeDrafts: includeDrafts, includeFuture: includeFuture).digest()
        if let inputs, let record = BuildRecord.read(in: output), record.isCurrent(inputs: inputs, now: now, output: output) {
            var report = WriteReport()
            report.unchanged = record.paths.count
            return Outcome(site: nil, summary: record.summary, report: report, duration: ContinuousClock.now - started)
        }
        // The input and the last build's records are read side by side: neither needs the other.
        async let loaded = Result { () throws(BuildFailure) in try loader.load() }
        async let records = Self.readRecords(writer, output: output, cache: cache)
        // `out/` is checked first: a folder that is not ours is the error to report.
        let (begun, cache, lastRenderCache) = await records
        let begunSession = try begun.get()
        let input = try await loaded.get()
        let options = BuildOptions(includeDrafts: includeDrafts, includeFuture: includeFuture, now: now)
        let previous = lastRenderCache.map { (cache: $0, digests: begunSession.oldDigests, output: output) }
        // Until the new records are in, none may vouch for `out/`.
        let pipeline = OutputPipeline(session: begunSession) {
            BuildRecord.remove(in: output)
            RenderCache.remove(in: output)
        }
        let site: SiteBuild
        do {
            site = try await SiteBuilder().build(input, options: options, cache: cache, previous: previous) { (batch: OutputBatch) throws(BuildFailure) in
                try pipeline.submit(batch)
            }
        } catch {
            pipeline.drain().session.abandon()
            throw error
        }
        var (session, failure) = pipeline.drain()
        if let failure {
            session.abandon()
            throw failure
        }
        let report = try session.finish()
        // Without these records the next build just runs in full: never worth failing this one.
        var renderCache = site.renderCache
        for (name, slot) in renderCache.slots {
            renderCache.slots[name]?.digest = session.digest(of: slot.path) ?? ""
        }
        let paths = session.paths
        // Unchanged when no source was read and none went away: no need to write 3 MB again.
        let entryCacheChanged = site.entriesRead > 0 || site.entryCache.count != cache.count
        async let renderCacheWritten: Void = { try? renderCache.write(in: output) }()
        async let entryCacheWritten: Void = { if entryCacheChanged { try? site.entryCache.write(in: output) } }()
        if let inputs, let outputs = BuildRecord.outputsDigest(paths, in: output) {
            try? BuildRecord(inputs: inputs, validUntil: site.nextPublication, summary: site.summary, paths: paths, outputs: outputs)
                .write(in: output)
        }
        _ = await (renderCacheWritten, entryCacheWritten)
        return Outcome(site: site, summary: site.summary, report: report, duration: ContinuousClock.now - started)
    }

    /// What a build needs from `out/` besides its files: the checked folder's
    /// session, the entry cache (the watcher's own when it passes one) and the render cache.
    private static func readRecords(_ writer: OutputWriter, output: String, cache: EntryCache) -> (Result<OutputSession, BuildFailure>, EntryCache, RenderCache?) {
        let session = Result { () throws(BuildFailure) in try writer.begin() }
        guard case .success = session else { return (session, cache, nil) }
        // The watcher passes what it read last; a command-line build finds it in `out/`.
        return (session, cache.count > 0 ? cache : EntryCache.read(in: output), RenderCache.read(in: output))
    }

    /// The one-line summary both commands print.
    public static func summary(of outcome: Outcome, output: String) -> String {
        let seconds = Double(outcome.duration.components.seconds) + Double(outcome.duration.components.attoseconds) / 1e18
        let unchanged = outcome.site == nil ? ", nothing changed since the last build" : ""
        return "built \(outcome.summary.entries) entries in \(outcome.summary.pages) pages into \(output): "
            + "\(outcome.report.written.count) files written, \(outcome.report.unchanged) unchanged, \(outcome.report.removed.count) removed"
            + "\(unchanged) (\(String(format: "%.2f", seconds)) s)"
    }

    /// The note about what was left out, if anything was.
    public static func leftOutNote(of site: BuildSummary) -> String? {
        guard site.skippedDrafts + site.skippedFuture > 0 else { return nil }
        return "note: left out \(site.skippedDrafts) draft(s) and \(site.skippedFuture) future-dated entr\(site.skippedFuture == 1 ? "y" : "ies"); --drafts and --future include them"
    }
}
