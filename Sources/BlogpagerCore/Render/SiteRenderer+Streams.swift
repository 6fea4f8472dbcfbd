/// The streams' step: every stream's fragments and full pages (the main
/// stream, then each tag's and each month's), then each stream's cursor index
/// once all its fragments are out. The main index is handed back, not
/// emitted: it goes last of all.
extension SiteRenderer {
    struct RenderedStreams {
        /// Every stream's index, by folder (`""`, `tags/swift`).
        var indexes: [String: CursorIndex]
        var main: StreamRenderer.Output
        /// The main index's files, written last of all.
        var mainIndex: OutputBatch
        /// The URLs of every stream's pages, the main stream's entries after its pages, for the sitemap.
        var sitemap: [Sitemap.Location]
        var slots: [String: RenderedSlots.Slot]
    }

    func renderStreams(_ plan: RenderPlan, articles: ArticleStore,
                       emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> RenderedStreams {
        var outputs: [StreamRenderer.Output] = []
        for streamPlan in plan.streamPlans {
            outputs.append(try await plan.streamRenderer.render(streamPlan, articles: articles, emit: emit))
        }
        // Encoded side by side.
        let indexFiles = plan.streamPlans.indices.parallelMap {
            plan.streamRenderer.indexFiles(plan.streamPlans[$0], output: outputs[$0], reuse: plan.reuse)
        }
        var indexes: [String: CursorIndex] = [:]
        var sitemap: [Sitemap.Location] = []
        var slots: [String: RenderedSlots.Slot] = [:]
        var mainIndex = OutputBatch()
        for (streamPlan, (output, files)) in zip(plan.streamPlans, zip(outputs, indexFiles)) {
            indexes[streamPlan.stream.folder.joined(separator: "/")] = output.index
            sitemap += output.pageURLs.map { Sitemap.Location(url: $0) }
            slots.merge(output.slots) { first, _ in first }
            slots.merge(files.slots) { first, _ in first }
            if streamPlan.stream.kind == .main {
                mainIndex = files.batch
                if output.pageURLs.isEmpty { sitemap.append(Sitemap.Location(url: plan.urls.home)) }
                sitemap += plan.archive.entries.map { Sitemap.Location(url: $0.url, lastModified: ($0.updated ?? $0.date).rfc3339) }
            } else {
                try await emit(files.batch)
            }
        }
        return RenderedStreams(indexes: indexes, main: outputs[0], mainIndex: mainIndex, sitemap: sitemap, slots: slots)
    }
}
