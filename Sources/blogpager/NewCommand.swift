import ArgumentParser
import BlogpagerCore
import Foundation

/// `blogpager new "Title"`: a new entry where the site's generator would put it.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start an entry: a file in the site's place and format, dated now, a draft until you publish it."
    )

    @Argument(help: "The entry's title.")
    var title: String

    @Option(help: "The site's root or folder of entries (default: the current folder's site).")
    var site: String?

    @Flag(help: "Not a draft: published at the next build.")
    var publish = false

    func run() throws {
        let files = FileSystem.disk
        let found = try CurrentSite.find(site, naming: "blogpager new \"A title\" --site ROOT")
        guard let layout = found.layout else { throw ExitCode(1) }
        let entry = NewEntry(title: title, draft: !publish, now: Date(), timeZone: found.timeZone ?? TimeZone.current)
        do throws(NewEntry.Failure) {
            print(SiteDefaults.shown(try entry.write(for: layout, in: files)))
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
