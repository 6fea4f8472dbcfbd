/// The plan of where the render writes, known before anything renders: what a static file or a
/// page beside the archive may not take (`OutputCollisions`). `PlannedPathsTests` holds it to
/// what the render then writes, for sites of every shape.
extension SiteRenderer {
    /// Every path `render` writes except content-hashed fragments: what a
    /// static file may not take. Known before anything is rendered.
    public func plannedPaths(_ archive: Archive, streams: StreamSet) -> Set<OutputPath> {
        var paths = Set(archive.entries.map(\.outputPath))
        // As many URLs as `render` puts in the sitemap: entries, every stream page, tags and archive.
        var locations = archive.entries.count + 1 + streams.taxonomies.count
        let hasFeeds = Self.writesFeeds(config) && config.feedSize > 0
        for stream in streams.all {
            if hasFeeds, let taxonomy = stream.kind.taxonomy {
                paths.insert(stream.path("feed.xml"))
                for feed in config.oldFeeds where feed.covers(taxonomy) {
                    if case .terms(_, let fileName) = feed.place { paths.insert(stream.path(fileName)) }
                }
            }
            let pagePaths = StreamRenderer.pagePaths(of: stream)
            paths.formUnion(pagePaths)
            paths.insert(stream.path("index.json"))
            locations += pagePaths.count
        }
        let urls = SiteURLs(config: config)
        paths.insert(urls.archivePage)
        for entry in archive.entries { paths.formUnion(entry.redirectsFrom) }
        paths.formUnion(legacyPages.map(\.path))
        if !legacyPages.isEmpty || archive.entries.contains(where: { !$0.redirectsFrom.isEmpty }) { paths.insert(SiteURLs.redirectsFile) }
        for taxonomy in streams.taxonomies { paths.insert(urls.inLanguage(taxonomy.taxonomy.indexPage)) }
        if Self.writesFeeds(config) {
            paths.formUnion([urls.atomFeed, urls.jsonFeed])
            if hasFeeds { paths.formUnion(oldSiteFeeds().map(\.path)) }
            paths.formUnion(Sitemap.names(count: locations, folder: urls.sitemapFolder).map { OutputPath(literal: $0) })
            // A site of several languages has an index of their sitemaps at its root (`LanguageSplit`).
            if config.languageCode != nil { paths.insert(OutputPath(literal: "sitemap.xml")) }
        }
        return paths
    }
}
