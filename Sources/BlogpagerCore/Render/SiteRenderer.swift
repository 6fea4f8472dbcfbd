import Foundation

/// Renders the whole site from the archive: the main stream, a stream per tag
/// and per month, one page per entry, the tag and month indexes, the feeds and
/// the sitemap. Articles are rendered once and shared by every stream.
public struct SiteRenderer: Sendable {
    public let config: SiteConfig
    public let templates: TemplateSet
    /// Asset URLs by template key (`blogpager_css` → `/assets/blogpager.1a2b3c4d.css`).
    public let assetURLs: [String: String]

    public init(config: SiteConfig, templates: TemplateSet, assetURLs: [String: String]) {
        self.config = config
        self.templates = templates
        self.assetURLs = assetURLs
    }

    public struct Rendered: Sendable {
        /// The main stream's index.
        public var index: CursorIndex
        /// Every stream's index, by the folder it is written in (`""`, `tags/swift`).
        public var streamIndexes: [String: CursorIndex]
        /// The render cache's slots for what this build made or kept: slot → (key, path).
        public var slots: [String: (key: String, path: String)]
        /// How many entries' bodies were rendered (the rest were not needed).
        public var bodiesRendered: Int
    }

    /// Whether this config gives feeds and a sitemap: both need absolute URLs.
    public static func writesFeeds(_ config: SiteConfig) -> Bool {
        config.baseURL != nil
    }

    /// How many entries are rendered and handed on at once (their bodies are then dropped).
    static let entriesPerBatch = 512

