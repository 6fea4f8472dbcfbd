import ArgumentParser
import BlogpagerCore
import Foundation

/// `blogpager init [folder]`: a new blog that builds and serves at once.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a new blog: a config, a first entry and a .gitignore, in a new or empty folder."
    )

    @Argument(help: "The folder to make it in (default: the current folder, if empty).")
    var folder = "."

    @Option(help: "The blog's title (default: the folder's name).")
    var title: String?

    @Flag(help: "Also copy the default templates into templates/, to edit.")
    var templates = false

    func run() throws {
        let files = FileSystem.disk
        let name = URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent
        let site = NewSite(title: title ?? (name.isEmpty || name == "/" ? "My blog" : name), withTemplates: templates)
        do {
            let written = try site.create(in: folder, now: Date(), timeZone: TimeZone.current, files: files)
            let into = folder == "." ? "" : "cd \(folder) && "
            print("made a new blog in \(folder): \(written.count) files (\(written.prefix(3).joined(separator: ", "))\(written.count > 3 ? ", ..." : ""))")
            print("next: \(into)blogpager serve    (builds it and serves it at http://127.0.0.1:8080/, rebuilding as you write)")
            print("      blogpager new \"A title\"    (a new entry)")
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
