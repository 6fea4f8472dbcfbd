/// The old addresses' step: a small page at each (`aliases`, `redirect_from`)
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
        if !lines.isEmpty { files.append(OutputFile(path: SiteURLs.redirectsFile, text: lines.sorted().joined(separator: "\n") + "\n")) }
        return files
    }
}
