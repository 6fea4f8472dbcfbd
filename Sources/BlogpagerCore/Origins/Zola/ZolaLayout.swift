/// Where a Zola site's parts are: `content/`, its blog (the section that holds the dated pages, or
/// the content's top when that holds them), its other sections (each folder with an `_index.md`),
/// and `static/`.
extension SiteLayout {
    static func zolaSite(root: String, config: String, configs: ConfigFiles, files: FileSystem) -> SiteLayout {
        let statics = files.isFolder("\(root)/static") ? [StaticFolder(path: "\(root)/static", excludedNames: [], frontMatterFilesArePages: false)] : []
        let content = "content"
        // A site whose top holds dated pages has its blog there (its root section), whatever its sections hold.
        let section = ZolaRootBlog.isRootBlog(content: "\(root)/\(content)", files: files) ? nil
            : HugoMainSection.choose(root: root, content: content, configFiles: [], configs: configs, in: files)
        var layout = SiteLayout(origin: .zola, root: root, contentFolder: "\(root)/\(content)" + (section.map { "/" + $0 } ?? ""),
                                configPath: config, staticFolders: statics, pagesFolder: section == nil ? nil : "\(root)/\(content)")
        layout.contentRoot = "\(root)/\(content)"
        let sections = zolaSections(in: "\(root)/\(content)", files: files)
        if let section {
            layout.addSections(beside: section, sections.filter { $0.count == 1 && $0 != [section] }.map { $0[0] }, joiningArchive: [], content: content)
        } else {
            // A blog at the content's top: every other section, at any depth, is a blog of its own.
            layout.blogSectionFolders = sections
        }
        return layout
    }

    /// Zola's sections below the content folder: every folder with an `_index.md`, hidden ones left out.
    private static func zolaSections(in content: String, files: FileSystem) -> [[String]] {
        var found: [[String]] = []
        var pending: [[String]] = [[]]
        while let folders = pending.popLast() {
            let path = ([content] + folders).joined(separator: "/")
            // A folder that cannot be listed holds no section found here: the content scan reports it.
            guard let names = files.probeNames(in: path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") && files.isFolder("\(path)/\(name)") && folders.count < 24 {
                let child = folders + [name]
                if ContentScanner.sectionFileNames.contains(where: { files.item(at: "\(path)/\(name)/\($0)") != nil }) { found.append(child) }
                pending.append(child)
            }
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Zola's config names the site's address `base_url` at its top; Hugo's says `baseURL`.
    /// A config that cannot be read is taken for Hugo's here; its error comes when it is loaded.
    static func isZolaConfig(_ path: String, configs: ConfigFiles) -> Bool {
        if path.hasSuffix("/zola.toml") || path == "zola.toml" { return true }
        guard path.hasSuffix(".toml"), let bytes = configs.probe(path) else { return false }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") { return false }
            if trimmed.hasPrefix("base_url") { return true }
        }
        return false
    }
}
