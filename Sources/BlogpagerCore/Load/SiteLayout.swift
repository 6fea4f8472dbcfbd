import Foundation

/// Where a site's parts are, as the generator it comes from lays them out:
/// which folder holds the entries, which file is the config, which folders
/// are copied as they are. `blogpager build SITE out/` takes the root of a
/// Jekyll, Hugo, Zola or blogpager site, or a plain folder of entries.
/// Only what the old generator read is input: its output folders, caches,
/// dependencies and the output folder of this build are not.
public struct SiteLayout: Sendable, Equatable {
    /// The config a setting belongs in: the site's own, or the one it would have (Jekyll's
    /// `_config.yml` at the root, `blogpager.yml` for a folder of entries).
    public var configToEdit: String {
        configPath ?? origin.rules.configToEdit(root: root) ?? SiteLoader.configFileName
    }

    /// A folder whose files are published as they are, at the same place under `out/`.
    public struct StaticFolder: Sendable, Equatable {
        public var path: String
        /// Top-level names inside it that are not the site's files.
        public var excludedNames: Set<String>
        /// Jekyll copies files without front matter; those with it are pages.
        public var frontMatterFilesArePages: Bool
    }

    public var origin: Origin
    /// The site root as given (nil for a plain folder of entries).
    public var root: String?
    /// The folder whose Markdown files are entries.
    public var contentFolder: String
    /// The config file that applies, if any.
    public var configPath: String?
    /// Folders of entries beside `contentFolder`, each with what it says of them: Jekyll's
    /// `_drafts/`, and `_posts/` folders deeper in the root (`work/_posts/`, whose posts are in the category `work`).
    public struct EntryFolder: Sendable, Equatable {
        public var path: String
        /// Its path below the root: the start of its entries' relative paths (`_drafts`, `work/_posts`).
        public var relativePath: String
        public var facts: FolderFacts
        /// Whether an entry that names no date takes its file's modification time (Jekyll's drafts).
        public var datesUndatedByFileTime: Bool
        /// Whether only files named `yyyy-mm-dd-title` are entries (Jekyll's `_posts/`).
        public var namesNeedDates = false
    }

    /// Whether only files named `yyyy-mm-dd-title` in the content folder are entries: Jekyll reads no other file of `_posts/`.
    public var contentNamesNeedDates = false

    public var entryFolders: [EntryFolder] = []

    /// The content folder's sections that are blogs of their own (`BlogSection`), by their folders below it.
    public var blogSectionFolders: [[String]] = []
    /// Whether those sections lie beside the content folder (below the content root), not inside it.
    public var blogSectionsAreBeside = false

    /// Whether a content folder that is not there holds no entries rather than being an error (Jekyll's root `_posts/`).
    public var contentFolderMayBeMissing = false

    /// A Jekyll root's underscored folders that may hold a collection (`_work`): its config says which
    /// Jekyll writes, but the build's fingerprint is taken before the config is read, so it walks them all.
    public var collectionFolders: [String] = []
    /// What a Jekyll site's pages read beside them: `_data/` and `_includes/` (its Liquid), `_sass/`
    /// (its stylesheets' partials), present or not: inputs the build's fingerprint covers.
    public var liquidFolders: [String] = []

    /// What makes the site unbuildable as it is laid out (a Jekyll `source:` that is not there): reported first.
    public var problem: Diagnostic?
    /// What the layout leaves out that the old generator read (a Hugo mount of layouts): warnings.
    public var warnings: [Diagnostic] = []
    /// Which content files Hugo leaves out (`ignoreFiles`, a content mount's `includeFiles` and `excludeFiles`).
    public var contentFilter = HugoFileFilter()

    /// `legacy-pages.yml` at the root of a site from another generator: where its old list pages lead.
    public var legacyPagesPath: String? {
        guard let root, origin.rules.isImported else { return nil }
        return "\(root)/\(LegacyPages.fileName)"
    }
    /// The other languages' own content folders (Hugo's `contentDir` per language), each as a path
    /// and as the config names it below the root: they are input too.
    public struct LanguageContentFolder: Sendable, Equatable {
        public var code: String
        public var path: String
        /// As the config names it, below the root (`content/fr`).
        public var folder: String
    }
    public var languageContentFolders: [LanguageContentFolder] = []
    /// The site's config files as they were read when it was first looked at: read once per build.
    public var configs: ConfigFiles?
    /// The other files of a split Hugo config (`config/_default/params.toml`, `menus.toml`), each the value of its name's key.
    public var configParts: [String] = []
    public var staticFolders: [StaticFolder]
    /// A folder whose Markdown files outside `contentFolder` are pages, not entries (Hugo's and Zola's `content/`).
    public var pagesFolder: String?
    /// Where a Hugo or Zola site's content starts: `content/`, or the folder Hugo's config names
    /// for it (`contentDir`, the default language's own in a site with one per language).
    public var contentRoot: String?

    /// The entries' folder below the content root (`posts` for `content/posts/`), where Hugo's and Zola's URLs start.
    public var contentSection: [String] { origin.rules.contentSection(of: self) }

    /// The extensions of content files: Hugo and Jekyll read `.html` content files (front matter, then HTML) too.
    public var contentExtensions: Set<String> { origin.rules.contentExtensions }

    /// The sections beside the blog's section (`section`), below the content root: their dated entries
    /// are blogs of their own, but those in `joiningArchive` (the config's main sections) join the main archive.
    mutating func addSections(beside section: String, _ others: [String], joiningArchive: Set<String>, content: String) {
        guard let root else { return }
        for other in others {
            entryFolders.append(EntryFolder(path: "\(root)/\(content)/\(other)", relativePath: other,
                                            facts: FolderFacts(section: [other]), datesUndatedByFileTime: false))
            if !joiningArchive.contains(other) { blogSectionFolders.append([other]) }
        }
        blogSectionsAreBeside = true
    }

    /// `Jekyll site: 172 entries in _posts/, 3 pages, config _config.yml`: what was found, for the one line the command prints.
    public func description(entries: Int, pages: Int) -> String {
        let place = root.map { root in String(contentFolder.dropFirst(root.count + 1)) + "/" } ?? contentFolder
        let others = entryFolders.map { $0.relativePath + "/" }.joined(separator: ", ")
        let folders = contentFolderMayBeMissing ? (others.isEmpty ? place : others) : place + (others.isEmpty ? "" : " (and \(others))")
        var parts = ["\(entries) entr\(entries == 1 ? "y" : "ies") in \(folders)"]
        if pages > 0 { parts.append("\(pages) page\(pages == 1 ? "" : "s")") }
        if let configPath { parts.append("config \(root.map { configPath.hasPrefix($0 + "/") ? String(configPath.dropFirst($0.count + 1)) : configPath } ?? configPath)") }
        return "\(origin.rawValue) site: " + parts.joined(separator: ", ")
    }
}
