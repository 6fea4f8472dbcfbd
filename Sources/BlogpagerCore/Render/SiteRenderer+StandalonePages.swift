/// Pages that are not entries (an about page): each in the site's layout,
/// with the `page` template, outside every stream.
extension SiteRenderer {
    func standalonePages(_ pages: [StandalonePage], plan: RenderPlan, bodies: BodyRenderer) throws(BuildFailure) -> (files: [OutputFile], sitemap: [Sitemap.Location]) {
        var log = DiagnosticLog()
        var files: [OutputFile] = []
        for page in pages {
            let framed = bodies.body(of: page).flatMap { html -> Result<String, BuildFailure> in
                // A page of another format (a Liquid `feed.xml`) is its text alone, but where the site's layouts name one for it.
                guard PageReader.isMarkup(page.source) || plan.frame.siteLayouts != nil else { return .success(html) }
                // In the site's own layouts, a page is its document as the old generator wrote it.
                if let siteLayouts = plan.frame.siteLayouts { return siteLayouts.page(of: page, html: html) }
                let body = plan.templates.render("page", ["site": plan.context.site, "title": page.title, "url": page.url, "content_html": html])
                let meta = TemplateContext.PageMeta(title: "\(page.title) · \(config.title)", description: "", path: page.url, heading: page.title)
                return plan.frame.page(meta, content: body, newer: nil, older: nil, kind: "page")
            }
            switch framed {
            case .success(let text): files.append(OutputFile(path: page.outputPath, text: text))
            case .failure(let failure):
                log.append(contentsOf: failure.diagnostics)
            }
        }
        try log.throwIfErrors()
        return (files, pages.filter { PageReader.isMarkup($0.source) }.map { Sitemap.Location(url: $0.url) })
    }
}
