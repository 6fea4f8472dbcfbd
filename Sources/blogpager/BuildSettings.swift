import ArgumentParser
import BlogpagerCore
import Foundation

/// What `build` and `serve --watch` both ask of a build, and the one place a job is made from it.
struct BuildSettings: ParsableArguments {
    @Option(help: "The site config (default: blogpager.yml here or beside the content folder).")
    var config: String?

    @Option(help: "A folder of templates that replace the defaults file by file.")
    var templates: String?

    @Flag(help: "Include entries marked draft: true.")
    var drafts = false

    @Flag(help: "Include entries dated in the future.")
    var future = false

    @Flag(help: "Leave code blocks plain (as `highlight: false` in the config does).")
    var noHighlight = false

    @Flag(help: "Make the search index and the search box (as `search: true` in the config does).")
    var search = false

    @Option(help: "The most megabytes one entry or page may have (default: 4).")
    var maxEntrySize: Double?

    @Option(help: "How the build runs: auto (by its size), plain, or large-archive (docs/internals.md).")
    var execution = BuildExecutionChoice.automatic

    /// Whether every setting is its default: `serve` without `--watch` takes none.
    var isDefault: Bool {
        config == nil && templates == nil && !drafts && !future && !noHighlight && !search && maxEntrySize == nil && execution == .automatic
    }

    func validate() throws {
        if let maxEntrySize, !(maxEntrySize > 0 && maxEntrySize <= 1_000) {
            throw ValidationError("--max-entry-size must be a number of megabytes from 0 to 1000, such as 8")
        }
    }

    /// The build of `content` into `output` these settings ask for, run by this program in this
    /// process's environment and folder, with the user's highlight cache.
    func job(content: String, output: String, whenLocked: WhenLocked) -> BuildJob {
        let environment = ProcessInfo.processInfo.environment
        let files = FileSystem.disk
        var job = BuildJob(
            contentFolder: content, outputFolder: output, configPath: config, templatesFolder: templates,
            includeDrafts: drafts, includeFuture: future, program: ProgramIdentity.current(in: files), whenLocked: whenLocked,
            overrides: SiteLoader.Overrides(search: search, maximumEntryBytes: maxEntrySize.map { Int($0 * 1_000_000) }), in: files)
        job.highlightsCode = !noHighlight
        job.execution = execution
        job.runsPython(environment: environment, currentFolder: FileManager.default.currentDirectoryPath)
        job.sharedHighlightCache = SharedHighlightCache.folder(environment: environment).map { SharedHighlightCache(folder: $0, in: files) }
        return job
    }
}

extension BuildExecutionChoice: ExpressibleByArgument {}
