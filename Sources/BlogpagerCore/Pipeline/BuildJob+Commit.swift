import Foundation

/// The incremental commit, once every site file is in place: the records that vouch for no file
/// on their own written beside the removals and the outputs' digest, the list of our files, the
/// last build's record, the highlighter's cache and Python; then the summary the commands print.
extension BuildJob {
    func commit(_ site: SiteBuild, input: SiteInput, session: consuming OutputSession, searched: SearchOutcome?, inputs: BuildInputs, previous: PreviousBuild,
                reuse: ReuseLookup.Pending?, copies: StaticFileLookup?, highlighter: CodeHighlighter?, highlighterStarted: Task<String, Never>?,
                execution: any BuildExecution, started: ContinuousClock.Instant) async -> Outcome {
        let folder = writer.folder
        // The entry cache is unchanged when no source was read and none went away: no need to write megabytes again.
        let entryCacheChanged = site.entriesRead > 0 || site.entryCache.count != previous.entriesCached
        let madeDigests = session.digests
        let early = folder.state.startWriting(.init(
            renderCache: RenderCache.Made(rendered: site.rendered, digests: madeDigests),
            staticFiles: StaticFileCache.Made(key: StaticFileCache.key(program: program), copies: site.copied, digests: madeDigests),
            entryCache: entryCacheChanged ? site.entryCache : nil), execution: execution)
        let report = session.finish()
        // The list of our files is sorted and written beside the outputs' digest and the records below.
        let (paths, digests) = (report.paths, report.digests)
        let listing = folder.state.startListing(execution: execution) { [classifier = site.classifier] in OutputManifest(files: paths, digests: digests, classifiedBy: classifier) }
        var warnings: [Diagnostic] = []
        var digest = inputs.digest
        // The first build from another generator's root keeps where the old list pages lead, as a source beside the config.
        if let created = site.createdLegacyPages, let path = loader.layout.legacyPagesPath, loader.files.item(at: path) == nil {
            do {
                try loader.files.replace(path, with: Array(created.text().utf8), durable: true)
                // The file written is an input from now on: the record names it as it is.
                digest = inputs.fingerprint.digest()
            } catch {
                warnings.append(.warning(at: SourceLocation(path: path), "could not write \(LegacyPages.fileName) (\(error)); the next build tries again"))
            }
        }
        // The files this build wrote are as it saw them then, and those it did not write as the
        // reuse lookup found them: neither is looked at again.
        let found = reuse?.lookup
        let lastBuild = digest.flatMap { inputs in
            BuildRecord.outputsDigest(report.paths, in: folder, execution: execution, known: { place, path in
                report.identities.identity(at: place) ?? found?.identity(of: path) ?? copies?.identity(of: path)
            }).map { outputs in
                BuildRecord(inputs: inputs, validUntil: site.nextPublication, summary: site.summary, paths: report.paths, outputs: outputs)
            }
        }
        _ = await highlighterStarted?.value
        // A build that rendered every body keeps only the code blocks it used.
        let highlighted = highlighter?.finish(keepingOthers: site.bodiesRendered < site.summary.entries)
        if let problem = highlighted?.problem, input.config.highlightsCode, highlighted?.blocks ?? 0 > 0 {
            warnings.append(.warning(at: SourceLocation(path: input.configPath ?? SiteLoader.configFileName),
                                     "code is not highlighted: \(problem); set highlight: false to leave it plain without this warning"))
        }
        // The user's cache (megabytes, after a build that highlighted) is written beside the output's
        // records, on a thread of its own: a cache written or not changes no page.
        let sharedCache = sharedHighlightCache
        let writesBehind = execution.writesBehind
        async let sharedWritten: Bool? = if let shared = highlighted?.sharedCache, let sharedCache {
            await BlockingWork.run { sharedCache.write(shared, dropsBehind: writesBehind) }
        } else { nil }
        let recordWarnings = folder.state.commit(.init(
            lastBuild: lastBuild, highlightCache: highlighted?.cache, python: highlighted?.python,
            forgetsPython: highlighted?.forgetsPython ?? false), listing: listing, besides: early, execution: execution)
        _ = await sharedWritten
        highlighter?.waitForHelpersToExit()
        if let python = highlighted?.python { sharedHighlightCache?.writePython(python) }
        if highlighted?.forgetsPython == true { sharedHighlightCache?.removePython() }
        var summary = site.summary
        summary.warnings += warnings + (searched?.warning.map { [$0] } ?? []) + recordWarnings
        summary.searchSeconds = searched?.seconds
        summary.codeBlocks = highlighted.map { BuildSummary.CodeBlocks(blocks: $0.blocks, highlighted: $0.highlighted, fromCache: $0.fromCache) }
        return Outcome(site: site, summary: summary, report: report, duration: ContinuousClock.now - started, execution: execution.kind)
    }
}
