import Foundation

/// What the builds before this one left in `out/.blogpager/`, read once, under
/// the lock, before anything is rendered: the incremental lookup. A build
/// that was killed left its journal; the files it names are ours, whatever
/// their bytes, and nothing recorded about them is trusted.
struct PreviousBuild: Sendable {
    /// Nil for a folder no finished build has written.
    var manifest: OutputManifest?
    /// Files a build that did not finish may have written.
    var interrupted: [String]
    /// Until the reuse lookup takes it (`handingOverReuse`): its slots (about two for each entry)
    /// are then held by the lookup alone, and let go once it is made.
    private(set) var renderCache: RenderCache?
    /// The generation of the last build's outputs (`RenderKeys.generation`); nil without a render cache.
    let renderGeneration: String?
    var staticFiles: StaticFileCache?
    /// The last build's entries, until the build takes them (`EntryCache.handedOver()`).
    var entryCache: EntryCache
    /// How many entries the last build's cache held (it stays known once the cache is handed over).
    let entriesCached: Int
    /// A warning for each record that is there but damaged (`StateFolder.damaged`).
    var damage: [Diagnostic] = []

    /// Nothing: a new folder.
    init() {
        manifest = nil
        interrupted = []
        renderCache = nil
        renderGeneration = nil
        staticFiles = nil
        entryCache = EntryCache()
        entriesCached = 0
    }

    /// Reads every record; `cache` is the entry cache the caller already holds
    /// (the watcher's, in memory), read from the folder when it is empty. The
    /// static files' record is read only when `program` made it (never without one).
    init(reading state: StateFolder, cache: EntryCache, program: ProgramIdentity? = nil) throws(BuildFailure) {
        // The two largest records are read beside the files list, each on a thread of its own.
        let renderCache = BackgroundValue { RenderCache.read(in: state) }
        let entryCache = cache.count > 0 ? nil : BackgroundValue { EntryCache.read(in: state) }
        do {
            manifest = try OutputManifest.read(in: state)
        } catch {
            throw BuildFailure(.error(
                at: SourceLocation(path: "\(state.output.shown)/\(StateFolder.name)/\(StateFolder.Record.marker.rawValue)"),
                "unreadable manifest: \(error)"))
        }
        interrupted = state.interruptedWrites()
        let staticFiles = program.map { StaticFileCache.read(in: state, program: $0) }
        self.staticFiles = staticFiles?.cache
        let (readRenderCache, renderDamage) = renderCache.value
        self.renderCache = readRenderCache
        renderGeneration = readRenderCache?.generation
        let readEntryCache = entryCache?.value
        self.entryCache = readEntryCache?.cache ?? cache
        entriesCached = self.entryCache.count
        damage = [renderDamage, readEntryCache?.damage, staticFiles?.damage].compactMap { $0 }
    }

    /// Our files, each with the digest of its bytes, or an empty one where they are not known
    /// (a killed build's, a format-1 manifest's): one map, not a set of paths beside it.
    var ownedFiles: [String: String] {
        var owned = manifest?.digests ?? Dictionary(uniqueKeysWithValues: (manifest?.files ?? []).map { ($0, "") })
        for path in interrupted { owned[path] = "" }
        return owned
    }

    /// The last build's record, when it finished with these inputs, no build
    /// was killed since, and every output is as it wrote it: then there is
    /// nothing to do. Reads that record alone, so a build that finds nothing
    /// changed reads no more than it must.
    /// A damaged record is none, with its warning.
    static func unchanged(in state: StateFolder, inputs: String?, now: Date, execution: any BuildExecution) -> (record: BuildRecord?, damage: Diagnostic?) {
        guard let inputs, !state.contains(.journal) else { return (nil, nil) }
        let (record, damage) = BuildRecord.read(in: state, ifMadeFrom: inputs)
        guard let record, record.isCurrent(inputs: inputs, now: now, output: state.output, execution: execution) else { return (nil, damage) }
        return (record, nil)
    }

    /// What this build may keep of the last one's outputs (stats them once, on a thread of its
    /// own). The render cache goes to the lookup: none is held here from then on.
    mutating func handingOverReuse(in output: OutputFolder, execution: any BuildExecution) -> ReuseLookup.Pending? {
        defer { renderCache = nil }
        guard let renderCache, let digests = manifest?.digests else { return nil }
        return ReuseLookup.Pending(cache: renderCache, digests: digests, interrupted: Set(interrupted), output: output, execution: execution)
    }

    /// Which copies of static files this build may keep (stats them once).
    func copies(in output: OutputFolder, execution: any BuildExecution) -> StaticFileLookup? {
        guard let staticFiles, let digests = manifest?.digests else { return nil }
        return StaticFileLookup(cache: staticFiles, digests: digests, interrupted: Set(interrupted), output: output, execution: execution)
    }
}
