/// Renders one stream: a fragment per page, the full list pages (its front page
/// and `page/<id>/`), and its cursor index, all under the stream's folder.
/// Articles come already rendered, once per entry for every stream.
struct StreamRenderer {
    let config: SiteConfig
    let templates: TemplateSet
    let context: TemplateContext
    /// What the full pages are put in (the fragments are the same in any frame).
    let frame: PageFrame
    /// What every full page's key takes from the frame (the site's layout for lists).
    var frameKey = ""
    /// The main stream's entries in the theme's own list (`JekyllListPage`), where a Jekyll site lends the archive its list.
    var themeEntries: Result<JekyllPageFrame.ThemeEntries, BuildFailure>?

    struct Output {
        /// The full page of each of the stream's pages; the first is the stream's front page.
        var pageURLs: [String]
        /// Each page's fragment, for the cursor index (`cursorIndex`).
        var fragmentURLs: [String]
        /// The key and path of this stream's fragments and pages, by slot.
        var slots: [RenderedSlots.Slot]
    }

    /// Neighbouring streams of the same kind, linked from its pages (the month before and after).
    struct Neighbours {
        var newer: EntryStream?
        var older: EntryStream?
    }

    /// What a stream will render and what it keeps from the last build, decided
    /// from keys alone before any entry body is read.
    struct Plan {
        let stream: EntryStream
        let neighbours: Neighbours
        /// Where each full page goes (`pagePaths(of:)`), worked out once.
        let pagePaths: [OutputPath]
        fileprivate let texts: PageTexts
        var fragmentKeys: [String]
        var pageKeys: [String]
        /// The kept file of each fragment and page, nil where it must be rendered.
        var keptFragments: [KeptFile?]
        var keptPages: [KeptFile?]
        /// The stream's entries in the theme's list, where its pages are the theme's (the main stream): no articles of ours are read.
        var theme: JekyllPageFrame.ThemeEntries?

        /// Main-stream positions of the entries whose articles the rendered fragments need.
        var positionsNeeded: [Int] { positionsNeeded(pages: keptFragments.indices) }

        /// The same for some of the stream's pages (a batch).
        func positionsNeeded(pages: Range<Int>) -> [Int] {
            guard theme == nil else { return [] }
            return pages.filter { keptFragments[$0] == nil }.flatMap { index in
                stream.archive.pages[index].range.map { stream.mainPositions[$0] }
            }
        }

        /// The positions the first batch needs: what the stream before asks for ahead.
        var positionsNeededFirst: [Int] { batches.first.map(positionsNeeded(pages:)) ?? [] }

        /// The pages rendered and handed on at once: the front page shows the first
        /// few pages' sections, so the first batch holds them all.
        var batches: [Range<Int>] {
            let count = stream.archive.pages.count
            return stride(from: 0, to: count, by: batchSize).map { $0..<min(count, $0 + batchSize) }
        }

        var batchSize: Int { max(StreamRenderer.pagesPerBatch, stream.archive.frontPageCount) }
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

    static func fragmentSlot(_ stream: EntryStream, pageID: String) -> String {
        stream.folder.joined(separator: "/") + "#" + pageID
    }

    /// Keys every fragment and page from what it shows (`articleKeys` by main
    /// position), and keeps those `reuse` allows. A page to render renders the
    /// fragments it embeds too.
    func plan(_ stream: EntryStream, articleKeys: [String], displayDates: [String], neighbours: Neighbours = Neighbours(),
              reuse: ReuseLookup?) -> Plan {
        let archive = stream.archive
        let theme: JekyllPageFrame.ThemeEntries? = if stream.kind == .main, case .success(let entries)? = themeEntries { entries } else { nil }
        let streamKey = RenderKeys.stream(stream, newer: neighbours.newer, older: neighbours.older) + (theme?.key ?? "")
        let fragmentKeys = archive.pages.map { page in
            RenderKeys.fragment(stream: streamKey, pageID: page.id, articles: page.range.map { position in
                theme.map { StableHash.key([$0.entries[position]]) } ?? articleKeys[stream.mainPositions[position]]
            })
        }
        let pagePaths = Self.pagePaths(of: stream)
        let texts = pageTexts(stream, pagePaths: pagePaths, displayDates: displayDates, neighbours: neighbours)
        let pageKeys = archive.pages.indices.map { index in
            RenderKeys.listPage(stream: streamKey + frameKey, title: texts.titles[index], description: texts.description, url: texts.pageURLs[index],
                                neighbourURLs: texts.neighbourURLs(index), fragments: texts.shown(index).map { fragmentKeys[$0] })
        }
        var keptFragments = archive.pages.indices.map { index in
            reuse?.kept(Self.fragmentSlot(stream, pageID: archive.pages[index].id), key: fragmentKeys[index])
        }
        let keptPages = archive.pages.indices.map { index in reuse?.kept(pagePaths[index].string, key: pageKeys[index]) }
        for index in archive.pages.indices where keptPages[index] == nil {
            for shown in texts.shown(index) { keptFragments[shown] = nil }
        }
        return Plan(stream: stream, neighbours: neighbours, pagePaths: pagePaths, texts: texts, fragmentKeys: fragmentKeys, pageKeys: pageKeys,
                    keptFragments: keptFragments, keptPages: keptPages, theme: theme)
    }

