import Foundation

/// `blogpager init [folder]`: a new blog that builds and serves at once: `blogpager.yml` with the
/// keys a blogger is likely to change (each commented), one entry in `content/`, a `.gitignore` for
/// the output; with `templates`, the default templates to edit. Never into a folder with anything in it.
public struct NewSite: Sendable {
    public var title: String
    public var withTemplates: Bool

    public init(title: String, withTemplates: Bool) {
        self.title = title
        self.withTemplates = withTemplates
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The files, by path below the new folder. `now` dates the first entry, in `timeZone`.
    public func files(now: Date, timeZone: TimeZone) -> [(path: String, text: String)] {
        let date = NewEntry.dateText(now, timeZone: timeZone, style: .spaced)
        let year = String(date.prefix(4))
        var files: [(String, String)] = [
            ("blogpager.yml", config(timeZone: timeZone)),
            ("content/\(year)/hello.md", """
            ---
            title: Hello
            date: \(date)
            tags: [meta]
            ---

            This is the first entry of \(title). Write the next one with `blogpager new "Its title"`,
            see it with `blogpager serve`, and build the site with `blogpager build`.

            Entries are Markdown files in `content/`, each dated by its front matter. The archive is
            read by scrolling: older entries load as the reader goes down, newer ones going up.

            """),
            (".gitignore", "# What `blogpager build` makes: built again from content/ at any time.\nout/\n"),
        ]
        if withTemplates {
            files += DefaultTemplates.files.sorted { $0.key < $1.key }.map { ("templates/" + $0.key, $0.value) }
        }
        return files
    }

    private func config(timeZone: TimeZone) -> String {
        """
        # Your blog's settings. Every key is optional; docs/guide.md (Config) lists them all.

        # The site's name, shown in every page's header and in its feeds.
        title: \(Self.quoted(title))
        # A line under the title, and the feeds' description.
        description: ""
        # Who writes it (the feeds' author).
        author: ""
        # The address the site is published at: feeds, the sitemap and canonical links need it.
        # Change it to yours before you publish.
        base_url: https://example.org/
        # The language of the entries (its code: en, ja, fr...), for the pages and the words around them.
        language: en
        # The time zone of dates written without one, and of the dates shown.
        time_zone: \(timeZone.identifier)
        # Where each entry is published: :year, :month, :day, :slug.
        permalink: /:year/:month/:day/:slug/
        # Entries on a page of the archive.
        page_size: 10
        # A search box over every entry (Pagefind, installed by `make run`).
        # search: true
        # Code in fenced blocks highlighted (Pygments).
        # highlight: true

        """
    }

    /// `text` as a YAML string: plain where that reads the same, else in double quotes.
    static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || " .-'".unicodeScalars.contains($0) }
            && text.first != " " && text.last != " " && text.first != "-" && text.first != "'"
        guard !plain else { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Writes the files into `folder` (made if missing); a folder that holds anything is refused, untouched.
    public func create(in folder: String, now: Date, timeZone: TimeZone, files fileSystem: FileSystem) throws(Failure) -> [String] {
        if let item = fileSystem.item(at: folder) {
            guard item.isFolder else { throw Failure(description: "\(folder): error: a file is there; give a new folder's name") }
            let names: [String]
            do {
                names = try fileSystem.names(in: folder)
            } catch {
                throw Failure(description: "\(folder): error: cannot be read (\(error))")
            }
            guard names.isEmpty else {
                throw Failure(description: "\(folder): error: the folder is not empty (it holds \(names.sorted().prefix(3).joined(separator: ", "))\(names.count > 3 ? "..." : "")); init makes a blog in a new or empty folder, and overwrites nothing")
            }
        }
        var written: [String] = []
        for (path, text) in files(now: now, timeZone: timeZone) {
            let target = LocalPath.joined(folder, path)
            do {
                try fileSystem.makeFolder(String(target[..<target.lastIndex(of: "/")!]))
                _ = try fileSystem.replace(target, with: Array(text.utf8), durable: false)
            } catch {
                throw Failure(description: "\(target): error: could not be written (\(error))")
            }
            written.append(path)
        }
        return written
    }
}
