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

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func run() async throws {
        let job = BuildJob(
            contentFolder: content, outputFolder: output, configPath: config, templatesFolder: templates,
            includeDrafts: drafts, includeFuture: future)
        do {
            let outcome = try await job.run()
            guard !quiet else { return }
            for warning in outcome.summary.warnings { printError(warning.description) }
            if let note = BuildJob.leftOutNote(of: outcome.summary) { printError(note) }
            print(BuildJob.summary(of: outcome, output: output))
        } catch let failure {
            for diagnostic in failure.diagnostics { printError(diagnostic.description) }
            printError("error: build failed with \(failure.errorCount) error\(failure.errorCount == 1 ? "" : "s"); \(output) was left as it was")
            throw ExitCode(1)
        }
    }

    private func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
