import Foundation
import Liquid
import Synchronization

/// A Jekyll build's Liquid: the `site` object (its config as written, `data`, `posts` newest first,
/// `pages`, `tags`, `categories`, `collections`, `static_files`), each post's and page's `page`
/// object, and what a body's key takes from what its Liquid reads. Made once the check stage knows
/// where every entry is; the lists are made the first time a template reads them, and a post's
/// `content` and `excerpt` only when one reads it.
public struct LiquidSite: Sendable {
    let config: SiteConfig
    /// The build's time: `site.time`, and what `now` names in the `date` filter.
    let now: Date
    let sources: LiquidSources
    let links: EntryLinks?
    let includes: [String: LiquidInclude]
    /// The site's layouts and its theme's, parsed.
    let layouts: JekyllLayouts
    /// The chains of filters the plugins the build makes pass values through (`{% seo %}`), each parsed once.
    let filterChains: [String: LiquidTemplate]
    /// The `site` object.
    let site: LiquidHash
    let jekyll: LiquidHash
    let options: LiquidOptions
    private let lists: Lists

    /// The tags Jekyll adds that the build renders itself, and those of the plugins it makes (jekyll-seo-tag's
    /// `seo`, jekyll-feed's `feed_meta`): a site that uses them builds with Jekyll only where the plugin is loaded.
    static let tagNames: Set<String> = ["post_url", "link", "seo", "feed_meta"]
    /// The plugins whose tags and files the build makes: jekyll-include-cache's `include_cached` renders as `include`.
    static let pluginsMade: Set<String> = ["jekyll-include-cache", "jekyll-seo-tag", "jekyll-feed", "jemoji", "jekyll-paginate", "jekyll-default-layout",
                                              "jekyll-redirect-from", "jekyll-titles-from-headings",
                                              JekyllGemfile.optionalFrontMatter, JekyllGemfile.readmeIndex, JekyllGemfile.relativeLinks,
                                              JekyllPaginateV2.plugin]

    /// The tags a site's plugins add that render as `include` does.
    static func includeTagNames(_ config: SiteConfig) -> Set<String> {
        config.plugins.contains("jekyll-include-cache") ? ["include_cached"] : []
    }
    static let blockTagNames: Set<String> = ["highlight"]

    /// `posts` newest first; `bodies` renders another post's body for its `content` and `excerpt`
    /// (nil: they are empty, as inside such a rendering, so no body renders itself); `now` is the
    /// build's, Jekyll's `site.time` and the `date` filter's `now`.
    init(config: SiteConfig, sources: LiquidSources?, includes: [String: LiquidInclude]? = nil, layouts: JekyllLayouts? = nil, links: EntryLinks? = nil, posts: [Entry] = [],
         pages: [StandalonePage] = [], staticFiles: [StaticFile] = [], now: Date, environment: String = "development",
         bodies: (@Sendable (Entry) -> EntryBody?)? = nil) {
        // No site files: an empty tree of its own, so nothing is read from anywhere.
        let sources = sources ?? LiquidSources(root: "", files: .memory())
        self.config = config
        self.now = now
        self.sources = sources
        self.links = links
        self.includes = includes ?? LiquidInclude.all(of: sources, config: config)
        self.layouts = layouts ?? JekyllLayouts(sources: sources, includeTags: Self.includeTagNames(config))
        var chains: [String: LiquidTemplate] = [:]
        for chain in JekyllSeoTag.filterChains {
            // Every filter in them is the engine's or Jekyll's: each parses.
            if case .success(let template) = Result(catching: { try LiquidTemplate(source: "{{ value | \(chain) }}") }) { chains[chain] = template }
        }
        filterChains = chains
        let lists = Lists(config: config, root: sources.root, posts: posts, pages: pages, staticFiles: staticFiles, bodies: bodies)
        self.lists = lists
        var site = sources.settings
        if site["baseurl"] == nil { site["baseurl"] = .string(config.basePath) }
        if site["url"] == nil { site["url"] = .string(SiteURLs(config: config).origin ?? "") }
        // `site.title` only where the config gives one, as Jekyll has it (a layout's `{{ site.title }}` is then empty).
        let time = EntryDate(epochSeconds: Int64(now.timeIntervalSince1970)).shown(in: config.timeZone)
        site["time"] = .string(RubyStrftime.timeText(time))
        site["data"] = .hash(sources.data)
        site.setDeferred("posts") { .array(lists.posts.value) }
        site.setDeferred("related_posts") { .array(Array(lists.posts.value.prefix(10))) }
        site.setDeferred("tags") { .hash(lists.terms(Taxonomy.tags.key)) }
        site.setDeferred("categories") { .hash(lists.terms(Taxonomy.categories.key)) }
        site.setDeferred("pages") { .array(lists.pages.value) }
        site.setDeferred("html_pages") { .array(lists.pages.value) }
        site.setDeferred("static_files") { .array(lists.staticFiles.value) }
        site.setDeferred("documents") { .array(lists.posts.value + lists.collectionDocuments.value.flatMap(\.value)) }
        site.setDeferred("collections") {
            .array([LiquidValue.hash(["label": "posts", "docs": .array(lists.posts.value), "output": true])]
                + lists.collectionDocuments.value.map { .hash(["label": .string($0.key), "docs": .array($0.value), "output": true]) })
        }
        for collection in config.collections {
            site.setDeferred(collection.name) { .array(lists.collectionDocuments.value.first { $0.key == collection.name }?.value ?? []) }
        }
        self.site = site
        jekyll = ["environment": .string(environment), "version": "4.3.1"]
        var options = LiquidOptions()
        if case .map(let liquid)? = config.params["liquid"] {
            options.strictFilters = liquid["strict_filters"] == .bool(true)
            options.strictVariables = liquid["strict_variables"] == .bool(true)
        }
        self.options = options
    }

