import Foundation

/// Where a Hugo site's content is, when its config moves it: `contentDir`, or in a site with a
/// folder per language (`languages: ja: contentDir: content/ja/`, or `languages.ja.toml` in its
/// config folder), each language's own. Read when the site's layout is found, before the config
/// itself is; a config that cannot be read names none (its errors come later).
enum HugoContentDir {
    /// The default language's folder below the site's root (`content/ja`); nil for the usual
    /// `content/`, or one that would leave the root.
    static func read(config path: String, parts: [String] = [], in configs: ConfigFiles) -> String? {
        guard let found = folders(config: path, parts: parts, in: configs) else { return nil }
        return found.byLanguage[found.defaultLanguage] ?? found.site
    }

    /// Every language's own content folder but the default's, by code (a language without one shares the default's).
    static func otherLanguages(config path: String, parts: [String] = [], in configs: ConfigFiles) -> [(code: String, folder: String)] {
        guard let found = folders(config: path, parts: parts, in: configs) else { return [] }
        return found.byLanguage.filter { $0.key != found.defaultLanguage }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The config's top-level values (keys lowercased), the config folder's main file and `module.toml` merged in.
    static func values(config path: String, parts: [String], in configs: ConfigFiles) -> [String: FrontMatterValue]? {
        guard var byKey = SiteConfigLoader.valuesByKey(ofConfig: path, origin: .hugo, in: configs) else { return nil }
        // The config folder's own main file beside the root's: its keys over the root's, as Hugo merges them.
        for part in parts where SiteConfigLoader.Part(path: part, text: "").isMainFile {
            byKey.merge(SiteConfigLoader.valuesByKey(ofConfig: part, origin: .hugo, in: configs) ?? [:]) { _, folder in folder }
        }
        for part in parts where SiteConfigLoader.Part(path: part, text: "").keyPath == ["module"] {
            if let module = SiteConfigLoader.valuesByKey(ofConfig: part, origin: .hugo, in: configs) { byKey["module"] = .map(module) }
        }
        return byKey
    }

    private static func folders(config path: String, parts: [String], in configs: ConfigFiles) -> (site: String?, defaultLanguage: String, byLanguage: [String: String])? {
        guard let byKey = values(config: path, parts: parts, in: configs) else { return nil }
        let language = byKey["defaultcontentlanguage"]?.scalarText?.lowercased() ?? "en"
        var languages: [String: FrontMatterValue] = if case .map(let map)? = byKey["languages"] { map } else { [:] }
        // `languages.toml` holds them all; `languages.ja.toml` one.
        for part in parts {
            let key = SiteConfigLoader.Part(path: part, text: "").keyPath
            guard key.first == "languages", let values = SiteConfigLoader.valuesByKey(ofConfig: part, origin: .hugo, in: configs) else { continue }
            if key.count == 2 {
                let known = languages.keys.first { $0.lowercased() == key[1] } ?? key[1]
                languages[known] = (languages[known] ?? .map([:])).setting([], to: .map(values))
            } else {
                languages.merge(values) { _, part in part }
            }
        }
        var byLanguage: [String: String] = [:]
        for (code, settings) in languages {
            if let folder = settings.value(forKeyIgnoringCase: "contentdir")?.scalarText.flatMap(cleaned) { byLanguage[code.lowercased()] = folder }
        }
        // Mounts of content replace `contentDir`, as Hugo mounts it only where none is given.
        let folder = (path as NSString).deletingLastPathComponent
        let root = folder.hasSuffix("/config/_default") ? String(folder.dropLast("/config/_default".count)) : folder
        let mounts = HugoMounts.read(byKey, root: root, in: configs.files).content.filter { $0.target == "content" }
        if !mounts.isEmpty {
            for mount in mounts { if let code = mount.language, code != language { byLanguage[code] = byLanguage[code] ?? mount.source } }
            let own = mounts.first { $0.language == nil || $0.language == language }
            return (own.map(\.source).flatMap(cleaned), language, byLanguage)
        }
        return (byKey["contentdir"]?.scalarText.flatMap(cleaned), language, byLanguage)
    }

    private static func cleaned(_ written: String) -> String? {
        var folder = written
        while folder.hasSuffix("/") { folder.removeLast() }
        if folder.hasPrefix("./") { folder.removeFirst(2) }
        guard !folder.isEmpty, folder != "content", !folder.hasPrefix("/"), !folder.split(separator: "/").contains("..") else { return nil }
        return folder
    }
}
