import Liquid

/// A Jekyll site's pages in its own layouts, as Jekyll 4.3 writes them: a post, a page, a
/// collection's document each put in the layout its front matter (or `defaults:`) names, with
/// `page`, `site`, `layout` and `content` as Jekyll gives them; one that names none, or `none`,
/// written as its content alone. The archive's list pages are our list, as the `content` of the
/// layout the site lists its posts in (`listLayout`), with the loader's script beside it.
struct JekyllPageFrame: Sendable {
    let liquid: LiquidSite
    let markdown: MarkdownRenderer
    /// The layout the archive's pages, the terms' and the months' are put in; nil where the site has none to lend.
    let listLayout: String?
    /// The archive's front page's title where the site's own listing page gave one, and that page's URL.
    let listTitle: String?
    let archiveHome: String
    /// What a list page needs of ours inside the site's layout: the loader's script and its words.
    let loaderTags: String
    /// Whether jekyll-redirect-from is loaded: a post or page with `redirect_to` is its redirect page.
    let redirects: Bool
    /// The site's home page URL, where jekyll-default-layout puts `home`.
    let home: String
    /// What a page's key takes from the layouts it is put in, by the layout it names (`""`: none), made once a
    /// layout: every post of a site shares a few.
    let layoutKeys: [String: String]
    /// The page whose own loop lists the archive's entries, where the site has one the archive can take.
    let themeListPage: JekyllListPage?

    /// `pages`: the site's pages, for the layout of its home page (the one its lists take where no other is named).
    init(liquid: LiquidSite, config: SiteConfig, pages: [StandalonePage], context: TemplateContext) {
        self.liquid = liquid
        markdown = MarkdownRenderer(allowsRawHTML: config.unsafeHTML, headingIDs: config.headingIDs, features: config.markdown)
        let layouts = liquid.layouts
        var listLayout = config.archivePage?.layout
        // A layout that lists every post itself (minima's `home`) is not one for a tag's or a month's list: the one it sits in is.
        if let listing = config.archivePage?.listLoop?.layout {
            let chain = layouts.chain(from: listLayout)
            if let at = chain.firstIndex(of: listing) { listLayout = chain.indices.contains(at + 1) ? chain[at + 1] : nil }
        }
        if listLayout == nil || layouts.byName[listLayout!] == nil {
            // The outermost layout of the home page (minima's `home` sits in `default`), else `default`.
            let home = pages.first { $0.outputPath.string == "index.html" }
            let homeLayout = home.flatMap { page -> String? in
                guard case .success(let fields) = FrontMatterReader(config: config, page: true).fields(page.source) else { return nil }
                return fields.first { $0.key == "layout" }?.value.scalarText
            }
            listLayout = layouts.chain(from: homeLayout).last ?? (layouts.byName["default"] != nil ? "default" : nil)
        }
        self.listLayout = listLayout
        redirects = config.plugins.contains("jekyll-redirect-from")
        home = SiteURLs(config: config).home
        layoutKeys = Dictionary(uniqueKeysWithValues: ([""] + layouts.byName.keys).map { name in
            (name, layouts.keyParts(from: name.isEmpty ? nil : name, site: liquid).joined(separator: "\n"))
        })
        listTitle = config.archivePage?.title
        themeListPage = JekyllListPage(config: config, liquid: liquid)
        archiveHome = SiteURLs(config: config).archiveHome
        var tags = ""
        if let strings = context.strings.isEnglish ? nil : context.strings.scriptJSON {
            tags += "<script type=\"application/json\" id=\"bp-strings\">\(strings)</script>\n"
        }
        if let sheet = context.assetURLs["loader_css"] { tags += "<link rel=\"stylesheet\" href=\"\(HTMLEscaping.escape(sheet))\">\n" }
        if let script = context.assetURLs["blogpager_js"] { tags += "<script src=\"\(HTMLEscaping.escape(script))\" defer></script>\n" }
        if config.searchIndex, let script = context.assetURLs["search_js"] { tags += "<script src=\"\(HTMLEscaping.escape(script))\" defer></script>\n" }
        loaderTags = tags
    }

    /// A post's page: its body in its layouts.
    func page(of entry: Entry, body: EntryBody) -> Result<String, BuildFailure> {
        if redirects, let target = JekyllRedirectPage.target(of: entry.params["redirect_to"]) { return .success(JekyllRedirectPage.html(to: target)) }
        var page = liquid.page(for: entry)
        let content = ownMarkup(body.contentHTML)
        page["content"] = .string(content)
        if entry.params["excerpt"] == nil { page["excerpt"] = .string(body.excerptHTML ?? body.summaryHTML) }
        let layout = layout(written: entry.params["layout"], isPost: true, url: entry.url)
        // A layout a plugin chose is in the page's data too, as jekyll-default-layout sets it.
        if page["layout"] == nil, let layout { page["layout"] = .string(layout) }
        return place(content, page: page, layout: layout, source: entry.source, paginator: .nil)
    }

