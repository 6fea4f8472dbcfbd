/// Entries already read, by source path, each with the source it was read from
/// (its identity: the bytes, or the file's `stat`): a rebuild reads again only
/// the files that changed. Valid for one program and config; any other starts
/// it empty. `blogpager serve --watch` keeps it in memory between builds; a
/// `blogpager build` finds the last one in `out/.blogpager/entry-cache`.
public struct EntryCache: Sendable {
    static let version = 9
    private static let format = RecordText(kind: "entry-cache", version: version)

    /// What the entries were read under: this program and these settings (`RenderKeys.entryCache`).
    private var key: String?
    private var entries: [String: Entry] = [:]
    /// The record's line of each entry read back from it, by source path: written again as it was
    /// while its source is unchanged, so a rebuild encodes only the entries it read.
    private var lines: [String: ArraySlice<UInt8>] = [:]

    public init() {}

    public var count: Int { entries.count }

    /// The key a cache must carry to serve a build under these settings.
    static func key(program: ProgramIdentity, config: SiteConfig) -> String {
        RenderKeys.entryCache(format: version, program: program, config: config)
    }

    /// The cached entry for a source, if the source (names and identity) and the key are unchanged.
    /// The cache's file keeps no absolute path (`out/` may be published whole): the entry takes
    /// the file's place from the source found now.
    func entry(for source: SourceFile, key: String) -> Entry? {
        guard self.key == key, let cached = entries[source.relativePath], cached.source.identity == source.identity else { return nil }
        return cached.reading(from: source)
    }

    /// A cache of exactly these entries (sources that no longer exist drop out), keeping the
    /// lines `previous` read back for those whose sources are unchanged.
    init(key: String, entries read: [Entry], previous: EntryCache = EntryCache()) {
        self.key = key
        let keepsLines = previous.key == key && !previous.lines.isEmpty
        for entry in read {
            let path = entry.source.relativePath
            entries[path] = entry
            if keepsLines, let line = previous.lines[path], let before = previous.entries[path],
               before.source.identity == entry.source.identity {
                lines[path] = line
            }
        }
    }

    /// The cache the last build left; empty when there is none, it is of another version, or any line is damaged.
    static func read(in state: StateFolder) -> EntryCache {
        guard let bytes = state.read(.entryCache), let (key, lines) = format.parse(bytes), let key else { return EntryCache() }
        // Each line is decoded from a copy of its own: the lines are slices of the record's one
        // buffer, and the fields a line is cut into would each retain that buffer, about forty
        // times an entry, from every core at once (all of them writing one cache line).
        let decoded = lines.parallelMap { EntryRecord.entry(ArraySlice(Array($0))) }
        var cache = EntryCache()
        cache.key = key
        cache.entries.reserveCapacity(decoded.count)
        cache.lines.reserveCapacity(decoded.count)
        for (entry, line) in zip(decoded, lines) {
            guard let entry else { return EntryCache() }
            cache.entries[entry.source.relativePath] = entry
            cache.lines[entry.source.relativePath] = line
        }
        return cache
    }

    /// Whether the cache can be written: one of no key (never built) has no record.
    var hasKey: Bool { key != nil }

    /// The record, entries in source order, so the same build writes the same bytes; in runs
    /// (`RecordText.hand`), the lines of entries read this time made `linesPerBatch` at a time
    /// over every core, so that neither the lines nor the record are ever all in memory.
    func encode(linesPerBatch: Int = 8192, _ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        guard let key else { return }
        var run = Self.format.header(key: key)
        run.reserveCapacity(RecordText.runSize + 65_536)
        let paths = entries.keys.sorted { $0.precedesInBytes($1) }
        for start in stride(from: 0, to: paths.count, by: linesPerBatch) {
            let batch = paths[start..<min(paths.count, start + linesPerBatch)]
            let made = batch.parallelMap { path in lines[path] == nil ? EntryRecord.line(entries[path]!) : nil }
            for (path, line) in zip(batch, made) {
                if let line = lines[path] {
                    run += line
                } else if let line {
                    run += line
                } else {
                    continue
                }
                run.append(0x0A)
                try RecordText.hand(&run, to: write)
            }
        }
        try RecordText.hand(&run, to: write, atEnd: true)
    }
}
