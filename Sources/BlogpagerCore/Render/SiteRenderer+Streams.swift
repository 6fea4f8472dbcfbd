/// The streams' step: every stream's fragments and full pages (the main
/// stream, then each tag's and each month's), then each stream's cursor index
/// once all its fragments are out. The main index is handed back, not
/// emitted: it goes last of all.
extension SiteRenderer {
    struct RenderedStreams {
        /// Every stream's index, by folder (`""`, `tags/swift`).
        var indexes: [String: CursorIndex]
        var main: StreamRenderer.Output
        var mainCursorIndex: CursorIndex
        /// The main index's files, written last of all.
        var mainIndex: OutputBatch
        /// The URLs of every stream's pages, the main stream's entries after its pages, for the sitemap.
        var sitemap: [Sitemap.Location]
        var slots: [RenderedSlots.Slot]
    }

    func renderStreams(_ plan: RenderPlan, articles: ArticleStore,
                       emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> RenderedStreams {
        var outputs: [StreamRenderer.Output] = []
        for streamPlan in plan.streamPlans {
            outputs.append(try await plan.streamRenderer.render(streamPlan, articles: articles, emit: emit))
        }
        // Made and encoded side by side (the pages above go in order: the writer takes them as they come).
        let indexed = plan.streamPlans.indices.parallelMap { position in
            let index = plan.streamRenderer.cursorIndex(plan.streamPlans[position].stream, output: outputs[position])
            return (index: index, files: plan.streamRenderer.indexFiles(plan.streamPlans[position], index: index, reuse: plan.reuse))
        }
        var indexes: [String: CursorIndex] = [:]
        var sitemap: [Sitemap.Location] = []
        var slots: [RenderedSlots.Slot] = []
        var mainIndex = OutputBatch()
        for (streamPlan, (output, (index, files))) in zip(plan.streamPlans, zip(outputs, indexed)) {
            indexes[streamPlan.stream.folder.joined(separator: "/")] = index
            sitemap += output.pageURLs.map { Sitemap.Location(url: $0) }
            slots += output.slots
            slots += files.slots
            if streamPlan.stream.kind == .main {
                mainIndex = files.batch
                if output.pageURLs.isEmpty { sitemap.append(Sitemap.Location(url: plan.urls.home)) }
                sitemap += plan.archive.entries.map { Sitemap.Location(url: $0.url, lastModified: $0.updated ?? $0.date) }
            } else {
                try await emit(files.batch)
            }
        }
        return RenderedStreams(indexes: indexes, main: outputs[0], mainCursorIndex: indexed[0].index, mainIndex: mainIndex, sitemap: sitemap, slots: slots)
    }
}
