import ArgumentParser
import BlogpagerCore
import Foundation

/// `blogpager build content/ out/`: parse, call the core, print findings, exit.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the Markdown entries of a content folder into a site in an output folder."
    )

    @Argument(help: "The folder of Markdown entries.")
    var content: String

    @Argument(help: "The output folder (created if missing; must be empty or written by blogpager).")
    var output: String

    @Option(help: "The site config (default: blogpager.yml here or beside the content folder).")
    var config: String?

    @Option(help: "A folder of templates that replace the defaults file by file.")
    var templates: String?

    @Flag(help: "Include entries marked draft: true.")
    var drafts = false

    @Flag(help: "Include entries dated in the future.")
    var future = false

    @Flag(help: "Fail at once, instead of waiting, when another build is writing the same output folder.")
    var noWait = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(help: "Leave code blocks plain (as `highlight: false` in the config does).")
    var noHighlight = false

    @Flag(help: "Make the search index and the search box (as `search: true` in the config does).")
    var search = false

    @Option(help: "The most megabytes one entry or page may have (default: 4).")
    var maxEntrySize: Double?

    func run() async throws {
        let quiet = quiet
        var job = BuildJob(
            contentFolder: content, outputFolder: output, configPath: config, templatesFolder: templates,
            includeDrafts: drafts, includeFuture: future, program: ProgramIdentity.current(),
            whenLocked: noWait ? .fail : .wait { pid in
                if !quiet { Self.printError("waiting for the build running as pid \(pid.map(String.init) ?? "unknown") to finish writing \(output)") }
            })
        job.highlightsCode = !noHighlight
        job.search = search
        if let maxEntrySize {
            guard maxEntrySize > 0, maxEntrySize <= 1_000 else { throw ValidationError("--max-entry-size must be a number of megabytes from 0 to 1000, such as 8") }
            job.maximumEntryBytes = Int(maxEntrySize * 1_000_000)
        }
        job.runsPython(environment: ProcessInfo.processInfo.environment, currentFolder: FileManager.default.currentDirectoryPath)
        job.sharedHighlightCache = SharedHighlightCache.folder(environment: ProcessInfo.processInfo.environment).map { SharedHighlightCache(folder: $0) }
        let task = Task { () async throws -> BuildJob.Outcome in try await job.run(now: Date()) }
        let signals = StopSignals { task.cancel() }
        do {
            let outcome = try await task.value
            // What the build read is left to the exit, which frees it at once, not value by value.
            _ = Unmanaged.passRetained(LeftToExit(outcome))
            guard !quiet else { return }
            let layout = job.loader.layout
            if layout.root != nil || layout.origin != .blogpager {
                let summary = outcome.summary
                print(layout.description(entries: summary.entries + summary.skippedDrafts + summary.skippedFuture, pages: summary.standalonePages ?? 0))
            }
            for warning in outcome.summary.warnings { Self.printError(warning.description) }
            if let note = BuildJob.leftOutNote(of: outcome.summary) { Self.printError(note) }
            print(BuildJob.summary(of: outcome, output: output))
        } catch let failure as BuildFailure {
            for diagnostic in failure.diagnostics { Self.printError(diagnostic.description) }
            let state = BuildJob.outputState(of: failure, output: output)
            if failure.wasStopped {
                let signal = signals.firstSignal ?? SIGINT
                Self.printError("stopped by \(StopSignals.name(signal)): \(state)")
                throw ExitCode(StopSignals.exitStatus(signal))
            }
            Self.printError("error: build failed with \(failure.errorCount) error\(failure.errorCount == 1 ? "" : "s"); \(state)")
            throw ExitCode(1)
        }
    }

    private static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A build's outcome kept until the process exits (see `BuildJob.Outcome.leftovers`).
private final class LeftToExit: Sendable {
    let outcome: BuildJob.Outcome

    init(_ outcome: BuildJob.Outcome) {
        self.outcome = outcome
    }
}