    /// Renders the site and hands its files to `emit`, a batch at a time, each
    /// file after those it links (hashed fragments before the pages and indexes
    /// that name them, the main `index.json` last). Bodies are rendered from
    /// each entry's source once, in one pass; only the articles stay in memory.
    /// Outputs whose key `reuse` finds unchanged are kept, not rendered, and
    /// only the entries something renders are read again.
    /// `streams` are the archive's (`streams(of:)`), cut once for the whole build.
    public func render(_ archive: Archive, streams: StreamSet, reader: EntryReader, reuse: OutputReuse? = nil,
                       emit: (OutputBatch) throws(BuildFailure) -> Void) throws(BuildFailure) -> Rendered {
        let urls = SiteURLs(config: config)
        let dates = DateDisplay(language: config.language)
        let hasFeeds = Self.writesFeeds(config) && config.feedSize > 0
        let context = TemplateContext(config: config, urls: urls, assetURLs: assetURLs, tagFolders: streams.tagFolders, hasFeeds: hasFeeds)
        let displayDates = dates.strings(for: archive.entries.map(\.date))
        let anchors = Self.anchors(archive.entries)
        let mainPageURLs = StreamRenderer.pagePaths(of: streams.main).map(urls.path(of:))
        let pages = EntryPages(
            config: config, templates: templates, context: context, archive: archive,
            mainPageURLs: mainPageURLs, displayDates: displayDates, anchors: anchors)
        // A tag URI names its authority by DNS name alone, without a port.
        let feedHost = config.baseURL.flatMap { URLComponents(string: $0)?.host } ?? "localhost"
        let feedOrigin = urls.origin.flatMap { hasFeeds ? $0 : nil }

        // Plan from keys first: what is kept, and which bodies the rest needs.
        let streamRenderer = StreamRenderer(config: config, templates: templates, context: context)
        let articleKeys = archive.entries.indices.parallelMap { pages.articleKey(at: $0) }
        let pageKeys = archive.entries.indices.parallelMap { pages.pageKey(at: $0, articleKey: articleKeys[$0]) }
        let keptPages = archive.entries.indices.parallelMap { reuse?.kept(archive.entries[$0].outputPath.string, key: pageKeys[$0]) }
        // Streams plan independently of each other: all at once, over both cores.
        var neighbourhoods = [StreamRenderer.Neighbours()] + streams.tags.map { _ in StreamRenderer.Neighbours() }
        for index in streams.months.indices {
            neighbourhoods.append(StreamRenderer.Neighbours(
                newer: index > 0 ? streams.months[index - 1] : nil,
                older: index + 1 < streams.months.count ? streams.months[index + 1] : nil))
        }
        let allStreams = streams.all
        let plans = allStreams.indices.parallelMap { index in
            streamRenderer.plan(allStreams[index], articleKeys: articleKeys, displayDates: displayDates,
                                neighbours: neighbourhoods[index], reuse: reuse)
        }
        var needsArticle = [Bool](repeating: false, count: archive.entries.count)
        for plan in plans {
            for position in plan.positionsNeeded { needsArticle[position] = true }
        }
        let feedCount = feedOrigin == nil ? 0 : config.feedSize
        let toRead = archive.entries.indices.filter { needsArticle[$0] || keptPages[$0] == nil || $0 < feedCount }

        var slots: [String: (key: String, path: String)] = [:]
        for position in archive.entries.indices { slots[archive.entries[position].outputPath.string] = (pageKeys[position], archive.entries[position].outputPath.string) }
        var articles = [String?](repeating: nil, count: archive.entries.count)
        var feedItems: [FeedItem] = []
        for start in stride(from: 0, to: toRead.count, by: Self.entriesPerBatch) {
            let batch = toRead[start..<min(toRead.count, start + Self.entriesPerBatch)]
            let rendered = batch.parallelMap { position -> Result<(article: String?, page: OutputFile?, feedItem: FeedItem?), BuildFailure> in
                reader.body(of: archive.entries[position]).map { body in
                    let feedItem = feedOrigin.flatMap { origin in
                        position < feedCount ? FeedItem(archive.entries[position], body: body, origin: origin, host: feedHost) : nil
                    }
                    return (needsArticle[position] ? pages.article(at: position, body: body) : nil,
                            keptPages[position] == nil ? pages.page(at: position, body: body) : nil, feedItem)
                }
            }
            var log = DiagnosticLog()
            var files: [OutputFile] = []
            for (position, result) in zip(batch, rendered) {
                switch result {
                case .success(let done):
                    articles[position] = done.article
                    if let page = done.page { files.append(page) }
                    if let item = done.feedItem { feedItems.append(item) }
                case .failure(let failure): log.append(contentsOf: failure.diagnostics)
                }
            }
            try log.throwIfErrors()
            try emit(OutputBatch(files: files))
        }
        try emit(OutputBatch(kept: keptPages.compactMap { $0 }))

        var indexes: [String: CursorIndex] = [:]
        var sitemap: [Sitemap.Location] = []
        var outputs: [StreamRenderer.Output] = []
        for plan in plans {
            outputs.append(try streamRenderer.render(plan, articles: articles, emit: emit))
        }
        // Each stream's index once all its fragments are out; encoded side by side.
        let indexFiles = plans.indices.parallelMap { streamRenderer.indexFiles(plans[$0], output: outputs[$0]) }
        var mainOutput: StreamRenderer.Output?
        var mainIndexFiles: [OutputFile] = []
        for (plan, (output, files)) in zip(plans, zip(outputs, indexFiles)) {
            indexes[plan.stream.folder.joined(separator: "/")] = output.index
            sitemap += output.pageURLs.map { Sitemap.Location(url: $0) }
            slots.merge(output.slots) { first, _ in first }
            if plan.stream.kind == .main {
                mainOutput = output
                mainIndexFiles = files
                if output.pageURLs.isEmpty { sitemap.append(Sitemap.Location(url: urls.home)) }
                sitemap += archive.entries.map { Sitemap.Location(url: $0.url, lastModified: ($0.updated ?? $0.date).rfc3339) }
            } else {
                try emit(OutputBatch(files: files))
            }
        }
        let main = mainOutput!
        var files: [OutputFile] = []
        if !streams.tags.isEmpty {
            files.append(tagsPage(streams, context: context))
            sitemap.append(Sitemap.Location(url: urls.path(of: SiteURLs.tagsPage)))
        }
        files.append(monthsPage(streams, mainPageURLs: main.pageURLs, anchors: anchors, context: context, dates: dates))
        sitemap.append(Sitemap.Location(url: urls.path(of: SiteURLs.archivePage)))

        // An origin is known exactly when there is a base_url (`writesFeeds`).
        if let origin = urls.origin {
            if hasFeeds { files += feeds(feedItems, origin: origin, urls: urls) }
            let absolute = sitemap.map { Sitemap.Location(url: origin + $0.url, lastModified: $0.lastModified) }
            for (name, bytes) in Sitemap(locations: absolute).files(origin: origin, basePath: urls.basePath) {
                files.append(OutputFile(path: OutputPath(literal: name), bytes: bytes))
            }
        }
        try emit(OutputBatch(files: files))
        // The main index last: the loader reads it first, and all it names is in place.
        try emit(OutputBatch(files: mainIndexFiles))
        return Rendered(index: main.index, streamIndexes: indexes, slots: slots, bodiesRendered: toRead.count)
    }

    /// The main stream and the tag and month streams cut from it.
    public func streams(of archive: Archive) -> StreamSet {
        StreamSet(archive: archive, pageSize: config.pageSize, monthName: DateDisplay(language: config.language).monthNames())
    }

