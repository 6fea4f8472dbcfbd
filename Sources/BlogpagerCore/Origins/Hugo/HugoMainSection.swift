import Foundation

/// Which folder of a Hugo (or Zola) site's content holds its blog, as Hugo finds its main section:
/// the one its config names in `mainSections` (at the top since Hugo 0.112, else under `params`,
/// or in a split config's `params.toml`); else a section named as old blog themes named it
/// (`posts/`, `post/`, `blog/`, `articles/`), where Hugo would take a fuller `docs/` and leave
/// the blog out of the archive; else, as Hugo does, the top-level section with the most pages.
/// A folder with its own `index.md` is a leaf bundle, one page, and no section. Read when the
/// site's layout is found, before the config itself is; a config that cannot be read names none.
enum HugoMainSection {
    /// Names Hugo's old blog themes gave the section.
    static let usualNames = ["posts", "post", "blog", "articles"]

    /// The section of `content` (a folder below the site's root) that holds the entries; nil when
    /// the entries are the whole content folder.
    static func choose(root: String, content: String, configFiles: [String], configs: ConfigFiles, in files: FileSystem) -> String? {
        let folder = "\(root)/\(content)"
        let sections = self.sections(in: folder, files: files)
        guard !sections.isEmpty else { return nil }
        let named = configFiles.lazy.map { Self.named(inConfig: $0, in: configs) }.first { !$0.isEmpty } ?? []
        let listed = named.filter { sections.contains($0) }
        if !listed.isEmpty { return fullest(listed, in: folder, files: files) }
        let usual = usualNames.filter { sections.contains($0) }
        if !usual.isEmpty { return fullest(usual, in: folder, files: files) }
        // A few projects beside posts kept at the content's top do not take the blog from them:
        // a section of another name is the blog only when it holds more pages than the top.
        let top = topLevelPageCount(in: folder, files: files)
        let counts = sections.map { pageCount(in: "\(folder)/\($0)", stoppingAfter: sections.count == 1 ? top + 1 : nil, files: files) }
        let best = indexOfMost(counts)
        return counts[best] > top ? sections[best] : nil
    }

    /// Of several sections, the one with the most pages; one is not counted.
    private static func fullest(_ candidates: [String], in folder: String, files: FileSystem) -> String {
        guard candidates.count > 1 else { return candidates[0] }
        return candidates[indexOfMost(candidates.map { pageCount(in: "\(folder)/\($0)", stoppingAfter: nil, files: files) })]
    }

    /// Where the largest count is, the first of equals (the order the config or old themes gave).
    private static func indexOfMost(_ counts: [Int]) -> Int {
        counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }!
    }

    /// The sections `mainSections` names in one config file, in its order (a single name is a list of one).
    static func named(inConfig path: String, in configs: ConfigFiles) -> [String] {
        guard let byKey = SiteConfigLoader.valuesByKey(ofConfig: path, origin: .hugo, in: configs) else { return [] }
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
    /// A folder that cannot be listed has none here: the content scan reports it.
    static func sections(in content: String, files: FileSystem) -> [String] {
        guard let names = files.probeNames(in: content) else { return [] }
        return names.sorted().filter { name in
            !name.hasPrefix(".") && files.isFolder("\(content)/\(name)")
                && !pageFileNames.contains { files.item(at: "\(content)/\(name)/index.\($0)") != nil }
        }
    }

    private static let pageFileNames = ContentScanner.markdownExtensions.union(HTMLContentRenderer.extensions).sorted()

    /// How many pages a section holds, at any depth: its Markdown files but its own lists'
    /// (`_index.md`); counting stops past `limit` where one is given (only more-or-not is asked).
    private static func pageCount(in folder: String, stoppingAfter limit: Int?, files: FileSystem) -> Int {
        // Walked lazily: a lone section of a large blog is read only until it has more than the top.
        // A folder that cannot be listed counts none here (the content scan reports it); links to
        // folders are followed no deeper than real sites nest.
        var count = 0
        var pending = [(folder, 0)]
        while let (path, depth) = pending.popLast() {
            for name in files.probeNames(in: path) ?? [] where !name.hasPrefix(".") {
                let child = LocalPath.joined(path, name)
                if files.isFolder(child) {
                    if depth < 32 { pending.append((child, depth + 1)) }
                    continue
                }
                guard isPage(name[...]) else { continue }
                count += 1
                if let limit, count >= limit { return count }
            }
        }
        return count
    }

    /// How many pages lie at the content folder's top, outside every section.
    private static func topLevelPageCount(in content: String, files: FileSystem) -> Int {
        // A folder that cannot be listed counts none here: the content scan reports it.
        // A page bundle (`name/index.md`) is one page too.
        let names = files.probeNames(in: content) ?? []
        return names.count { name in
            guard let item = files.item(at: "\(content)/\(name)") else { return false }
            if !item.isFolder { return isPage(name[...]) }
            return !name.hasPrefix(".") && pageFileNames.contains { files.item(at: "\(content)/\(name)/index.\($0)") != nil }
        }
    }

    /// A Markdown file that is a page, not a section's own list (`_index.md`).
    private static func isPage(_ name: Substring) -> Bool {
        guard !name.hasPrefix("_index."), let dot = name.lastIndex(of: ".") else { return false }
        return ContentScanner.markdownExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
