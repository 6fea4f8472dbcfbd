/// The old addresses' step: a small page at each (`aliases`, `redirect_from`,
/// the old list pages of `legacy-pages.yml`)
/// that sends the reader on at once (meta refresh, canonical link, a visible
/// link), and `_redirects`, the same as permanent redirects for hosts that
/// read that file.
extension SiteRenderer {
    func redirectPages(_ plan: RenderPlan) -> [OutputFile] {
        var files: [OutputFile] = []
        var lines: [String] = []
        for entry in plan.archive.entries {
            let target = plan.urls.absolute(entry.url) ?? entry.url
            for path in entry.redirectsFrom {
                let page = templates.render("redirect", ["site": plan.context.site, "title": entry.title, "target": target])
                files.append(OutputFile(path: path, text: page))
                // A folder's address without `index.html`, as readers and hosts name it.
                lines.append("\(path.urlPath(basePath: plan.urls.basePath)) \(entry.url) 301")
            }
        }
        // An old list page leads to the entry that was first on it, where blogpager's pages have it now.
        let positions = Dictionary(plan.archive.entries.indices.map { (EntryLinks.contentPath(of: plan.archive.entries[$0].source, section: config.contentSection), $0) },
                                   uniquingKeysWith: { first, _ in first })
        for (path, page) in legacyPages {
            let target: String
            let title: String
            if let position = positions[page.first] {
                target = plan.entryPages.streamURL(at: position)
                title = plan.archive.entries[position].title
            } else {
                target = plan.urls.home
                title = "Latest entries"
            }
            let page = templates.render("redirect", ["site": plan.context.site, "title": title, "target": plan.urls.absolute(target) ?? target])
            files.append(OutputFile(path: path, text: page))
            lines.append("\(path.urlPath(basePath: plan.urls.basePath)) \(target) 301")
        }
        if !lines.isEmpty { files.append(OutputFile(path: SiteURLs.redirectsFile, text: lines.sorted().joined(separator: "\n") + "\n")) }
        return files
    }
}
