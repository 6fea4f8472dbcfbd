import Foundation

/// Which files under `out/` are blogpager's (all others are the user's), with
/// a digest of each, so a rebuild knows what is unchanged without reading it.
/// Kept in two records of `.blogpager/`:
/// - `manifest.json`, the marker: `{"format": 4, "generator": "blogpager", "list": "files"}`;
/// - `files`, the list: after the header line, one line per file, `<path>\t<size>-<hash>`, sorted by path.
///
/// The list is lines, not JSON: a large site's list is megabytes, and every
/// rebuild reads and writes it. Formats 2 (the list inside `manifest.json`)
/// and 3 (the list without its header line) are still read, so a folder an
/// earlier blogpager wrote is recognised.
public struct OutputManifest: Sendable, Equatable {
    static let format = 5
    private static let listFormat = RecordText(kind: "files", version: format)

    public var files: [String]
    /// Path → `<size>-<hash>` of the bytes written. Nil for a format-1 manifest.
    public var digests: [String: String]?
    /// Path → what the file is (`OutputClass`), for a deploy; since format 5. A file of a build
    /// that stopped part-way may have none.
    public var classes: [String: OutputClass]?

    /// Where a build tells the classes as the list is written, rather than hold them all in a table.
    private var classifier: OutputClassifier?

    public init(files: [String], digests: [String: String]? = nil, classes: [String: OutputClass]? = nil) {
        self.files = files.sorted { $0.precedesInBytes($1) }
        self.digests = digests
        self.classes = classes
    }

    /// A build's list: each file's class told by `classifier` as the list is written.
    init(files: [String], digests: [String: String], classifiedBy classifier: OutputClassifier) {
        self.init(files: files, digests: digests)
        self.classifier = classifier
    }

    /// What the file at `path` is; nil where the list does not say (before format 5, or a file of a
    /// build that stopped part-way).
    public func outputClass(of path: String) -> OutputClass? {
        classes?[path] ?? classifier?.classify(path)
    }

    /// Files already in byte order, as the list keeps them.
    private init(sortedFiles: [String], digests: [String: String], classes: [String: OutputClass]?) {
        files = sortedFiles
        self.digests = digests
        self.classes = classes
    }

    /// What the manifest records for a file's bytes.
    public static func digest(of bytes: [UInt8]) -> String {
        "\(bytes.count)-\(StableHash.hex(StableHash.contentHash(bytes)))"
    }

    /// The marker's JSON: the format, and formats 1 and 2's lists.
    private struct Marker: Codable {
        var generator: String
        var format: Int
        /// Since format 3: the list's name, beside the marker.
        var list: String?
        var files: [String]?
        var digests: [String: String]?
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The manifest in `state`, nil when there is none.
    static func read(in state: StateFolder) throws -> OutputManifest? {
        guard let markerBytes = state.read(.marker) else { return nil }
        let marker = try JSONDecoder().decode(Marker.self, from: Data(markerBytes))
        guard marker.generator == "blogpager" else { throw Unreadable(description: "not written by blogpager") }
        guard marker.format >= 3 else {
            return OutputManifest(files: marker.files ?? [], digests: marker.digests)
        }
        guard marker.format <= format, marker.list == StateFolder.Record.files.rawValue else {
            throw Unreadable(description: "format \(marker.format) is not one this blogpager reads")
        }
        guard let bytes = state.read(.files) else {
            throw Unreadable(description: "\(StateFolder.name)/\(StateFolder.Record.files.rawValue) is missing")
        }
        let lines: [ArraySlice<UInt8>]
        if marker.format == 3 {
            lines = bytes.split(separator: 0x0A)
        } else if let parsed = RecordText(kind: "files", version: marker.format).parse(bytes) {
            lines = parsed.lines
        } else {
            throw Unreadable(description: "\(StateFolder.name)/\(StateFolder.Record.files.rawValue) is not a list of format \(format)")
        }
        var files: [String] = []
        var digests: [String: String] = [:]
        var classes: [String: OutputClass]? = marker.format >= 5 ? [:] : nil
        files.reserveCapacity(lines.count)
        digests.reserveCapacity(lines.count)
        classes?.reserveCapacity(lines.count)
        let fieldCount = marker.format >= 5 ? 3 : 2
        for line in lines {
            let fields = RecordText.fields(line)
            guard fields.count == fieldCount else {
                throw Unreadable(description: "\(StateFolder.name)/\(StateFolder.Record.files.rawValue) has a line without a digest")
            }
            let path = RecordText.string(fields[0])
            files.append(path)
            digests[path] = RecordText.string(fields[1])
            if fieldCount == 3, let kind = OutputClass(rawValue: RecordText.string(fields[2])) { classes?[path] = kind }
        }
        return OutputManifest(sortedFiles: files, digests: digests, classes: classes)
    }

    /// The list first, then the marker: a marker always has its list.
    func write(in state: StateFolder) throws {
        try state.replace(.files) { write in
            var run = Self.listFormat.header()
            run.reserveCapacity(RecordText.runSize + 4096)
            for path in files {
                run += path.utf8
                run.append(0x09)
                run += (digests?[path] ?? "").utf8
                run.append(0x09)
                // `-`: not known (a file of a build that stopped part-way).
                run += (outputClass(of: path)?.rawValue ?? "-").utf8
                run.append(0x0A)
                try RecordText.hand(&run, to: write)
            }
            try RecordText.hand(&run, to: write, atEnd: true)
        }
        let marker = DeterministicJSON.bytes(Marker(generator: "blogpager", format: Self.format, list: StateFolder.Record.files.rawValue))
        if state.read(.marker) != marker { try state.replace(.marker, with: marker) }
    }
}