    /// The site's include by its name below `_includes/`.
    func include(named name: String) -> LiquidInclude? { includes[JekyllIncludeName.pathBelowFolder(name)] }

    // MARK: Pages

    /// `page` for an entry: its front matter, then what Jekyll works out (`url`, `date`, `id`…), `next` and `previous` among the posts.
    func page(for entry: Entry) -> LiquidHash {
        var page = lists.post(entry, withBody: false)
        let lists = lists
        let url = entry.url
        page.setDeferred("next") { lists.neighbour(of: url, step: -1) }
        page.setDeferred("previous") { lists.neighbour(of: url, step: 1) }
        return page
    }

    /// A post as `site.posts` lists it, its body rendered when first read.
    func listed(_ entry: Entry) -> LiquidValue { lists.listed(entry) }

    /// `page` for a page that is not a post: its front matter, `title`, `url`, `path`.
    func page(for page: StandalonePage, fields: [FrontMatterField]) -> LiquidHash {
        var hash = lists.page(page, fields: fields)
        // jekyll-paginate-v2 titles a page it paginates that has no title of its own with the site's.
        if hash["title"] == nil, config.plugins.contains(JekyllPaginateV2.plugin),
           JekyllPaginateV2(site: sources.settings["pagination"], page: hash["pagination"]) != nil, let title = site["title"] {
            hash["title"] = title
        }
        return hash
    }

    /// The variables a body renders with.
    func variables(page: LiquidHash, paginator: LiquidValue = .nil) -> LiquidHash {
        ["site": .hash(site), "page": .hash(page), "jekyll": .hash(jekyll), "paginator": paginator]
    }

    /// jekyll-paginate's `paginator` on its template page (`index.html` in `paginate_path`'s folder), where the site keeps
    /// that page: its first page, as Jekyll gives it there (the later ones lead to the archive's pages).
    func paginator(for page: StandalonePage) -> LiquidValue {
        if config.plugins.contains(JekyllPaginateV2.plugin), case .success(let fields) = FrontMatterReader(config: config, page: true).fields(page.source),
           let settings = JekyllPaginateV2(site: sources.settings["pagination"], page: fields.first(where: { $0.key == "pagination" }).map { Self.value(of: $0.value) }) {
            return .hash(settings.paginator(url: lists.siteRelative(page.url), posts: lists.posts.value))
        }
        guard config.plugins.contains("jekyll-paginate"), let pages = config.oldListPages, let template = pages.templates.first else { return .nil }
        let folder = template.split(separator: "/").map(String.init).prefix { !$0.contains(":num") }
        guard page.source.relativePath == (folder + ["index.html"]).joined(separator: "/") else { return .nil }
        let posts = lists.posts.value
        let size = max(1, pages.pageSize)
        let total = (posts.count + size - 1) / size
        var paginator: LiquidHash = [
            "page": 1, "per_page": .int(size), "posts": .array(Array(posts.prefix(size))), "total_posts": .int(posts.count),
            "total_pages": .int(total), "previous_page": .nil, "previous_page_path": .nil, "next_page": .nil, "next_page_path": .nil,
        ]
        if total > 1, let next = OldListPages.url(template, number: 2) {
            paginator["next_page"] = 2
            paginator["next_page_path"] = .string(next)
        }
        return .hash(paginator)
    }

