/// Pages that are not entries (an about page): each in the site's layout,
/// with the `page` template, outside every stream.
extension SiteRenderer {
    func standalonePages(_ pages: [StandalonePage], plan: RenderPlan, bodies: BodyRenderer) throws(BuildFailure) -> (files: [OutputFile], sitemap: [Sitemap.Location]) {
        var log = DiagnosticLog()
        var files: [OutputFile] = []
        for page in pages {
            switch bodies.body(of: page) {
            case .success(let html):
                let body = plan.templates.render("page", ["site": plan.context.site, "title": page.title, "url": page.url, "content_html": html])
                let meta = TemplateContext.PageMeta(title: "\(page.title) · \(config.title)", description: "", path: page.url, heading: page.title)
                files.append(OutputFile(path: page.outputPath, text: plan.templates.render("layout", plan.context.layout(
                    meta, content: body, newer: nil, older: nil, kind: "page"))))
            case .failure(let failure):
                log.append(contentsOf: failure.diagnostics)
            }
        }
        try log.throwIfErrors()
        return (files, pages.map { Sitemap.Location(url: $0.url) })
    }
}
