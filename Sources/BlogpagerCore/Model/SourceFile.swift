import Foundation

/// One input file: its names and where its bytes are. Held in memory (tests,
/// and any caller that builds a site from values), or a file on disk read only
/// when needed, so a build of a large archive never holds every source at once.
public struct SourceFile: Sendable, Hashable {
    /// The path to show in messages (as the user would type it).
    public var displayPath: String
    /// The path below the content folder, `/`-separated.
    public var relativePath: String
    public var content: Content
    /// Equal for equal bytes (in memory) or an untouched file (size, time, inode on disk).
    public var identity: String
    /// What the folder it was found in says of it (a draft, categories).
    public var folderFacts = FolderFacts()

    public enum Content: Sendable, Hashable {
        case bytes([UInt8])
        /// A file, read each time the bytes are needed, from the file system it was found in (the disk, or a tree in memory).
        case file(path: String, in: FileSystem)
    }

    /// A source as an earlier build recorded it: its names and identity, never its bytes (the
    /// entry it stands for takes the source found now, `Entry.reading(from:)`).
    init(recordedAt relativePath: String, identity: String) {
        self.displayPath = ""
        self.relativePath = relativePath
        self.content = .bytes([])
        self.identity = identity
    }

    public init(displayPath: String, relativePath: String, bytes: [UInt8]) {
        self.displayPath = displayPath
        self.relativePath = relativePath
        self.content = .bytes(bytes)
        self.identity = "bytes " + StableHash.digest(bytes)
    }

    /// A file a build found; `identity` describes it as it was when found (its `stat`).
    public init(displayPath: String, relativePath: String, filePath: String, identity: String, in files: FileSystem) {
        self.displayPath = displayPath
        self.relativePath = relativePath
        self.content = .file(path: filePath, in: files)
        self.identity = "file " + identity
    }

    /// The file the bytes are read from; nil for bytes held in memory.
    public var filePath: String? {
        if case .file(let path, _) = content { path } else { nil }
    }

    /// The bytes, read from disk if that is where they are.
    public func load() -> Result<[UInt8], Diagnostic> {
        switch content {
        case .bytes(let bytes):
            return .success(bytes)
        case .file(let path, let files):
            do {
                return .success(try files.read(path))
            } catch {
                return .failure(.error(at: SourceLocation(path: displayPath), "cannot read file: \(SystemErrorText.reason(error))"))
            }
        }
    }

    /// The names of a page bundle's entry (Hugo's and Zola's `name/index.md`, with its files beside it).
    public static let bundleIndexNames: Set<String> = ["index.md", "index.markdown"]

    /// Whether this is a page bundle's entry: named by its folder, its files published beside its page.
    public var isBundleIndex: Bool {
        relativePath.contains("/") && Self.bundleIndexNames.contains(baseFileName)
    }

    /// The file name without its language where it carries one (`post.md` for `post.fr.md`).
    public var baseFileName: String {
        folderFacts.languageInName ? FileNameParts.withoutLanguage(fileName, folderFacts.language) : fileName
    }

    /// The path that names it in every language (`posts/hello.md` for `posts/hello.fr.md`, or in a
    /// language's own content folder): what links a translation to the others, as Hugo and Zola link them.
    public var pathInEveryLanguage: String {
        guard folderFacts.languageInName else { return relativePath }
        let folders = relativePath.split(separator: "/").dropLast()
        return (folders + [Substring(baseFileName)]).joined(separator: "/")
    }

    /// The file's size as it was found (the first field of its `stat` identity), 0 where not known.
    var byteCount: Int {
        guard identity.hasPrefix("file ") else { return 0 }
        return Int(identity.dropFirst(5).prefix { $0 != " " }) ?? 0
    }

    /// The file name without folders.
    public var fileName: String {
        String(relativePath.split(separator: "/").last ?? Substring(relativePath))
    }
}
