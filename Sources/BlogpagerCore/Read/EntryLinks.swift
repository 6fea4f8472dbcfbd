/// Where each entry is, by every name a body may use for it: its file's path
/// from the content root (Zola's `@/`, Hugo's `ref`, a relative `.md` link),
/// its path from the site's root (Jekyll's `{% link %}`), and its file's name
/// (Jekyll's `{% post_url %}`, Hugo's `ref "name"`). Pages beside the entries
/// (`@/about.md`) are found by their paths too, and a section's `_index.md` names
/// its list: the site's and the entries' are the front page now. Made once the
/// entries are read; the render step replaces each link by the URL it finds here.
public struct EntryLinks: Sendable {
    /// The content root's folder of the entries (`posts`, `_posts`), before each source's relative path.
    private let section: [String]
    /// The front page's URL: where the site's and the entries' section lists lead.
    private let home: String
    private var byContentPath: [String: String] = [:]
    private var byName: [String: [String]] = [:]
    /// In a site of several languages, the default one's code, and each file by its language and
    /// its path in every language (`posts/hello.md` for `posts/hello.fr.md`): a link finds the
    /// file of its own page's language first, as Hugo's `ref` does (and a relative link, to a file of its own folder).
    private let defaultLanguage: String?
    private var inLanguage: [String: String] = [:]

    /// `pagesLink`: whether a page's body links an entry (then the tables are made, whatever the entries link).
    public init(entries: [Entry], section: [String], pages: [StandalonePage] = [], home: String = "/", pagesLink: Bool = false,
                defaultLanguage: String? = nil) {
        self.section = section
        self.home = home
        self.defaultLanguage = defaultLanguage
        // Most blogs never link an entry by its file: then no name is looked up, nor its tables made.
        let links = pagesLink || entries.contains { entry in entry.references.contains { if case .link = $0.kind { true } else { false } } }
        guard links else { return }
        // Pages first: an entry's path wins where both claim one.
        for page in pages {
            let path = page.source.relativePath
            byContentPath[path] = page.url
            byContentPath[Self.withoutExtension(path)] = page.url
            if page.source.isBundleIndex { byContentPath[path.split(separator: "/").dropLast().joined(separator: "/")] = page.url }
        }
        for list in ["_index.md", (section + ["_index.md"]).joined(separator: "/")] { byContentPath[list] = home }
        for entry in entries {
            let path = Self.contentPath(of: entry.source, section: section)
            byContentPath[path] = entry.url
            byContentPath[Self.withoutExtension(path)] = entry.url
            var name = Self.withoutExtension(entry.source.fileName)
            if entry.source.isBundleIndex {
                let folder = path.split(separator: "/").dropLast().joined(separator: "/")
                byContentPath[folder] = entry.url
                name = String(folder.split(separator: "/").last ?? "")
            }
            byName[name, default: []].append(entry.url)
        }
        guard defaultLanguage != nil else { return }
        for (source, url) in pages.map({ ($0.source, $0.url) }) + entries.map({ ($0.source, $0.url) }) {
            var everyLanguage = source
            everyLanguage.relativePath = source.pathInEveryLanguage
            let path = Self.contentPath(of: everyLanguage, section: section)
            inLanguage[languageKey(source, path)] = url
            inLanguage[languageKey(source, Self.withoutExtension(path))] = url
            if source.isBundleIndex { inLanguage[languageKey(source, path.split(separator: "/").dropLast().joined(separator: "/"))] = url }
        }
    }

    private func languageKey(_ source: SourceFile, _ path: String) -> String {
        (source.folderFacts.language ?? defaultLanguage ?? "") + "\u{1F}" + path
    }

    /// The URL of the file at `path`, in the language of `source`'s page where it has one there.
    private func lookup(_ path: String, from source: SourceFile) -> String? {
        if defaultLanguage != nil, let own = inLanguage[languageKey(source, path)] { return own }
        return byContentPath[path]
    }

    /// The URL a link names, seen from the entry read from `source`; nil when it names no entry (or, by name alone, two).
    func url(for reference: TemplateText.LinkReference, from source: SourceFile) -> String? {
        let target = reference.target
        switch reference.style {
        case .postName:
            // `{% post_url 2016/2016-05-12-name %}`: the post by its name, folders before it allowed.
            return unique(byName[String(target.split(separator: "/").last ?? "")])
        case .sitePath:
            return byContentPath[Self.normalized(target.hasPrefix("/") ? String(target.dropFirst()) : target)]
        case .contentPath:
            // Zola's `@/about.md` names that file, whatever the page's language (`@/about.fr.md` its translation).
            let path = Self.normalized(target.hasPrefix("/") ? String(target.dropFirst()) : target)
            return byContentPath[path] ?? Self.sectionFolder(ofList: path).map { home + $0 + "/" }
        case .relativeFile:
            let folder = Self.contentPath(of: source, section: section).split(separator: "/").dropLast().joined(separator: "/")
            return lookup(Self.normalized(Self.inFolder(folder, target)), from: source)
        case .hugoRef:
            if target.hasPrefix("/") { return lookup(Self.normalized(String(target.dropFirst())), from: source) }
            let folder = Self.contentPath(of: source, section: section).split(separator: "/").dropLast().joined(separator: "/")
            if let near = lookup(Self.normalized(Self.inFolder(folder, target)), from: source) { return near }
            if let exact = lookup(Self.normalized(target), from: source) { return exact }
            return unique(byName[Self.withoutExtension(String(target.split(separator: "/").last ?? ""))])
        }
    }

    /// The URL a body's link names, as the read step recorded it; nil for no link, or one that names no entry.
    func url(for reference: BodyReference, from source: SourceFile) -> (link: TemplateText.LinkReference, url: String?)? {
        guard case .link(let style, let target) = reference.kind, let style = TemplateText.LinkReference.Style(rawValue: style) else { return nil }
        let link = TemplateText.LinkReference(style: style, target: target)
        return (link, url(for: link, from: source))
    }

    private func unique(_ urls: [String]?) -> String? {
        guard let urls, urls.count == 1 else { return nil }
        return urls[0]
    }

    /// The source's path from the content root: the section's folder, then its path below it
    /// (a Jekyll source found beside `_posts/`, such as `_drafts/x.md`, already starts from the root).
    static func contentPath(of source: SourceFile, section: [String]) -> String {
        let relative = source.relativePath
        if relative.hasPrefix("_drafts/") || relative.contains("_posts/") || source.folderFacts.section != nil { return relative }
        return (section + [relative]).joined(separator: "/")
    }

    /// `a/./b/../c.md` → `a/c.md`.
    /// A content path below a folder of the content (`""`: its top).
    private static func inFolder(_ folder: String, _ target: String) -> String {
        folder.isEmpty ? target : folder + "/" + target
    }

    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// `projects` for `projects/_index.md`: a section's list, which blogpager does not make
    /// (besides the entries' own). The link keeps the address the old site gave it.
    static func sectionFolder(ofList path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count > 1, let name = parts.last, ContentScanner.sectionFileNames.contains(String(name)) else { return nil }
        return parts.dropLast().joined(separator: "/")
    }

    static func withoutExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, !name[dot...].contains("/") else { return name }
        return String(name[..<dot])
    }
}
