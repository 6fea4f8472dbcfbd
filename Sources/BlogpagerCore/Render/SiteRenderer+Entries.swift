/// The entries' step: each body read and rendered once, in batches, into its
/// article (shared by every stream's fragments), its own page and, for the
/// latest entries, its feed item.
extension SiteRenderer {
    struct RenderedEntries {
        /// By main position; present where a fragment to render needs it.
        var articles: ArticleStore
        /// By main position, for every entry a feed to write carries.
        var feedItems: [Int: FeedItem]
        var slots: [RenderedSlots.Slot]
    }

    /// How many entries are rendered and handed on at once (their bodies are then dropped).
    static let entriesPerBatch = 512

    func renderEntries(_ plan: RenderPlan, bodies: BodyRenderer,
                       emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> RenderedEntries {
        let entries = plan.archive.entries
        var done = RenderedEntries(articles: ArticleStore(count: entries.count, spillFolder: execution.spillFolder), feedItems: [:], slots: [])
        var carried = [Bool](repeating: false, count: entries.count)
        for position in plan.feedPositions { carried[position] = true }
        done.slots = entries.indices.map { RenderedSlots.Slot(path: entries[$0].outputPath.string, key: plan.entryPageKeys[$0]) }
        // The bodies are read again here, long after the entries were: in a large archive the build's
        // own writes have pushed many out of the page cache since. It is their last reading in the build.
        var readSources = execution.releasingReadSources()
        // The next batch's code goes to Python while this one renders.
        var ahead: HighlightAhead?
        defer {
            ahead?.stop()
            ahead?.wait()
        }
        for start in stride(from: 0, to: plan.toRead.count, by: Self.entriesPerBatch) {
            let batch = plan.toRead[start..<min(plan.toRead.count, start + Self.entriesPerBatch)]
            let next = plan.toRead[batch.endIndex..<min(plan.toRead.count, batch.endIndex + Self.entriesPerBatch)]
            execution.readAhead(next.compactMap { entries[$0].source.filePath })
            // What the last one has not reached, this batch's workers send themselves.
            ahead?.stop()
            ahead = bodies.highlighter.flatMap { highlighter in
                let lanes = highlighter.aheadLanes
                guard lanes > 0, !next.isEmpty else { return nil }
                let coming = next.map { entries[$0] }
                return HighlightAhead(count: coming.count, lanes: lanes, highlighter: highlighter) { bodies.fencedCodeAhead(of: coming[$0]) }
            }
            let rendered = batch.parallelMap { position -> Result<(article: String?, page: OutputFile?, feedItem: FeedItem?), BuildFailure> in
                bodies.body(of: entries[position]).flatMap { body in
                    let feedItem = plan.feedOrigin.flatMap { origin in
                        carried[position] ? FeedItem(entries[position], body: body, origin: origin, host: plan.feedHost) : nil
                    }
                    let article = plan.needsArticle[position] ? plan.entryPages.article(at: position, body: body) : nil
                    guard plan.keptEntryPages[position] == nil else { return .success((article, nil, feedItem)) }
                    return plan.entryPages.page(at: position, body: body).map { (article, $0, feedItem) }
                }
            }
            readSources?.doneWith(batch.compactMap { entries[$0].source.filePath }, bytes: batch.reduce(0) { $0 + entries[$1].source.byteCount })
            var log = DiagnosticLog()
            var files: [OutputFile] = []
            var articles: [(position: Int, html: String)] = []
            for (position, result) in zip(batch, rendered) {
                switch result {
                case .success(let entry):
                    if let article = entry.article { articles.append((position, article)) }
                    if let page = entry.page { files.append(page) }
                    if let item = entry.feedItem { done.feedItems[position] = item }
                case .failure(let failure): log.append(contentsOf: failure.diagnostics)
                }
            }
            try log.throwIfErrors()
            done.articles.store(articles)
            try await emit(OutputBatch(files: files))
            progress?.advance(by: batch.count)
        }
        readSources?.finish()
        try await emit(OutputBatch(kept: plan.keptEntryPages.compactMap { $0 }))
        return done
    }
}
