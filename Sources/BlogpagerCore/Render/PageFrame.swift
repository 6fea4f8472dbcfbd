/// The frame every full page is put in: blogpager's `layout` template, or where a site has layouts
/// of its own (`SiteConfig.usesSiteLayouts`: a Jekyll site's `_layouts/`, or its theme's), those
/// (`JekyllPageFrame`). Fragments are never framed: they are the same in either.
struct PageFrame {
    let templates: TemplateSet
    let context: TemplateContext
    /// The site's own layouts, where its pages are put in them.
    let siteLayouts: JekyllPageFrame?

    /// A page of ours (a list, the terms, the months) in the frame: in the site's layout for lists where it has one.
    func page(_ meta: TemplateContext.PageMeta, content: String, newer: String?, older: String?, kind: String,
              feed: String? = nil) -> Result<String, BuildFailure> {
        if let framed = siteLayouts?.listPage(title: meta.heading ?? meta.title, url: meta.path, content: content) { return framed }
        return .success(templates.render("layout", context.layout(meta, content: content, newer: newer, older: older, kind: kind, feed: feed)))
    }
}
