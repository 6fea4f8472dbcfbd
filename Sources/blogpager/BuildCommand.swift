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
        let started = ContinuousClock.now
        let writer = OutputWriter(outputFolder: output, contentFolder: content)
        do {
            try writer.checkTarget()
            let input = try SiteLoader(contentFolder: content, configPath: config, templatesFolder: templates).load()
            let options = BuildOptions(includeDrafts: drafts, includeFuture: future, now: Date())
            let site = try await SiteBuilder().build(input, options: options)
            let report = try writer.write(site.files)
            guard !quiet else { return }
            if site.skippedDrafts + site.skippedFuture > 0 {
                printError("note: left out \(site.skippedDrafts) draft(s) and \(site.skippedFuture) future-dated entr\(site.skippedFuture == 1 ? "y" : "ies"); --drafts and --future include them")
            }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print("built \(site.archive.entries.count) entries in \(site.archive.pages.count) pages into \(output): "
                + "\(report.written.count) files written, \(report.unchanged) unchanged, \(report.removed.count) removed "
                + "(\(String(format: "%.2f", seconds)) s)")
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
