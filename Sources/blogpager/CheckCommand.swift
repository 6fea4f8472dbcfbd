import ArgumentParser
import BlogpagerCore
import Foundation

/// `blogpager check [site]`: everything a build checks, nothing written; for CI and pre-commit hooks.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Read and check a site as a build does (entries, links between them, Liquid, URLs), writing nothing; exit 1 on an error."
    )

    @Argument(help: "The folder of entries or site root (default: the current folder's site).")
    var site: String?

    @OptionGroup var settings: BuildSettings

    @Flag(help: "Also ask each link to another site whether it answers (at most a minute; never part of a build).")
    var links = false

    @Flag(name: .shortAndLong, help: "Print only problems.")
    var quiet = false

    func run() async throws {
        var settings = self.settings
        var content = site ?? "."
        if settings.config == nil {
            let found = try CurrentSite.find(site, naming: "blogpager check content/")
            content = found.content
            settings.config = found.config
        }
        // The output folder is never touched: the job names one only because a job has one.
        let job = settings.job(content: content, output: (content.hasSuffix("/") ? content : content + "/") + ".blogpager-check-unused", whenLocked: .fail)
        let checked: BuildJob.Checked
        do throws(BuildFailure) {
            checked = try await job.check(now: Date(), collectingLinks: links)
        } catch {
            let failure = error
            for diagnostic in failure.diagnostics { Self.printError(diagnostic.description) }
            Self.printError("error: check found \(failure.errorCount) error\(failure.errorCount == 1 ? "" : "s")")
            throw ExitCode(1)
        }
        for warning in checked.warnings { Self.printError(warning.description) }
        var broken = 0
        if links {
            let outcome = await ExternalLinkCheck().run(checked.externalLinks)
            for link in outcome.broken { Self.printError("\(link.page): warning: link to \(link.url) is broken (\(link.problem))") }
            broken = outcome.broken.count
            let unasked = outcome.unasked > 0 ? ", \(outcome.unasked) left unasked (a minute at most)" : ""
            if !quiet || broken > 0 { print("links to other sites: \(outcome.checked) asked, \(broken) broken\(unasked)") }
        }
        if !quiet {
            print("checked \(checked.entries) entr\(checked.entries == 1 ? "y" : "ies") and \(checked.pages) page\(checked.pages == 1 ? "" : "s"): no errors"
                  + (checked.warnings.isEmpty ? "" : ", \(checked.warnings.count) warning\(checked.warnings.count == 1 ? "" : "s")"))
        }
        if broken > 0 { throw ExitCode(1) }
    }

    private static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
