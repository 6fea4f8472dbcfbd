import Foundation

/// What a build renders, decided from keys before any entry body is read:
/// the values every step shares (URLs, dates as shown, anchors), what each
/// output's key is, which outputs the last build's are kept
/// (`ReuseLookup`, a pure lookup), and so which bodies must be read.
struct RenderPlan {
    /// A term's feeds (`tags/swift/feed.xml`, and the old site's `tags/swift/index.xml`): its stream's latest entries.
    struct TermFeed {
        let stream: EntryStream
        /// Where each is written, in which format; blogpager's own Atom first.
        let outputs: [(path: OutputPath, format: OldFeed.Format)]
        let key: String
        /// The last build's files, when every one of them is kept; else nil, and all are written.
        let kept: [KeptFile]?
        /// Main positions of the entries it carries, newest first.
        let positions: [Int]
    }

    /// The site's own feeds (`feed.xml`, `feed.json`, and the old site's at their URLs): its latest entries.
    struct SiteFeeds {
        let paths: [OutputPath]
        let key: String
        /// The last build's files, when every one of them is kept; else nil, and all are written.
        let kept: [KeptFile]?
    }

    let archive: Archive
    let streams: StreamSet
    let urls: SiteURLs
    let dates: DateDisplay
    let context: TemplateContext
    /// The site's templates with their site parts rendered once (`TemplateSet.renderingSiteParts`).
    let templates: TemplateSet
    /// What full pages are put in: our layout, or the site's own layouts.
    let frame: PageFrame
    let anchors: [String]
    /// Each entry's month in its author's calendar (`CursorIndex.monthKey`), by main position:
    /// every stream's index counts its entries by month.
    let monthKeys: [Int]
    let entryPages: EntryPages
    let streamRenderer: StreamRenderer
    /// Every stream's plan, the main one first (`StreamSet.all`).
    let streamPlans: [StreamRenderer.Plan]
    /// Each entry page's key and, where the last build's is kept, its file; by main position.
    let entryPageKeys: [String]
    let keptEntryPages: [KeptFile?]
    /// The entries whose article some fragment to render shows; by main position.
    let needsArticle: [Bool]
    /// Where feeds are served from (nil: no feeds), and how many entries they carry.
    let feedOrigin: String?
    let feedHost: String
    let feedCount: Int
    /// The site's feeds, nil without them; each term's own feed; each with its key and, where
    /// the last build's are kept, their files.
    let siteFeeds: SiteFeeds?
    /// Whole-archive positions of the entries the site's feeds carry: the main blog's latest.
    let siteFeedPositions: [Int]
    let termFeeds: [TermFeed]
    /// Main positions of the entries some feed to write carries, in order.
    let feedPositions: [Int]
    /// Main positions of the entries whose bodies are read: those something renders.
    let toRead: [Int]
    /// What the last build made under the same generation (for the outputs known only once rendered: the indexes).
    let reuse: ReuseLookup?
}

extension SiteRenderer {
    /// The old site's feeds of a term's stream (`tags/swift/index.xml`).
    private func oldTermFeeds(of stream: EntryStream) -> [(OutputPath, OldFeed.Format)] {
        guard let taxonomy = stream.kind.taxonomy else { return [] }
        return config.oldFeeds.compactMap { feed in
            guard feed.covers(taxonomy), case .terms(_, let fileName) = feed.place, fileName != "feed.xml" else { return nil }
            return (stream.path(fileName), feed.format)
        }
    }

    /// Where the old site's feeds of the whole site go (`index.xml`, `posts/index.xml`, `atom.xml`).
    func oldSiteFeeds() -> [(path: OutputPath, format: OldFeed.Format)] {
        var paths: [(path: OutputPath, format: OldFeed.Format)] = []
        for feed in config.oldFeeds {
            let segments: [String]
            switch feed.place {
            case .site(let path): segments = path.split(separator: "/").map(String.init)
            case .section(let fileName):
                guard !config.contentSection.isEmpty else { continue }
                segments = config.contentSection + [fileName]
            case .terms: continue
            }
            // The config's readers gave only paths below `out/` (jekyll-feed's own is checked there): none is passed over here.
            let urls = SiteURLs(config: config)
            guard let own = OutputPath.ifValid(segments), case let path = urls.inLanguage(own), path != urls.atomFeed, path != urls.jsonFeed,
                  !paths.contains(where: { $0.path == path }) else { continue }
            paths.append((path, feed.format))
        }
        return paths
    }

