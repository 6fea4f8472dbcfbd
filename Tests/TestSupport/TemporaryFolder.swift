import Foundation

/// A fresh folder under the system's temporary directory, removed on `remove()`.
public struct TemporaryFolder: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "blogpager-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    public func write(_ relative: String, _ text: String) throws {
        let file = url.appending(path: relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    public func write(_ relative: String, bytes: [UInt8]) throws {
        let file = url.appending(path: relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    /// Every file below `relative` with its bytes, by path: a snapshot to compare.
    public func snapshot(_ relative: String) throws -> [String: Data] {
        let root = url.appending(path: relative)
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [:] }
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = root.appending(path: path)
            if FileManager.default.fileExists(atPath: full.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: full)
            }
        }
        return files
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
