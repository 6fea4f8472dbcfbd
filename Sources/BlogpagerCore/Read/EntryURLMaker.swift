import Foundation

/// Makes an entry's URL and the file it is written to by the site's
/// `EntryURLRule`: the URL the old generator gave the same file, so links,
/// bookmarks and search results keep landing. A Jekyll URL without an
/// extension (`/posts/name`) is written as `posts/name.html`, as Jekyll
/// writes it and static hosts serve it.
struct EntryURLMaker {
    var rule: EntryURLRule
    var basePath: String
    /// The entries' folder below the site's content root (`posts` for Hugo's `content/posts/`).
    var section: [String]
    /// Jekyll's collections, whose dated documents are entries at their collection's permalink.
    var collections: [JekyllCollection] = []
    /// The site's languages: an entry in one whose URLs start at its root (Hugo's and Zola's `/fr/`) is placed there.
    var languages: [SiteLanguage] = []

    /// What an entry's URL may be made of.
    struct Facts {
        var source: SourceFile
        /// The file's name without extension, as written (a bundle's: its folder's name).
        var fileStem: String
        /// The same without a leading date (`2016-05-12-name` → `name`).
        var fileSlug: String
        /// `slug:` as written in the front matter.
        var frontSlug: String?
        var title: String
        var date: EntryDate
        var categories: [String]
        /// A URL the entry names for itself: Jekyll's `permalink:`, Hugo's `url:`, Zola's `path:`.
        var ownURL: String?
    }

    struct Made {
        var outputPath: OutputPath
        var url: String
    }

    struct Problem: Error {
        var message: String
    }

    func make(_ facts: Facts) throws(Problem) -> Made {
        let made = try makeInSite(facts)
        // A URL the entry names for itself is kept as written, as Hugo and Zola keep it.
        let code = facts.source.folderFacts.language
        guard facts.ownURL == nil, let language = languages.first(where: { $0.code == code }) ?? languages.first,
              language.prefixesEntryURLs, !language.root.isEmpty else { return made }
        let root = language.root.joined(separator: "/")
        return Made(outputPath: made.outputPath.below(language.root),
                    url: basePath + "/" + root + made.url.dropFirst(basePath.count))
    }

    /// The folders from the content root down to the entry (a bundle's own folder left out).
    func contentFolders(_ facts: Facts) -> [String] {
        var folders = facts.source.relativePath.split(separator: "/").map(String.init).dropLast()
        if facts.source.isBundleIndex { folders = folders.dropLast() }
        // A section beside the main one names its path from the content root.
        return facts.source.folderFacts.section != nil ? Array(folders) : section + folders
    }

    func made(_ path: String, written: String? = nil) throws(Problem) -> Made {
        guard path.contains(where: { $0 != "/" }) else { throw Problem(message: "its URL '\(path)' is the site's front page") }
        let placed = rule.placement(ofOwnURL: path, written: written)
        return try folderOrFile(placed.segments, extensionless: placed.extensionless)
    }

    func folderOrFile(_ segments: [String], extensionless: Bool) throws(Problem) -> Made {
        let outputPath: OutputPath
        do {
            outputPath = try OutputPath(segments)
        } catch {
            throw Problem(message: "its URL /\(segments.joined(separator: "/")) is not a safe path: \(error.message)")
        }
        return Made(outputPath: outputPath, url: outputPath.urlPath(basePath: basePath, leavingOutHTML: extensionless))
    }
}
