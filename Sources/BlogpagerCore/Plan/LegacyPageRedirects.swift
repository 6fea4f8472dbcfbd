/// Where the old generator's list pages lead (`legacy-pages.yml`): the file as the user keeps it,
/// or, the first time, computed from the entries as they are (for the build to write beside the config).
struct LegacyPageRedirects {
    let input: SiteInput
    /// The settings of the language whose lists these were (its main section); the site's by default.
    var config: SiteConfig

    init(input: SiteInput, config: SiteConfig? = nil) {
        self.input = input
        self.config = config ?? input.config
    }

    /// The old list pages and where they lead: `legacy-pages.yml` as the user keeps it, or, the
    /// first time, computed from the entries as they are (`created`, for the build to write).
    /// In a site of several languages, each language's lists were at its root (`root`, Hugo's `/fr/posts/`):
    /// `legacy-pages.yml` holds them all, and this language's are those under its root (for the
    /// language at the site's root, those under none of the others' roots, `otherRoots`).
    func run(entries: [Entry], streams: StreamSet, root: [String] = [], otherRoots: [[String]] = [], warnings: inout [Diagnostic])
        -> (redirects: [(path: OutputPath, page: LegacyPages.Page)], created: LegacyPages?) {
        var created: LegacyPages?
        let prefix = { (folders: [String]) in "/" + folders.joined(separator: "/") + "/" }
        let owns = { (url: String) in
            root.isEmpty ? !otherRoots.contains { !$0.isEmpty && url.hasPrefix(prefix($0)) } : url.hasPrefix(prefix(root))
        }
        var legacy = input.legacyPages.map { LegacyPages(pages: $0.pages.filter { owns($0.url) }) }
        let rooted = { (url: String) in root.isEmpty ? url : "/" + root.joined(separator: "/") + url }
        if legacy == nil, input.legacyPagesPath != nil, let old = config.oldListPages {
            let section = config.contentSection.joined(separator: "/")
            var templates: [String] = []
            for template in old.templates {
                var filled = rooted(template.replacingOccurrences(of: ":section", with: section))
                while filled.contains("//") { filled = filled.replacingOccurrences(of: "//", with: "/") }
                if !templates.contains(filled) { templates.append(filled) }
            }
            var filled = old
            filled.templates = templates
            let terms = streams.terms.map { (folder: $0.folder.joined(separator: "/"), entries: $0.archive.entries) }
            legacy = LegacyPages(old: filled, entries: entries, terms: terms, section: config.contentSection)
            created = legacy
        }
        // Most sites have no old list pages: no set of every entry's path is made for them.
        guard legacy != nil || (input.legacyPagesPath != nil && config.oldListPages != nil) else { return ([], nil) }
        var taken = Set(entries.map(\.outputPath)).union(entries.flatMap(\.redirectsFrom))
        var redirects: [(path: OutputPath, page: LegacyPages.Page)] = []
        // The section's own list (`/posts/`), which blogpager's front page is now (no `first`: the front page).
        if input.legacyPagesPath != nil, let old = config.oldListPages {
            for template in old.firstPages {
                let url = rooted(template.replacingOccurrences(of: ":section", with: config.contentSection.joined(separator: "/")))
                // Our own templates filled with the section's folder: a path below `out/`, or, where it is taken, no second redirect.
                guard url != "/", !url.contains("//"), let output = OutputPath.ifValid(url.split(separator: "/").map(String.init) + ["index.html"]),
                      taken.insert(output).inserted else { continue }
                redirects.append((output, LegacyPages.Page(url: url, first: "")))
            }
            // Page 1 of each list (Hugo's `/page/1/`): the front page, or the term's own list.
            if old.redirectsPageOne {
                let section = config.contentSection.joined(separator: "/")
                var lists = old.templates.map { (template: rooted($0.replacingOccurrences(of: ":section", with: section)), list: LegacyPages.Page.List?.none) }
                for template in old.termTemplates {
                    for stream in streams.terms {
                        let list = LegacyPages.Page.List(url: stream.path("index.html").urlPath(basePath: config.basePath), title: stream.name)
                        lists.append((template.replacingOccurrences(of: ":term", with: stream.folder.joined(separator: "/")), list))
                    }
                }
                for (template, list) in lists {
                    guard let url = OldListPages.url(template, number: 1), !url.contains("//"),
                          // As above: a page one of our own lists, or none where its place is taken.
                          let output = OutputPath.ifValid(url.split(separator: "/").map(String.init) + ["index.html"]), taken.insert(output).inserted else { continue }
                    var page = LegacyPages.Page(url: url, first: "")
                    page.list = list
                    redirects.append((output, page))
                }
            }
        }
        guard let legacy else { return (redirects, nil) }
        let path = input.legacyPagesPath ?? LegacyPages.fileName
        let files = Set(entries.map { EntryLinks.contentPath(of: $0.source, section: config.contentSection) })
        for page in legacy.pages {
            var segments = page.url.split(separator: "/").map(String.init)
            if page.url.hasSuffix("/") || !(segments.last?.contains(".") ?? false) { segments.append("index.html") }
            guard let output = OutputPath.ifValid(segments), taken.insert(output).inserted else {
                warnings.append(.warning(at: SourceLocation(path: path, line: page.line), "old list page \(page.url) is not made: its path is taken or not safe"))
                continue
            }
            if !files.contains(page.first) {
                warnings.append(.warning(at: SourceLocation(path: path, line: page.line),
                                         "old list page \(page.url) leads to the front page: no entry is \(page.first) any more"))
            }
            redirects.append((output, page))
        }
        return (redirects, created)
    }
}
