/// Entries already read, by source path, each with the source it was read from
/// (its identity: the bytes, or the file's `stat`): a rebuild reads again only
/// the files that changed. Valid for one program and config; any other starts
/// it empty. `blogpager serve --watch` keeps it in memory between builds; a
/// `blogpager build` finds the last one in `out/.blogpager/entry-cache`.
public struct EntryCache: Sendable {
    static let version = 8
    private static let format = RecordText(kind: "entry-cache", version: version)

    /// What the entries were read under: this program and these settings (`RenderKeys.entryCache`).
    private var key: String?
    private var entries: [String: Entry] = [:]

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
        guard self.key == key, let cached = entries[source.relativePath], cached.source.identity == source.identity,
              cached.source.displayPath == source.displayPath else { return nil }
        return cached.reading(from: source)
    }

    /// A cache of exactly these entries (sources that no longer exist drop out).
    init(key: String, entries read: [Entry]) {
        self.key = key
        for entry in read { entries[entry.source.relativePath] = entry }
    }

    /// The cache the last build left; empty when there is none, it is of another version, or any line is damaged.
    static func read(in state: StateFolder) -> EntryCache {
        guard let bytes = state.read(.entryCache), let (key, lines) = format.parse(bytes), let key else { return EntryCache() }
        let decoded = lines.parallelMap(EntryRecord.entry)
        var entries: [Entry] = []
        entries.reserveCapacity(decoded.count)
        for entry in decoded {
            guard let entry else { return EntryCache() }
            entries.append(entry)
        }
        return EntryCache(key: key, entries: entries)
    }

    /// Entries in source order, so the same build writes the same bytes; nil for a cache of no key.
    func bytes() -> [UInt8]? {
        guard let key else { return nil }
        let sorted = entries.sorted { $0.key.precedesInBytes($1.key) }.map(\.value)
        var bytes = Self.format.header(key: key)
        for line in sorted.parallelMap(EntryRecord.line) {
            guard let line else { continue }
            bytes += line
            bytes.append(0x0A)
        }
        return bytes
    }
}
