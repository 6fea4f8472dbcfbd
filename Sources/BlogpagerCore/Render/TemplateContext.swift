/// The values templates see, as dictionaries Mustache can walk. Built here and
/// only here, so template authors have one place that lists every name.
struct TemplateContext {
    let config: SiteConfig
    let urls: SiteURLs
    let assetURLs: [String: String]
    /// `tags/<slug>/` by tag as written.
    let tagFolders: [String: String]
    /// The site's values, the same on every page: built once.
    let site: [String: Any]

    init(config: SiteConfig, urls: SiteURLs, assetURLs: [String: String], tagFolders: [String: String], hasFeeds: Bool) {
        self.config = config
        self.urls = urls
        self.assetURLs = assetURLs
        self.tagFolders = tagFolders
        self.site = Self.siteValues(config: config, urls: urls, hasTags: !tagFolders.isEmpty, hasFeeds: hasFeeds)
    }

    private static func siteValues(config: SiteConfig, urls: SiteURLs, hasTags: Bool, hasFeeds: Bool) -> [String: Any] {
        var values: [String: Any] = [
            "title": config.title,
            "lang": config.language,
            "home": urls.home,
            "index_url": urls.path(of: OutputPath(literal: "index.json")),
            "archive_url": urls.path(of: SiteURLs.archivePage),
            "order": config.order.rawValue,
            "params": config.params.mapValues(\.templateValue),
        ]
        // Mustache treats an empty string as true: leave absent values out.
        if !config.description.isEmpty { values["description"] = config.description }
        if !config.author.isEmpty { values["author"] = config.author }
        if let base = config.baseURL { values["base_url"] = base }
        if hasTags { values["tags_url"] = urls.path(of: SiteURLs.tagsPage) }
        if hasFeeds {
            values["atom_url"] = urls.path(of: SiteURLs.atomFeed)
            values["json_feed_url"] = urls.path(of: SiteURLs.jsonFeed)
        }
        return values
    }

    /// The URL of a tag's stream.
    func tagURL(_ tag: String) -> String {
        urls.tagStream(tagFolders[tag] ?? TagSlug.make(tag))
    }

    func article(_ entry: Entry, body: EntryBody, displayDate: String, anchor: String, full: Bool) -> [String: Any] {
        var context: [String: Any] = [
            "slug": entry.slug,
            "anchor": anchor,
            "url": entry.url,
            "title": entry.title,
            "date": entry.date.rfc3339,
            "date_display": displayDate,
            "summary_html": body.summaryHTML,
            "summary_text": body.summaryText,
            "content_html": body.contentHTML,
            "body_html": full || config.listContent == .full ? body.contentHTML : body.summaryHTML,
            "read_more": !full && config.listContent == .summary && body.isTruncated,
            "draft": entry.isDraft,
            "has_tags": !entry.tags.isEmpty,
            "tags": entry.tags.map { ["name": $0, "url": tagURL($0)] },
            "params": entry.params.mapValues(\.templateValue),
        ]
        if let updated = entry.updated { context["updated"] = updated.rfc3339 }
        return context
    }

    /// What a page is, for `<head>`: search engines and link previews read these.
    struct PageMeta {
        var title: String
        var description: String
        var path: String
        /// `website` for lists, `article` for entries (Open Graph types).
        var type = "website"
        var heading: String? = nil
        var published: EntryDate? = nil
        var modified: EntryDate? = nil
    }

    /// The shell every full page shares.
    func layout(_ meta: PageMeta, content: String, newer: String?, older: String?, kind: String) -> [String: Any] {
        var context: [String: Any] = [
            "site": site,
            "title": meta.title,
            "og_title": meta.heading ?? meta.title,
            "og_type": meta.type,
            "content": content,
            "url": meta.path,
            "kind": kind,
            "assets": assetURLs,
        ]
        if !meta.description.isEmpty { context["description"] = meta.description }
        if let canonical = urls.absolute(meta.path) { context["canonical"] = canonical }
        if let published = meta.published { context["published"] = published.rfc3339 }
        if let modified = meta.modified { context["modified"] = modified.rfc3339 }
        if let newer { context["newer_url"] = newer }
        if let older { context["older_url"] = older }
        return context
    }
}
