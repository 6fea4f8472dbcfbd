/// The old addresses' step: a small page at each (`aliases`, `redirect_from`,
/// the old list pages of `legacy-pages.yml`)
/// that sends the reader on at once (meta refresh, canonical link, a visible
/// link), and `_redirects`, the same as permanent redirects for hosts that
/// read that file.
extension SiteRenderer {
    /// The pages, and the lines of `_redirects` (written by the caller: in a site of several
    /// languages, one file for them all).
    func redirectPages(_ plan: RenderPlan, pages: [StandalonePage] = []) -> (files: [OutputFile], lines: [String]) {
        var files: [OutputFile] = []
        var lines: [String] = []
        let aliased = plan.archive.entries.lazy.filter { !$0.redirectsFrom.isEmpty }.map { ($0.title, $0.url, $0.redirectsFrom) }
            + pages.lazy.filter { !$0.redirectsFrom.isEmpty }.map { ($0.title, $0.url, $0.redirectsFrom) }
        // In a Jekyll site's own face, its redirect plugin's page.
        let pluginsPage = plan.frame.siteLayouts != nil && config.plugins.contains("jekyll-redirect-from")
        for (title, url, paths) in aliased {
            let target = plan.urls.absolute(url) ?? url
            for path in paths {
                let page = pluginsPage ? JekyllRedirectPage.html(to: target)
                    : plan.templates.render("redirect", ["site": plan.context.site, "title": title, "target": target])
                files.append(OutputFile(path: path, text: page))
                lines += Self.addresses(of: path, basePath: plan.urls.basePath).map { "\($0) \(url) 301" }
            }
        }
        // An old list page leads to the entry that was first on it, where blogpager's pages have it now.
        let positions = legacyPages.isEmpty ? [:] : Dictionary(plan.archive.entries.indices.map { (EntryLinks.contentPath(of: plan.archive.entries[$0].source, section: config.contentSection), $0) },
                                   uniquingKeysWith: { first, _ in first })
        for (path, page) in legacyPages {
            let target: String
            let title: String
            if let list = page.list {
                target = list.url
                title = list.title
            } else if let position = positions[page.first] {
                target = plan.entryPages.streamURL(at: position)
                title = plan.archive.entries[position].title
            } else {
                target = plan.urls.archiveHome
                title = plan.context.strings["latest_entries"]
            }
            let page = plan.templates.render("redirect", ["site": plan.context.site, "title": title, "target": plan.urls.absolute(target) ?? target])
            files.append(OutputFile(path: path, text: page))
            lines += Self.addresses(of: path, basePath: plan.urls.basePath).map { "\($0) \(target) 301" }
        }
        return (files, lines)
    }

    /// `_redirects`, from every old address's lines; none without any.
    static func redirectsFile(_ lines: [String]) -> OutputFile? {
        lines.isEmpty ? nil : OutputFile(path: SiteURLs.redirectsFile, text: lines.sorted().joined(separator: "\n") + "\n")
    }

    /// The addresses a redirect page answered at on the old host, for `_redirects`: a folder's
    /// without `index.html`, as readers and hosts name it; a page's `old.html` also as `/old`, which
    /// GitHub Pages, Netlify and Cloudflare Pages all serve it at (jekyll-redirect-from writes
    /// `redirect_from: /old` there), and which a host that reads `_redirects` matches only by name.
    static func addresses(of path: OutputPath, basePath: String) -> [String] {
        let address = path.urlPath(basePath: basePath)
        let name = path.name
        guard name != "index.html", name.hasSuffix(".html"), name.count > ".html".count else { return [address] }
        return [address, String(address.dropLast(".html".count))]
    }
}
