/// What a write changed on disk: the figures behind the stability invariant,
/// and the digest of every file the build made, for the records.
public struct WriteReport: Sendable, Equatable {
    /// Files whose bytes are new or changed.
    public var written: [OutputPath] = []
    /// Files left as they were (same inode, same modification time).
    public var unchanged = 0
    /// Files of ours from the previous build that this build no longer makes.
    public var removed: [String] = []
    /// Every file the build made or kept, in the order it made them.
    public var paths: [String] = []
    /// The digest of each of `paths` (`OutputManifest.digest(of:)`).
    public var digests: [String: String] = [:]
    /// What `stat` says of each file written, by its place in `paths`, as it was written.
    public var identities = WrittenIdentities()
    /// Records that could not be written (the site is complete; the next build does more work).
    public var warnings: [Diagnostic] = []

    public init() {}
}
