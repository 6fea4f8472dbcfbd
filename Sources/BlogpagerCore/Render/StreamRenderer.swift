/// Renders one stream: a fragment per page, the full list pages (its front page
/// and `page/<id>/`), and its cursor index, all under the stream's folder.
/// Articles come already rendered, once per entry for every stream.
struct StreamRenderer {
    let config: SiteConfig
    let templates: TemplateSet
    let context: TemplateContext

    struct Output {
        /// The full page of each of the stream's pages; the first is the stream's front page.
        var pageURLs: [String]
        var index: CursorIndex
        /// `index.json` and its parts: written after every fragment they name.
        var indexFiles: [OutputFile]
    }

    /// Neighbouring streams of the same kind, linked from its pages (the month before and after).
    struct Neighbours {
        var newer: EntryStream?
        var older: EntryStream?
    }

    /// How many pages are rendered and handed on at once: enough to keep both
    /// cores busy, few enough that a stream of any length takes little memory.
    static let pagesPerBatch = 128

    /// Where each of the stream's full pages goes: the front page, then `page/<id>/`.
    static func pagePaths(of stream: EntryStream) -> [OutputPath] {
        let pages = stream.archive.pages
        if pages.isEmpty { return [stream.path("index.html")] }
        return pages.indices.map { stream.path($0 == 0 ? "index.html" : "page/\(pages[$0].id)/index.html") }
    }

    /// Renders the stream's fragments and pages, handing them to `emit` a batch
    /// at a time (each batch's fragments with the pages that embed them).
    /// `articles` and `displayDates` are by position in the main stream.
    func render(_ stream: EntryStream, articles: [String], displayDates: [String], neighbours: Neighbours = Neighbours(),
                emit: ([OutputFile]) throws(BuildFailure) -> Void) throws(BuildFailure) -> Output {
        let archive = stream.archive
        let urls = context.urls
        let pagePaths = Self.pagePaths(of: stream)
        let pageURLs = archive.pages.isEmpty ? [] : pagePaths.map(urls.path(of:))
        let streamValues = values(of: stream, neighbours: neighbours)
        let heading = streamValues["heading"] as? String
        let streamTitle = heading.map { "\($0) · \(config.title)" } ?? config.title
        let description = switch stream.kind {
        case .main: config.description
        case .tag: "Entries tagged “\(stream.name)” on \(config.title)."
        case .month: "Entries from \(stream.name) on \(config.title)."
        }
        if archive.pages.isEmpty {
            let list = templates.render("list", ["site": context.site, "stream": streamValues, "is_front": true, "is_empty": true, "sections": [Any]()])
            let meta = TemplateContext.PageMeta(title: streamTitle, description: description, path: urls.path(of: pagePaths[0]), heading: heading)
            try emit([OutputFile(path: pagePaths[0], text: templates.render("layout", context.layout(
                meta, content: list, newer: nil, older: nil, kind: "list")))])
        }

        var fragmentURLs: [String] = []
        // The front page shows the first few pages' sections: the first batch holds them all.
        let batchSize = max(Self.pagesPerBatch, archive.frontPageCount)
        for start in stride(from: 0, to: archive.pages.count, by: batchSize) {
            let batch = start..<min(archive.pages.count, start + batchSize)
            // Fragments first: their hashes name them, and full pages embed the same bytes.
            let fragments = batch.parallelMap { index in
                let page = archive.pages[index]
                let html = templates.render("fragment", [
                    "id": page.id, "url": pageURLs[index], "site": context.site, "stream": streamValues,
                    "entries": page.range.map { ["html": articles[stream.mainPositions[$0]]] },
                ])
                let bytes = Array(html.utf8)
                return (html: html, file: OutputFile(path: stream.path("fragments/" + ContentHashedName.make("\(page.id).html", bytes: bytes)), bytes: bytes))
            }
            fragmentURLs += fragments.map { urls.path(of: $0.file.path) }
            let pages = batch.parallelMap { index in
                let isFront = index == 0
                let shown = isFront ? 0..<archive.frontPageCount : index..<(index + 1)
                let olderIndex = shown.upperBound < archive.pages.count ? shown.upperBound : nil
                let newerIndex = archive.newer(than: index)
                let first = stream.mainPositions[archive.pages[shown.lowerBound].range.lowerBound]
                let last = stream.mainPositions[archive.pages[shown.upperBound - 1].range.upperBound - 1]
                let title = isFront ? streamTitle : "\(heading ?? config.title): \(displayDates[first]) – \(displayDates[last])"
                    + (heading == nil ? "" : " · \(config.title)")
                let list = templates.render("list", [
                    "site": context.site,
                    "stream": streamValues,
                    "is_front": isFront,
                    "sections": shown.map { ["html": fragments[$0 - start].html, "id": archive.pages[$0].id] },
                    "newer_url": newerIndex.map { pageURLs[$0] } ?? false,
                    "older_url": olderIndex.map { pageURLs[$0] } ?? false,
                ])
                let meta = TemplateContext.PageMeta(title: title, description: description, path: pageURLs[index], heading: heading)
                let page = templates.render("layout", context.layout(
                    meta, content: list, newer: newerIndex.map { pageURLs[$0] }, older: olderIndex.map { pageURLs[$0] }, kind: "list"))
                return OutputFile(path: pagePaths[index], text: page)
            }
            try emit(fragments.map(\.file) + pages)
        }

        let index = cursorIndex(stream, pageURLs: pageURLs, fragmentURLs: fragmentURLs)
        let indexFiles = IndexFiles(
            index: index, rootPath: stream.path("index.json"), partPath: { stream.path("fragments/" + $0) }, url: urls.path(of:))
        return Output(pageURLs: pageURLs, index: index, indexFiles: indexFiles.files().map { OutputFile(path: $0.path, bytes: $0.bytes) })
    }

    /// What templates see as `stream`.
    private func values(of stream: EntryStream, neighbours: Neighbours) -> [String: Any] {
        let urls = context.urls
        var values: [String: Any] = [
            "kind": stream.kind.rawValue,
            "url": urls.path(of: stream.path("index.html")),
            "index_url": urls.path(of: stream.path("index.json")),
            "is_main": stream.kind == .main,
            "is_tag": stream.kind == .tag,
            "is_month": stream.kind == .month,
        ]
        switch stream.kind {
        case .main: break
        case .tag:
            values["name"] = stream.name
            values["heading"] = "Tagged “\(stream.name)”"
        case .month:
            values["name"] = stream.name
            values["heading"] = stream.name
        }
        if let newer = neighbours.newer {
            values["newer_stream"] = ["name": newer.name, "url": urls.path(of: newer.path("index.html"))]
        }
        if let older = neighbours.older {
            values["older_stream"] = ["name": older.name, "url": urls.path(of: older.path("index.html"))]
        }
        return values
    }

    private func cursorIndex(_ stream: EntryStream, pageURLs: [String], fragmentURLs: [String]) -> CursorIndex {
        let archive = stream.archive
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
            stream: .init(kind: stream.kind.rawValue, name: stream.kind == .main ? config.title : stream.name,
                          url: context.urls.path(of: stream.path("index.html"))),
            order: "newest-first",
            display_order: config.order.rawValue,
            entries: archive.entries.count,
            page_size: config.pageSize,
            front: archive.pages.prefix(archive.frontPageCount).map(\.id),
            pages: pages)
    }
}