    /// A page's document: its body in its layouts.
    func page(of page: StandalonePage, html: String) -> Result<String, BuildFailure> {
        FrontMatterReader(config: liquid.config, page: true).fields(page.source).flatMap { fields in
            if redirects, let target = JekyllRedirectPage.target(of: fields.first(where: { $0.key == "redirect_to" })?.value) {
                return .success(JekyllRedirectPage.html(to: target))
            }
            var hash = liquid.page(for: page, fields: fields)
            let html = PageReader.isMarkdown(page.source) ? ownMarkup(html) : html
            hash["content"] = .string(html)
            let layout = layout(written: fields.first { $0.key == "layout" }?.value, isPost: false, url: page.url)
            if hash["layout"] == nil, let layout { hash["layout"] = .string(layout) }
            return place(html, page: hash, layout: layout, source: page.source, paginator: liquid.paginator(for: page))
        }
    }

    /// A page's own copy of its body in the markup its Markdown engine wrote (kramdown's footnotes).
    private func ownMarkup(_ html: String) -> String {
        liquid.config.markdown.attributeLists ? KramdownFootnotes.reshaping(html) : html
    }

    /// The layout a post or a page is put in: the one its front matter names; else, where GitHub Pages builds the site
    /// (jekyll-default-layout), `home` for the home page, `post` for a post, `page` for a page, each where the site has it, else `default`.
    func layout(written: FrontMatterValue?, isPost: Bool, url: String) -> String? {
        if let written { return written.scalarText }
        guard liquid.config.plugins.contains("jekyll-default-layout") else { return nil }
        let has = { (name: String) in liquid.layouts.byName[name] != nil }
        if url == home, has("home") { return "home" }
        if isPost, has("post") { return "post" }
        if !isPost, has("page") { return "page" }
        return has("default") ? "default" : nil
    }

    /// A list page of the archive: our list in the site's layout for lists; nil where the site has none.
    func listPage(title: String, url: String, content: String) -> Result<String, BuildFailure>? {
        guard let listLayout else { return nil }
        let relative = LiquidSite.Lists.siteRelative(url, basePath: liquid.config.basePath)
        let title = url == archiveHome ? listTitle ?? title : title
        let page: LiquidHash = ["title": .string(title), "url": .string(relative), "layout": .string(listLayout)]
        let source = SourceFile(displayPath: liquid.layouts.byName[listLayout]?.path ?? listLayout, relativePath: relative, bytes: [])
        return place(loaderTags + content, page: page, layout: listLayout, source: source, paginator: .nil)
    }

    /// The main stream's entries as the theme's loop writes them, each marked as an entry, with the list's markup for its
    /// pages; nil where the site has no such loop or it wrote another number of iterations than there are entries.
    func themeEntries(_ entries: [Entry], anchors: [String], perPage: Int) -> Result<ThemeEntries, BuildFailure>? {
        guard let listPage = themeListPage else { return nil }
        let posts = entries.map(liquid.listed)
        let paginator = JekyllListPage.paginator(posts: Array(posts.prefix(perPage)), number: 1, pages: (entries.count + perPage - 1) / max(1, perPage),
                                                 perPage: perPage, total: entries.count, newer: nil, older: nil, basePath: liquid.config.basePath)
        switch listPage.render(url: archiveHome, posts: posts, paginator: paginator, liquid: liquid, markdown: markdown) {
        case .failure(let failure): return .failure(failure)
        case .success(nil): return nil
        case .success(let output?):
            let iterations = output.iterations
            guard iterations.count == entries.count else { return nil }
            let basePath = liquid.config.basePath
            let marked = entries.indices.map { index in
                let entry = entries[index]
                let attributes = "data-url=\"\(HTMLEscaping.escape(entry.url))\" data-date=\"\(entry.date.rfc3339)\" data-slug=\"\(HTMLEscaping.escape(entry.slug))\""
                return JekyllThemeList.markingEntry(iterations[index], url: LiquidSite.Lists.siteRelative(entry.url, basePath: basePath),
                                                    attributes: attributes, id: anchors[index])
            }
            return .success(ThemeEntries(list: listPage.list, output: output, entries: marked, pagesItself: listPage.pagesItself,
                                         key: StableHash.key([listPage.key, output[.pageOpen], output[.pageClose], layoutKey(listPage.layout)])))
        }
    }

    /// The main stream's entries in the theme's list, and what its pages' keys take from it.
    struct ThemeEntries: Sendable {
        let list: JekyllThemeList
        let output: JekyllThemeList.Output
        /// By position in the stream.
        let entries: [String]
        let pagesItself: Bool
        let key: String

        /// One cursor page's fragment.
        func page(id: String, url: String, positions: Range<Int>) -> String {
            list.page(output, id: id, url: url, entries: Array(entries[positions]))
        }
    }