    // MARK: Keys

    /// What a body's key takes from what its Liquid reads (`BodyReference`s of kind `.include` and
    /// `.reads`, an include's own reads with it): the bytes of each data file and include it reads,
    /// and the lists it reads (`site.posts` changes whenever a post does).
    func keyParts(for references: [BodyReference]) -> [String] {
        var reads: Set<String> = []
        var includeNames: [String] = []
        for reference in references {
            switch reference.kind {
            case .reads(let path): reads.insert(path)
            case .include(let name, let relative) where !relative: includeNames.append(JekyllIncludeName.pathBelowFolder(name))
            default: continue
            }
        }
        guard !reads.isEmpty || !includeNames.isEmpty else { return [] }
        var seen: Set<String> = []
        var parts: [String] = []
        while let name = includeNames.popLast() {
            guard seen.insert(name).inserted else { continue }
            parts.append("include \(name) \(sources.includeFingerprints[name] ?? "-")")
            guard let include = includes[name] else { continue }
            reads.formUnion(include.reads)
            // A computed name may be any include: all of them.
            includeNames += include.includes.map { $0 ?? "" }.flatMap { $0.isEmpty ? Array(includes.keys) : [JekyllIncludeName.pathBelowFolder($0)] }
        }
        for read in reads.sorted() { parts += keyParts(forRead: read) }
        return parts
    }

    private func keyParts(forRead read: String) -> [String] {
        let path = read.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard path.first == "site", path.count > 1 else {
            return path.first == "page" ? ["posts \(lists.digest.value)"] : ["everything \(lists.digest.value) \(allData)"]
        }
        switch path[1] {
        case "data":
            guard path.count > 2 else { return ["data \(allData)"] }
            return ["data \(path[2]) \(sources.dataFingerprints[path[2]] ?? "-")"]
        case "time": return ["time \(site["time"]?.renderedText ?? "")"]
        case "posts", "related_posts", "tags", "categories", "pages", "html_pages", "static_files", "documents", "collections":
            return ["lists \(lists.digest.value)"]
        default:
            if config.collections.contains(where: { $0.name == path[1] }) { return ["lists \(lists.digest.value)"] }
            // The config's keys are in every key already.
            return []
        }
    }

    private var allData: String {
        sources.dataFingerprints.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// A front matter value as Liquid sees it.
    static func value(of value: FrontMatterValue) -> LiquidValue {
        switch value {
        case .null: .nil
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .list(let items): .array(items.map(Self.value(of:)))
        case .map(let map): .hash(LiquidHash(map.keys.sorted().map { ($0, Self.value(of: map[$0]!)) }))
        }
    }
}

/// An include of `_includes/`, parsed once a build, and what it reads.
struct LiquidInclude: Sendable {
    var template: Result<LiquidTemplate, LiquidError>
    /// Tags of plugins it uses (`{% seo %}`): warned of where it is included.
    var unknownTags: [LiquidUses.HostTag] = []

    /// Every include of the site, by name.
    static func all(of sources: LiquidSources, config: SiteConfig) -> [String: LiquidInclude] {
        let includeTags = LiquidSite.includeTagNames(config)
        return sources.includes.mapValues { LiquidInclude(text: $0, includeTags: includeTags) }
    }

    /// The site values it reads (`site.data.x`), as `BodyReference.Kind.reads` names them.
    var reads: Set<String> = []
    /// The includes it names; nil where the name is computed.
    var includes: [String?] = []

