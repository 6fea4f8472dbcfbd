/// Entries already read, by source path, with the identity of what they were
/// read from (the bytes, or the file's `stat`): a rebuild reads again only the
/// files that changed. Valid for one
/// config; a different config starts it empty.
public struct EntryCache: Sendable {
    private var config: SiteConfig?
    private var entries: [String: (identity: String, entry: Entry)] = [:]

    public init() {}

    public var count: Int { entries.count }

    /// The cached entry for a source, if the source and the config are unchanged.
    func entry(for source: SourceFile, config: SiteConfig) -> Entry? {
        guard self.config == config, let cached = entries[source.relativePath], cached.identity == source.identity else { return nil }
        return cached.entry
    }

    /// A cache of exactly these entries (sources that no longer exist drop out).
    init(config: SiteConfig, read: [(SourceFile, Entry)]) {
        self.config = config
        for (source, entry) in read { entries[source.relativePath] = (source.identity, entry) }
    }
}
