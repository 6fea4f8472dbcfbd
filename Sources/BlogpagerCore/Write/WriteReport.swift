/// What a write changed on disk: the figures behind the stability invariant.
public struct WriteReport: Sendable, Equatable {
    /// Files whose bytes are new or changed.
    public var written: [OutputPath] = []
    /// Files left as they were (same inode, same modification time).
    public var unchanged = 0
    /// Files of ours from the previous build that this build no longer makes.
    public var removed: [String] = []

    public init() {}
}
