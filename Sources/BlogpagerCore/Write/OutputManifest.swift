import Foundation

/// `out/.blogpager/manifest.json`: the marker that says blogpager wrote this
/// folder, and the list of files it wrote (all others are the user's).
public struct OutputManifest: Sendable, Equatable, Codable {
    public static let folder = ".blogpager"
    public static let fileName = "manifest.json"

    public var generator = "blogpager"
    public var format = 2
    public var files: [String]
    /// Path → `<size>-<hash>` of the bytes written (format 2), so the next
    /// build knows what is unchanged without reading the old files.
    public var digests: [String: String]?

    public init(files: [String], digests: [String: String]? = nil) {
        self.files = files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        self.digests = digests
    }

    /// What the manifest records for a file's bytes.
    public static func digest(of bytes: [UInt8]) -> String {
        "\(bytes.count)-\(StableHash.hex(StableHash.hash(bytes)))"
    }

    public func encoded() -> Data {
        Data(DeterministicJSON.bytes(self))
    }

    /// The manifest of `folder`, nil when there is none (not our folder).
    public static func read(in folder: URL) throws -> OutputManifest? {
        let url = folder.appending(path: Self.folder).appending(path: Self.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(OutputManifest.self, from: Data(contentsOf: url))
    }
}
