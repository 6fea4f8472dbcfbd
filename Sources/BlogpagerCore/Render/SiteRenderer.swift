/// Renders the archive: one fragment per page, the full list pages (the front
/// page and `page/<id>/`), one page per entry, and the cursor index.
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
        public var index: CursorIndex
    }

    public func render(_ archive: Archive) -> Rendered {
        let urls = SiteURLs(config: config)
        let context = TemplateContext(config: config, urls: urls, assetURLs: assetURLs)
        let displayDates = DateDisplay(language: config.language).strings(for: archive.entries.map(\.date))
        var files: [OutputFile] = []

        // The URL of each page: the head page is the front page.
        let pageURLs = archive.pages.indices.map { index in
            index == 0 ? urls.home : urls.path(of: pagePath(archive.pages[index]))
        }

        // Fragments first: their hashes name them, and full pages embed the same bytes.
        var sections: [String] = []
        var fragmentURLs: [String] = []
        for (index, page) in archive.pages.enumerated() {
            let articles = archive.entries(of: page).indices.map {
                context.article(archive.entries[$0], displayDate: displayDates[$0], full: false)
            }
            let html = templates.render("fragment", [
                "id": page.id, "url": pageURLs[index], "entries": articles, "site": context.site,
            ])
            let bytes = Array(html.utf8)
            let path = OutputPath(literal: "fragments/" + ContentHashedName.make("\(page.id).html", bytes: bytes))
            files.append(OutputFile(path: path, bytes: bytes))
            sections.append(html)
            fragmentURLs.append(urls.path(of: path))
        }

        // Full list pages: the front page shows the first pages; every other page has its own.
        if archive.pages.isEmpty {
            let list = templates.render("list", ["site": context.site, "is_front": true, "is_empty": true, "sections": [Any]()])
            files.append(OutputFile(path: OutputPath(literal: "index.html"), text: templates.render("layout", context.layout(
                title: config.title, description: config.description, path: urls.home, content: list,
                newer: nil, older: nil, kind: "list"))))
        }
        for index in archive.pages.indices {
            let isFront = index == 0
            let shown = isFront ? 0..<archive.frontPageCount : index..<(index + 1)
            let olderIndex = shown.upperBound < archive.pages.count ? shown.upperBound : nil
            let newerIndex = archive.newer(than: index)
            let first = archive.pages[shown.lowerBound].range.lowerBound
            let last = archive.pages[shown.upperBound - 1].range.upperBound - 1
            let title = isFront
                ? config.title
                : "\(config.title): \(displayDates[first]) – \(displayDates[last])"
            let list = templates.render("list", [
                "site": context.site,
                "is_front": isFront,
                "sections": shown.map { ["html": sections[$0], "id": archive.pages[$0].id] },
                "newer_url": newerIndex.map { pageURLs[$0] } ?? false,
                "older_url": olderIndex.map { pageURLs[$0] } ?? false,
            ])
            let path = isFront ? OutputPath(literal: "index.html") : pagePath(archive.pages[index])
            let page = templates.render("layout", context.layout(
                title: title, description: config.description, path: pageURLs[index], content: list,
                newer: newerIndex.map { pageURLs[$0] }, older: olderIndex.map { pageURLs[$0] }, kind: "list"))
            files.append(OutputFile(path: path, text: page))
        }

        // One page per entry, with its neighbours and a link back into the stream.
        for (index, entry) in archive.entries.enumerated() {
            let pageIndex = archive.pageIndex(ofEntry: index)
            var values: [String: Any] = [
                "site": context.site,
                "entry": context.article(entry, displayDate: displayDates[index], full: true),
                "stream_url": pageURLs[pageIndex] + "#" + URLPathEncoding.encode(entry.slug),
            ]
            if index > 0 {
                values["newer_entry"] = ["title": archive.entries[index - 1].title, "url": archive.entries[index - 1].url]
            }
            if index + 1 < archive.entries.count {
                values["older_entry"] = ["title": archive.entries[index + 1].title, "url": archive.entries[index + 1].url]
            }
            let body = templates.render("entry", values)
            let page = templates.render("layout", context.layout(
                title: "\(entry.title) · \(config.title)", description: entry.summaryText, path: entry.url,
                content: body, newer: index > 0 ? archive.entries[index - 1].url : nil,
                older: index + 1 < archive.entries.count ? archive.entries[index + 1].url : nil, kind: "entry"))
            files.append(OutputFile(path: entry.outputPath, text: page))
        }

        let index = cursorIndex(archive, pageURLs: pageURLs, fragmentURLs: fragmentURLs)
        files.append(OutputFile(path: OutputPath(literal: "index.json"), bytes: index.encoded()))
        return Rendered(files: files, index: index)
    }

    func pagePath(_ page: Page) -> OutputPath {
        OutputPath(literal: "page/\(page.id)/index.html")
    }

    private func cursorIndex(_ archive: Archive, pageURLs: [String], fragmentURLs: [String]) -> CursorIndex {
        let pages = archive.pages.enumerated().map { index, page in
            let newest = archive.entries[page.range.lowerBound].cursor
            let oldest = archive.entries[page.range.upperBound - 1].cursor
            return CursorIndex.PageEntry(
                id: page.id,
                url: pageURLs[index],
                fragment: fragmentURLs[index],
                count: page.range.count,
                first: .init(date: newest.date.rfc3339, slug: newest.slug),
                last: .init(date: oldest.date.rfc3339, slug: oldest.slug),
                newer: archive.newer(than: index).map { archive.pages[$0].id },
                older: archive.older(than: index).map { archive.pages[$0].id })
        }
        return CursorIndex(
            version: CursorIndex.formatVersion,
            generator: "blogpager",
            order: "newest-first",
            display_order: config.order.rawValue,
            entries: archive.entries.count,
            page_size: config.pageSize,
            front: archive.pages.prefix(archive.frontPageCount).map(\.id),
            pages: pages)
    }
}
