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

    @Argument(help: "The output folder to serve (default: the current folder's site, built and watched: blogpager.yml and content/ into out/, or a Jekyll, Hugo or Zola root into _site/ or public/).")
    var output: String?

    @Option(help: "The address to listen on. Only 127.0.0.1 unless you ask for another (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "A content folder to watch: build it into the output folder now and after every change.")
    var watch: String?

    /// The builds' settings, when watching.
    @OptionGroup var settings: BuildSettings

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if watch == nil, output != nil, !settings.isDefault {
            throw ValidationError("--config, --templates, --drafts, --future and the other build settings apply only with --watch <content folder>")
        }
    }

    func run() async throws {
        var watcher: SiteWatcher?
        var hub: LiveReloadHub?
        var output = self.output ?? ""
        var watch = self.watch
        var settings = self.settings
        if self.output == nil {
            // No folder named: the current folder's site, built into its usual output and watched.
            let found = try CurrentSite.find(nil, naming: "the folder to serve: blogpager serve out/")
            output = found.output
            watch = watch ?? found.content
            settings.config = settings.config ?? found.config
            Self.printLine("building and watching \(found.description), into \(output)/")
        }
        if let watch {
            let liveReload = LiveReloadHub()
            let output = output
            // Each rebuild takes the output folder's lock for itself, and waits while a manual build holds it.
            let job = settings.job(content: watch, output: output, whenLocked: .wait { pid in
                Self.printError("waiting for the build running as pid \(pid.map(String.init) ?? "unknown") to finish writing \(output)")
            })
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
        let served = output
        do {
            try await server.run { url in
                // A site published under a path (`base_url`) is served there too: its pages link that path.
                let base = SiteBasePath.of(folder).map { $0.dropFirst() + "/" } ?? ""
                Self.printLine("serving \(served) at \(url)\(base)\(watching)")
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
