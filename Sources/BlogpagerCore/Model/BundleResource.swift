/// A file of a page bundle (Hugo's and Zola's `name/index.md` with files
/// beside it): published beside the entry's page, so its relative links work.
public struct BundleResource: Sendable, Hashable {
    /// Its path inside the bundle's folder, `/`-separated.
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}
