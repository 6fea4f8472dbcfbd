/// A Jekyll site's languages, which are its folders (`en/news/_posts/`, `ja/news/_posts/`).
enum JekyllLanguages {
    /// A Jekyll site's languages: the top folders above its `_posts/` that are language codes
    /// Foundation knows and whose posts say their language (`lang:`, as a first post shows, or the
    /// config's `defaults` for their folder), when
    /// two or more are (one such folder is a category, as Jekyll reads it; so are `it/` and `ml/`
    /// whose posts name none).
    /// Each language's archive is at the folders its posts share (`en/news` for `en/news/_posts/`);
    /// its folders' posts are marked with it. The config's `lang` is the default where it is one of
    /// them, else `en`, else the first; posts in no language's folder are the default's.
    static func read(_ layout: inout SiteLayout, language configured: String, defaults: FrontMatterDefaults, files: FileSystem) -> [SiteLanguage] {
        var roots: [String: [String]] = [:]
        for folder in layout.entryFolders where !folder.facts.isDraft {
            guard let top = folder.facts.categories.first, SiteLanguage.isKnownCode(top),
                  postsNameLanguage(in: folder.path, files: files) || defaultsNameLanguage(of: folder.relativePath, defaults) else { continue }
            let code = top.lowercased()
            roots[code] = roots[code].map { shared in Array(zip(shared, folder.facts.categories).prefix { $0 == $1 }.map(\.0)) } ?? folder.facts.categories
        }
        guard roots.count >= 2 else { return [] }
        for index in layout.entryFolders.indices {
            if let top = layout.entryFolders[index].facts.categories.first?.lowercased(), roots[top] != nil {
                layout.entryFolders[index].facts.language = top
            }
        }
        let wanted = configured.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? "en"
        let defaultCode = roots[wanted] != nil ? wanted : roots["en"] != nil ? "en" : roots.keys.sorted()[0]
        let codes = [defaultCode] + roots.keys.filter { $0 != defaultCode }.sorted()
        return codes.map { code in
            // Each folder's own name for its code (`zh_tw`) is the tag it is known by.
            SiteLanguage(code: code, tag: roots[code]?.first.map { $0.replacingOccurrences(of: "_", with: "-") }, root: roots[code] ?? [code])
        }
    }

    /// Whether the config's `defaults` give the posts of a folder (`ja/news/_posts`) a language, by a scope below the root.
    private static func defaultsNameLanguage(of folder: String, _ defaults: FrontMatterDefaults) -> Bool {
        defaults.sets.contains { set in
            !set.scope.path.isEmpty && (folder + "/").hasPrefix(set.scope.path.hasSuffix("/") ? set.scope.path : set.scope.path + "/")
                && (set.values["lang"] ?? set.values["language"]) != nil
        }
    }

    /// Whether the first post of a `_posts/` folder names its language in its front matter (`lang:`).
    private static func postsNameLanguage(in folder: String, files: FileSystem) -> Bool {
        guard let first = files.probeNames(in: folder)?.sorted().first(where: { $0.hasSuffix(".md") || $0.hasSuffix(".markdown") || $0.hasSuffix(".html") }),
              let bytes = files.probeRead(LocalPath.joined(folder, first)) else { return false }
        // The front matter's lines, up to its closing `---` (a post is read whole later; this looks at its head alone).
        let head = String(decoding: bytes.prefix(8192), as: UTF8.self)
        guard head.hasPrefix("---") else { return false }
        for line in head.split(separator: "\n").dropFirst() {
            if line.hasPrefix("---") { break }
            if line.hasPrefix("lang:") || line.hasPrefix("language:") { return true }
        }
        return false
    }
}
