import Liquid

/// The page that lists a Jekyll site's posts (its paginated index, or minima's home), where the archive's
/// front page and cursor pages now are: rendered as Jekyll renders it, in its layouts, with the theme's own
/// loop (`JekyllThemeList`) writing the entries and the feed in the loop's place.
struct JekyllListPage: Sendable {
    let list: JekyllThemeList
    let source: SourceFile
    let fields: [FrontMatterField]
    /// The layout the page names, and the site's layouts with the loop's one marked (where the loop is in a layout).
    let layout: String?
    let layouts: JekyllLayouts
    let body: String
    let bodyLine: Int
    /// Whether the theme pages its list itself (`paginator.posts`): its own pager then leads on, and ours stays out.
    let pagesItself: Bool
    /// What every page of the list takes into its key: the page's bytes and the list's markup.
    let key: String

    init?(config: SiteConfig, liquid: LiquidSite) {
        guard let archivePage = config.archivePage, let loopPlace = archivePage.listLoop, let file = archivePage.file,
              case .success(let parts) = FrontMatterReader(config: config, page: true).split(file),
              case .success(let fields) = FrontMatterReader(config: config, page: true).fields(file) else { return nil }
        let includeTags = LiquidSite.includeTagNames(config)
        var layouts = liquid.layouts
        let text: String
        if let name = loopPlace.layout {
            guard let layout = layouts.byName[name] else { return nil }
            text = layout.body
        } else {
            text = parts.body
        }
        guard let loop = JekyllListLoop(text: text, number: loopPlace.number) else { return nil }
        list = JekyllThemeList(text: text, loop: loop, place: loopPlace.layout.map(JekyllThemeList.Place.layout) ?? .page, includeTags: includeTags)
        if let name = loopPlace.layout {
            var byName = layouts.byName
            byName[name]!.template = list.template
            layouts = JekyllLayouts(byName)
        }
        self.layouts = layouts
        source = file
        self.fields = fields
        layout = archivePage.layout
        body = parts.body
        bodyLine = parts.bodyLine
        pagesItself = text[loop.forTag.range].contains("paginator.")
        key = StableHash.key([file.identity, loopPlace.layout ?? "", String(loopPlace.number)])
    }

    /// The list page at `url`, rendered with `posts` in the loop; nil where the list's marks did not all come out (a branch not taken).
    func render(url: String, posts: [LiquidValue], paginator: LiquidValue, liquid: LiquidSite, markdown: MarkdownRenderer) -> Result<JekyllThemeList.Output?, BuildFailure> {
        let path = OutputPath.ifValid(url.split(separator: "/").map(String.init) + ["index.html"]) ?? OutputPath(literal: "index.html")
        let standalone = StandalonePage(source: source, title: "", outputPath: path, url: url)
        var page = liquid.page(for: standalone, fields: fields)
        page["url"] = .string(LiquidSite.Lists.siteRelative(url, basePath: liquid.config.basePath))
        if page["layout"] == nil, let layout { page["layout"] = .string(layout) }
        var variables = liquid.variables(page: page, paginator: paginator)
        variables[JekyllThemeList.postsVariable] = .array(posts)
        let host = JekyllLiquidHost(site: liquid, source: source, markdown: markdown)
        let content: String
        switch list.place {
        case .page:
            do {
                let text = try list.template.get().render(variables, host: host, options: liquid.options)
                content = PageReader.isMarkdown(source) ? markdown.render(text).html : text
            } catch let error as LiquidError {
                return .failure(BuildFailure(liquid.diagnostic(for: error, in: source, firstLine: bodyLine)))
            } catch {
                return .failure(BuildFailure(.error(at: SourceLocation(path: source.displayPath, line: bodyLine, column: 1), "Liquid: \(error)")))
            }
        case .layout:
            switch liquid.render(body, page: page, paginator: paginator, source: source, firstLine: bodyLine, markdown: markdown) {
            case .success(let text): content = PageReader.isMarkdown(source) ? markdown.render(text).html : text
            case .failure(let failure): return .failure(failure)
            }
        }
        guard let layout, layout != "none" else { return .success(JekyllThemeList.cut(content)) }
        return layouts.place(content, in: layout, variables: variables, host: host, options: liquid.options, page: source.displayPath)
            .map(JekyllThemeList.cut)
    }

    /// jekyll-paginate's `paginator` on a cursor page: its posts, its number among the pages, the newer and older pages' URLs.
    static func paginator(posts: [LiquidValue], number: Int, pages: Int, perPage: Int, total: Int, newer: String?, older: String?, basePath: String) -> LiquidValue {
        let relative = { (url: String) in LiquidValue.string(LiquidSite.Lists.siteRelative(url, basePath: basePath)) }
        return .hash([
            "page": .int(number), "per_page": .int(perPage), "posts": .array(posts), "total_posts": .int(total), "total_pages": .int(pages),
            "previous_page": newer == nil ? .nil : .int(number - 1), "previous_page_path": newer.map(relative) ?? .nil,
            "next_page": older == nil ? .nil : .int(number + 1), "next_page_path": older.map(relative) ?? .nil,
        ])
    }
}
