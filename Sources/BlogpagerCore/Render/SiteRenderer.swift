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
        public var files: [OutputFile]
        /// The main stream's index.
        public var index: CursorIndex
        /// Every stream's index, by the folder it is written in (`""`, `tags/swift`).
        public var streamIndexes: [String: CursorIndex]
    }

    /// Whether this config gives feeds and a sitemap: both need absolute URLs.
    public static func writesFeeds(_ config: SiteConfig) -> Bool {
        config.baseURL != nil
    }

    public func render(_ archive: Archive) -> Rendered {
        let urls = SiteURLs(config: config)
        let dates = DateDisplay(language: config.language)
        let streams = StreamSet(archive: archive, pageSize: config.pageSize, monthName: dates.monthNames())
        let hasFeeds = Self.writesFeeds(config) && config.feedSize > 0
        let context = TemplateContext(config: config, urls: urls, assetURLs: assetURLs, tagFolders: streams.tagFolders, hasFeeds: hasFeeds)
        let displayDates = dates.strings(for: archive.entries.map(\.date))
        let anchors = Self.anchors(archive.entries)
        let articles = archive.entries.indices.parallelMap { position in
            templates.render("article", context.article(
                archive.entries[position], displayDate: displayDates[position], anchor: anchors[position], full: false))
        }
        let streamRenderer = StreamRenderer(config: config, templates: templates, context: context)
        var files: [OutputFile] = []
        var indexes: [String: CursorIndex] = [:]
        var sitemap: [Sitemap.Location] = []
        func add(_ output: StreamRenderer.Output, of stream: EntryStream) {
            files += output.files
            indexes[stream.folder.joined(separator: "/")] = output.index
            sitemap += output.pageURLs.map { Sitemap.Location(url: $0) }
        }

        let main = streamRenderer.render(streams.main, articles: articles, displayDates: displayDates)
        add(main, of: streams.main)
        if main.pageURLs.isEmpty { sitemap.append(Sitemap.Location(url: urls.home)) }
        files += entryPages(archive, mainPageURLs: main.pageURLs, displayDates: displayDates, anchors: anchors, context: context)
        sitemap += archive.entries.map { Sitemap.Location(url: $0.url, lastModified: ($0.updated ?? $0.date).rfc3339) }

        for stream in streams.tags {
            add(streamRenderer.render(stream, articles: articles, displayDates: displayDates), of: stream)
        }
        for (index, stream) in streams.months.enumerated() {
            let neighbours = StreamRenderer.Neighbours(
                newer: index > 0 ? streams.months[index - 1] : nil,
                older: index + 1 < streams.months.count ? streams.months[index + 1] : nil)
            add(streamRenderer.render(stream, articles: articles, displayDates: displayDates, neighbours: neighbours), of: stream)
        }
        if !streams.tags.isEmpty {
            files.append(tagsPage(streams, context: context))
            sitemap.append(Sitemap.Location(url: urls.path(of: SiteURLs.tagsPage)))
        }
        files.append(monthsPage(streams, mainPageURLs: main.pageURLs, anchors: anchors, context: context, dates: dates))
        sitemap.append(Sitemap.Location(url: urls.path(of: SiteURLs.archivePage)))

        // An origin is known exactly when there is a base_url (`writesFeeds`).
        if let origin = urls.origin {
            if hasFeeds { files += feeds(archive, origin: origin, urls: urls) }
            let absolute = sitemap.map { Sitemap.Location(url: origin + $0.url, lastModified: $0.lastModified) }
            for (name, bytes) in Sitemap(locations: absolute).files(origin: origin, basePath: urls.basePath) {
                files.append(OutputFile(path: OutputPath(literal: name), bytes: bytes))
            }
        }
        return Rendered(files: files, index: main.index, streamIndexes: indexes)
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

    /// One page per entry, with its neighbours, its tags and a link back into the stream.
    private func entryPages(_ archive: Archive, mainPageURLs: [String], displayDates: [String], anchors: [String], context: TemplateContext) -> [OutputFile] {
        archive.entries.indices.parallelMap { index in
            let entry = archive.entries[index]
            let pageIndex = archive.pageIndex(ofEntry: index)
            let newer = index > 0 ? archive.entries[index - 1] : nil
            let older = index + 1 < archive.entries.count ? archive.entries[index + 1] : nil
            var values: [String: Any] = [
                "site": context.site,
                "entry": context.article(entry, displayDate: displayDates[index], anchor: anchors[index], full: true),
                "stream_url": mainPageURLs[pageIndex] + "#" + URLPathEncoding.encode(anchors[index]),
            ]
            if let newer { values["newer_entry"] = ["title": newer.title, "url": newer.url] }
            if let older { values["older_entry"] = ["title": older.title, "url": older.url] }
            let meta = TemplateContext.PageMeta(
                title: "\(entry.title) · \(config.title)", description: entry.summaryText, path: entry.url,
                type: "article", heading: entry.title, published: entry.date, modified: entry.updated)
            let page = templates.render("layout", context.layout(
                meta, content: templates.render("entry", values), newer: newer?.url, older: older?.url, kind: "entry"))
            return OutputFile(path: entry.outputPath, text: page)
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
    private func feeds(_ archive: Archive, origin: String, urls: SiteURLs) -> [OutputFile] {
        // A tag URI names its authority by DNS name alone, without a port.
        let host = config.baseURL.flatMap { URLComponents(string: $0)?.host } ?? "localhost"
        let items = archive.entries.prefix(config.feedSize).map { FeedItem($0, origin: origin, host: host) }
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
