/// Where a Hugo site's parts are: its content folder (`content/`, or the one its config or a mount
/// names), the main section whose dated pages are the blog, the other sections, each language's own
/// content folder, the static folders its mounts name, and the files of a split config.
extension SiteLayout {
    static let configExtensions = ["toml", "yaml", "yml", "json"]
    /// Every name Hugo 0.168 reads its config by, at the root and in its config folder.
    static let hugoConfigNames: [String] = {
        let names = configExtensions.map { "hugo." + $0 }
        return names + names.map { "config/_default/" + $0 } + configExtensions.map { "config/_default/config." + $0 }
    }()

    /// The content folder a Hugo config moves the content to (`contentDir`, a content mount), where
    /// the root has no `content/`; nil where it names none or none that is there.
    static func hugoMovedContent(root: String, config: String, configs: ConfigFiles, files: FileSystem) -> String? {
        let parts = hugoConfigParts(root: root, besides: config, files: files)
        return HugoContentDir.read(config: config, parts: parts, in: configs).flatMap { files.isFolder("\(root)/\($0)") ? $0 : nil }
    }

    /// A Hugo root with its config. `languageContentDir`: one language's own content folder
    /// (`content/fr`) in place of the default language's.
    static func hugoSite(root: String, config: String, languageContentDir: String?, configs: ConfigFiles, files: FileSystem) -> SiteLayout {
        func isFolder(_ name: String) -> Bool { files.isFolder("\(root)/\(name)") }
        let parts = hugoConfigParts(root: root, besides: config, files: files)
        let mounts = HugoContentDir.values(config: config, parts: parts, in: configs).map { HugoMounts.read($0, root: root, in: files) }
        // Hugo mounts `static/` where no mount names the static files.
        let staticSources = mounts.map { $0.statics.isEmpty ? ["static"] : $0.statics.filter { $0.target == "static" }.map(\.source) } ?? ["static"]
        let statics = staticSources.filter(isFolder).map { StaticFolder(path: "\(root)/\($0)", excludedNames: [], frontMatterFilesArePages: false) }
        // `contentDir` or the content mount (a language's own, in a site with one per language) moves the content.
        let content = (languageContentDir ?? HugoContentDir.read(config: config, parts: parts, in: configs)).flatMap { isFolder($0) ? $0 : nil } ?? "content"
        // The blog's section, as Hugo finds its main section: the rest of content/ is pages (about.md, 404.md).
        let section = HugoMainSection.choose(root: root, content: content, configFiles: [config] + parts, configs: configs, in: files)
        var layout = SiteLayout(origin: .hugo, root: root, contentFolder: "\(root)/\(content)" + (section.map { "/" + $0 } ?? ""),
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
        if languageContentDir == nil {
            layout.languageContentFolders = HugoContentDir.otherLanguages(config: config, parts: parts, in: configs)
                .filter { $0.folder != content && isFolder($0.folder) }
                .map { LanguageContentFolder(code: $0.code, path: "\(root)/\($0.folder)", folder: $0.folder) }
        }
        let sections = HugoMainSection.sections(in: "\(root)/\(content)", files: files)
        if let section {
            // Those the config names among its main sections join the main archive.
            let named = ([config] + parts).lazy.map { HugoMainSection.named(inConfig: $0, in: configs) }.first { !$0.isEmpty } ?? []
            layout.addSections(beside: section, sections.filter { $0 != section }, joiningArchive: Set(named), content: content)
        } else {
            // A blog at the content's top: its top-level folders are blogs of their own.
            layout.blogSectionFolders = sections.map { [$0] }
        }
        return layout
    }

    /// The files of Hugo's config folder (`config/_default/`) beside its main file, in name order.
    static func hugoConfigParts(root: String, besides main: String, files: FileSystem) -> [String] {
        let folder = "\(root)/config/_default"
        // No folder of parts (most sites), or one that cannot be listed: none (a part that cannot be read is an error when loaded).
        guard let names = files.probeNames(in: folder) else { return [] }
        // Beside a config at the root, the folder's own main file is a part too: Hugo merges both, the folder's over the root's.
        let mainInFolder = main.hasPrefix(folder + "/")
        let folderMain = mainInFolder ? nil : names.sorted().first { $0.hasPrefix("hugo.") || $0.hasPrefix("config.") }
        return names.sorted().filter { name in
            !name.hasPrefix(".") && configExtensions.contains(name.split(separator: ".").last.map(String.init) ?? "")
                && ((!name.hasPrefix("hugo.") && !name.hasPrefix("config.")) || name == folderMain)
        }.map { "\(folder)/\($0)" }.filter { $0 != main }
    }
}
