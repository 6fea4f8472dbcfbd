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
        public var site: SiteBuild
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

    public func run(now: Date = Date(), cache: EntryCache = EntryCache()) async throws(BuildFailure) -> Outcome {
        let started = ContinuousClock.now
        try writer.checkTarget()
        let input = try loader.load()
        let options = BuildOptions(includeDrafts: includeDrafts, includeFuture: includeFuture, now: now)
        let site = try await SiteBuilder().build(input, options: options, cache: cache)
        let report = try writer.write(site.files)
        return Outcome(site: site, report: report, duration: ContinuousClock.now - started)
    }

    /// The one-line summary both commands print.
    public static func summary(of outcome: Outcome, output: String) -> String {
        let seconds = Double(outcome.duration.components.seconds) + Double(outcome.duration.components.attoseconds) / 1e18
        return "built \(outcome.site.archive.entries.count) entries in \(outcome.site.archive.pages.count) pages into \(output): "
            + "\(outcome.report.written.count) files written, \(outcome.report.unchanged) unchanged, \(outcome.report.removed.count) removed "
            + "(\(String(format: "%.2f", seconds)) s)"
    }

    /// The note about what was left out, if anything was.
    public static func leftOutNote(of site: SiteBuild) -> String? {
        guard site.skippedDrafts + site.skippedFuture > 0 else { return nil }
        return "note: left out \(site.skippedDrafts) draft(s) and \(site.skippedFuture) future-dated entr\(site.skippedFuture == 1 ? "y" : "ies"); --drafts and --future include them"
    }
}