    init(text: String, includeTags: Set<String>) {
        template = Result { try LiquidTemplate(source: text, hostTags: LiquidSite.tagNames, hostBlockTags: LiquidSite.blockTagNames, includeTags: includeTags) }
            .mapError { $0 as? LiquidError ?? LiquidError("\($0)", at: LiquidPosition(line: 1, column: 1)) }
        if case .success(let template) = template {
            let uses = template.uses
            reads = LiquidReads.of(uses)
            includes = uses.includes.filter { !$0.isRelative }.map(\.name)
            unknownTags = uses.unknownTags
        }
    }
}

/// Which of a template's variables are the site's: what its key must follow.
enum LiquidReads {
    static func of(_ uses: LiquidUses) -> Set<String> {
        Set(uses.variables.compactMap { path in
            switch path.first {
            // `site.data.releases` is the file `releases`; what lies below it is in that file.
            case "site": path.prefix(3).joined(separator: ".")
            case "page" where path.count > 1 && (path[1] == "next" || path[1] == "previous"): path.prefix(2).joined(separator: ".")
            default: nil
            }
        })
    }
}

extension LiquidSite {
    /// The lists of the `site` object, each made once, when first read.
    final class Lists: Sendable {
        let config: SiteConfig
        let root: String
        let entries: [Entry]
        let bodies: (@Sendable (Entry) -> EntryBody?)?
        let posts: Lazy<[LiquidValue]>
        let pages: Lazy<[LiquidValue]>
        let staticFiles: Lazy<[LiquidValue]>
        let collectionDocuments: Lazy<[(key: String, value: [LiquidValue])]>
        /// A digest of every post, page and static file: what a body that lists them is keyed on.
        let digest: Lazy<String>
        private let positions: Lazy<[String: Int]>

        init(config: SiteConfig, root: String, posts entries: [Entry], pages: [StandalonePage], staticFiles: [StaticFile],
             bodies: (@Sendable (Entry) -> EntryBody?)?) {
            self.config = config
            self.root = root
            // As Jekyll orders its posts: by date, then by path, newest (last) first.
            self.entries = entries.sorted { left, right in
                if left.date.isSameInstant(as: right.date) { return (left.source.filePath ?? left.sourcePath) > (right.source.filePath ?? right.sourcePath) }
                return left.date.isAfter(right.date)
            }
            let entries = self.entries
            self.bodies = bodies
            let basePath = config.basePath
            let relative: @Sendable (String) -> String = { Lists.siteRelative($0, basePath: basePath) }
            posts = Lazy { [] }
            self.pages = Lazy { [] }
            self.staticFiles = Lazy {
                staticFiles.map { file in
                    let name = file.path.segments.last ?? ""
                    let ext = name.contains(".") ? "." + (name.split(separator: ".").last ?? "") : ""
                    return .hash(["path": .string("/" + file.path.string), "name": .string(name),
                                  "basename": .string(String(name.dropLast(ext.count))), "extname": .string(ext)])
                }
            }
            collectionDocuments = Lazy {
                config.collections.map { collection in
                    (collection.name, pages.filter { $0.source.relativePath.hasPrefix(collection.folder + "/") }.map { page in
                        .hash(["title": .string(page.title), "url": .string(relative(page.url)), "path": .string(page.source.relativePath),
                               "collection": .string(collection.name)])
                    })
                }
            }
            digest = Lazy {
                var lines: [String] = []
                for entry in entries { lines += [entry.url, entry.title, entry.source.relativePath, entry.source.identity] }
                for page in pages { lines += [page.url, page.title, page.source.identity] }
                for file in staticFiles { lines.append(file.path.string) }
                return StableHash.key(lines)
            }
            positions = Lazy { Dictionary(entries.enumerated().map { ($1.url, $0) }, uniquingKeysWith: { first, _ in first }) }
            posts.replace { [unowned self] in entries.map { .hash(self.post($0, withBody: true)) } }
            self.pages.replace { [unowned self] in
                pages.map { page in
                    // Every page here read well once already; one changed since says so where the page itself is rendered.
                    switch FrontMatterReader(config: config, page: true).fields(page.source) {
                    case .success(let fields): return .hash(self.page(page, fields: fields))
                    case .failure: return .hash(self.page(page, fields: []))
                    }
                }
            }
        }

        /// A page that is not a post, as `site.pages` and its own `page` give it: its front matter, `url`, `path`, `name`; a
        /// title only where its front matter gives one (minima's menu lists the pages that have one).
        func page(_ page: StandalonePage, fields: [FrontMatterField]) -> LiquidHash {
            var hash = LiquidHash()
            for field in fields { hash[field.key] = LiquidSite.value(of: field.value) }
            if hash["title"] == nil, config.plugins.contains(JekyllHeadingTitle.plugin), PageReader.isMarkdown(page.source),
               case .success(let parts) = FrontMatterReader(config: config, page: true).split(page.source),
               let title = JekyllHeadingTitle.of(Substring(parts.body)) {
                hash["title"] = .string(title)
            }
            hash["url"] = .string(siteRelative(page.url))
            hash["path"] = .string(sitePath(of: page.source))
            hash["name"] = .string(page.source.fileName)
            return hash
        }

