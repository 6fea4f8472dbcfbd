/// The values templates see, as dictionaries Mustache can walk. Built here and
/// only here, so template authors have one place that lists every name.
struct TemplateContext {
    let config: SiteConfig
    let urls: SiteURLs
    let assetURLs: [String: String]
    /// The site's values, the same on every page: built once.
    let site: [String: Any]

    init(config: SiteConfig, urls: SiteURLs, assetURLs: [String: String]) {
        self.config = config
        self.urls = urls
        self.assetURLs = assetURLs
        self.site = Self.siteValues(config: config, urls: urls)
    }

    private static func siteValues(config: SiteConfig, urls: SiteURLs) -> [String: Any] {
        var values: [String: Any] = [
            "title": config.title,
            "lang": config.language,
            "home": urls.home,
            "index_url": urls.path(of: OutputPath(literal: "index.json")),
            "order": config.order.rawValue,
            "params": config.params.mapValues(\.templateValue),
        ]
        // Mustache treats an empty string as true: leave absent values out.
        if !config.description.isEmpty { values["description"] = config.description }
        if !config.author.isEmpty { values["author"] = config.author }
        if let base = config.baseURL { values["base_url"] = base }
        return values
    }

    func article(_ entry: Entry, displayDate: String, full: Bool) -> [String: Any] {
        var context: [String: Any] = [
            "slug": entry.slug,
            "url": entry.url,
            "title": entry.title,
            "date": entry.date.rfc3339,
            "date_display": displayDate,
            "summary_html": entry.summaryHTML,
            "summary_text": entry.summaryText,
            "content_html": entry.contentHTML,
            "body_html": full || config.listContent == .full ? entry.contentHTML : entry.summaryHTML,
            "read_more": !full && config.listContent == .summary && entry.isTruncated,
            "draft": entry.isDraft,
            "has_tags": !entry.tags.isEmpty,
            "tags": entry.tags.map { ["name": $0] },
            "params": entry.params.mapValues(\.templateValue),
        ]
        if let updated = entry.updated { context["updated"] = updated.rfc3339 }
        return context
    }

    /// The shell every full page shares.
    func layout(
        title: String, description: String, path: String, content: String,
        newer: String?, older: String?, kind: String
    ) -> [String: Any] {
        var context: [String: Any] = [
            "site": site,
            "title": title,
            "content": content,
            "url": path,
            "kind": kind,
            "assets": assetURLs,
        ]
        if !description.isEmpty { context["description"] = description }
        if let canonical = urls.absolute(path) { context["canonical"] = canonical }
        if let newer { context["newer_url"] = newer }
        if let older { context["older_url"] = older }
        return context
    }
}
