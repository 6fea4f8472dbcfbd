/// The values templates see, as dictionaries Mustache can walk. Built here and
/// only here, so template authors have one place that lists every name.
struct TemplateContext {
    let config: SiteConfig
    let urls: SiteURLs
    let assetURLs: [String: String]
    /// Each term's URL by taxonomy key and the term as written (`tags`, `Swift` → `/tags/swift/`):
    /// made once a term, not once each entry that carries it (every article's key names them).
    /// One level, not a map of maps: a lookup in an inner map copied it, a retain of one shared
    /// object from every core for each term of each entry.
    let termURLs: [TermKey: String]

    struct TermKey: Hashable, Sendable {
        var taxonomy: String
        var term: String
    }
    /// The taxonomies some entry uses, in the config's order.
    let taxonomies: [Taxonomy]
    /// Whether the site writes feeds (it has an absolute address, and a feed size).
    let hasFeeds: Bool
    /// The site's values, the same on every page: built and wrapped once.
    let site: TemplateString.Prepared
    /// Our templates' words in the site's language.
    let strings: SiteStrings
    /// The few an article shows, made once for every article.
    let articleWords: [String: String]

    /// `blogs`: the streams of the site's other blogs, for the navigation.
    init(config: SiteConfig, urls: SiteURLs, assetURLs: [String: String], taxonomies: [StreamSet.TaxonomyStreams], hasFeeds: Bool,
         blogs: [EntryStream] = [], strings: SiteStrings = SiteStrings(language: "en", files: ["en": [:]])) {
        self.strings = strings
        articleWords = ["read_more": strings["read_more"], "by": strings["by"], "draft": strings["draft"]]
        self.config = config
        self.urls = urls
        self.assetURLs = assetURLs
        self.termURLs = Dictionary(taxonomies.flatMap { streams in
            streams.termFolders.map { term, folder in
                (TermKey(taxonomy: streams.taxonomy.key, term: term), urls.termStream(streams.taxonomy, slug: folder))
            }
        }, uniquingKeysWith: { first, _ in first })
        self.taxonomies = taxonomies.map(\.taxonomy)
        self.hasFeeds = hasFeeds
        var site = Self.siteValues(config: config, urls: urls, taxonomies: self.taxonomies, hasFeeds: hasFeeds, strings: strings)
        site["blogs"] = blogs.map { ["name": $0.name, "url": urls.path(of: $0.path("index.html"))] }
        self.site = TemplateString.Prepared(site)
    }

    private static func siteValues(config: SiteConfig, urls: SiteURLs, taxonomies: [Taxonomy], hasFeeds: Bool, strings: SiteStrings) -> [String: Any] {
        var values: [String: Any] = [
            "title": config.title,
            "lang": config.language,
            "home": urls.home,
            "index_url": urls.path(of: urls.mainIndex),
            "archive_url": urls.path(of: urls.archivePage),
            "order": config.order.rawValue,
            "search": config.searchIndex,
            "search_bundle": urls.siteHome + "pagefind/",
            "math": config.markdown.rendersMath,
            "katex_url": urls.siteHome + KaTeXFiles.outputFolder.joined(separator: "/") + "/",
            "params": config.params.mapValues(\.templateValue),
            "t": strings.values,
        ]
        // The scripts' words, where they are not English's.
        if !strings.isEnglish { values["script_strings"] = strings.scriptJSON }
        // Mustache treats an empty string as true: leave absent values out.
        if !config.description.isEmpty { values["description"] = config.description }
        if !config.author.isEmpty { values["author"] = config.author }
        if let base = config.baseURL { values["base_url"] = base }
        // `tags_url`, `categories_url`...: each taxonomy's index page, and all of them for a menu.
        for taxonomy in taxonomies { values["\(taxonomy.key)_url"] = urls.path(of: urls.inLanguage(taxonomy.indexPage)) }
        // A menu item for a page the navigation links already (the home page, a taxonomy's list) is left to ours.
        // The section's old list (`/posts/`) leads to the front page too.
        let section = config.contentSection.isEmpty || config.oldListPages == nil ? [] : [urls.home + config.contentSection.joined(separator: "/") + "/"]
        let own = Set(([urls.home, urls.path(of: urls.archivePage)] + taxonomies.map { urls.path(of: urls.inLanguage($0.indexPage)) } + section).map(Self.withSlash))
        values["menu"] = config.menu.links(basePath: config.basePath).filter { !own.contains(Self.withSlash($0.url)) }
            .map { ["name": $0.name, "url": $0.url] }
        // A site of several languages: each by its own name, at its archive, this one marked.
        if config.languages.count > 1 {
            values["has_languages"] = true
            values["languages"] = config.languages.map { language -> [String: Any] in
                var own = config
                own.languageRoot = language.root
                var item: [String: Any] = ["name": language.name, "tag": language.tag, "code": language.code, "url": SiteURLs(config: own).home]
                if language.code == config.languageCode { item["current"] = true }
                return item
            }
        }
        values["taxonomies"] = taxonomies.map { ["key": $0.key, "title": strings.title(of: $0), "url": urls.path(of: urls.inLanguage($0.indexPage))] }
        if hasFeeds {
            values["atom_url"] = urls.path(of: urls.atomFeed)
            values["json_feed_url"] = urls.path(of: urls.jsonFeed)
        }
        return values
    }

    /// A site-relative URL with its folder's slash, so `/tags` and `/tags/` compare equal.
    private static func withSlash(_ url: String) -> String {
        url.hasSuffix("/") || url.contains(".") ? url : url + "/"
    }

    /// What the site parts see (`TemplateSet.sitePartNames`): the site's values and its assets, nothing of a page.
    var sitePartValues: [String: Any] {
        ["site": site, "assets": assetURLs]
    }

