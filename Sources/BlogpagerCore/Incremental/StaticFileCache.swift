/// `out/.blogpager/static-files`: for each file the last build copied as it is
/// (static files, page bundles' files), the `stat` identity of its source, the
/// digest of the copy and, for an image, its size. A rebuild that finds the same
/// source identity at the same output path, and the copy still as written
/// (`StaticFileLookup`), keeps the copy without reading the source: a blog's
/// images are most of its bytes, and most rebuilds change none of them.
///
/// It holds no absolute path (`out/` may be published whole): a line is
/// `<output path>\t<source identity>\t<digest>\t<width>x<height>` (`-` for no
/// image size). Valid for the program that wrote it (its header's key): another
/// may read image sizes differently.
struct StaticFileCache: Sendable, Equatable {
    private static let format = RecordText(kind: "static-files", version: 1)

    struct Copy: Sendable, Equatable {
        var path: String
        /// The source's `FileIdentity.recordText` when it was copied.
        var sourceIdentity: String
        /// The manifest digest of the bytes written.
        var digest: String
        var imageSize: ImageSize?
    }

    var copies: [Copy]

    /// The record's key for the program that builds.
    static func key(program: ProgramIdentity) -> String {
        StableHash.digest(Array(program.text.utf8))
    }

    /// The cache in `state` for this program; nil when there is none, or it is another
    /// program's, of another version, or damaged.
    /// With the warning for a damaged one (`StateFolder.damaged`).
    static func read(in state: StateFolder, program: ProgramIdentity) -> (cache: StaticFileCache?, damage: Diagnostic?) {
        guard let bytes = state.read(.staticFiles) else { return (nil, nil) }
        guard let (key, lines) = format.parse(bytes) else { return (nil, format.isDamaged(bytes) ? state.damaged(.staticFiles) : nil) }
        guard key == Self.key(program: program) else { return (nil, nil) }
        var copies: [Copy] = []
        copies.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() {
            let fields = RecordText.fields(line)
            guard fields.count == 4 else { return (nil, state.damaged(.staticFiles, line: number + 2)) }
            var imageSize: ImageSize?
            if fields[3] != [UInt8(ascii: "-")] {
                let sides = fields[3].split(separator: UInt8(ascii: "x"), omittingEmptySubsequences: false)
                guard sides.count == 2, let width = RecordText.decimal(sides[0]), let height = RecordText.decimal(sides[1]) else {
                    return (nil, state.damaged(.staticFiles, line: number + 2))
                }
                imageSize = ImageSize(width: width, height: height)
            }
            copies.append(Copy(path: RecordText.string(fields[0]), sourceIdentity: RecordText.string(fields[1]),
                               digest: RecordText.string(fields[2]), imageSize: imageSize))
        }
        return (StaticFileCache(copies: copies), nil)
    }

    /// A file this build copied from disk or kept: its digest is the writer's.
    struct Copied: Sendable {
        var path: OutputPath
        var sourceIdentity: String
        var imageSize: ImageSize?
    }

    /// The next build's record as this one leaves it: what it copied or kept
    /// (`StaticFileCopies`), with the digests the writer reported.
    struct Made: Sendable {
        var key: String
        var copies: [Copied]
        var digests: [String: String]

        /// Output paths never hold tabs or newlines (`OutputPath` forbids control
        /// characters), and identities are digits, dots and spaces.
        func encode(_ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            var run = StaticFileCache.format.header(key: key)
            for copy in copies {
                let path = copy.path.string
                guard let digest = digests[path] else { continue }
                let size = copy.imageSize.map { "\($0.width)x\($0.height)" } ?? "-"
                run += "\(path)\t\(copy.sourceIdentity)\t\(digest)\t\(size)\n".utf8
                try RecordText.hand(&run, to: write)
            }
            try RecordText.hand(&run, to: write, atEnd: true)
        }
    }
}