    /// A page of the main stream: the theme's list page with the feed in its loop's place; nil where the list did not come out.
    func themePage(url: String, sections: [String], posts: [Entry], number: Int, pageCount: Int, perPage: Int, total: Int, newer: String?, older: String?,
                   index: String, above: String, below: String) -> Result<String, BuildFailure>? {
        guard let listPage = themeListPage else { return nil }
        let paginator = JekyllListPage.paginator(posts: posts.map(liquid.listed), number: number, pages: pageCount, perPage: perPage, total: total,
                                                 newer: newer, older: older, basePath: liquid.config.basePath)
        switch listPage.render(url: url, posts: [], paginator: paginator, liquid: liquid, markdown: markdown) {
        case .failure(let failure): return .failure(failure)
        case .success(nil): return nil
        case .success(let output?):
            return .success(listPage.list.assemble(output, index: index, pages: sections, above: loaderTags + above, below: below))
        }
    }

    private func place(_ content: String, page: LiquidHash, layout: String?, source: SourceFile, paginator: LiquidValue) -> Result<String, BuildFailure> {
        // `layout: none` (or one the site does not have, which Jekyll warns of) writes the content alone.
        guard let layout, layout != "none" else { return .success(content) }
        var variables = liquid.variables(page: page)
        variables["paginator"] = paginator
        return liquid.layouts.place(content, in: layout, variables: variables,
                                    host: JekyllLiquidHost(site: liquid, source: source, markdown: markdown), options: liquid.options,
                                    page: source.displayPath)
    }

    /// Each layout chain the site's posts and pages start, rendered once for the first that starts it (with no content),
    /// so that an error in a layout is found before anything is written; a layout they name that the site does not
    /// have is a warning, as in Jekyll, and they are written without it.
    func check(_ entries: [Entry], pages: [StandalonePage], log: inout DiagnosticLog, warnings: inout [Diagnostic]) {
        var seen: Set<String> = []
        var missing: [String: (path: String, count: Int)] = [:]
        func tried(_ layout: String?, source: SourceFile, render: () -> Result<String, BuildFailure>) {
            guard let layout, layout != "none" else { return }
            guard liquid.layouts.byName[layout] != nil else {
                missing[layout, default: (source.displayPath, 0)].count += 1
                return
            }
            guard seen.insert(layout).inserted, case .failure(let failure) = render() else { return }
            log.append(contentsOf: failure.diagnostics)
        }
        for entry in entries {
            let layout = layout(written: entry.params["layout"], isPost: true, url: entry.url)
            tried(layout, source: entry.source) {
                var page = liquid.page(for: entry)
                page["content"] = ""
                return place("", page: page, layout: layout, source: entry.source, paginator: .nil)
            }
        }
        for page in pages {
            guard case .success(let fields) = FrontMatterReader(config: liquid.config, page: true).fields(page.source) else { continue }
            let layout = layout(written: fields.first { $0.key == "layout" }?.value, isPost: false, url: page.url)
            tried(layout, source: page.source) { place("", page: liquid.page(for: page, fields: fields), layout: layout, source: page.source, paginator: liquid.paginator(for: page)) }
        }
        if let listLayout { tried(listLayout, source: SourceFile(displayPath: listLayout, relativePath: "", bytes: [])) { listPage(title: "", url: "/", content: "") ?? .success("") } }
        // A list in the page's own body, its loop run once (one in a layout was run with the layouts above).
        if let listPage = themeListPage, listPage.list.place == .page,
           case .failure(let failure) = listPage.render(url: archiveHome, posts: entries.prefix(1).map(liquid.listed), paginator: .nil, liquid: liquid, markdown: markdown) {
            log.append(contentsOf: failure.diagnostics)
        }
        // What the layouts in use name that is not there, once a layout.
        var used: Set<String> = []
        for first in seen.sorted() {
            for name in liquid.layouts.chain(from: first) where used.insert(name).inserted {
                warnings += liquid.layouts.warnings(for: name, includes: liquid.sources.includes)
            }
        }
        for (layout, place) in missing.sorted(by: { $0.key < $1.key }) {
            warnings.append(.warning(at: SourceLocation(path: place.path), "layout '\(layout)' is not in _layouts/ (nor the theme's): \(place.count == 1 ? "this page is" : "\(place.count) pages (this one among them) are") written without it, as Jekyll writes them"))
        }
    }

    /// What the key of a page in `layout` takes from its layouts.
    func layoutKey(_ layout: String?) -> String {
        layoutKeys[layout ?? ""] ?? ""
    }

    /// What the key of a post's page takes from the layouts it is put in.
    func layoutKey(of entry: Entry) -> String {
        layoutKey(layout(written: entry.params["layout"], isPost: true, url: entry.url))
    }
}