    /// The strings of a stream's pages that do not come from its entries' bodies.
    fileprivate struct PageTexts {
        var pageURLs: [String]
        var titles: [String]
        var description: String
        var heading: String?
        var streamTitle: String
        let frontPageCount: Int
        let pageCount: Int
        let newerIndex: (Int) -> Int?

        func shown(_ index: Int) -> Range<Int> { index == 0 ? 0..<frontPageCount : index..<(index + 1) }
        func olderIndex(_ index: Int) -> Int? { shown(index).upperBound < pageCount ? shown(index).upperBound : nil }
        func neighbourURLs(_ index: Int) -> [String] {
            [newerIndex(index).map { pageURLs[$0] } ?? "-", olderIndex(index).map { pageURLs[$0] } ?? "-"]
        }
    }

    private func pageTexts(_ stream: EntryStream, pagePaths: [OutputPath], displayDates: [String], neighbours: Neighbours) -> PageTexts {
        let archive = stream.archive
        let pageURLs = archive.pages.isEmpty ? [] : pagePaths.map(context.urls.path(of:))
        let heading = values(of: stream, neighbours: neighbours)["heading"] as? String
        let streamTitle = heading.map { "\($0) · \(config.title)" } ?? config.title
        let description = switch stream.kind {
        case .main: config.description
        case .term(let taxonomy): context.strings.description(of: stream.name, in: taxonomy, site: config.title)
        case .month: context.strings.text("month_description", ["month": stream.name, "site": config.title])
        case .section: config.blogSection(streamAt: stream.folder).map(\.description).flatMap { $0.isEmpty ? nil : $0 }
            ?? context.strings.text("blog_description", ["term": stream.name, "site": config.title])
        }
        var texts = PageTexts(
            pageURLs: pageURLs, titles: [], description: description, heading: heading, streamTitle: streamTitle,
            frontPageCount: archive.frontPageCount, pageCount: archive.pages.count, newerIndex: archive.newer(than:))
        texts.titles = archive.pages.indices.map { index in
            if index == 0 { return streamTitle }
            let shown = texts.shown(index)
            let first = stream.mainPositions[archive.pages[shown.lowerBound].range.lowerBound]
            let last = stream.mainPositions[archive.pages[shown.upperBound - 1].range.upperBound - 1]
            return "\(heading ?? config.title): \(displayDates[first]) – \(displayDates[last])" + (heading == nil ? "" : " · \(config.title)")
        }
        return texts
    }