    /// Plans the whole render; `pendingReuse` says what the last build made under the same generation,
    /// and is waited for only once every entry page is keyed.
    func plan(_ archive: Archive, streams: StreamSet, reuse pendingReuse: ReuseLookup.Pending?, links: EntryLinks? = nil, images: ImageSizes = ImageSizes(),
              liquid: LiquidSite? = nil, pages standalone: [StandalonePage] = []) -> RenderPlan {
        let urls = SiteURLs(config: config)
        let dates = DateDisplay(language: config.language)
        let hasFeeds = Self.writesFeeds(config) && config.feedSize > 0
        let context = TemplateContext(config: config, urls: urls, assetURLs: assetURLs, taxonomies: streams.taxonomies, hasFeeds: hasFeeds,
                                      blogs: streams.sections, strings: templates.strings(for: config.language))
        let templates = templates.renderingSiteParts(once: context.sitePartValues, throughShells: execution.rendersThroughShells)
        let (displayDates, anchors) = sideBySide({ dates.strings(for: archive.entries.map(\.date)) }, { Self.anchors(archive.entries) })
        let homes = streams.homePlaces
        let siteLayouts = config.usesSiteLayouts ? liquid.map { JekyllPageFrame(liquid: $0, config: config, pages: standalone, context: context) } : nil
        let frame = PageFrame(templates: templates, context: context, siteLayouts: siteLayouts)
        let pages = EntryPages(
            config: config, templates: templates, context: context, frame: frame, archive: archive,
            streamPageURLs: Self.streamPageURLs(of: homes.blogs, count: archive.entries.count, urls: urls), homes: homes, displayDates: displayDates, anchors: anchors,
            translations: translations)
        let articleKeys = archive.entries.indices.parallelMap { pages.articleKey(at: $0, links: links, images: images, liquid: liquid) }
        let pageKeys = archive.entries.indices.parallelMap { pages.pageKey(at: $0, articleKey: articleKeys[$0]) }
        let reuse = pendingReuse?.lookup
        let keptPages = archive.entries.indices.parallelMap { reuse?.kept(archive.entries[$0].outputPath.string, key: pageKeys[$0]) }

        // Streams plan independently of each other: all at once, over every core.
        var streamRenderer = StreamRenderer(config: config, templates: templates, context: context, frame: frame)
        streamRenderer.frameKey = siteLayouts.map { $0.layoutKey($0.listLayout) } ?? ""
        streamRenderer.themeEntries = siteLayouts?.themeEntries(archive.entries, anchors: anchors, perPage: config.pageSize)
        var neighbourhoods = [StreamRenderer.Neighbours()] + (streams.sections + streams.terms).map { _ in StreamRenderer.Neighbours() }
        for index in streams.months.indices {
            neighbourhoods.append(StreamRenderer.Neighbours(
                newer: index > 0 ? streams.months[index - 1] : nil,
                older: index + 1 < streams.months.count ? streams.months[index + 1] : nil))
        }
        let allStreams = streams.all
        let streamPlans = allStreams.indices.parallelMap { index in
            streamRenderer.plan(allStreams[index], articleKeys: articleKeys, displayDates: displayDates,
                                neighbours: neighbourhoods[index], reuse: reuse)
        }
        var needsArticle = [Bool](repeating: false, count: archive.entries.count)
        for plan in streamPlans {
            for position in plan.positionsNeeded { needsArticle[position] = true }
        }
        // A tag URI names its authority by DNS name alone, without a port.
        let feedHost = config.baseURL.flatMap { URLComponents(string: $0)?.host } ?? "localhost"
        let feedOrigin = urls.origin.flatMap { hasFeeds ? $0 : nil }
        let feedCount = feedOrigin == nil ? 0 : config.feedSize
        let termFeeds = (streams.sections + streams.terms).compactMap { stream -> RenderPlan.TermFeed? in
            guard let path = streamRenderer.feedPath(of: stream), let origin = feedOrigin else { return nil }
            let positions = Array(stream.mainPositions.prefix(feedCount))
            let key = RenderKeys.termFeed(stream, origin: origin, host: feedHost, articles: positions.map { articleKeys[$0] })
            let outputs = [(path, OldFeed.Format.atom)] + oldTermFeeds(of: stream)
            let kept = outputs.map { reuse?.kept($0.0.string, key: key) }
            return RenderPlan.TermFeed(stream: stream, outputs: outputs, key: key,
                                       kept: kept.allSatisfy { $0 != nil } ? kept.compactMap { $0 } : nil, positions: positions)
        }
        // The site's feeds are kept as a term's are: an edit to an old entry reads no latest ones.
        let latest = Array(streams.main.mainPositions.prefix(feedCount))
        let siteFeeds = feedOrigin.map { origin -> RenderPlan.SiteFeeds in
            let paths = [urls.atomFeed, urls.jsonFeed] + oldSiteFeeds().map(\.path)
            let key = RenderKeys.siteFeeds(origin: origin, host: feedHost, paths: paths.map(\.string), articles: latest.map { articleKeys[$0] })
            let kept = paths.map { reuse?.kept($0.string, key: key) }
            return RenderPlan.SiteFeeds(paths: paths, key: key, kept: kept.allSatisfy { $0 != nil } ? kept.compactMap { $0 } : nil)
        }
        var carried = [Bool](repeating: false, count: archive.entries.count)
        if siteFeeds?.kept == nil {
            for position in latest { carried[position] = true }
        }
        for feed in termFeeds where feed.kept == nil {
            for position in feed.positions { carried[position] = true }
        }
        return RenderPlan(
            archive: archive, streams: streams, urls: urls, dates: dates, context: context, templates: templates, frame: frame, anchors: anchors,
            monthKeys: archive.entries.parallelMap(CursorIndex.monthKey), entryPages: pages, streamRenderer: streamRenderer, streamPlans: streamPlans, entryPageKeys: pageKeys,
            keptEntryPages: keptPages, needsArticle: needsArticle, feedOrigin: feedOrigin, feedHost: feedHost, feedCount: feedCount,
            siteFeeds: siteFeeds, siteFeedPositions: latest, termFeeds: termFeeds, feedPositions: carried.indices.filter { carried[$0] },
            toRead: archive.entries.indices.filter { needsArticle[$0] || keptPages[$0] == nil || carried[$0] }, reuse: reuse)
    }

    /// By position in the whole archive: the URL of the page of its blog's stream each entry is on.
    static func streamPageURLs(of blogs: [EntryStream], count: Int, urls: SiteURLs) -> [String] {
        var byPosition = [String](repeating: urls.archiveHome, count: count)
        for stream in blogs {
            let pages = StreamRenderer.pagePaths(of: stream).map(urls.path(of:))
            for (index, position) in stream.mainPositions.enumerated() { byPosition[position] = pages[stream.archive.pageIndex(ofEntry: index)] }
        }
        return byPosition
    }
}
