import ArgumentParser
import BlogpagerCore
import BlogpagerServer
import Foundation

/// `blogpager serve out/ [--watch content/]`: serve a built site; with
/// `--watch`, rebuild on every change and reload open pages.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a built site over HTTP; with --watch, rebuild on change and reload the browser."
    )

    @Argument(help: "The output folder to serve.")
    var output: String

    @Option(help: "The address to listen on. Only 127.0.0.1 unless you ask for another (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "A content folder to watch: build it into the output folder now and after every change.")
    var watch: String?

    @Option(help: "The site config, when watching (default: blogpager.yml here or beside the content folder).")
    var config: String?

    @Option(help: "A folder of templates that replace the defaults, when watching. Changes to it rebuild too.")
    var templates: String?

    @Flag(help: "Include entries marked draft: true, when watching.")
    var drafts = false

    @Flag(help: "Include entries dated in the future, when watching.")
    var future = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if watch == nil, config != nil || templates != nil || drafts || future {
            throw ValidationError("--config, --templates, --drafts and --future apply only with --watch <content folder>")
        }
    }

    func run() async throws {
        var watcher: SiteWatcher?
        var hub: LiveReloadHub?
        if let watch {
            let liveReload = LiveReloadHub()
            let output = output
            // Each rebuild takes the output folder's lock for itself, and waits while a manual build holds it.
            var job = BuildJob(
                contentFolder: watch, outputFolder: output, configPath: config, templatesFolder: templates,
                includeDrafts: drafts, includeFuture: future, program: ProgramIdentity.current(),
                whenLocked: .wait { pid in
                    Self.printError("waiting for the build running as pid \(pid.map(String.init) ?? "unknown") to finish writing \(output)")
                })
            job.highlightsCode = true
            job.runsPython(environment: ProcessInfo.processInfo.environment, currentFolder: FileManager.default.currentDirectoryPath)
            job.sharedHighlightCache = SharedHighlightCache.folder(environment: ProcessInfo.processInfo.environment).map { SharedHighlightCache(folder: $0) }
            let loader = job.loader
            let watched = [watch, loader.resolvedConfigPath(), loader.resolvedTemplatesFolder()].compactMap { $0 }
            var siteWatcher = SiteWatcher(job: job, watchedPaths: watched, hub: liveReload) { line, isError in
                if isError { Self.printError(line) } else { Self.printLine(line) }
            }
            await siteWatcher.buildFirst()
            // A first build that failed leaves nothing to serve yet: serve an
            // empty folder, so the browser can show the errors.
            try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            watcher = siteWatcher
            hub = liveReload
        }
        guard let folder = SiteFolder(path: output) else {
            Self.printError("\(output): error: no such folder; build the site first (blogpager build <content> \(output)) or serve with --watch <content>")
            throw ExitCode(1)
        }
        let server = SiteServer(folder: folder, host: host, port: port, watcher: watcher, hub: hub)
        let watching = watch.map { " (watching \($0); Ctrl-C stops)" } ?? " (Ctrl-C stops)"
        do {
            try await server.run { url in
                // A site published under a path (`base_url`) is served there too: its pages link that path.
                let base = SiteBasePath.of(folder).map { $0.dropFirst() + "/" } ?? ""
                Self.printLine("serving \(output) at \(url)\(base)\(watching)")
            }
        } catch let error as SiteServer.CannotListen {
            Self.printError("error: \(error.description)")
            throw ExitCode(1)
        }
    }

    /// Unbuffered, so a terminal or a test reading a pipe sees each line at once.
    static func printLine(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
