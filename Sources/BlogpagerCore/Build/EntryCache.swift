import Foundation

/// Entries already read, by source path, each with the source it was read from
/// (its identity: the bytes, or the file's `stat`): a rebuild reads again only
/// the files that changed. Valid for one program and config; any other starts
/// it empty. `blogpager serve --watch` keeps it in memory between builds; a
/// `blogpager build` finds the last one in `out/.blogpager/entry-cache`.
public struct EntryCache: Sendable {
    static let fileName = "entry-cache"
    private static let format = 2

    /// What the entries were read under: this program and these settings.
    private var key: String?
    private var entries: [String: Entry] = [:]

    public init() {}

    public var count: Int { entries.count }

    /// The key a cache must carry to serve a build under `config`.
    static func key(for config: SiteConfig) -> String {
        StableHash.key(["entry-cache \(format)", "program " + (InputFingerprint.identity(of: "/proc/self/exe") ?? "-")] + config.keyParts)
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

    static func location(in output: String) -> String {
        output + "/" + OutputManifest.folder + "/" + fileName
    }

    private static func header(key: String) -> String {
        "blogpager entry-cache \(format) \(key)"
    }

    /// The cache the last build left in `out/`; empty when there is none or any line is damaged.
    static func read(in output: String) -> EntryCache {
        guard let data = FileManager.default.contents(atPath: location(in: output)) else { return EntryCache() }
        let bytes = [UInt8](data)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first else { return EntryCache() }
        let header = String(decoding: first, as: UTF8.self)
        let prefix = Self.header(key: "")
        guard header.hasPrefix(prefix) else { return EntryCache() }
        let decoded = Array(lines.dropFirst()).parallelMap(EntryRecord.entry)
        var entries: [Entry] = []
        entries.reserveCapacity(decoded.count)
        for entry in decoded {
            guard let entry else { return EntryCache() }
            entries.append(entry)
        }
        return EntryCache(key: String(header.dropFirst(prefix.count)), entries: entries)
    }

    /// Entries in source order, so the same build writes the same bytes.
    func write(in output: String) throws {
        guard let key else { return }
        let sorted = entries.sorted { $0.key.precedesInBytes($1.key) }.map(\.value)
        var bytes = Array((Self.header(key: key) + "\n").utf8)
        for line in sorted.parallelMap(EntryRecord.line) {
            guard let line else { continue }
            bytes += line
            bytes.append(0x0A)
        }
        try OutputWriter.replace(Self.location(in: output), with: bytes)
    }
}
