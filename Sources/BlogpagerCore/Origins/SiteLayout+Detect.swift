import Foundation

/// Which generator a folder given to blogpager was made for, by the config it holds and how its
/// folders are laid out, and that generator's layout of it.
extension SiteLayout {
    /// What blogpager reads in a folder given to it.
    /// `hugoContentDir`: one language's own content folder (`content/fr`) in place of the default language's.
    /// `configs`: the site's config files as a first look at it read them (read here where not given).
    public static func detect(_ path: String, configPath: String?, hugoContentDir: String? = nil, configs given: ConfigFiles? = nil,
                              in files: FileSystem) -> SiteLayout {
        let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let configs = given ?? ConfigFiles(root: root, named: configPath, in: files)
        var layout = recognize(root: root, path: path, configPath: configPath, hugoContentDir: hugoContentDir, configs: configs, in: files)
        layout.configs = configs
        return layout
    }

    private static func recognize(root: String, path: String, configPath: String?, hugoContentDir: String?, configs: ConfigFiles,
                                  in files: FileSystem) -> SiteLayout {
        func exists(_ name: String) -> Bool { files.item(at: "\(root)/\(name)") != nil }
        func isFolder(_ name: String) -> Bool { files.isFolder("\(root)/\(name)") }
        let firstConfig = { (names: [String]) in names.first(where: exists).map { "\(root)/\($0)" } }

        let named = configPath.map(files.resolve)
        let isNamed = { (config: String) in named == nil || named == files.resolve(config) }
        if let jekyll = firstConfig(jekyllConfigNames), isNamed(jekyll) {
            return jekyllSite(root: root, config: jekyll, configs: configs, files: files)
        }
        let hugo = firstConfig(hugoConfigNames)
        // Zola 0.21 reads `zola.toml` before `config.toml`; Hugo reads `config.*` too.
        let generic = firstConfig(["zola.toml"] + configExtensions.map { "config." + $0 })
        let contentConfig = hugo ?? generic
        let isZola = hugo == nil && contentConfig.map { isZolaConfig($0, configs: configs) } == true
        // A Hugo site may keep its content elsewhere (`contentDir`, `module.mounts`): its config says so.
        let movedHugoContent = isFolder("content") || isZola ? nil : contentConfig.flatMap { hugoMovedContent(root: root, config: $0, configs: configs, files: files) }
        if isFolder("content") || movedHugoContent != nil {
            if let config = contentConfig, isNamed(config) {
                return isZola ? zolaSite(root: root, config: config, configs: configs, files: files)
                    : hugoSite(root: root, config: config, languageContentDir: hugoContentDir, configs: configs, files: files)
            }
            if exists(SiteLoader.configFileName) {
                return SiteLayout(origin: .blogpager, root: root, contentFolder: "\(root)/content",
                                  configPath: configPath ?? "\(root)/\(SiteLoader.configFileName)", staticFolders: [], pagesFolder: nil)
            }
        }
        // GitHub Pages builds a Jekyll site without `_config.yml`, with Jekyll's defaults: `_posts/` at the root says it is one.
        if configPath == nil, isFolder("_posts") {
            return jekyllSite(root: root, config: nil, configs: configs, files: files)
        }
        // A folder of entries; a config named on the command line says where it came from.
        return SiteLayout(origin: configPath.map { origin(ofConfig: $0, configs: configs) } ?? .blogpager, root: nil, contentFolder: path,
                          configPath: configPath, staticFolders: [], pagesFolder: nil)
    }

    /// The generator a config file belongs to, by its name (and Zola's `base_url`).
    static func origin(ofConfig path: String, configs: ConfigFiles) -> Origin {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasPrefix("_config.") { return .jekyll }
        if name.hasPrefix("hugo.") { return .hugo }
        if name.hasPrefix("config.") || name == "zola.toml" { return isZolaConfig(path, configs: configs) ? .zola : .hugo }
        return .blogpager
    }
}
