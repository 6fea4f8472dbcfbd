/// One input file's bytes and names; reading the disk happens elsewhere, so
/// the whole pipeline can run on files held in memory.
public struct SourceFile: Sendable, Hashable {
    /// The path to show in messages (as the user would type it).
    public var displayPath: String
    /// The path below the content folder, `/`-separated.
    public var relativePath: String
    public var bytes: [UInt8]

    public init(displayPath: String, relativePath: String, bytes: [UInt8]) {
        self.displayPath = displayPath
        self.relativePath = relativePath
        self.bytes = bytes
    }

    /// The file name without folders.
    public var fileName: String {
        String(relativePath.split(separator: "/").last ?? Substring(relativePath))
    }
}
