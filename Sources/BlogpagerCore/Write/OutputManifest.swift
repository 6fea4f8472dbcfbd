import Foundation

/// `out/.blogpager/manifest.json`: the marker that says blogpager wrote this
/// folder, and the list of files it wrote (all others are the user's).
public struct OutputManifest: Sendable, Equatable, Codable {
    public static let folder = ".blogpager"
    public static let fileName = "manifest.json"

    public var generator = "blogpager"
    public var format = 1
    public var files: [String]

    public init(files: [String]) {
        self.files = files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try! encoder.encode(self)) + Data("\n".utf8)
    }

    /// The manifest of `folder`, nil when there is none (not our folder).
    public static func read(in folder: URL) throws -> OutputManifest? {
        let url = folder.appending(path: Self.folder).appending(path: Self.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(OutputManifest.self, from: Data(contentsOf: url))
    }
}
