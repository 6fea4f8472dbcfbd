import Foundation

/// Where a site's parts are, as the generator it comes from lays them out:
/// which folder holds the entries, which file is the config, which folders
/// are copied as they are. `blogpager build SITE out/` takes the root of a
/// Jekyll, Hugo, Zola or blogpager site, or a plain folder of entries.
/// Only what the old generator read is input: its output folders, caches,
/// dependencies and the output folder of this build are not.
public struct SiteLayout: Sendable, Equatable {
    public enum Origin: String, Sendable, Equatable {
        case blogpager, jekyll = "Jekyll", hugo = "Hugo", zola = "Zola"

        /// The config key that gives the site's public address, as this generator spells it.
        public var addressKey: String {
            switch self {
            case .blogpager, .zola: "base_url"
            case .jekyll: "url"
            case .hugo: "baseURL"
            }
        }
    }

    /// The config a setting belongs in: the site's own, or the one it would have (Jekyll's
    /// `_config.yml` at the root, `blogpager.yml` for a folder of entries).
    public var configToEdit: String {
        if let configPath { return configPath }
        if origin == .jekyll, let root { return root + "/_config.yml" }
        return SiteLoader.configFileName
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
    /// What a Jekyll site's Liquid reads beside its pages: `_data/` and `_includes/`, present or not.
    public var liquidFolders: [String] = []

    /// What makes the site unbuildable as it is laid out (a Jekyll `source:` that is not there): reported first.
    public var problem: Diagnostic?
    /// What the layout leaves out that the old generator read (a Hugo mount of layouts): warnings.
    public var warnings: [Diagnostic] = []
    /// Which content files Hugo leaves out (`ignoreFiles`, a content mount's `includeFiles` and `excludeFiles`).
    public var contentFilter = HugoFileFilter()

    /// `legacy-pages.yml` at the root of a site from another generator: where its old list pages lead.
    public var legacyPagesPath: String? {
        guard let root, origin != .blogpager else { return nil }
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
    /// The other files of a split Hugo config (`config/_default/params.toml`, `menus.toml`), each the value of its name's key.
    public var configParts: [String] = []
    public var staticFolders: [StaticFolder]
    /// A folder whose Markdown files outside `contentFolder` are pages, not entries (Hugo's and Zola's `content/`).
    public var pagesFolder: String?
    /// Where a Hugo or Zola site's content starts: `content/`, or the folder Hugo's config names
    /// for it (`contentDir`, the default language's own in a site with one per language).
    public var contentRoot: String?

    /// The entries' folder below the content root (`posts` for `content/posts/`), where Hugo's and Zola's URLs start.
    public var contentSection: [String] {
        if root != nil, origin == .jekyll { return ["_posts"] }
        guard root != nil, origin == .hugo || origin == .zola, let contentRoot, contentFolder.hasPrefix(contentRoot + "/") else { return [] }
        return contentFolder.dropFirst(contentRoot.count + 1).split(separator: "/").map(String.init)
    }

    /// The extensions of content files: Hugo and Jekyll read `.html` content files (front matter, then HTML) too.
    public var contentExtensions: Set<String> {
        origin == .hugo || origin == .jekyll ? ContentScanner.markdownExtensions.union(HTMLContentRenderer.extensions) : ContentScanner.markdownExtensions
    }

    /// What blogpager reads in a folder given to it.
    /// `hugoContentDir`: one language's own content folder (`content/fr`) in place of the default language's.
    public static func detect(_ path: String, configPath: String?, hugoContentDir: String? = nil, in files: FileSystem) -> SiteLayout {
        let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        func exists(_ name: String) -> Bool { files.item(at: "\(root)/\(name)") != nil }
        func isFolder(_ name: String) -> Bool { files.isFolder("\(root)/\(name)") }
        let firstConfig = { (names: [String]) in names.first(where: exists).map { "\(root)/\($0)" } }

        let named = configPath.map(files.resolve)
        let isNamed = { (config: String) in named == nil || named == files.resolve(config) }
        if let jekyll = firstConfig(["_config.yml", "_config.yaml"]), isNamed(jekyll) {
            // Jekyll's `source:` puts the site's files in a folder below the root; the config stays at the root.
            guard let source = Self.jekyllSource(config: jekyll, files: files) else {
                return Self.jekyll(root: root, config: jekyll, hasDrafts: isFolder("_drafts"), files: files)
            }
            let sourceRoot = source.value.hasPrefix("/") ? source.value : "\(root)/\(source.value)"
            var layout = Self.jekyll(root: sourceRoot, config: jekyll, hasDrafts: files.isFolder(sourceRoot + "/_drafts"), files: files)
            if !files.isFolder(sourceRoot) {
                layout.problem = .error(at: source.location,
                                        "source folder '\(source.value)' does not exist: Jekyll reads the site's files from there (make it first, as the site's own build does, or change source)")
            }
            return layout
        }
        // Every name Hugo 0.168 reads its config by, at the root and in its config folder.
        let hugo = firstConfig(Self.hugoConfigNames + Self.hugoConfigNames.map { "config/_default/" + $0 }
                               + Self.configExtensions.map { "config/_default/config." + $0 })
        // Zola 0.21 reads `zola.toml` before `config.toml`.
        let generic = firstConfig(["zola.toml"] + Self.configExtensions.map { "config." + $0 })
        // A Hugo site may keep its content elsewhere (`contentDir`, `module.mounts`): its config says so.
        let hugoParts = { (config: String) in Self.configParts(in: "\(root)/config/_default", besides: config, files: files) }
        let movedHugoContent = isFolder("content") ? nil : (hugo ?? generic).flatMap { config -> String? in
            guard !config.hasSuffix("/zola.toml"), !Self.isZolaConfig(config, files: files) else { return nil }
            return HugoContentDir.read(config: config, parts: hugoParts(config), in: files).flatMap { isFolder($0) ? $0 : nil }
        }
        if isFolder("content") || movedHugoContent != nil {
            if let config = hugo ?? generic, isNamed(config) {
                let origin: Origin = hugo == nil && (config.hasSuffix("/zola.toml") || Self.isZolaConfig(config, files: files)) ? .zola : .hugo
                let parts = origin == .hugo ? hugoParts(config) : []
                let mounts = origin == .hugo ? HugoContentDir.values(config: config, parts: parts, in: files).map { HugoMounts.read($0, root: root, in: files) } : nil
                // Hugo mounts `static/` where no mount names the static files.
                let staticSources = mounts.map { $0.statics.isEmpty ? ["static"] : $0.statics.filter { $0.target == "static" }.map(\.source) } ?? ["static"]
                let statics = staticSources.filter(isFolder).map { StaticFolder(path: "\(root)/\($0)", excludedNames: [], frontMatterFilesArePages: false) }
                // Hugo's `contentDir` or its content mount (a language's own, in a site with one per language) moves the content.
                let content = origin == .hugo ? (hugoContentDir ?? HugoContentDir.read(config: config, parts: parts, in: files)).flatMap { isFolder($0) ? $0 : nil } ?? "content" : "content"
                // The blog's section, as Hugo finds its main section: the rest of content/ is pages (about.md, 404.md).
                // A Zola site whose top holds dated pages has its blog there (its root section), whatever its sections hold.
                let section = origin == .zola && ZolaRootBlog.isRootBlog(content: "\(root)/\(content)", files: files) ? nil
                    : HugoMainSection.choose(root: root, content: content, configFiles: origin == .hugo ? [config] + parts : [], in: files)
                var layout = SiteLayout(origin: origin, root: root, contentFolder: "\(root)/\(content)" + (section.map { "/" + $0 } ?? ""),
                                        configPath: config, staticFolders: statics, pagesFolder: section == nil ? nil : "\(root)/\(content)")
                layout.contentRoot = "\(root)/\(content)"
                layout.configParts = parts
                if let mounts {
                    let own = mounts.content.first { $0.target == "content" && $0.source == content }
                    layout.contentFilter = HugoFileFilter(includeFiles: own?.filter.includeFiles ?? [], excludeFiles: own?.filter.excludeFiles ?? [],
                                                          ignoreFiles: mounts.ignoreFiles)
                    let configName = String(config.dropFirst(root.count + 1))
                    for mount in mounts.mounts where !["content", "static"].contains(mount.target) {
                        let why = ["content", "static"].contains(String(mount.target.split(separator: "/").first ?? ""))
                            ? "a mount into a folder below \(mount.target.split(separator: "/").first ?? "") is not read"
                            : "its \(mount.target) are read by Hugo's own layouts, which blogpager does not render"
                        layout.warnings.append(.warning(at: SourceLocation(path: config),
                                                        "\(configName): the mount of '\(mount.source)' as '\(mount.target)' is left out: \(why)"))
                    }
                }
                if origin == .hugo, hugoContentDir == nil {
                    layout.languageContentFolders = HugoContentDir.otherLanguages(config: config, parts: parts, in: files)
                        .filter { $0.folder != content && isFolder($0.folder) }
                        .map { LanguageContentFolder(code: $0.code, path: "\(root)/\($0.folder)", folder: $0.folder) }
                }
                if let section {
                    // The other top-level sections beside the blog's: their dated entries are blogs of their own,
                    // but those the config names among its main sections, which join the main archive.
                    let others = origin == .zola
                        ? Self.zolaSections(in: "\(root)/\(content)", files: files).filter { $0.count == 1 && $0 != [section] }.map { $0[0] }
                        : HugoMainSection.sections(in: "\(root)/\(content)", files: files).filter { $0 != section }
                    let named = origin == .hugo ? ([config] + parts).lazy.map { HugoMainSection.named(inConfig: $0, in: files) }.first { !$0.isEmpty } ?? [] : []
                    for other in others {
                        layout.entryFolders.append(EntryFolder(path: "\(root)/\(content)/\(other)", relativePath: other,
                                                               facts: FolderFacts(section: [other]), datesUndatedByFileTime: false))
                        if !named.contains(other) { layout.blogSectionFolders.append([other]) }
                    }
                    layout.blogSectionsAreBeside = true
                } else {
                    // A blog at the content's top: the other sections are blogs of their own (Zola's, each
                    // with its `_index.md`, at any depth; Hugo's, its top-level folders).
                    layout.blogSectionFolders = origin == .zola
                        ? Self.zolaSections(in: "\(root)/\(content)", files: files)
                        : HugoMainSection.sections(in: "\(root)/\(content)", files: files).map { [$0] }
                }
                return layout
            }
            if exists(SiteLoader.configFileName) {
                return SiteLayout(origin: .blogpager, root: root, contentFolder: "\(root)/content",
                                  configPath: configPath ?? "\(root)/\(SiteLoader.configFileName)", staticFolders: [], pagesFolder: nil)
            }
        }
        // GitHub Pages builds a Jekyll site without `_config.yml`, with Jekyll's defaults: `_posts/` at the root says it is one.
        if configPath == nil, isFolder("_posts") {
            return Self.jekyll(root: root, config: nil, hasDrafts: isFolder("_drafts"), files: files)
        }
        // A folder of entries; a config named on the command line says where it came from.
        return SiteLayout(origin: configPath.map { Self.origin(ofConfig: $0, files: files) } ?? .blogpager, root: nil, contentFolder: path,
                          configPath: configPath, staticFolders: [], pagesFolder: nil)
    }

    /// A Jekyll config's `source:` (other than `.`), with where its value is; read before the config
    /// itself is, since it decides where the site's files are. A config that cannot be read names
    /// none (its errors come when it is loaded).
    private static func jekyllSource(config: String, files: FileSystem) -> (value: String, location: SourceLocation)? {
        guard let bytes = try? files.read(config), case .success(let fields) = SiteConfigLoader.fields(
                  of: String(decoding: bytes, as: UTF8.self), path: config, origin: .jekyll),
              let field = fields.last(where: { $0.key == "source" }), var text = field.value.scalarText else { return nil }
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        if text.hasPrefix("./") { text.removeFirst(2) }
        return text.isEmpty || text == "." ? nil : (text, field.valueLocation)
    }

    /// A Jekyll site's root: `_posts/` (and `_drafts/`, and the `_posts/` of category folders) are its
    /// entries, the rest of the root its pages and static files; `config` nil where it has none.
    private static func jekyll(root: String, config: String?, hasDrafts: Bool, files: FileSystem) -> SiteLayout {
        let excluded: Set<String> = ["Gemfile", "Gemfile.lock", "gemfiles", "node_modules", "vendor", "package.json", "package-lock.json",
                                     LegacyPages.fileName]
        var layout = SiteLayout(origin: .jekyll, root: root, contentFolder: "\(root)/_posts", configPath: config,
                                staticFolders: [StaticFolder(path: root, excludedNames: excluded, frontMatterFilesArePages: true)], pagesFolder: nil)
        if hasDrafts {
            layout.entryFolders.append(EntryFolder(path: "\(root)/_drafts", relativePath: "_drafts", facts: FolderFacts(isDraft: true),
                                                   datesUndatedByFileTime: true))
        }
        layout.entryFolders += Self.categoryPostFolders(in: root, excluded: excluded, files: files)
        layout.contentNamesNeedDates = true
        // Jekyll builds a site whose posts are all in folders below the root (`en/_posts/`), or one with none.
        layout.contentFolderMayBeMissing = !files.isFolder("\(root)/_posts")
        let notCollections: Set<String> = ["_posts", "_drafts", "_site", "_includes", "_layouts", "_sass", "_data", "_plugins"]
        // A root that cannot be listed has no collections here: the content scan reports it.
        layout.collectionFolders = ((try? files.names(in: root)) ?? []).sorted()
            .filter { $0.hasPrefix("_") && !notCollections.contains($0) && files.isFolder("\(root)/\($0)") }
            .map { "\(root)/\($0)" }
        layout.liquidFolders = [LiquidSources.dataFolder, LiquidSources.includesFolder].map { "\(root)/\($0)" }
        return layout
    }

    /// Jekyll's `_posts/` and `_drafts/` folders below other folders of the root, at any depth
    /// (`en/news/_posts/`, as Jekyll's reader finds them in every folder it reads): the folders
    /// above each are its posts' categories. Underscored, hidden and excluded folders are not
    /// looked in; the depth is bounded only against a link that leads back up.
    private static func categoryPostFolders(in root: String, excluded: Set<String>, depth: Int = 24, files: FileSystem) -> [EntryFolder] {
        var found: [EntryFolder] = []
        var pending: [[String]] = [[]]
        while let folders = pending.popLast() {
            let path = ([root] + folders).joined(separator: "/")
            // A folder that cannot be listed holds no posts found here: the scan of its parent reports it.
            guard let names = try? files.names(in: path) else { continue }
            for name in names.sorted() where files.isFolder("\(path)/\(name)") {
                let relativePath = (folders + [name]).joined(separator: "/")
                if name == "_posts", !folders.isEmpty {
                    found.append(EntryFolder(path: "\(path)/_posts", relativePath: relativePath,
                                             facts: FolderFacts(categories: folders), datesUndatedByFileTime: false, namesNeedDates: true))
                } else if name == "_drafts", !folders.isEmpty {
                    found.append(EntryFolder(path: "\(path)/_drafts", relativePath: relativePath,
                                             facts: FolderFacts(isDraft: true, categories: folders), datesUndatedByFileTime: true))
                } else if !name.hasPrefix("_"), !name.hasPrefix("."), !(folders.isEmpty && excluded.contains(name)), folders.count < depth {
                    pending.append(folders + [name])
                }
            }
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    /// Zola's sections below the content folder: every folder with an `_index.md`, hidden ones left out.
    private static func zolaSections(in content: String, files: FileSystem) -> [[String]] {
        var found: [[String]] = []
        var pending: [[String]] = [[]]
        while let folders = pending.popLast() {
            let path = ([content] + folders).joined(separator: "/")
            // A folder that cannot be listed holds no section found here: the content scan reports it.
            guard let names = try? files.names(in: path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") && files.isFolder("\(path)/\(name)") && folders.count < 24 {
                let child = folders + [name]
                if ContentScanner.sectionFileNames.contains(where: { files.item(at: "\(path)/\(name)/\($0)") != nil }) { found.append(child) }
                pending.append(child)
            }
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    private static let configExtensions = ["toml", "yaml", "yml", "json"]
    private static let hugoConfigNames = configExtensions.map { "hugo." + $0 }

    /// The files of Hugo's config folder beside its main file, in name order.
    private static func configParts(in folder: String, besides main: String, files: FileSystem) -> [String] {
        // No folder of parts (most sites), or one that cannot be listed: none (a part that cannot be read is an error when loaded).
        guard let names = try? files.names(in: folder) else { return [] }
        // Beside a config at the root, the folder's own main file is a part too: Hugo merges both, the folder's over the root's.
        let mainInFolder = main.hasPrefix(folder + "/")
        let folderMain = mainInFolder ? nil : names.sorted().first { $0.hasPrefix("hugo.") || $0.hasPrefix("config.") }
        return names.sorted().filter { name in
            !name.hasPrefix(".") && ["toml", "yaml", "yml", "json"].contains(name.split(separator: ".").last.map(String.init) ?? "")
                && ((!name.hasPrefix("hugo.") && !name.hasPrefix("config.")) || name == folderMain)
        }.map { "\(folder)/\($0)" }.filter { $0 != main }
    }

    /// The generator a config file belongs to, by its name (and Zola's `base_url`).
    static func origin(ofConfig path: String, files: FileSystem) -> Origin {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasPrefix("_config.") { return .jekyll }
        if name.hasPrefix("hugo.") { return .hugo }
        if name == "zola.toml" { return .zola }
        if name.hasPrefix("config.") { return isZolaConfig(path, files: files) ? .zola : .hugo }
        return .blogpager
    }

    /// Zola's config names the site's address `base_url` at its top; Hugo's says `baseURL`.
    /// A config that cannot be read is taken for Hugo's here; its error comes when it is loaded.
    private static func isZolaConfig(_ path: String, files: FileSystem) -> Bool {
        guard path.hasSuffix(".toml"), let bytes = try? files.read(path) else { return false }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") { return false }
            if trimmed.hasPrefix("base_url") { return true }
        }
        return false
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
