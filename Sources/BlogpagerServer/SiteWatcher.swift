import BlogpagerCore
import Foundation
import ServiceLifecycle

/// Watches the content folder, the config and the templates; after a change
/// has settled, rebuilds with the same atomic build as `blogpager build`,
/// reading again only the entries that changed. A good build reloads every
/// open page; a failed one leaves the last good site served and sends its
/// errors to the terminal and to the pages.
public struct SiteWatcher: Service {
    public var job: BuildJob
    /// Files and folders whose changes trigger a rebuild.
    public var watchedPaths: [String]
    public var hub: LiveReloadHub
    /// How often the watched paths are looked at.
    public var pollInterval: Duration
    /// Terminal output: (line, isError).
    public var log: @Sendable (String, Bool) -> Void

    /// The output folder: never a change to rebuild for, even inside a watched site root.
    private var excluded: Set<String> {
        [job.writer.folder.resolved, URL(fileURLWithPath: job.writer.folder.shown).standardizedFileURL.path]
    }

    /// What the last build read, and the files it saw.
    private var entries = EntryCache()
    private var built: FolderSnapshot?

    public init(job: BuildJob, watchedPaths: [String], hub: LiveReloadHub,
                pollInterval: Duration = .milliseconds(200), log: @escaping @Sendable (String, Bool) -> Void) {
        self.job = job
        self.watchedPaths = watchedPaths
        self.hub = hub
        self.pollInterval = pollInterval
        self.log = log
    }

    /// The first build; `serve --watch` runs it before it starts listening,
    /// and serves the folder even when it fails (the previous site, if any).
    public mutating func buildFirst() async {
        built = FolderSnapshot(paths: watchedPaths, excluding: excluded)
        entries = await rebuild(cache: entries, changed: [])
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await watch() }
    }

    private func watch() async {
        var entries = self.entries
        var built = self.built ?? FolderSnapshot(paths: watchedPaths, excluding: excluded)
        while !Task.isCancelled {
            try? await Task.sleep(for: pollInterval)
            var current = FolderSnapshot(paths: watchedPaths, excluding: excluded)
            guard current != built else { continue }
            // Wait until the files stop changing: editors save in several steps.
            while !Task.isCancelled {
                try? await Task.sleep(for: pollInterval)
                let next = FolderSnapshot(paths: watchedPaths, excluding: excluded)
                if next == current { break }
                current = next
            }
            guard !Task.isCancelled else { break }
            entries = await rebuild(cache: entries, changed: current.changes(since: built))
            built = current
        }
    }

    private func rebuild(cache entries: EntryCache, changed: [String]) async -> EntryCache {
        if !changed.isEmpty {
            let shown = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
            log("changed: \(shown)", false)
        }
        do {
            let outcome = try await job.run(now: Date(), cache: entries)
            if let note = BuildJob.leftOutNote(of: outcome.summary) { log(note, false) }
            for warning in outcome.summary.warnings { log(warning.description, true) }
            log(BuildJob.summary(of: outcome, output: job.writer.outputFolder) + ", \(outcome.site?.entriesRead ?? 0) entr\(outcome.site?.entriesRead == 1 ? "y" : "ies") read", false)
            hub.publishReload()
            return outcome.site?.entryCache ?? entries
        } catch {
            let lines = error.diagnostics.map(\.description)
            for line in lines { log(line, true) }
            let state = error.output == .untouched ? "still serving the last good site" : BuildJob.outputState(of: error, output: job.writer.outputFolder)
            let summary = error.wasStopped
                ? "stopped: \(BuildJob.outputState(of: error, output: job.writer.outputFolder))"
                : "error: build failed with \(error.errorCount) error\(error.errorCount == 1 ? "" : "s"); \(state)"
            log(summary, true)
            hub.publishFailure(lines + [summary])
            return entries
        }
    }
}
