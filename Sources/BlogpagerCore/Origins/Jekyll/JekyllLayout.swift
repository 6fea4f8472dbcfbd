/// Where a Jekyll site's parts are: `_posts/` (and `_drafts/`, and the `_posts/` of category
/// folders) are its entries, the rest of the root its pages and static files.
extension SiteLayout {
    /// The config names Jekyll reads at a root.
    static let jekyllConfigNames = ["_config.yml", "_config.yaml"]

    /// A Jekyll root with its config (nil for a GitHub Pages site without one). Jekyll's `source:`
    /// puts the site's files in a folder below the root; the config stays at the root.
    static func jekyllSite(root: String, config: String?, configs: ConfigFiles, files: FileSystem) -> SiteLayout {
        guard let config, let source = jekyllSource(config: config, configs: configs) else {
            return jekyll(root: root, config: config, files: files)
        }
        let sourceRoot = source.value.hasPrefix("/") ? source.value : "\(root)/\(source.value)"
        var layout = jekyll(root: sourceRoot, config: config, files: files)
        if !files.isFolder(sourceRoot) {
            layout.problem = .error(at: source.location,
                                    "source folder '\(source.value)' does not exist: Jekyll reads the site's files from there (make it first, as the site's own build does, or change source)")
        }
        return layout
    }

    /// A Jekyll config's `source:` (other than `.`), with where its value is; read before the config
    /// itself is, since it decides where the site's files are. A config that cannot be read names
    /// none (its errors come when it is loaded).
    private static func jekyllSource(config: String, configs: ConfigFiles) -> (value: String, location: SourceLocation)? {
        guard let bytes = configs.probe(config), case .success(let fields) = SiteConfigLoader.fields(
                  of: String(decoding: bytes, as: UTF8.self), path: config, origin: .jekyll),
              let field = fields.last(where: { $0.key == "source" }), var text = field.value.scalarText else { return nil }
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        if text.hasPrefix("./") { text.removeFirst(2) }
        return text.isEmpty || text == "." ? nil : (text, field.valueLocation)
    }

    private static func jekyll(root: String, config: String?, files: FileSystem) -> SiteLayout {
        let excluded: Set<String> = ["Gemfile", "Gemfile.lock", "gemfiles", "node_modules", "vendor", "package.json", "package-lock.json",
                                     LegacyPages.fileName]
        var layout = SiteLayout(origin: .jekyll, root: root, contentFolder: "\(root)/_posts", configPath: config,
                                staticFolders: [StaticFolder(path: root, excludedNames: excluded, frontMatterFilesArePages: true)], pagesFolder: nil)
        if files.isFolder(root + "/_drafts") {
            layout.entryFolders.append(EntryFolder(path: "\(root)/_drafts", relativePath: "_drafts", facts: FolderFacts(isDraft: true),
                                                   datesUndatedByFileTime: true))
        }
        layout.entryFolders += categoryPostFolders(in: root, excluded: excluded, files: files)
        layout.contentNamesNeedDates = true
        // Jekyll builds a site whose posts are all in folders below the root (`en/_posts/`), or one with none.
        layout.contentFolderMayBeMissing = !files.isFolder("\(root)/_posts")
        let notCollections: Set<String> = ["_posts", "_drafts", "_site", "_includes", "_layouts", "_sass", "_data", "_plugins"]
        // A root that cannot be listed has no collections here: the content scan reports it.
        layout.collectionFolders = (files.probeNames(in: root) ?? []).sorted()
            .filter { $0.hasPrefix("_") && !notCollections.contains($0) && files.isFolder("\(root)/\($0)") }
            .map { "\(root)/\($0)" }
        layout.liquidFolders = [LiquidSources.dataFolder, LiquidSources.includesFolder, LiquidSources.layoutsFolder, StylesheetSettings().sassFolder].map { "\(root)/\($0)" }
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
            guard let names = files.probeNames(in: path) else { continue }
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
}
