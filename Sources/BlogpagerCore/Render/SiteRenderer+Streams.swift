/// The streams' step: every stream's fragments and full pages (the main
/// stream, then each tag's and each month's), then each stream's cursor index
/// once all its fragments are out. The main index is handed back, not
/// emitted: it goes last of all.
extension SiteRenderer {
    struct RenderedStreams {
        var main: StreamRenderer.Output
        var mainCursorIndex: CursorIndex
        /// The main index's files, written last of all.
        var mainIndex: OutputBatch
        /// The URLs of every stream's pages, the main stream's entries after its pages, for the sitemap.
        var sitemap: [Sitemap.Location]
        var slots: [RenderedSlots.Slot]
    }

    /// How many streams are rendered before their indexes are made, side by side, and written.
    /// A window, not all at once: every stream's index and its encoded files held together
    /// were a huge archive's peak of memory.
    static let streamsPerIndexWindow = 64

    /// The streams of a window in runs rendered at once: each small stream (`StreamRenderer.isSmall`,
    /// a month's or a rare tag's few pages) with the small ones after it, up to a batch's pages;
    /// any other stream alone, a batch at a time. `counts`: each stream's page count where it is
    /// small, nil where it is not.
    static func groups(smallPageCounts counts: [Int?], in window: Range<Int>, pagesPerGroup: Int = StreamRenderer.pagesPerBatch) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = window.lowerBound
        while start < window.upperBound {
            var end = start + 1
            if var pages = counts[start] {
                while end < window.upperBound, let more = counts[end], pages + more <= pagesPerGroup {
                    pages += more
                    end += 1
                }
            }
            groups.append(start..<end)
            start = end
        }
        return groups
    }

    func renderStreams(_ plan: RenderPlan, articles: ArticleStore,
                       emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> RenderedStreams {
        var main: (output: StreamRenderer.Output, index: CursorIndex, files: OutputBatch)?
        var sitemap: [Sitemap.Location] = []
        var slots: [RenderedSlots.Slot] = []
        let plans = plan.streamPlans
        if let first = plans.first { articles.readAhead(first.positionsNeededFirst) }
        let smallPageCounts = plans.map { StreamRenderer.isSmall($0) ? $0.stream.archive.pages.count : nil }
        for start in stride(from: 0, to: plans.count, by: Self.streamsPerIndexWindow) {
            let window = start..<min(plans.count, start + Self.streamsPerIndexWindow)
            var outputs: [StreamRenderer.Output] = []
            let groups = Self.groups(smallPageCounts: smallPageCounts, in: window)
            for (number, group) in groups.enumerated() {
                // The next group's first batch of articles, asked for while this one renders.
                let next = number + 1 < groups.count ? groups[number + 1] : window.upperBound..<min(plans.count, window.upperBound + 1)
                articles.readAhead(next.flatMap { plans[$0].positionsNeededFirst })
                if group.count == 1 {
                    outputs.append(try await plan.streamRenderer.render(plans[group.lowerBound], articles: articles, emit: emit))
                } else {
                    outputs += try await plan.streamRenderer.render(small: Array(plans[group]), articles: articles, emit: emit)
                }
            }
            // Made and encoded side by side (the pages above go in order: the writer takes them as they come).
            let indexed = window.parallelMap { position in
                let index = plan.streamRenderer.cursorIndex(plans[position].stream, output: outputs[position - start], monthKeys: plan.monthKeys)
                return (index: index, files: plan.streamRenderer.indexFiles(plans[position], index: index, reuse: plan.reuse))
            }
            for (position, (output, (index, files))) in zip(window, zip(outputs, indexed)) {
                sitemap += output.pageURLs.map { Sitemap.Location(url: $0) }
                slots += output.slots
                slots += files.slots
                if plans[position].stream.kind == .main {
                    main = (output, index, files.batch)
                    if output.pageURLs.isEmpty { sitemap.append(Sitemap.Location(url: plan.urls.archiveHome)) }
                    sitemap.reserveCapacity(sitemap.count + plan.archive.entries.count)
                    for entry in plan.archive.entries {
                        var location = Sitemap.Location(url: entry.url, lastModified: entry.updated ?? entry.date)
                        if let translated = translations[entry.url] { location.alternates = translated.map { ($0.tag, plan.urls.absolute($0.url) ?? $0.url) } }
                        sitemap.append(location)
                    }
                } else {
                    try await emit(files.batch)
                }
            }
        }
        // `StreamSet.all` puts the main stream first: there is always one.
        let (output, index, files) = main!
        return RenderedStreams(main: output, mainCursorIndex: index, mainIndex: files, sitemap: sitemap, slots: slots)
    }
}
