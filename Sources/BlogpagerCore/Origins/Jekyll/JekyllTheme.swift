import Foundation

/// A Jekyll site's theme gem (`theme: minima`), found where Ruby installs gems, as Jekyll finds it
/// (`Gem::Specification.find_by_name`): `GEM_HOME` and `GEM_PATH`, Debian's rubygems-integration
/// and `/var/lib/gems`, and the site's own `vendor/bundle`; of several versions, the newest.
/// Its `_layouts/`, `_includes/` and `_data/` lie under the site's own (`LiquidSources`), its `_sass/`
/// is where the site's stylesheets import from, and its `assets/` are built where the site has none of its own.
struct JekyllTheme: Sendable, Equatable {
    var name: String
    /// The gem's folder (`/usr/share/rubygems-integration/all/gems/minima-2.5.1`).
    var root: String

    var sassFolder: String { LocalPath.joined(root, "_sass") }

    /// The gems the theme's gemspec names as its runtime dependencies (minima's jekyll-feed and jekyll-seo-tag):
    /// Jekyll loads those that are plugins. The gemspec is where RubyGems keeps it, beside the gems' folder.
    func runtimeDependencies(files: FileSystem) -> [String] {
        let gems = (root as NSString).deletingLastPathComponent
        let spec = LocalPath.joined((gems as NSString).deletingLastPathComponent, "specifications/\((root as NSString).lastPathComponent).gemspec")
        guard let bytes = files.probeRead(spec) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard line.contains("add_runtime_dependency") || line.contains("add_dependency"),
                  let name = line.firstMatch(of: #/%q<([^>]+)>/#)?.output.1 else { return nil }
            return String(name)
        }
    }

    /// The Debian package that installs a theme gem, where Debian has one.
    static func debianPackage(of name: String) -> String? {
        ["minima": "jekyll-theme-minima"][name]
    }

    /// The folders gems are installed in, in the order Ruby looks: the environment's, the system's, the site's bundle.
    static func gemFolders(siteRoot: String, environment: [String: String], files: FileSystem) -> [String] {
        var folders = ([environment["GEM_HOME"]] + (environment["GEM_PATH"] ?? "").split(separator: ":").map(String.init))
            .compactMap { $0 }.filter { !$0.isEmpty }.map { LocalPath.joined($0, "gems") }
        folders.append("/usr/share/rubygems-integration/all/gems")
        for base in ["/usr/share/rubygems-integration", "/var/lib/gems", "/usr/lib/ruby/gems"] {
            folders += (files.probeNames(in: base) ?? []).sorted().filter { $0 != "all" }.map { "\(base)/\($0)/gems" }
        }
        let bundle = LocalPath.joined(siteRoot, "vendor/bundle/ruby")
        folders += (files.probeNames(in: bundle) ?? []).sorted().map { "\(bundle)/\($0)/gems" }
        return folders
    }

    /// The theme named `name`, or nil where no gem folder holds it.
    static func find(_ name: String, in folders: [String], files: FileSystem) -> JekyllTheme? {
        for folder in folders {
            let versions = (files.probeNames(in: folder) ?? []).compactMap { entry -> (version: [Int], name: String)? in
                guard entry.hasPrefix(name + "-") else { return nil }
                let version = entry.dropFirst(name.count + 1).split(separator: ".").map { Int($0) }
                guard !version.isEmpty, version.allSatisfy({ $0 != nil }) else { return nil }
                return (version.compactMap { $0 }, entry)
            }
            if let newest = versions.max(by: { $0.version.lexicographicallyPrecedes($1.version) }) {
                return JekyllTheme(name: name, root: "\(folder)/\(newest.name)")
            }
        }
        return nil
    }

    /// The theme's `assets/`, but what `taken` (the site's own files) holds: its stylesheets that open
    /// with front matter, to compile, and its other files, copied as they are.
    func assets(besides taken: Set<OutputPath>, files: FileSystem) -> (stylesheets: [SourceFile], copies: [StaticFile]) {
        let folder = LocalPath.joined(root, "assets")
        var sheets: [SourceFile] = [], copies: [StaticFile] = []
        for case (let relative, .file(let identity)) in files.walk(folder).items {
            let full = LocalPath.joined(folder, relative), inSite = "assets/" + relative
            let ext = relative.split(separator: ".").last.map { $0.lowercased() } ?? ""
            if ContentScanner.stylesheetExtensions.contains(ext), let opening = files.probeRead(full), FrontMatterSplitter.opensFrontMatter(opening) {
                guard let css = JekyllSass.cssPath(of: inSite), !taken.contains(css) else { continue }
                sheets.append(SourceFile(displayPath: full, relativePath: inSite, filePath: full, identity: identity, in: files))
            } else if let path = OutputPath.ifValid(inSite.split(separator: "/").map(String.init)), !taken.contains(path) {
                copies.append(StaticFile(path: path, content: .file(StaticFile.Source(filePath: full, shownPath: full, identity: identity, in: files))))
            }
        }
        return (sheets, copies)
    }
}
