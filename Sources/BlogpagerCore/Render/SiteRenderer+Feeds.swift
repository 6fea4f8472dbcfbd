/// The files that need the site's absolute address: the feeds (`feed.xml`,
/// `feed.json`, the latest `feed_size` entries; each term's `feed.xml`) and
/// the sitemap.
extension SiteRenderer {
    struct RenderedFeeds {
        var files: [OutputFile] = []
        /// Feeds whose key is unchanged.
        var kept: [KeptFile] = []
        var slots: [RenderedSlots.Slot] = []
    }

    /// Nothing without a `base_url` (`writesFeeds`). `feedItems` are by main position.
    func feedsAndSitemap(_ plan: RenderPlan, feedItems: [Int: FeedItem], sitemap: [Sitemap.Location]) -> RenderedFeeds {
        guard let origin = plan.urls.origin else { return RenderedFeeds() }
        var done = RenderedFeeds()
        if let siteFeeds = plan.siteFeeds {
            done.slots += siteFeeds.paths.map { RenderedSlots.Slot(path: $0.string, key: siteFeeds.key) }
            if let kept = siteFeeds.kept {
                done.kept += kept
            } else {
                let latest = plan.siteFeedPositions.compactMap { feedItems[$0] }
                done.files = feeds(latest, origin: origin, urls: plan.urls)
                // The old site's feeds of the whole site, at their URLs and in their formats.
                for (path, format) in oldSiteFeeds() {
                    done.files.append(feed(format, at: path, title: config.title, description: config.description,
                                           home: origin + plan.urls.home, items: latest, origin: origin, urls: plan.urls))
                }
            }
        }
        // Each term's feed on its own: escaping every item's content is most of a full build's feeds.
        let termFiles = plan.termFeeds.parallelMap { feed -> [OutputFile] in
            guard feed.kept == nil else { return [] }
            let items = feed.positions.compactMap { feedItems[$0] }
            let title: String, description: String
            if let taxonomy = feed.stream.kind.taxonomy {
                let words = plan.context.strings
                (title, description) = ("\(words.heading(of: feed.stream.name, in: taxonomy)) · \(config.title)",
                                        words.description(of: feed.stream.name, in: taxonomy, site: config.title))
            } else {
                // Another blog of the site: its own name, and what its section says of itself.
                let section = config.blogSection(streamAt: feed.stream.folder)
                (title, description) = ("\(feed.stream.name) · \(config.title)", section?.description ?? "")
            }
            return feed.outputs.map { output in
                self.feed(output.format, at: output.path, title: title, description: description,
                          home: origin + plan.urls.path(of: feed.stream.path("index.html")), items: items, origin: origin, urls: plan.urls)
            }
        }
        for (feed, files) in zip(plan.termFeeds, termFiles) {
            done.slots += feed.outputs.map { RenderedSlots.Slot(path: $0.path.string, key: feed.key) }
            done.kept += feed.kept ?? []
            done.files += files
        }
        // Kept as the feeds are: an edit that moves no URL and no date writes no sitemap again.
        let sitemapKey = RenderKeys.sitemap(origin: origin, basePath: plan.urls.basePath, locations: sitemap)
        let names = Sitemap.names(count: sitemap.count, folder: plan.urls.sitemapFolder)
        done.slots += names.map { RenderedSlots.Slot(path: $0, key: sitemapKey) }
        let kept = names.compactMap { plan.reuse?.kept($0, key: sitemapKey) }
        if kept.count == names.count {
            done.kept += kept
        } else {
            for (name, bytes) in Sitemap(origin: origin, locations: sitemap).files(basePath: plan.urls.basePath, folder: plan.urls.sitemapFolder) {
                done.files.append(OutputFile(path: OutputPath(literal: name), bytes: bytes))
            }
        }
        return done
    }

    /// A feed in either format: a term's (so a reader can follow a tag, a category or an author
    /// alone), or one the old site published at its own URL.
    private func feed(_ format: OldFeed.Format, at path: OutputPath, title: String, description: String, home: String,
                      items: [FeedItem], origin: String, urls: SiteURLs) -> OutputFile {
        let selfURL = origin + urls.path(of: path)
        switch format {
        case .atom:
            let atom = AtomFeed(title: title, subtitle: description, author: config.author.isEmpty ? config.title : config.author,
                                language: config.language, home: home, selfURL: selfURL, items: items)
            return OutputFile(path: path, bytes: atom.bytes())
        case .rss:
            let rss = RSSFeed(title: title, description: description, language: config.language, home: home, selfURL: selfURL, items: items)
            return OutputFile(path: path, bytes: rss.bytes())
        }
    }

    private func feeds(_ items: [FeedItem], origin: String, urls: SiteURLs) -> [OutputFile] {
        let home = origin + urls.home
        let atom = AtomFeed(
            title: config.title, subtitle: config.description, author: config.author, language: config.language,
            home: home, selfURL: origin + urls.path(of: urls.atomFeed), items: items)
        let json = JSONFeed(
            title: config.title, description: config.description, author: config.author, language: config.language,
            home: home, feedURL: origin + urls.path(of: urls.jsonFeed), items: items)
        return [
            OutputFile(path: urls.atomFeed, bytes: atom.bytes()),
            OutputFile(path: urls.jsonFeed, bytes: json.bytes()),
        ]
    }
}