    /// Every path `render` writes except content-hashed fragments: what a
    /// static file may not take. Known before anything is rendered.
    public func plannedPaths(_ archive: Archive, streams: StreamSet) -> Set<OutputPath> {
        var paths = Set(archive.entries.map(\.outputPath))
        // As many URLs as `render` puts in the sitemap: entries, every stream page, tags and archive.
        var locations = archive.entries.count + (streams.tags.isEmpty ? 1 : 2)
        for stream in streams.all {
            let pagePaths = StreamRenderer.pagePaths(of: stream)
            paths.formUnion(pagePaths)
            paths.insert(stream.path("index.json"))
            locations += pagePaths.count
        }
        paths.insert(SiteURLs.archivePage)
        if !streams.tags.isEmpty { paths.insert(SiteURLs.tagsPage) }
        if Self.writesFeeds(config) {
            paths.formUnion([SiteURLs.atomFeed, SiteURLs.jsonFeed, OutputPath(literal: "sitemap.xml")])
            if locations > Sitemap.maxPerFile {
                for number in 1...((locations + Sitemap.maxPerFile - 1) / Sitemap.maxPerFile) {
                    paths.insert(OutputPath(literal: "sitemap-\(number).xml"))
                }
            }
        }
        return paths
    }

    /// The `id` of each entry's article, unique on any page: the slug, or when
    /// entries share a slug (on other dates), the slug and the author's date,
    /// and the time too if that is not enough.
    static func anchors(_ entries: [Entry]) -> [String] {
        let bySlug = Dictionary(entries.map { ($0.slug, 1) }, uniquingKeysWith: +)
        func dated(_ entry: Entry, time: Bool) -> String {
            let wall = entry.date.local
            let day = entry.slug + String(format: "-%04d-%02d-%02d", wall.year, wall.month, wall.day)
            return time ? day + String(format: "-%02d%02d%02d", wall.hour, wall.minute, wall.second) : day
        }
        let byDay = Dictionary(entries.filter { bySlug[$0.slug]! > 1 }.map { (dated($0, time: false), 1) }, uniquingKeysWith: +)
        return entries.map { entry in
            guard bySlug[entry.slug]! > 1 else { return entry.slug }
            let day = dated(entry, time: false)
            return byDay[day]! > 1 ? dated(entry, time: true) : day
        }
    }

    /// `tags/`: every tag with its count, by name.
    private func tagsPage(_ streams: StreamSet, context: TemplateContext) -> OutputFile {
        let tags = streams.tags.map { stream -> [String: Any] in
            ["name": stream.name, "url": context.urls.path(of: stream.path("index.html")), "count": stream.archive.entries.count]
        }
        let path = SiteURLs.tagsPage
        let body = templates.render("tags", ["site": context.site, "tags": tags, "has_tags": !tags.isEmpty, "count": tags.count])
        let meta = TemplateContext.PageMeta(title: "Tags · \(config.title)", description: "Every tag on \(config.title), with its entries.",
                                            path: context.urls.path(of: path), heading: "Tags")
        return OutputFile(path: path, text: templates.render("layout", context.layout(meta, content: body, newer: nil, older: nil, kind: "tags")))
    }

    /// `archive/`: years and months with counts. Each month links its own page
    /// and the main stream opened at its newest entry (`?at=yyyy-mm` for the loader).
    private func monthsPage(_ streams: StreamSet, mainPageURLs: [String], anchors: [String], context: TemplateContext, dates: DateDisplay) -> OutputFile {
        let yearName = dates.yearNames()
        var years: [[String: Any]] = []
        var index = 0
        let months = streams.months
        while index < months.count {
            let year = months[index].folder[1]
            var yearMonths: [[String: Any]] = []
            var count = 0
            while index < months.count, months[index].folder[1] == year {
                let month = months[index]
                let newest = month.mainPositions[0]
                let pageURL = mainPageURLs[streams.main.archive.pageIndex(ofEntry: newest)]
                yearMonths.append([
                    "name": month.name,
                    "url": context.urls.path(of: month.path("index.html")),
                    "count": month.archive.entries.count,
                    "stream_url": pageURL + "?at=\(year)-\(month.folder[2])#" + URLPathEncoding.encode(anchors[newest]),
                ])
                count += month.archive.entries.count
                index += 1
            }
            years.append(["year": year, "name": Int(year).map(yearName) ?? year, "count": count, "months": yearMonths])
        }
        let path = SiteURLs.archivePage
        let body = templates.render("archive", ["site": context.site, "years": years, "is_empty": years.isEmpty])
        let meta = TemplateContext.PageMeta(title: "Archive · \(config.title)", description: "Every month of \(config.title), with its entries.",
                                            path: context.urls.path(of: path), heading: "Archive")
        return OutputFile(path: path, text: templates.render("layout", context.layout(meta, content: body, newer: nil, older: nil, kind: "archive")))
    }

    /// `feed.xml` and `feed.json`: the latest `feed_size` entries.
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