    /// Renders the plan's fragments and pages that are not kept, handing them
    /// to `emit` a batch at a time (each batch's fragments with the pages that
    /// embed them). `articles` are by main position, present where the plan needs them.
    func render(_ plan: Plan, articles: ArticleStore,
                emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> Output {
        if plan.stream.kind == .main, case .failure(let failure)? = themeEntries { throw failure }
        if let empty = try emptyPage(plan) { try await emit(OutputBatch(files: [empty])) }
        var output = Output(pageURLs: plan.texts.pageURLs, fragmentURLs: [], slots: [])
        let streamValues = values(of: plan.stream, neighbours: plan.neighbours)
        let batches = plan.batches
        for (number, batch) in batches.enumerated() {
            if number + 1 < batches.count { articles.readAhead(plan.positionsNeeded(pages: batches[number + 1])) }
            let piece = try render([Piece(plan: plan, pages: batch, values: streamValues)], articles: articles)[0]
            output.fragmentURLs += piece.fragmentURLs
            output.slots += piece.slots
            try await emit(piece.batch)
        }
        return output
    }

    /// Renders small streams (one batch each, `isSmall`) side by side, their pages spread over
    /// the cores together: one by one, a month's few pages kept three cores of sixteen busy.
    /// Their files go to `emit` in the plans' order, once all of them are rendered.
    func render(small plans: [Plan], articles: ArticleStore,
                emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> [Output] {
        let pieces = plans.map { Piece(plan: $0, pages: 0..<$0.stream.archive.pages.count, values: values(of: $0.stream, neighbours: $0.neighbours)) }
        let rendered = try render(pieces, articles: articles)
        var outputs: [Output] = []
        var files = OutputBatch()
        for (plan, piece) in zip(plans, rendered) {
            outputs.append(Output(pageURLs: plan.texts.pageURLs, fragmentURLs: piece.fragmentURLs, slots: piece.slots))
            files.files += piece.batch.files
            files.kept += piece.batch.kept
        }
        try await emit(files)
        return outputs
    }

    /// Whether a stream is rendered with others (`render(small:)`): its pages are one batch.
    static func isSmall(_ plan: Plan) -> Bool {
        (1...plan.batchSize).contains(plan.stream.archive.pages.count)
    }

    /// Some pages of one stream, with the stream's values for its templates.
    private struct Piece {
        let plan: Plan
        let pages: Range<Int>
        let values: [String: Any]
    }

    /// A stream without pages has its front page all the same, saying so.
    private func emptyPage(_ plan: Plan) throws(BuildFailure) -> OutputFile? {
        guard plan.stream.archive.pages.isEmpty else { return nil }
        let streamValues = values(of: plan.stream, neighbours: plan.neighbours)
        let list = templates.render("list", ["site": context.site, "stream": streamValues, "is_front": true, "is_empty": true, "sections": [Any]()])
        let meta = TemplateContext.PageMeta(title: plan.texts.streamTitle, description: plan.texts.description,
                                            path: context.urls.path(of: plan.pagePaths[0]), heading: plan.texts.heading)
        return OutputFile(path: plan.pagePaths[0], text: try frame.page(meta, content: list, newer: nil, older: nil, kind: "list").get())
    }

    /// The fragments, then the full pages, of every piece, each step spread over the cores at
    /// once; for each piece, its files (the fragments before the pages that embed them) and
    /// what its stream's output and index learn of it.
    private func render(_ pieces: [Piece], articles: ArticleStore) throws(BuildFailure) -> [(batch: OutputBatch, fragmentURLs: [String], slots: [RenderedSlots.Slot])] {
        let work = PieceWork(pieces)
        // Fragments first: their hashes name them, and full pages embed the same bytes.
        let fragments = try renderFragments(work, articles: articles)
        let pages = try renderPages(work, fragments: fragments)
        return pieces.indices.map { number in
            let plan = pieces[number].plan
            let stream = plan.stream
            let batch = pieces[number].pages
            let done = work.items(of: number)
            var fragmentURLs: [String] = []
            var slots: [RenderedSlots.Slot] = []
            for (index, item) in zip(batch, done) {
                let path = plan.keptFragments[index]?.path ?? fragments[item]!.file.path
                fragmentURLs.append(context.urls.path(of: path))
                slots.append(RenderedSlots.Slot(name: Self.fragmentSlot(stream, pageID: stream.archive.pages[index].id), key: plan.fragmentKeys[index], path: path.string))
            }
            for index in batch { slots.append(RenderedSlots.Slot(path: plan.pagePaths[index].string, key: plan.pageKeys[index])) }
            let files = OutputBatch(
                files: fragments[done].compactMap { $0?.file } + pages[done].compactMap { $0 },
                kept: batch.compactMap { plan.keptFragments[$0] } + batch.compactMap { plan.keptPages[$0] })
            return (files, fragmentURLs, slots)
        }
    }

    /// Every page of every piece, as (piece, page): what each step spreads over the cores.
    private struct PieceWork {
        let pieces: [Piece]
        let items: [(piece: Int, page: Int)]
        /// Where each piece's first page is in `items`.
        private let firstOfPiece: [Int]

        init(_ pieces: [Piece]) {
            self.pieces = pieces
            items = pieces.indices.flatMap { number in pieces[number].pages.map { (piece: number, page: $0) } }
            var first: [Int] = []
            var offset = 0
            for piece in pieces {
                first.append(offset)
                offset += piece.pages.count
            }
            firstOfPiece = first
        }

        func items(of piece: Int) -> Range<Int> { firstOfPiece[piece]..<(firstOfPiece[piece] + pieces[piece].pages.count) }
        /// The item of a piece's page.
        func item(piece: Int, page: Int) -> Int { firstOfPiece[piece] + page - pieces[piece].pages.lowerBound }
    }

    private typealias RenderedFragment = (html: String, file: OutputFile)

    /// Each page's fragment, nil where the plan keeps it; pages all kept (most of a rebuild's)
    /// are not spread over the cores for nothing.
    private func renderFragments(_ work: PieceWork, articles: ArticleStore) throws(BuildFailure) -> [RenderedFragment?] {
        guard work.items.contains(where: { work.pieces[$0.piece].plan.keptFragments[$0.page] == nil }) else {
            return Array(repeating: nil, count: work.items.count)
        }
        let rendered = work.items.parallelMap { item -> Result<RenderedFragment?, BuildFailure> in
            let piece = work.pieces[item.piece]
            guard piece.plan.keptFragments[item.page] == nil else { return .success(nil) }
            return renderFragment(piece, page: item.page, articles: articles).map { $0 }
        }
        return try Self.values(rendered)
    }

    /// Each result's value, in order, or the first failure among them.
    private static func values<Value>(_ results: [Result<Value, BuildFailure>]) throws(BuildFailure) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let value): values.append(value)
            case .failure(let failure): throw failure
            }
        }
        return values
    }

    private func renderFragment(_ piece: Piece, page number: Int, articles: ArticleStore) -> Result<RenderedFragment, BuildFailure> {
        let stream = piece.plan.stream
        let page = stream.archive.pages[number]
        if let theme = piece.plan.theme {
            let bytes = Array(theme.page(id: page.id, url: piece.plan.texts.pageURLs[number], positions: page.range).utf8)
            let html = String(decoding: bytes, as: UTF8.self)
            return .success((html: html, file: OutputFile(path: stream.path("fragments/" + ContentHashedName.make("\(page.id).html", bytes: bytes)), bytes: bytes)))
        }
        var entries: [[String: Any]] = []
        for position in page.range {
            do throws(ArticleStore.Unreadable) {
                entries.append(["html": try articles.article(at: stream.mainPositions[position])])
            } catch {
                return .failure(BuildFailure(.error(
                    at: SourceLocation(path: stream.archive.entries[position].sourcePath),
                    "the article of this entry could not be read back from the build's spill file (cut short under the build), so its pages are not written; build again")))
            }
        }
        let html = templates.render("fragment", [
            "id": page.id, "url": piece.plan.texts.pageURLs[number], "site": context.site, "stream": piece.values, "entries": entries,
        ])
        let bytes = Array(html.utf8)
        return .success((html: html, file: OutputFile(path: stream.path("fragments/" + ContentHashedName.make("\(page.id).html", bytes: bytes)), bytes: bytes)))
    }

    /// Each full page, nil where the plan keeps it, embedding the fragments it shows.
    private func renderPages(_ work: PieceWork, fragments: [RenderedFragment?]) throws(BuildFailure) -> [OutputFile?] {
        guard work.items.contains(where: { work.pieces[$0.piece].plan.keptPages[$0.page] == nil }) else {
            return Array(repeating: nil, count: work.items.count)
        }
        let rendered = work.items.parallelMap { item -> Result<OutputFile?, BuildFailure> in
            let piece = work.pieces[item.piece]
            guard piece.plan.keptPages[item.page] == nil else { return .success(nil) }
            let sections = piece.plan.texts.shown(item.page).map { shown -> [String: Any] in
                ["html": fragments[work.item(piece: item.piece, page: shown)]?.html ?? "", "id": piece.plan.stream.archive.pages[shown].id]
            }
            return renderPage(piece, page: item.page, sections: sections).map { $0 }
        }
        return try Self.values(rendered)
    }

    private func renderPage(_ piece: Piece, page index: Int, sections: [[String: Any]]) -> Result<OutputFile, BuildFailure> {
        let plan = piece.plan
        let texts = plan.texts
        let pageURLs = texts.pageURLs
        let newer = texts.newerIndex(index).map { pageURLs[$0] }
        let older = texts.olderIndex(index).map { pageURLs[$0] }
        if let theme = plan.theme, let page = themePage(piece, page: index, theme: theme, sections: sections, newer: newer, older: older) {
            return page.map { OutputFile(path: plan.pagePaths[index], text: $0) }
        }
        let list = templates.render("list", [
            "site": context.site,
            "stream": piece.values,
            "is_front": index == 0,
            "sections": sections,
            "newer_url": newer ?? false,
            "older_url": older ?? false,
        ])
        let meta = TemplateContext.PageMeta(title: texts.titles[index], description: texts.description, path: pageURLs[index], heading: texts.heading)
        return frame.page(meta, content: list, newer: newer, older: older, kind: "list", feed: feedPath(of: plan.stream).map(context.urls.path(of:)))
            .map { OutputFile(path: plan.pagePaths[index], text: $0) }
    }

    /// A page of the main stream in the theme's own list page: the feed where its loop was, our status lines around it, and,
    /// where the theme has no pager of its own, ours below for readers without the script.
    private func themePage(_ piece: Piece, page index: Int, theme: JekyllPageFrame.ThemeEntries, sections: [[String: Any]],
                           newer: String?, older: String?) -> Result<String, BuildFailure>? {
        let plan = piece.plan
        let archive = plan.stream.archive
        let shown = plan.texts.shown(index)
        let positions = archive.pages[shown.lowerBound].range.lowerBound..<archive.pages[shown.upperBound - 1].range.upperBound
        var below = "<div class=\"bp-status bp-status-bottom\"></div>\n" + templates.render("restore_place", [:])
        if !theme.pagesItself {
            below += templates.render("pager", ["site": context.site, "newer_url": newer ?? false, "older_url": older ?? false])
        }
        return frame.siteLayouts?.themePage(
            url: plan.texts.pageURLs[index], sections: sections.map { $0["html"] as? String ?? "" },
            posts: positions.map { archive.entries[$0] }, number: index + 1, pageCount: archive.pages.count, perPage: config.pageSize,
            total: archive.entries.count, newer: newer, older: older, index: piece.values["index_url"] as? String ?? "",
            above: "<div class=\"bp-status bp-status-top\"></div>\n", below: below)
    }

    /// A term's own Atom feed (`tags/swift/feed.xml`), when the site has feeds.
    func feedPath(of stream: EntryStream) -> OutputPath? {
        (stream.kind.taxonomy != nil || stream.kind == .section) && context.hasFeeds ? stream.path("feed.xml") : nil
    }

    /// A stream's index files: to write, or kept as the last build wrote them.
    struct IndexOutput {
        var batch: OutputBatch
        var slots: [RenderedSlots.Slot]
    }

    /// `index.json` and its parts: written after every fragment they name. An index the
    /// same as the last build's is kept with its parts, not encoded again (encoding every
    /// tag's and month's index was a large part of an add-one rebuild).
    func indexFiles(_ plan: Plan, index: CursorIndex, reuse: ReuseLookup?) -> IndexOutput {
        let stream = plan.stream
        let rootPath = stream.path("index.json")
        let key = RenderKeys.streamIndex(index)
        // The same index has the same parts: as many as the last build recorded under its key.
        var kept: [KeptFile] = []
        while let part = reuse?.kept(Self.indexPartSlot(stream, kept.count), key: key) { kept.append(part) }
        if let root = reuse?.kept(rootPath.string, key: Self.indexRootKey(key, parts: kept.count)) {
            return IndexOutput(batch: OutputBatch(kept: [root] + kept), slots: Self.indexSlots(stream, key: key, partPaths: kept.map(\.path.string)))
        }
        // Another index: each part whose pages are as they were is kept all the same. (An index kept
        // whole records its parts by place alone: the next change to it encodes them all once more.)
        var files = IndexFiles(index: index, rootPath: rootPath, partPath: { stream.path("fragments/" + $0) }, url: context.urls.path(of:))
        files.keptPart = { newest, partKey in reuse?.kept(Self.indexPartSlot(stream, newestPageID: newest), key: partKey) }
        let made = files.make()
        let batch = OutputBatch(files: [OutputFile(path: made.root.path, bytes: made.root.bytes)]
                                    + made.parts.compactMap { $0.file.map { OutputFile(path: $0.path, bytes: $0.bytes) } },
                                kept: made.parts.compactMap(\.kept))
        var slots = Self.indexSlots(stream, key: key, partPaths: made.parts.map(\.path.string))
        for part in made.parts {
            slots.append(RenderedSlots.Slot(name: Self.indexPartSlot(stream, newestPageID: part.newestPageID), key: part.key, path: part.path.string))
        }
        return IndexOutput(batch: batch, slots: slots)
    }

    /// The root's slot and each part's by its place, under the whole index's key.
    private static func indexSlots(_ stream: EntryStream, key: String, partPaths: [String]) -> [RenderedSlots.Slot] {
        var slots = [RenderedSlots.Slot(path: stream.path("index.json").string, key: indexRootKey(key, parts: partPaths.count))]
        for (number, path) in partPaths.enumerated() {
            slots.append(RenderedSlots.Slot(name: indexPartSlot(stream, number), key: key, path: path))
        }
        return slots
    }

    /// The slot of an index's part by its place (`tags/swift#index/0`): its path holds its hash.
    static func indexPartSlot(_ stream: EntryStream, _ number: Int) -> String {
        stream.folder.joined(separator: "/") + "#index/\(number)"
    }

    /// The slot of an index's part by its newest page (`tags/swift#index-part/2024-05-01-1a2b3c4d`), under the part's own key.
    static func indexPartSlot(_ stream: EntryStream, newestPageID: String) -> String {
        stream.folder.joined(separator: "/") + "#index-part/" + newestPageID
    }

    /// The root's key names how many parts it lists, so that it is kept only with all of them.
    private static func indexRootKey(_ key: String, parts: Int) -> String {
        "\(key)/\(parts)"
    }

    /// What templates see as `stream`.
    private func values(of stream: EntryStream, neighbours: Neighbours) -> [String: Any] {
        let urls = context.urls
        var values: [String: Any] = [
            "kind": stream.kind.name,
            "url": urls.path(of: stream.path("index.html")),
            "index_url": urls.path(of: stream.path("index.json")),
            "is_main": stream.kind == .main,
            "is_tag": stream.kind == .term(.tags),
            "is_term": stream.kind.taxonomy != nil,
            "is_month": stream.kind == .month,
            "is_section": stream.kind == .section,
        ]
        switch stream.kind {
        case .main: break
        case .term(let taxonomy):
            values["name"] = stream.name
            let words = context.strings
            values["heading"] = words.heading(of: stream.name, in: taxonomy)
            values["taxonomy"] = ["key": taxonomy.key, "singular": words.singular(of: taxonomy), "title": words.title(of: taxonomy),
                                  "title_lower": words.title(of: taxonomy).lowercased(), "url": urls.path(of: urls.inLanguage(taxonomy.indexPage))]
            values["meta_text"] = words.text("stream_of_term", ["kind": words.singular(of: taxonomy)])
            values["all_terms"] = words.text("all_terms", ["kind": words.title(of: taxonomy).lowercased()])
            if let feed = feedPath(of: stream) { values["feed_url"] = urls.path(of: feed) }
        case .month:
            values["name"] = stream.name
            values["heading"] = stream.name
        case .section:
            values["name"] = stream.name
            values["heading"] = stream.name
            if let feed = feedPath(of: stream) { values["feed_url"] = urls.path(of: feed) }
        }
        if let newer = neighbours.newer {
            values["newer_stream"] = ["name": newer.name, "url": urls.path(of: newer.path("index.html"))]
        }
        if let older = neighbours.older {
            values["older_stream"] = ["name": older.name, "url": urls.path(of: older.path("index.html"))]
        }
        return values
    }

    /// The stream's cursor index, once its pages and fragments have their URLs.
    func cursorIndex(_ stream: EntryStream, output: Output, monthKeys: [Int]) -> CursorIndex {
        CursorIndex(of: stream, pageURLs: output.pageURLs, fragmentURLs: output.fragmentURLs, monthKeys: monthKeys, config: config, urls: context.urls)
    }
}
