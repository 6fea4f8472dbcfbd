/// How a `CursorIndex` is written: `index.json`, which a client reads first
/// and re-reads to notice new entries, kept under `rootLimit` bytes whatever
/// the size of the archive; and for a large stream, its pages cut into parts,
/// immutable files named by their hash that `index.json` lists with the
/// cursors each spans. Any entry is then at most three requests away: the
/// root, one part, one fragment.
///
/// A small stream keeps all its pages in the root (one "inline" part). A large
/// one is cut where a page's id hash falls under 1/`partSize` (the head page
/// never cuts, since its id changes on every publish): boundaries belong to
/// the pages themselves, so publishing rewrites only the newest part, and a
/// page split deep in the archive only the part around it. `partSize` starts
/// at 16 pages and doubles until the root fits, which happens only when the
/// archive has about doubled.
struct IndexFiles {
    static let rootLimit = 16_000
    static let smallestPartSize = 16

    struct File {
        var path: OutputPath
        var bytes: [UInt8]
    }

    /// The root and the parts, each part written or kept as the last build wrote it.
    struct Made {
        var root: File
        var parts: [MadePart]
    }

    /// A part: by the id of its newest page and its key (`RenderKeys.indexPart`), written or kept.
    struct MadePart {
        enum Output {
            case written(File)
            case kept(KeptFile)
        }

        var newestPageID: String
        var key: String
        var output: Output

        var file: File? { if case .written(let file) = output { file } else { nil } }
        var kept: KeptFile? { if case .kept(let kept) = output { kept } else { nil } }
        var path: OutputPath {
            switch output {
            case .written(let file): file.path
            case .kept(let kept): kept.path
            }
        }
    }

    let index: CursorIndex
    /// Where the root goes (`index.json` in the stream's folder).
    let rootPath: OutputPath
    /// The path of a part, given a content-hashed file name.
    let partPath: (String) -> OutputPath
    /// The URL of an output path.
    let url: (OutputPath) -> String
    /// The last build's file of a part with this newest page and key, if it is kept: a part is
    /// then not encoded again (publishing changes the newest part alone).
    var keptPart: (_ newestPageID: String, _ key: String) -> KeptFile? = { _, _ in nil }

    /// The root first, then the parts (none for a small stream), all written.
    func files() -> [File] {
        let made = make()
        return [made.root] + made.parts.compactMap(\.file)
    }

    /// The root and the parts, those `keptPart` finds kept, not encoded.
    func make() -> Made {
        // An empty stream has no parts at all. A page entry takes well over 200 bytes,
        // so past `rootLimit / 200` pages inline cannot fit and is not even tried.
        if index.pages.count <= Self.rootLimit / 200 {
            let inline = root(parts: index.pages.isEmpty ? [] : [Part(pages: index.pages[...], url: nil)])
            if inline.count <= Self.rootLimit { return Made(root: File(path: rootPath, bytes: inline), parts: []) }
        }
        // Choose the part size on the root alone (a part's URL has the same length
        // whatever its hash), then encode the parts once.
        let placeholder = String(repeating: "0", count: ContentHashedName.digits)
        var partSize = Self.smallestPartSize
        var ranges = Self.partRanges(index.pages, partSize: partSize)
        while ranges.count > 1,
              root(parts: ranges.map { Part(pages: index.pages[$0], url: url(partPath("pages-\(index.pages[$0.lowerBound].id).\(placeholder).json"))) }).count > Self.rootLimit {
            partSize *= 2
            ranges = Self.partRanges(index.pages, partSize: partSize)
        }
        var made: [MadePart] = []
        var parts: [Part] = []
        for range in ranges {
            let pages = index.pages[range]
            let newest = pages.first!.id
            let key = RenderKeys.indexPart(version: CursorIndex.formatVersion, generator: index.generator, pages: pages)
            let part: MadePart
            if let kept = keptPart(newest, key) {
                part = MadePart(newestPageID: newest, key: key, output: .kept(kept))
            } else {
                let bytes = DeterministicJSON.bytes(PartFile(version: CursorIndex.formatVersion, generator: index.generator, pages: Array(pages)))
                let file = File(path: partPath(ContentHashedName.make("pages-\(newest).json", bytes: bytes)), bytes: bytes)
                part = MadePart(newestPageID: newest, key: key, output: .written(file))
            }
            made.append(part)
            parts.append(Part(pages: pages, url: url(part.path)))
        }
        return Made(root: File(path: rootPath, bytes: root(parts: parts)), parts: made)
    }

    /// Part ranges over the pages (newest first), cut by the pager's rule (`Pager.boundaries`): a page
    /// whose id hash is under 1/`partSize` of the hash space starts a part (it is the part's newest
    /// page); of two such pages closer than a quarter part, the older one wins, so parts are not
    /// tiny and every choice stays local.
    static func partRanges(_ pages: [CursorIndex.PageEntry], partSize: Int) -> [Range<Int>] {
        let cuts = Pager.boundaries(hashes: pages.map { StableHash.hash($0.id) }, threshold: UInt64.max / UInt64(partSize), minimum: max(1, partSize / 4))
        let starts = [0] + cuts.filter { $0 > 0 }
        return starts.indices.map { starts[$0]..<(starts.indices.contains($0 + 1) ? starts[$0 + 1] : pages.count) }
    }

    private struct Part {
        var pages: ArraySlice<CursorIndex.PageEntry>
        var url: String?
    }

    private func root(parts: [Part]) -> [UInt8] {
        DeterministicJSON.bytes(Root(
            version: index.version, generator: index.generator, stream: index.stream, order: index.order,
            display_order: index.display_order, entries: index.entries, page_size: index.page_size, front: index.front,
            months: index.months,
            parts: parts.map { part in
                PartSummary(
                    count: part.pages.count, entries: part.pages.map(\.count).reduce(0, +),
                    first: part.pages.first!.first, last: part.pages.last!.last,
                    url: part.url, pages: part.url == nil ? Array(part.pages) : nil)
            }))
    }

    /// `index.json` as written.
    struct Root: Encodable {
        var version: Int
        var generator: String
        var stream: CursorIndex.StreamValue
        var order: String
        var display_order: String
        var entries: Int
        var page_size: Int
        var front: [String]
        var months: [CursorIndex.MonthCount]
        var parts: [PartSummary]
    }

    /// One part as the root lists it: what it spans, and its pages or where they are.
    struct PartSummary: Encodable {
        var count: Int
        var entries: Int
        var first: CursorIndex.CursorValue
        var last: CursorIndex.CursorValue
        // Exactly one of the two (absent keys are left out): the pages here, or the part that holds them.
        var url: String?
        var pages: [CursorIndex.PageEntry]?
    }

    /// A part file: a run of consecutive pages, newest first.
    struct PartFile: Encodable {
        var version: Int
        var generator: String
        var pages: [CursorIndex.PageEntry]
    }
}
