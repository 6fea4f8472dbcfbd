/// Where a Hugo site's content is, when its config moves it: `contentDir`, or in a site with a
/// folder per language (`languages: ja: contentDir: content/ja/`), the default language's, as
/// Hugo builds the site in that language at its root. Read when the site's layout is found,
/// before the config itself is; a config that cannot be read names none (its errors come later).
enum HugoContentDir {
    /// The folder below the site's root (`content/ja`); nil for the usual `content/`, or one
    /// that would leave the root.
    static func read(config path: String, in files: FileSystem = .disk) -> String? {
        guard let byKey = SiteConfigLoader.valuesByKey(ofConfig: path, origin: .hugo, in: files) else { return nil }
        let language = byKey["defaultcontentlanguage"]?.scalarText?.lowercased() ?? "en"
        var folder = byKey["contentdir"]?.scalarText
        if case .map(let languages)? = byKey["languages"],
           case .map(let settings)? = languages.first(where: { $0.key.lowercased() == language })?.value,
           let own = settings.first(where: { $0.key.lowercased() == "contentdir" })?.value.scalarText {
            folder = own
        }
        guard var folder else { return nil }
        while folder.hasSuffix("/") { folder.removeLast() }
        if folder.hasPrefix("./") { folder.removeFirst(2) }
        guard !folder.isEmpty, folder != "content", !folder.hasPrefix("/"), !folder.split(separator: "/").contains("..") else { return nil }
        return folder
    }
}
