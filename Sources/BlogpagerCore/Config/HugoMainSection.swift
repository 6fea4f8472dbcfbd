import Foundation

/// Which folder of a Hugo (or Zola) site's content holds its blog, as Hugo finds its main section:
/// the one its config names in `mainSections` (at the top since Hugo 0.112, else under `params`,
/// or in a split config's `params.toml`), else the top-level section with the most pages. A
/// folder with its own `index.md` is a leaf bundle, one page, and no section. Read when the
/// site's layout is found, before the config itself is; a config that cannot be read names none.
enum HugoMainSection {
    /// Names Hugo's old blog themes gave the section, which win a tie of page counts.
    static let usualNames = ["posts", "post", "blog", "articles"]

    /// The section of `content` (a folder below the site's root) that holds the entries; nil when
    /// the entries are the whole content folder.
    static func choose(root: String, content: String, configFiles: [String]) -> String? {
        let sections = self.sections(in: "\(root)/\(content)")
        guard !sections.isEmpty else { return nil }
        let named = configFiles.lazy.map(Self.named(inConfig:)).first { !$0.isEmpty } ?? []
        let chosen = named.filter { sections.contains($0) }
        let counts = Dictionary(uniqueKeysWithValues: (chosen.isEmpty ? sections : chosen).map { ($0, pageCount(in: "\(root)/\(content)/\($0)")) })
        let ranked = counts.keys.sorted { a, b in
            if counts[a]! != counts[b]! { return counts[a]! > counts[b]! }
            if !chosen.isEmpty { return chosen.firstIndex(of: a)! < chosen.firstIndex(of: b)! }
            let (rankA, rankB) = (usualNames.firstIndex(of: a) ?? usualNames.count, usualNames.firstIndex(of: b) ?? usualNames.count)
            return rankA != rankB ? rankA < rankB : a.precedesInBytes(b)
        }
        guard let best = ranked.first, counts[best]! > 0 || !chosen.isEmpty else { return nil }
        // Hugo would take a small section (a few projects) over posts kept at the content's top;
        // the blog is then the top, so a section the config does not name and that no old theme
        // named so is taken only when it holds more pages than the content folder's own top.
        if chosen.isEmpty, !usualNames.contains(best), counts[best]! <= topLevelPageCount(in: "\(root)/\(content)") { return nil }
        return best
    }

    /// The sections `mainSections` names in one config file, in its order (a single name is a list of one).
    static func named(inConfig path: String) -> [String] {
        guard let bytes = DiskFile.contents(path), case .success(let fields) = SiteConfigLoader.fields(
            of: String(decoding: bytes, as: UTF8.self), path: path, origin: .hugo) else { return [] }
        let byKey = Dictionary(fields.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        // A split config's `params.toml` holds the params themselves, so the key is at its top.
        var value = byKey["mainsections"]
        if value == nil, case .map(let params)? = byKey["params"] {
            value = params.first { $0.key.lowercased() == "mainsections" }?.value
        }
        switch value {
        case .string(let name)?: return [name].map(trimmed).filter { !$0.isEmpty }
        case .list(let names)?: return names.compactMap(\.scalarText).map(trimmed).filter { !$0.isEmpty }
        default: return []
        }
    }

    private static func trimmed(_ name: String) -> String {
        String(name.drop { $0 == "/" }.reversed().drop { $0 == "/" }.reversed())
    }

    /// The content folder's top-level folders that are sections: not hidden, not leaf bundles.
    private static func sections(in content: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: content) else { return [] }
        return names.sorted().filter { name in
            !name.hasPrefix(".") && FileIdentity(itemAt: "\(content)/\(name)")?.isFolder == true
                && !pageFileNames.contains { FileIdentity(itemAt: "\(content)/\(name)/index.\($0)") != nil }
        }
    }

    private static let pageFileNames = ContentScanner.markdownExtensions.union(HTMLContentRenderer.extensions).sorted()

    /// How many pages a section holds, at any depth: its Markdown files but its own lists' (`_index.md`).
    private static func pageCount(in folder: String) -> Int {
        FolderWalk(folder).items.count { path, item in
            guard case .file = item, let dot = path.lastIndex(of: ".") else { return false }
            let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
            return !name.hasPrefix("_index.") && ContentScanner.markdownExtensions.contains(path[path.index(after: dot)...].lowercased())
        }
    }

    /// How many pages lie at the content folder's top, outside every section.
    private static func topLevelPageCount(in content: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: content)) ?? []
        return names.count { name in
            guard !name.hasPrefix("_index."), let dot = name.lastIndex(of: "."),
                  ContentScanner.markdownExtensions.contains(name[name.index(after: dot)...].lowercased()) else { return false }
            return FileIdentity(itemAt: "\(content)/\(name)")?.isFolder == false
        }
    }
}
