/// Entries already read, by source path, each with the source it was read from
/// (its identity: the bytes, or the file's `stat`): a rebuild reads again only
/// the files that changed. Valid for one program and config; any other starts
/// it empty. `blogpager serve --watch` keeps it in memory between builds; a
/// `blogpager build` finds the last one in `out/.blogpager/entry-cache`.
///
/// Kept as lists in the byte order of the source paths, the order a build reads its
/// sources in and the record's order: found by binary search, carried into the next
/// cache by one walk of both lists, written without a sort. (Two dictionaries of every
/// path, filled on reading and again for the next build, and a sort of every path
/// before writing, were a measurable part of an edit's rebuild.)
public struct EntryCache: Sendable {
    static let version = 10
    private static let format = RecordText(kind: "entry-cache", version: version)

    /// What the entries were read under: this program and these settings (`RenderKeys.entryCache`).
    private var key: String?
    /// In the byte order of their source paths, each path once.
    private var entries: [Entry] = []
    /// Where the record's line of each entry read back from it lies in `record` (nil for one
    /// read from its source): written again as it was while its source is unchanged, so a
    /// rebuild encodes only the entries it read.
    private var lines: [Range<Int>?] = []
    /// The record the lines lie in, mapped from its file (the last build's, which this build
    /// replaces by a rename: the mapping keeps its bytes). Its pages are handed back once read,
    /// so the lines of a huge archive are not held through the build to be written again.
    private(set) var record: RecordBytes?

    public init() {}

    public var count: Int { entries.count }

    /// The key a cache must carry to serve a build under these settings.
    static func key(program: ProgramIdentity, config: SiteConfig) -> String {
        RenderKeys.entryCache(format: version, program: program, config: config)
    }

    /// The cached entry for a source, if the source (names and identity) and the key are unchanged,
    /// with where its line lies in `record`. The cache's file keeps no absolute path (`out/` may be
    /// published whole): the entry takes the file's place from the source found now.
    func entry(for source: SourceFile, key: String) -> (entry: Entry, line: Range<Int>?)? {
        guard self.key == key, let position = position(of: source.relativePath) else { return nil }
        let cached = entries[position]
        guard cached.source.identity == source.identity else { return nil }
        return (cached.reading(from: source), lines[position])
    }

    /// This cache, leaving an empty one in its place: handed to a build that consumes it, the
    /// build is its only holder and can let it go before it ends.
    mutating func handedOver() -> EntryCache {
        defer { self = EntryCache() }
        return self
    }

    /// Where the entry read from `path` is, by binary search.
    private func position(of path: String) -> Int? {
        let position = entries.partitionPoint { !$0.source.relativePath.precedesInBytes(path) }
        guard position < entries.count, !path.precedesInBytes(entries[position].source.relativePath) else { return nil }
        return position
    }

    /// A cache of exactly these entries (sources that no longer exist drop out), each with
    /// where its line lies in `record` (those found unchanged in the last cache, `entry(for:key:)`);
    /// none without `lines`.
    init(key: String, entries read: [Entry], lines: [Range<Int>?] = [], record: RecordBytes? = nil) {
        self.key = key
        let carried = lines.count == read.count && record != nil ? lines : Array(repeating: nil, count: read.count)
        (entries, self.lines) = Self.inPathOrder(read, lines: carried)
        self.record = self.lines.contains { $0 != nil } ? record : nil
    }

    /// The entries in the byte order of their source paths, each path once (the last one read
    /// of a path is kept, as a dictionary by path kept it), each with its line. A build reads
    /// its sources in that order, so usually this only checks it.
    private static func inPathOrder(_ entries: [Entry], lines: [Range<Int>?]) -> ([Entry], [Range<Int>?]) {
        let precedes = { (a: Entry, b: Entry) in a.source.relativePath.precedesInBytes(b.source.relativePath) }
        if zip(entries, entries.dropFirst()).allSatisfy(precedes) { return (entries, lines) }
        let positions = entries.indices.sorted { a, b in
            let (x, y) = (entries[a].source.relativePath, entries[b].source.relativePath)
            return x.precedesInBytes(y) || (x == y && a < b)
        }
        var ordered: [Entry] = []
        var orderedLines: [Range<Int>?] = []
        for position in positions {
            let entry = entries[position]
            if let last = ordered.last, last.source.relativePath == entry.source.relativePath {
                ordered[ordered.count - 1] = entry
                orderedLines[orderedLines.count - 1] = lines[position]
            } else {
                ordered.append(entry)
                orderedLines.append(lines[position])
            }
        }
        return (ordered, orderedLines)
    }

    /// The cache the last build left; empty when there is none, it is of another version, any
    /// line is damaged, or its lines are not in path order, with the warning for a damaged one.
    static func read(in state: StateFolder) -> (cache: EntryCache, damage: Diagnostic?) {
        guard let record = state.map(.entryCache) else { return (EntryCache(), nil) }
        guard let (key, bodyStart) = format.parseHeader(record), let key else {
            let header = record.withUnsafeBytes { Array($0.prefix(4096)) }
            return (EntryCache(), format.isDamaged(header) ? state.damaged(.entryCache) : nil)
        }
        let lines = record.withUnsafeBytes { RecordText.lines(in: $0, from: bodyStart) }
        // Each line is decoded from a copy of its own: the fields a line is cut into would each
        // retain one shared buffer, about forty times an entry, from every core at once.
        let decoded = lines.parallelMap { line in record.withUnsafeBytes { EntryRecord.entry(ArraySlice(Array($0[line]))) } }
        // Read once; the lines are read again only as the next record is written.
        record.releasePages(before: record.count)
        var cache = EntryCache()
        cache.key = key
        cache.entries.reserveCapacity(decoded.count)
        for (number, entry) in decoded.enumerated() {
            guard let entry, cache.entries.last.map({ $0.source.relativePath.precedesInBytes(entry.source.relativePath) }) ?? true else {
                return (EntryCache(), state.damaged(.entryCache, line: number + 2))
            }
            cache.entries.append(entry)
        }
        cache.lines = lines
        cache.record = record
        return (cache, nil)
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
        var copiedSinceRelease = 0
        for start in stride(from: 0, to: entries.count, by: linesPerBatch) {
            let batch = start..<min(entries.count, start + linesPerBatch)
            let made = batch.parallelMap { position in lines[position] == nil || record == nil ? EntryRecord.line(entries[position]) : nil }
            for (position, line) in zip(batch, made) {
                if let place = lines[position], let record {
                    record.withUnsafeBytes { run.append(contentsOf: $0[place]) }
                    // The lines are in the record's order: its pages are let go as they go by.
                    copiedSinceRelease += place.count
                    if copiedSinceRelease >= RecordBytes.releaseInterval {
                        record.releasePages(before: place.lowerBound)
                        copiedSinceRelease = 0
                    }
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