        /// A source's path from the site's root, as Jekyll's `page.path` gives it (`_posts/2016-05-12-name.md`).
        func sitePath(of source: SourceFile) -> String {
            guard !root.isEmpty, let path = source.filePath, path.hasPrefix(root + "/") else { return source.displayPath }
            return String(path.dropFirst(root.count + 1))
        }

        /// A URL without the site's base path, as Jekyll's `page.url` has it.
        func siteRelative(_ url: String) -> String { Self.siteRelative(url, basePath: config.basePath) }

        static func siteRelative(_ url: String, basePath: String) -> String {
            basePath.isEmpty || !url.hasPrefix(basePath) ? url : String(url.dropFirst(basePath.count))
        }

        /// A post as `site.posts` and `page` give it.
        func post(_ entry: Entry, withBody: Bool) -> LiquidHash {
            var hash = LiquidHash()
            for key in entry.params.keys.sorted() { hash[key] = LiquidSite.value(of: entry.params[key]!) }
            let url = siteRelative(entry.url)
            let date = config.reading.showsDatesInSiteZone ? entry.date.shown(in: config.timeZone) : entry.date
            hash["title"] = .string(entry.title)
            hash["date"] = .string(RubyStrftime.timeText(date))
            hash["url"] = .string(url)
            hash["id"] = .string(url.hasSuffix(".html") ? String(url.dropLast(5)) : url.hasSuffix("/") && url.count > 1 ? String(url.dropLast()) : url)
            hash["slug"] = .string(entry.slug)
            hash["categories"] = .array(entry.terms(of: .categories).map(LiquidValue.string))
            hash["tags"] = .array(entry.tags.map(LiquidValue.string))
            if hash["author"] == nil, let author = entry.terms(of: .authors).first { hash["author"] = .string(author) }
            hash["path"] = .string(sitePath(of: entry.source))
            hash["relative_path"] = .string(sitePath(of: entry.source))
            hash["name"] = .string(entry.source.fileName)
            hash["collection"] = "posts"
            hash["draft"] = .bool(entry.isDraft)
            if withBody, let bodies {
                hash.setDeferred("content") { bodies(entry).map { .string($0.contentHTML) } ?? .nil }
                // An `excerpt` the post writes is its own, as Jekyll keeps it.
                if entry.params["excerpt"] == nil {
                    hash.setDeferred("excerpt") { bodies(entry).map { .string($0.excerptHTML ?? $0.summaryHTML) } ?? .nil }
                }
            }
            return hash
        }

        func listed(_ entry: Entry) -> LiquidValue {
            positions.value[entry.url].map { posts.value[$0] } ?? .hash(post(entry, withBody: true))
        }

        /// The post a step from this one in `site.posts` (newest first): `next` is the newer.
        func neighbour(of url: String, step: Int) -> LiquidValue {
            guard let position = positions.value[url], entries.indices.contains(position + step) else { return .nil }
            return posts.value[position + step]
        }

        /// `site.tags` or `site.categories`: each term's posts newest first, terms in the order the oldest post first names them.
        func terms(_ key: String) -> LiquidHash {
            var order: [String] = []
            var byTerm: [String: [LiquidValue]] = [:]
            let all = posts.value
            for (position, entry) in entries.enumerated().reversed() {
                for term in entry.allTerms[key] ?? [] {
                    if byTerm[term] == nil { order.append(term) }
                    byTerm[term, default: []].insert(all[position], at: 0)
                }
            }
            return LiquidHash(order.map { ($0, .array(byTerm[$0]!)) })
        }
    }

    /// A value made once, the first time it is asked for, by whichever thread asks first.
    final class Lazy<Value: Sendable>: Sendable {
        private let state: Mutex<(make: @Sendable () -> Value, value: Value?)>

        init(_ make: @escaping @Sendable () -> Value) {
            state = Mutex((make, nil))
        }

        func replace(_ make: @escaping @Sendable () -> Value) {
            state.withLock { $0.make = make }
        }

        var value: Value {
            // Made under the lock: two threads asking at once wait for one making.
            state.withLock { state in
                if let value = state.value { return value }
                let made = state.make()
                state.value = made
                return made
            }
        }
    }
}
