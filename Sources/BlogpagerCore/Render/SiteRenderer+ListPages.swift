/// The site's list pages: one per taxonomy (`tags/`, `categories/`,
/// `authors/`: every term with its count) and `archive/` (years and months
/// with counts).
extension SiteRenderer {
    /// Where the site's own feeds and sitemap go (`feed.xml`, `feed.json`, `sitemap.xml`): a page of a site in its own
    /// layouts takes their place.
    var siteFeedPaths: [OutputPath] {
        let urls = SiteURLs(config: config)
        return [urls.atomFeed, urls.jsonFeed, urls.inLanguage(OutputPath(literal: "sitemap.xml"))] + oldSiteFeeds().map(\.path)
    }

    /// Where the list pages go: each taxonomy's index, then `archive/`.
    func listIndexPaths(streams: StreamSet) -> [OutputPath] {
        let urls = SiteURLs(config: config)
        return streams.taxonomies.map { urls.inLanguage($0.taxonomy.indexPage) } + [urls.archivePage]
    }

    /// The list pages, with their URLs for the sitemap; none where a page of the site is (`taken`).
    func listPages(_ plan: RenderPlan, mainPageURLs: [String], taken: Set<OutputPath> = []) throws(BuildFailure) -> (files: [OutputFile], sitemap: [Sitemap.Location]) {
        var files: [OutputFile] = []
        var sitemap: [Sitemap.Location] = []
        for taxonomy in plan.streams.taxonomies where !taken.contains(plan.urls.inLanguage(taxonomy.taxonomy.indexPage)) {
            files.append(try termsPage(taxonomy, plan: plan))
            sitemap.append(Sitemap.Location(url: plan.urls.path(of: plan.urls.inLanguage(taxonomy.taxonomy.indexPage))))
        }
        if !taken.contains(plan.urls.archivePage) {
            files.append(try monthsPage(mainPageURLs: mainPageURLs, plan: plan))
            sitemap.append(Sitemap.Location(url: plan.urls.path(of: plan.urls.archivePage)))
        }
        return (files, sitemap)
    }

    /// `tags/`: every term of a taxonomy with its count, by name.
    private func termsPage(_ streams: StreamSet.TaxonomyStreams, plan: RenderPlan) throws(BuildFailure) -> OutputFile {
        let context = plan.context, templates = plan.templates
        let taxonomy = streams.taxonomy
        let terms = streams.streams.map { stream -> [String: Any] in
            ["name": stream.name, "url": context.urls.path(of: stream.path("index.html")), "count": stream.archive.entries.count]
        }
        let path = context.urls.inLanguage(taxonomy.indexPage)
        let words = context.strings
        let (title, singular) = (words.title(of: taxonomy), words.singular(of: taxonomy))
        let countName = terms.count == 1 ? singular : title.lowercased()
        let body = templates.render("terms", [
            "site": context.site, "terms": terms, "has_terms": !terms.isEmpty, "count": terms.count,
            "taxonomy": ["key": taxonomy.key, "title": title, "singular": singular, "count_name": countName],
        ])
        let meta = TemplateContext.PageMeta(title: "\(title) · \(config.title)",
                                            description: words.text("terms_description", ["kind": singular, "site": config.title]),
                                            path: context.urls.path(of: path), heading: title)
        return OutputFile(path: path, text: try plan.frame.page(meta, content: body, newer: nil, older: nil, kind: "tags").get())
    }

    /// `archive/`: years and months with counts. Each month links its own page
    /// and the main stream opened at its newest entry (`?at=yyyy-mm` for the loader).
    private func monthsPage(mainPageURLs: [String], plan: RenderPlan) throws(BuildFailure) -> OutputFile {
        let streams = plan.streams, anchors = plan.anchors, context = plan.context, templates = plan.templates
        let yearName = plan.dates.yearNames()
        var years: [[String: Any]] = []
        var index = 0
        let months = streams.months
        while index < months.count {
            let year = months[index].folder[months[index].folder.count - 2]
            var yearMonths: [[String: Any]] = []
            var count = 0
            while index < months.count, months[index].folder[months[index].folder.count - 2] == year {
                let month = months[index]
                let newest = month.mainPositions[0]
                let pageURL = plan.entryPages.streamPageURLs[newest]
                yearMonths.append([
                    "name": month.name,
                    "url": context.urls.path(of: month.path("index.html")),
                    "count": month.archive.entries.count,
                    "stream_url": pageURL + "?at=\(year)-\(month.folder[month.folder.count - 1])#" + URLPathEncoding.encode(anchors[newest]),
                ])
                count += month.archive.entries.count
                index += 1
            }
            years.append(["year": year, "name": Int(year).map(yearName) ?? year, "count": count, "months": yearMonths])
        }
        let path = plan.urls.archivePage
        let body = templates.render("archive", ["site": context.site, "years": years, "is_empty": years.isEmpty])
        let archive = context.strings["archive"]
        let meta = TemplateContext.PageMeta(title: "\(archive) · \(config.title)", description: context.strings.text("archive_description", ["site": config.title]),
                                            path: context.urls.path(of: path), heading: archive)
        return OutputFile(path: path, text: try plan.frame.page(meta, content: body, newer: nil, older: nil, kind: "archive").get())
    }
}
