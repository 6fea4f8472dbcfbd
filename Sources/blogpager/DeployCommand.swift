import ArgumentParser
import BlogpagerCore
import BlogpagerServer
import Foundation

/// `blogpager deploy out/ remote:bucket`: the built site sent through rclone, only what changed.
struct DeployCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Send a built site to a store rclone speaks: only what changed, in an order no reader can catch half-done."
    )

    @Argument(help: "The output folder a build wrote.")
    var output: String

    @Argument(help: "Where to: an rclone remote (name:path), a connection string (:s3,provider=…:bucket), or a folder.")
    var remote: String

    @Flag(help: "Print what would be sent and deleted, and change nothing.")
    var dryRun = false

    @Flag(help: "Overwrite files changed on the remote since the last deploy, and take over a deploy left under way.")
    var force = false

    @Option(help: "Stop a deploy that would delete more than this many files.")
    var maxDeletes = 256

    @Option(help: "How long a file no build makes any more stays on the remote (a reader's index may still name it): 1d, 12h, 30m or seconds.")
    var keepRemoved = "1d"

    @Option(help: "Cache-Control of pages, redirects and site files.")
    var cacheControlPages = CachePolicy.revalidate

    @Option(help: "Cache-Control of indexes, feeds and sitemaps.")
    var cacheControlIndexes = CachePolicy.revalidate

    @Option(help: "A shell command given the changed URLs, one a line on its standard input, once every index is up (a CDN purge).")
    var hook: String?

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func run() throws {
        guard let keep = Self.seconds(keepRemoved) else {
            throw ValidationError("--keep-removed \(keepRemoved): give a number of seconds, or one followed by d, h or m (1d, 12h, 30m)")
        }
        let environment = ProcessInfo.processInfo.environment
        var options = DeployJob.Options()
        options.dryRun = dryRun
        options.force = force
        options.maxDeletes = maxDeletes
        options.keepRemoved = keep
        options.hook = hook
        options.contentType = { ContentTypes.forFileName($0) }
        options.cacheControl = [.immutable: CachePolicy.immutable, .page: cacheControlPages, .redirect: cacheControlPages,
                                .siteFile: cacheControlPages, .index: cacheControlIndexes, .feed: cacheControlIndexes]
        options.host = ProcessInfo.processInfo.hostName
        options.processID = ProcessInfo.processInfo.processIdentifier
        options.isRunning = { pid in kill(pid, 0) == 0 || errno != ESRCH }
        let terminal = isatty(STDERR_FILENO) == 1 && !quiet
        if terminal {
            options.progress = { progress in
                let megabytes = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_000_000) }
                Self.printError("\r\u{1B}[Kdeploy: \(progress.phase), \(progress.files)/\(progress.totalFiles) files, "
                                + "\(megabytes(progress.bytes))/\(megabytes(progress.totalBytes)) MB", newline: false)
            }
        }
        if let lifetime = Self.maxAge(cacheControlIndexes), lifetime >= keep {
            Self.printError("warning: --keep-removed (\(keep) s) does not exceed the indexes' cache lifetime (max-age=\(lifetime)): a reader's cached index may name a file already deleted")
        }
        let started = Date()
        let job = DeployJob(output: OutputFolder(output, in: .disk), remote: remote, rclone: Rclone(environment: environment), options: options)
        let outcome: DeployJob.Outcome
        do {
            outcome = try job.run(now: Int64(started.timeIntervalSince1970))
        } catch {
            if terminal { Self.printError("\r\u{1B}[K", newline: false) }
            Self.printError("error: \(error)")
            throw ExitCode(1)
        }
        if terminal { Self.printError("\r\u{1B}[K", newline: false) }
        for warning in outcome.warnings { Self.printError("warning: \(warning)") }
        guard !quiet else { return }
        let plan = outcome.plan
        let deferred = plan.deferred.map(\.due).min().map { ", \(plan.deferred.count) deletion\(plan.deferred.count == 1 ? "" : "s") deferred (the first due \(Self.date($0)))" } ?? ""
        if dryRun {
            let phases = DeployPlan.Phase.allCases.compactMap { phase in plan.uploads[phase].map { "\($0.count) \(phase.name)" } }
            print("would deploy \(output) to \(job.shown): \(plan.uploadCount) files to send (\(Self.megabytes(plan.uploadBytes)))"
                  + (phases.isEmpty ? "" : ": " + phases.joined(separator: ", ")) + ", \(plan.unchanged) unchanged, \(plan.deleteNow.count) to delete\(deferred)")
            for path in plan.deleteNow { print("delete \(path)") }
            return
        }
        let seconds = Date().timeIntervalSince(started)
        print("deployed \(output) to \(job.shown): \(outcome.uploaded) files sent (\(Self.megabytes(outcome.uploadedBytes))), \(plan.unchanged) unchanged, "
              + "\(outcome.deleted) deleted\(deferred) (\(String(format: "%.2f", seconds)) s)")
    }

    static func seconds(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
        if let unit = text.last.flatMap({ units[$0] }), let value = Int64(text.dropLast()), value >= 0 { return value * unit }
        return Int64(text).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// `max-age=N` of a Cache-Control value; nil when it has none.
    static func maxAge(_ cacheControl: String) -> Int64? {
        for part in cacheControl.split(separator: ",") {
            let part = part.trimmingCharacters(in: .whitespaces)
            if part.hasPrefix("max-age=") { return Int64(part.dropFirst("max-age=".count)) }
        }
        return nil
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    static func date(_ epoch: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(epoch)))
    }

    private static func printError(_ text: String, newline: Bool = true) {
        FileHandle.standardError.write(Data((text + (newline ? "\n" : "")).utf8))
    }
}
