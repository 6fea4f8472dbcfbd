/// Where a site's languages have folders of their own: a Hugo language's `contentDir`, scanned
/// as a site of its own; a Jekyll site's language folders (`en/news/_posts/`, `ja/news/_posts/`),
/// which are its languages.
enum LanguageFolders {
    /// The declared languages' own content folders, other than the default's.
    static func hugo(_ languages: [SiteLanguage], layout: SiteLayout) -> [(language: SiteLanguage, folder: String)] {
        layout.languageContentFolders.compactMap { folder in
            languages.dropFirst().first { $0.code == folder.code }.map { ($0, folder.folder) }
        }
    }

    /// A Jekyll site's languages: the top folders above its `_posts/` that are language codes
    /// Foundation knows, when two or more are (one such folder is a category, as Jekyll reads it).
    /// Each language's archive is at the folders its posts share (`en/news` for `en/news/_posts/`);
    /// its folders' posts are marked with it. The config's `lang` is the default where it is one of
    /// them, else `en`, else the first; posts in no language's folder are the default's.
    static func jekyll(_ layout: inout SiteLayout, language configured: String) -> [SiteLanguage] {
        var roots: [String: [String]] = [:]
        for folder in layout.entryFolders {
            guard let top = folder.facts.categories.first, SiteLanguage.isKnownCode(top) else { continue }
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
}
