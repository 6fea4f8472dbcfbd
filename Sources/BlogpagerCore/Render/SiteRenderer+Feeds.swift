/// The files that need the site's absolute address: the feeds (`feed.xml`,
/// `feed.json`, the latest `feed_size` entries; each term's `feed.xml`) and
/// the sitemap.
extension SiteRenderer {
    struct RenderedFeeds {
        var files: [OutputFile] = []
        /// Term feeds whose key is unchanged.
        var kept: [KeptFile] = []
        var slots: [String: RenderedSlots.Slot] = [:]
    }

    /// Nothing without a `base_url` (`writesFeeds`). `feedItems` are by main position.
    func feedsAndSitemap(_ plan: RenderPlan, feedItems: [Int: FeedItem], sitemap: [Sitemap.Location]) -> RenderedFeeds {
        guard let origin = plan.urls.origin else { return RenderedFeeds() }
        var done = RenderedFeeds()
        if plan.feedOrigin != nil {
            let latest = (0..<min(plan.feedCount, plan.archive.entries.count)).compactMap { feedItems[$0] }
            done.files = feeds(latest, origin: origin, urls: plan.urls)
        }
        for feed in plan.termFeeds {
            done.slots[feed.path.string] = RenderedSlots.Slot(key: feed.key, path: feed.path.string)
            if let kept = feed.kept {
                done.kept.append(kept)
            } else {
                done.files.append(termFeed(feed, items: feed.positions.compactMap { feedItems[$0] }, origin: origin, urls: plan.urls))
            }
        }
        let absolute = sitemap.map { Sitemap.Location(url: origin + $0.url, lastModified: $0.lastModified) }
        for (name, bytes) in Sitemap(locations: absolute).files(origin: origin, basePath: plan.urls.basePath) {
            done.files.append(OutputFile(path: OutputPath(literal: name), bytes: bytes))
        }
        return done
    }

    /// One term's Atom feed, so a reader can follow a tag, a category or an author alone.
    private func termFeed(_ feed: RenderPlan.TermFeed, items: [FeedItem], origin: String, urls: SiteURLs) -> OutputFile {
        let taxonomy = feed.stream.kind.taxonomy ?? .tags
        let atom = AtomFeed(
            title: "\(taxonomy.heading(of: feed.stream.name)) · \(config.title)",
            subtitle: taxonomy.description(of: feed.stream.name, site: config.title),
            author: config.author.isEmpty ? config.title : config.author, language: config.language,
            home: origin + urls.path(of: feed.stream.path("index.html")), selfURL: origin + urls.path(of: feed.path), items: items)
        return OutputFile(path: feed.path, bytes: atom.bytes())
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
