import Foundation

/// Renders the whole site from the archive: the main stream, a stream per tag
/// and per month, one page per entry, the tag and month indexes, the feeds and
/// the sitemap. Articles are rendered once and shared by every stream.
public struct SiteRenderer: Sendable {
    public let config: SiteConfig
    public let templates: TemplateSet
    /// Asset URLs by template key (`blogpager_css` → `/assets/blogpager.1a2b3c4d.css`).
    public let assetURLs: [String: String]
    /// Where the old site's list pages lead (`legacy-pages.yml`), each by its old path under `out/`.
    public let legacyPages: [(path: OutputPath, page: LegacyPages.Page)]
    /// How the render is carried out: where articles wait for the streams, what is read ahead.
    let execution: any BuildExecution
    /// Where the render says how far it is (`BuildProgress`).
    var progress: BuildProgress?

    /// Each entry's translations by its URL (`LanguageSplit`), which its page links; empty in a site of one language.
    let translations: [String: [LanguageSplit.Translation]]

    public init(config: SiteConfig, templates: TemplateSet, assetURLs: [String: String], execution: any BuildExecution = PlainExecution(),
                legacyPages: [(path: OutputPath, page: LegacyPages.Page)] = []) {
        self.init(config: config, templates: templates, assetURLs: assetURLs, execution: execution, legacyPages: legacyPages, translations: [:])
    }

    init(config: SiteConfig, templates: TemplateSet, assetURLs: [String: String], execution: any BuildExecution,
         legacyPages: [(path: OutputPath, page: LegacyPages.Page)], translations: [String: [LanguageSplit.Translation]]) {
        self.translations = translations
        self.config = config
        self.templates = templates
        self.assetURLs = assetURLs
        self.execution = execution
        self.legacyPages = legacyPages
    }

    public struct Rendered: Sendable {
        /// The main stream's index.
        public var index: CursorIndex
        /// The key and path of every costly output this build made or kept, by slot.
        public var slots: [RenderedSlots.Slot]
        /// How many entries' bodies were rendered (the rest were not needed).
        public var bodiesRendered: Int
        /// In a site of several languages, this language's lines of `_redirects` and its sitemap's
        /// folder, for the files of the whole site (`LanguageSplit`); empty in a site of one, which writes its own.
        var redirectLines: [String] = []
        var sitemapFolder: String?
        /// The pages that send the reader elsewhere, and `_redirects` (`OutputClass.redirect`).
        var redirectPaths: [String] = []
    }

    /// Whether this config gives feeds and a sitemap: both need absolute URLs.
    public static func writesFeeds(_ config: SiteConfig) -> Bool {
        config.baseURL != nil
    }

    /// Renders the site and hands its files to `emit`, a batch at a time, each
    /// file after those it links (hashed fragments before the pages and indexes
    /// that name them, the main `index.json` last). Outputs whose key `reuse`
    /// finds unchanged are kept, not rendered, and only the entries something
    /// renders are read again. `streams` are the archive's (`StreamSet(of:config:)`).
    public func render(_ archive: Archive, streams: StreamSet, pages: [StandalonePage] = [], bodies: BodyRenderer, reuse: ReuseLookup.Pending? = nil,
                       emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> Rendered {
        try await render(plan(archive, streams: streams, reuse: reuse, links: bodies.links, images: bodies.imageSizes, liquid: bodies.liquid),
                         pages: pages, bodies: bodies, emit: emit)
    }

    /// The same, from a plan made beforehand (`plan`), so the build can look at what it will render first.
    func render(_ plan: RenderPlan, pages: [StandalonePage], bodies: BodyRenderer,
                emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> Rendered {
        var entries = try await renderEntries(plan, bodies: bodies, emit: emit)
        progress?.begin("writing the lists, indexes and feeds")
        var rendered = try await renderStreams(plan, articles: entries.articles, emit: emit)
        let standalone = try standalonePages(pages, plan: plan, bodies: bodies)
        let taken = Set(pages.map(\.outputPath))
        let lists = try listPages(plan, mainPageURLs: rendered.main.pageURLs, taken: taken)
        let (redirectPages, redirectLines) = redirectPages(plan, pages: pages)
        let ownsSiteFiles = config.languageCode == nil
        let redirects = redirectPages + (ownsSiteFiles ? Self.redirectsFile(redirectLines).map { [$0] } ?? [] : [])
        // The long lists (an entry each) are taken, not copied, and the short ones put after them.
        var sitemap = rendered.sitemap
        rendered.sitemap = []
        sitemap += lists.sitemap + standalone.sitemap
        var feeds = feedsAndSitemap(plan, feedItems: entries.feedItems, sitemap: sitemap)
        // In the site's own face, its own `feed.xml` or `sitemap.xml` (a Liquid page) is the one Jekyll writes.
        feeds.files.removeAll { taken.contains($0.path) }
        feeds.kept.removeAll { taken.contains($0.path) }
        try await emit(OutputBatch(files: standalone.files + lists.files + redirects + feeds.files, kept: feeds.kept))
        // The main index last: the loader reads it first, and all it names is in place.
        try await emit(rendered.mainIndex)
        var slots = entries.slots
        entries.slots = []
        slots.reserveCapacity(slots.count + rendered.slots.count + feeds.slots.count)
        slots += rendered.slots
        slots += feeds.slots
        return Rendered(index: rendered.mainCursorIndex, slots: slots, bodiesRendered: plan.toRead.count,
                        redirectLines: ownsSiteFiles ? [] : redirectLines, sitemapFolder: plan.urls.origin == nil ? nil : plan.urls.sitemapFolder,
                        redirectPaths: redirects.map(\.path.string))
    }

    /// The `id` of each entry's article, unique on any page: the slug, or when
    /// entries share a slug (on other dates), the slug and the author's date,
    /// and the time too if that is not enough.
    static func anchors(_ entries: [Entry]) -> [String] {
        // One look-up of each slug, in one table (every rebuild makes this anew, on one core,
        // while another formats dates): slugs are rarely shared.
        var lastWith: [String: Int] = [:]
        lastWith.reserveCapacity(entries.count)
        var shared: [Int] = []
        for (index, entry) in entries.enumerated() {
            if let last = lastWith.updateValue(index, forKey: entry.slug) { shared += [last, index] }
        }
        var anchors = entries.map(\.slug)
        guard !shared.isEmpty else { return anchors }
        func dated(_ entry: Entry, time: Bool) -> String {
            let wall = entry.date.local
            let day = entry.slug + "-" + wall.year.zeroPadded(4) + "-" + wall.month.zeroPadded(2) + "-" + wall.day.zeroPadded(2)
            return time ? day + "-" + wall.hour.zeroPadded(2) + wall.minute.zeroPadded(2) + wall.second.zeroPadded(2) : day
        }
        let sharing = Set(shared).sorted()
        let byDay = Dictionary(sharing.map { (dated(entries[$0], time: false), 1) }, uniquingKeysWith: +)
        for index in sharing {
            let day = dated(entries[index], time: false)
            anchors[index] = byDay[day]! > 1 ? dated(entries[index], time: true) : day
        }
        return anchors
    }
}
