import ArgumentParser
import BlogpagerCore
import Foundation

/// `blogpager build content/ out/`: parse, call the core, print findings, exit.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the Markdown entries of a content folder into a site in an output folder."
    )

    @Argument(help: "The folder of Markdown entries, or a Jekyll, Hugo or Zola root (default: the current folder's site).")
    var content: String?

    @Argument(help: "The output folder (created if missing; must be empty or written by blogpager; default: out/, or the generator's own: _site/, public/).")
    var output: String?

    @OptionGroup var settings: BuildSettings

    @Flag(help: "Fail at once, instead of waiting, when another build is writing the same output folder.")
    var noWait = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(help: "Print, after the summary, how long each stage of the build took.")
    var timings = false

    func run() async throws {
        let quiet = quiet
        var settings = self.settings
        var content = self.content ?? "."
        var output = self.output ?? "out"
        if self.output == nil {
            // The site named, or the current folder's, into its usual output folder.
            let found = try CurrentSite.find(self.content, naming: "blogpager build content/ out/")
            content = found.content
            output = found.output
            settings.config = settings.config ?? found.config
            if !quiet { Self.printError("building \(found.description) into \(output)/") }
        }
        let shownOutput = output
        var job = settings.job(content: content, output: output, whenLocked: noWait ? .fail : .wait { pid in
            if !quiet { Self.printError("waiting for the build running as pid \(pid.map(String.init) ?? "unknown") to finish writing \(shownOutput)") }
        })
        if timings { job.timings = BuildTimings() }
        let progressLine: ProgressLine? = quiet ? nil : {
            let progress = BuildProgress()
            guard let line = ProgressLine(progress) else { return nil }
            job.progress = progress
            return line
        }()
        let started = job
        let task = Task { () async throws -> BuildJob.Outcome in try await started.run(now: Date()) }
        let signals = StopSignals { task.cancel() }
        do {
            let outcome: BuildJob.Outcome
            do {
                outcome = try await task.value
                progressLine?.finish()
            } catch {
                progressLine?.finish()
                throw error
            }
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
            if let timings = job.timings { print(timings.line) }
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
