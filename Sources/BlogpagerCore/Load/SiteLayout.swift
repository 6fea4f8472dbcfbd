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
    public var staticFolders: [StaticFolder]
    /// A folder whose Markdown files outside `contentFolder` are pages, not entries (Hugo's and Zola's `content/`).
    public var pagesFolder: String?

    /// What blogpager reads in a folder given to it.
    public static func detect(_ path: String, configPath: String?) -> SiteLayout {
        let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        func exists(_ name: String) -> Bool { FileIdentity(itemAt: "\(root)/\(name)") != nil }
        func isFolder(_ name: String) -> Bool { FileIdentity(itemAt: "\(root)/\(name)")?.isFolder == true }
        let firstConfig = { (names: [String]) in names.first(where: exists).map { "\(root)/\($0)" } }

        let named = configPath.map(OutputFolder.resolve)
        let isNamed = { (config: String) in named == nil || named == OutputFolder.resolve(config) }
        if let jekyll = firstConfig(["_config.yml", "_config.yaml"]), isNamed(jekyll) {
            let excluded: Set<String> = ["Gemfile", "Gemfile.lock", "gemfiles", "node_modules", "vendor", "package.json", "package-lock.json"]
            return SiteLayout(origin: .jekyll, root: root, contentFolder: "\(root)/_posts", configPath: jekyll,
                              staticFolders: [StaticFolder(path: root, excludedNames: excluded, frontMatterFilesArePages: true)], pagesFolder: nil)
        }
        if isFolder("content") {
            let hugo = firstConfig(["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config/_default/hugo.toml",
                                    "config/_default/config.toml", "config/_default/hugo.yaml", "config/_default/config.yaml"])
            let generic = firstConfig(["config.toml", "config.yaml", "config.yml", "config.json"])
            let statics = isFolder("static") ? [StaticFolder(path: "\(root)/static", excludedNames: [], frontMatterFilesArePages: false)] : []
            if let config = hugo ?? generic, isNamed(config) {
                let origin: Origin = hugo == nil && Self.isZolaConfig(config) ? .zola : .hugo
                // The blog's section when it has one: the rest of content/ is pages (about.md, 404.md).
                let section = ["posts", "post", "blog", "articles"].first { isFolder("content/\($0)") }
                return SiteLayout(origin: origin, root: root, contentFolder: "\(root)/content" + (section.map { "/" + $0 } ?? ""),
                                  configPath: config, staticFolders: statics, pagesFolder: section == nil ? nil : "\(root)/content")
            }
            if exists(SiteLoader.configFileName) {
                return SiteLayout(origin: .blogpager, root: root, contentFolder: "\(root)/content",
                                  configPath: configPath ?? "\(root)/\(SiteLoader.configFileName)", staticFolders: [], pagesFolder: nil)
            }
        }
        // A folder of entries; a config named on the command line says where it came from.
        return SiteLayout(origin: configPath.map(Self.origin(ofConfig:)) ?? .blogpager, root: nil, contentFolder: path,
                          configPath: configPath, staticFolders: [], pagesFolder: nil)
    }

    /// The generator a config file belongs to, by its name (and Zola's `base_url`).
    static func origin(ofConfig path: String) -> Origin {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasPrefix("_config.") { return .jekyll }
        if name.hasPrefix("hugo.") { return .hugo }
        if name.hasPrefix("config.") { return isZolaConfig(path) ? .zola : .hugo }
        return .blogpager
    }

    /// Zola's config names the site's address `base_url` at its top; Hugo's says `baseURL`.
    private static func isZolaConfig(_ path: String) -> Bool {
        guard path.hasSuffix(".toml"), let bytes = DiskFile.contents(path) else { return false }
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
        var parts = ["\(entries) entr\(entries == 1 ? "y" : "ies") in \(place)"]
        if pages > 0 { parts.append("\(pages) page\(pages == 1 ? "" : "s")") }
        if let configPath { parts.append("config \(root.map { configPath.hasPrefix($0 + "/") ? String(configPath.dropFirst($0.count + 1)) : configPath } ?? configPath)") }
        return "\(origin.rawValue) site: " + parts.joined(separator: ", ")
    }
}
