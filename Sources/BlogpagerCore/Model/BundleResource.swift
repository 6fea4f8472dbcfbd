/// A file of a page bundle (Hugo's and Zola's `name/index.md` with files
/// beside it): published beside the entry's page, so its relative links work.
public struct BundleResource: Sendable, Hashable {
    /// Its path inside the bundle's folder, `/`-separated.
    public var name: String
    /// Its bytes, or the file they are read from when the build copies it.
    public var content: StaticFile.Content

    public init(name: String, content: StaticFile.Content) {
        self.name = name
        self.content = content
    }
}
