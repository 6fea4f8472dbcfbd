import Foundation

/// The pipeline, step by step: read every entry, leave out drafts and future
/// entries, check identities, sort, cut into pages, render, index. Pure: it
/// takes a `SiteInput` and gives files; writing them is `OutputWriter`'s job.
public struct SiteBuilder: Sendable {
    public init() {}

    public func build(_ input: SiteInput, options: BuildOptions) async throws(BuildFailure) -> SiteBuild {
        let entries = try await readEntries(input)
        let now = EntryDate(epochSeconds: Int64(options.now.timeIntervalSince1970.rounded(.down)))
        let isLeftOutDraft = { (entry: Entry) in entry.isDraft && !options.includeDrafts }
        let isLeftOutFuture = { (entry: Entry) in entry.date.isAfter(now) && !options.includeFuture }
        let drafts = entries.filter(isLeftOutDraft)
        let future = entries.filter { !isLeftOutDraft($0) && isLeftOutFuture($0) }
        let published = entries.filter { !isLeftOutDraft($0) && !isLeftOutFuture($0) }
        try checkUniqueURLs(published)

        let sorted = SortedList(published) { Cursor.newestFirst($0.cursor, $1.cursor) }
        try checkUniqueCursors(sorted)
        let archive = Archive(sorted: sorted, pageSize: input.config.pageSize)

        let assets = try AssetFiles(templates: input.templates, config: input.config)
        let rendered = SiteRenderer(config: input.config, templates: input.templates, assetURLs: assets.urls)
            .render(archive)
        let files = try merge(rendered.files + assets.files, staticFiles: input.staticFiles)
        return SiteBuild(
            files: files, index: rendered.index, archive: archive,
            skippedDrafts: drafts.count, skippedFuture: future.count)
    }

    /// Reads every source on all cores; all errors are collected, in file order.
    private func readEntries(_ input: SiteInput) async throws(BuildFailure) -> [Entry] {
        let sources = input.sources.sorted { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        let reader = EntryReader(config: input.config)
        let chunkCount = max(1, min(sources.count, ProcessInfo.processInfo.activeProcessorCount * 4))
        let chunkSize = (sources.count + chunkCount - 1) / max(1, chunkCount)
        let results = await withTaskGroup(of: (Int, [Result<Entry, BuildFailure>]).self) { group in
            for chunk in 0..<chunkCount {
                let lower = chunk * chunkSize
                guard lower < sources.count else { continue }
                let range = lower..<min(sources.count, lower + chunkSize)
                group.addTask { (chunk, sources[range].map(reader.read)) }
            }
            var byChunk: [[Result<Entry, BuildFailure>]] = Array(repeating: [], count: chunkCount)
            for await (chunk, read) in group { byChunk[chunk] = read }
            return byChunk.flatMap { $0 }
        }
        var entries: [Entry] = []
        var diagnostics = input.diagnostics
        for result in results {
            switch result {
            case .success(let entry): entries.append(entry)
            case .failure(let failure): diagnostics.append(contentsOf: failure.diagnostics)
            }
        }
        var log = DiagnosticLog()
        // One list in file order, whichever step found each problem.
        log.append(contentsOf: diagnostics.sorted { $0.location.path.utf8.lexicographicallyPrecedes($1.location.path.utf8) })
        try log.throwIfErrors()
        return entries
    }

    /// Two entries at one URL would overwrite each other: name both files.
    private func checkUniqueURLs(_ entries: [Entry]) throws(BuildFailure) {
        var log = DiagnosticLog()
        var owners: [OutputPath: Entry] = [:]
        for entry in entries {
            if let first = owners[entry.outputPath] {
                log.append(.error(
                    at: SourceLocation(path: entry.sourcePath),
                    "entry URL \(entry.url) is also the URL of \(first.sourcePath); give one of them another slug or date, or use a permalink with :year/:month/:day"))
                log.append(.note(at: SourceLocation(path: first.sourcePath), "the other entry with URL \(entry.url) is here"))
            } else {
                owners[entry.outputPath] = entry
            }
        }
        try log.throwIfErrors()
    }

    /// The same instant and slug twice would make the order ambiguous.
    private func checkUniqueCursors(_ sorted: SortedList<Entry>) throws(BuildFailure) {
        var log = DiagnosticLog()
        for index in sorted.indices.dropFirst() where sorted[index].cursor.isSameIdentity(as: sorted[index - 1].cursor) {
            log.append(.error(
                at: SourceLocation(path: sorted[index].sourcePath),
                "entry has the same date and slug as \(sorted[index - 1].sourcePath); two entries need a different slug or time"))
        }
        try log.throwIfErrors()
    }

    /// Static files go beside the generated ones but may not replace any.
    private func merge(_ generated: [OutputFile], staticFiles: [OutputFile]) throws(BuildFailure) -> [OutputFile] {
        let taken = Set(generated.map(\.path))
        var log = DiagnosticLog()
        for file in staticFiles where taken.contains(file.path) || file.path.segments.first == "fragments" {
            log.append(.error(
                at: SourceLocation(path: "content/static/\(file.path)"),
                "static file would replace the generated \(file.path); rename or move it"))
        }
        try log.throwIfErrors()
        return (generated + staticFiles).sorted { $0.path < $1.path }
    }
}
