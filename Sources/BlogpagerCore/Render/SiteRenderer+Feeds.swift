/// The files that need the site's absolute address: the feeds (`feed.xml`,
/// `feed.json`, the latest `feed_size` entries) and the sitemap.
extension SiteRenderer {
    /// Nothing without a `base_url` (`writesFeeds`).
    func feedsAndSitemap(_ plan: RenderPlan, feedItems: [FeedItem], sitemap: [Sitemap.Location]) -> [OutputFile] {
        guard let origin = plan.urls.origin else { return [] }
        var files = plan.feedOrigin == nil ? [] : feeds(feedItems, origin: origin, urls: plan.urls)
        let absolute = sitemap.map { Sitemap.Location(url: origin + $0.url, lastModified: $0.lastModified) }
        for (name, bytes) in Sitemap(locations: absolute).files(origin: origin, basePath: plan.urls.basePath) {
            files.append(OutputFile(path: OutputPath(literal: name), bytes: bytes))
        }
        return files
    }

    private func feeds(_ items: [FeedItem], origin: String, urls: SiteURLs) -> [OutputFile] {
        let home = origin + urls.home
        let atom = AtomFeed(
            title: config.title, subtitle: config.description, author: config.author, language: config.language,
            home: home, selfURL: origin + urls.path(of: SiteURLs.atomFeed), items: items)
        let json = JSONFeed(
            title: config.title, description: config.description, author: config.author, language: config.language,
            home: home, feedURL: origin + urls.path(of: SiteURLs.jsonFeed), items: items)
        return [
            OutputFile(path: SiteURLs.atomFeed, bytes: atom.bytes()),
            OutputFile(path: SiteURLs.jsonFeed, bytes: json.bytes()),
        ]
    }
}