    /// The URL of a term's stream (`/tags/swift/`).
    func termURL(_ term: String, in taxonomy: Taxonomy) -> String {
        termURLs[TermKey(taxonomy: taxonomy.key, term: term)] ?? urls.termStream(taxonomy, slug: TagSlug.make(term))
    }

    /// Every term of an entry with its URL, taxonomy by taxonomy: what its article links.
    func termLinks(_ entry: Entry) -> [(taxonomy: Taxonomy, links: [(name: String, url: String)])] {
        taxonomies.compactMap { taxonomy in
            let terms = entry.terms(of: taxonomy)
            return terms.isEmpty ? nil : (taxonomy, terms.map { ($0, termURL($0, in: taxonomy)) })
        }
    }

    func article(_ entry: Entry, body: EntryBody, displayDate: String, anchor: String, full: Bool) -> [String: Any] {
        // On a list page many articles meet: their headings' ids take the article's anchor before them, so none repeats.
        let body = full ? body : Self.scopingHeadingIDs(body, anchor: anchor)
        var context: [String: Any] = [
            "slug": entry.slug,
            "anchor": anchor,
            "url": entry.url,
            "title": entry.title,
            "date": entry.date.rfc3339,
            "date_display": displayDate,
            "lang": entry.language ?? config.language,
            "summary_html": body.summaryHTML,
            "summary_text": body.summaryText,
            "content_html": body.contentHTML,
            "body_html": full || config.listContent == .full ? body.contentHTML : body.summaryHTML,
            "read_more": !full && config.listContent == .summary && body.isTruncated,
            "draft": entry.isDraft,
            "params": entry.params.mapValues(\.templateValue),
            "t": articleWords,
            "read_more_of": strings.text("read_more_of", ["title": entry.title]),
        ]
        // `tags`, `categories`, `authors`... each with `has_<key>`, and `terms` for a template that shows them all.
        let links = termLinks(entry)
        for taxonomy in taxonomies { context["has_\(taxonomy.key)"] = false }
        for (taxonomy, termLinks) in links {
            context[taxonomy.key] = termLinks.map { ["name": $0.name, "url": $0.url] }
            context["has_\(taxonomy.key)"] = true
        }
        context["has_tags"] = context["has_tags"] ?? false
        // Tags and authors have their own places in an article; `terms` holds the rest (categories, series).
        context["terms"] = links.filter { $0.taxonomy != .authors && $0.taxonomy != .tags }.map { taxonomy, termLinks in
            ["key": taxonomy.key, "singular": strings.singular(of: taxonomy), "title": strings.title(of: taxonomy),
             "links": termLinks.map { ["name": $0.name, "url": $0.url] }] as [String: Any]
        }
        if let updated = entry.updated { context["updated"] = updated.rfc3339 }
        return context
    }

    private static func scopingHeadingIDs(_ body: EntryBody, anchor: String) -> EntryBody {
        var body = body
        body.contentHTML = FootnoteIDs.scoping(body.contentHTML, anchor: anchor)
        body.contentHTML = TableOfContents.scoping(body.contentHTML, anchor: anchor)
        guard body.contentHTML.utf8Contains("class=\"heading-link\"") else { return body }
        let idPrefix = Array((HTMLEscaping.escape(anchor) + "--").utf8)
        let linkPrefix = Array((URLPathEncoding.encode(anchor) + "--").utf8)
        let link = Array("<a class=\"heading-link\" href=\"#".utf8)
        let id = Array(" id=\"".utf8)
        // One pass from tag to tag (every article of every list page goes through here):
        // `<hN id="` and the heading link's `href="#` get the anchor before their id.
        func scoped(_ html: String) -> String {
            html.rewritingTags { bytes, at in
                if at + 8 <= bytes.count, bytes[at + 1] == UInt8(ascii: "h"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[at + 2]),
                   String.bytes(bytes, at: at + 3, startWith: id) {
                    return (Array(bytes[at..<(at + 8)]) + idPrefix, at + 8)
                }
                if String.bytes(bytes, at: at, startWith: link) {
                    return (link + linkPrefix, at + link.count)
                }
                return nil
            }
        }
        var scopedBody = body
        scopedBody.contentHTML = scoped(body.contentHTML)
        scopedBody.summaryHTML = scoped(body.summaryHTML)
        return scopedBody
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
        /// The page's language when it is not the site's (an entry's `lang:`).
        var language: String? = nil
        /// The same page in each language it is written in (its tag and URL), itself among them: `hreflang` links.
        var alternates: [(tag: String, url: String)] = []
    }

    /// The shell every full page shares.
    func layout(_ meta: PageMeta, content: String, newer: String?, older: String?, kind: String, feed: String? = nil) -> [String: Any] {
        var context: [String: Any] = [
            "site": site,
            "title": meta.title,
            "og_title": meta.heading ?? meta.title,
            "og_type": meta.type,
            "content": content,
            "url": meta.path,
            "kind": kind,
            "lang": meta.language ?? config.language,
            "is_stream": kind == "list",
            "assets": assetURLs,
        ]
        if !meta.description.isEmpty { context["description"] = meta.description }
        if let canonical = urls.absolute(meta.path) { context["canonical"] = canonical }
        if let published = meta.published { context["published"] = published.rfc3339 }
        if let modified = meta.modified { context["modified"] = modified.rfc3339 }
        if let newer { context["newer_url"] = newer }
        if let older { context["older_url"] = older }
        if let feed { context["stream_feed_url"] = feed }
        if !meta.alternates.isEmpty { context["alternates"] = meta.alternates.map { ["hreflang": $0.tag, "url": $0.url] } }
        return context
    }
}
