/// A file published as it is (a static file, a page bundle's image): where it
/// goes, and where its bytes are. One found on disk is read only when the build
/// copies it: a rebuild that finds it as the last build copied it
/// (`StaticFileLookup`) keeps the copy without reading a byte of it.
public struct StaticFile: Sendable, Hashable {
    public var path: OutputPath
    public var content: Content

    public enum Content: Sendable, Hashable {
        /// Made in memory (a test's site, a page published as it is).
        case bytes([UInt8])
        /// A file on disk, as it was found.
        case file(Source)
    }

    /// A file on disk that is copied: where it is, how messages name it, and
    /// what its `stat` said when it was found (`FileIdentity.recordText`).
    public struct Source: Sendable, Hashable {
        public var filePath: String
        public var shownPath: String
        public var identity: String
        /// Where it is read from: the disk, or a tree in memory.
        public var files: FileSystem

        public init(filePath: String, shownPath: String, identity: String, in files: FileSystem) {
            self.filePath = filePath
            self.shownPath = shownPath
            self.identity = identity
            self.files = files
        }
    }

    public init(path: OutputPath, content: Content) {
        self.path = path
        self.content = content
    }

    public init(path: OutputPath, bytes: [UInt8]) {
        self.init(path: path, content: .bytes(bytes))
    }

    /// The file on disk it is copied from; nil for bytes made in memory.
    public var source: Source? {
        if case .file(let source) = content { source } else { nil }
    }
}
