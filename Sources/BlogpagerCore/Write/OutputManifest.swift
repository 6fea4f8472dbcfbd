import Foundation

/// What marks `out/` as blogpager's and lists the files it wrote there (all
/// others are the user's). Two files in `out/.blogpager/`:
/// - `manifest.json`, the marker: `{"format": 3, "generator": "blogpager", "list": "files"}`;
/// - `files`, the list: one line per file, `<path>\t<size>-<hash>`, sorted by path.
///
/// The list is lines, not JSON, because a large site's list is megabytes and
/// every rebuild reads and writes it: Foundation's JSON coding of it took a
/// tenth of a one-entry rebuild. Format 2 (`files` and `digests` inside
/// `manifest.json`) is still read, so an older build's folder is recognised.
public struct OutputManifest: Sendable, Equatable {
    public static let folder = ".blogpager"
    public static let fileName = "manifest.json"
    public static let listFileName = "files"
    static let format = 3

    public var files: [String]
    /// Path → `<size>-<hash>` of the bytes written, so the next build knows
    /// what is unchanged without reading the old files. Nil for a format-1 manifest.
    public var digests: [String: String]?

    public init(files: [String], digests: [String: String]? = nil) {
        self.files = files.sorted { $0.precedesInBytes($1) }
        self.digests = digests
    }

    /// Files already in byte order, as the list keeps them.
    private init(sortedFiles: [String], digests: [String: String]) {
        files = sortedFiles
        self.digests = digests
    }

    /// What the manifest records for a file's bytes.
    public static func digest(of bytes: [UInt8]) -> String {
        "\(bytes.count)-\(StableHash.hex(StableHash.contentHash(bytes)))"
    }

    /// The marker's JSON: the format, and formats 1 and 2's lists.
    private struct Marker: Codable {
        var generator: String
        var format: Int
        /// Format 3: the list file's name, beside the marker.
        var list: String?
        var files: [String]?
        var digests: [String: String]?
    }

    /// The bytes of `manifest.json`; the same for every format-3 folder.
    static func markerBytes() -> [UInt8] {
        DeterministicJSON.bytes(Marker(generator: "blogpager", format: format, list: listFileName))
    }

    /// The bytes of the `files` list.
    func listBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.count * 96)
        for path in files {
            bytes += path.utf8
            bytes.append(0x09)
            bytes += (digests?[path] ?? "").utf8
            bytes.append(0x0A)
        }
        return bytes
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The manifest of `folder` (`out/`, resolved), nil when there is none (not our folder).
    public static func read(in folder: String) throws -> OutputManifest? {
        let markerPath = folder + "/" + Self.folder + "/" + fileName
        guard FileManager.default.fileExists(atPath: markerPath) else { return nil }
        let marker = try JSONDecoder().decode(Marker.self, from: Data(contentsOf: URL(fileURLWithPath: markerPath)))
        guard marker.generator == "blogpager" else { throw Unreadable(description: "not written by blogpager") }
        guard marker.format >= 3 else {
            return OutputManifest(files: marker.files ?? [], digests: marker.digests)
        }
        guard marker.format == format, let list = marker.list, !list.contains("/") else {
            throw Unreadable(description: "format \(marker.format) is not one this blogpager reads")
        }
        let listPath = folder + "/" + Self.folder + "/" + list
        guard let data = FileManager.default.contents(atPath: listPath) else {
            throw Unreadable(description: "\(Self.folder)/\(list) is missing")
        }
        var files: [String] = []
        var digests: [String: String] = [:]
        // Split as an array: `Data`'s generic split is several times slower.
        for line in [UInt8](data).split(separator: 0x0A) {
            guard let tab = line.firstIndex(of: 0x09) else {
                throw Unreadable(description: "\(Self.folder)/\(list) has a line without a digest")
            }
            let path = String(decoding: line[..<tab], as: UTF8.self)
            files.append(path)
            digests[path] = String(decoding: line[(tab + 1)...], as: UTF8.self)
        }
        return OutputManifest(sortedFiles: files, digests: digests)
    }
}
