/// What a successful build made: every output file, the index, what was left out.
public struct SiteBuild: Sendable {
    public var files: [OutputFile]
    public var index: CursorIndex
    public var archive: Archive
    /// Every stream's cursor index, by folder (`""` for the main one, `tags/swift`).
    public var streamIndexes: [String: CursorIndex]
    /// Findings that did not stop the build (no `base_url`, so no feeds).
    public var warnings: [Diagnostic]
    public var skippedDrafts: Int
    public var skippedFuture: Int
    /// Every entry read in this build, to pass to the next one.
    public var entryCache: EntryCache
    /// How many sources were parsed (the rest came from the cache).
    public var entriesRead: Int
}
