/// The main stream and the streams cut from it: one per term of each
/// taxonomy (each tag, category, author), one per month. Each sub-stream keeps
/// the main order (a filter of a sorted list is sorted).
public struct StreamSet: Sendable {
    /// One taxonomy's streams, a stream per term, by the term's folder name.
    public struct TaxonomyStreams: Sendable {
        public var taxonomy: Taxonomy
        public var streams: [EntryStream]
        /// `<slug>` of each term as written in an entry.
        public var termFolders: [String: String]
    }

    public var main: EntryStream
    /// In the config's order; only taxonomies some entry uses.
    public var taxonomies: [TaxonomyStreams]
    /// Newest month first.
    public var months: [EntryStream]

    public init(archive: Archive, pageSize: Int, taxonomies: [Taxonomy] = Taxonomy.standard,
                monthName: (_ year: Int, _ month: Int) -> String) {
        main = EntryStream(kind: .main, folder: [], name: "", archive: archive, mainPositions: Array(archive.entries.indices))
        // Which entries each stream holds, found in one pass each; each stream's pages are then cut on all cores.
        struct Cut { var kind: EntryStream.Kind, folder: [String], name: String, positions: [Int] }
        var cuts: [Cut] = []
        var used: [(taxonomy: Taxonomy, streams: Range<Int>, termFolders: [String: String])] = []
        for taxonomy in taxonomies {
            var termFolders: [String: String] = [:]
            var bySlug: [String: (positions: [Int], spellings: [String: Int])] = [:]
            for (position, entry) in archive.entries.enumerated() {
                for term in entry.terms(of: taxonomy) {
                    let slug = termFolders[term] ?? TagSlug.make(term)
                    termFolders[term] = slug
                    // Two spellings of one term in one entry count once.
                    if bySlug[slug]?.positions.last != position { bySlug[slug, default: ([], [:])].positions.append(position) }
                    bySlug[slug]!.spellings[term, default: 0] += 1
                }
            }
            guard !bySlug.isEmpty else { continue }
            let first = cuts.count
            for slug in bySlug.keys.sorted(by: { $0.precedesInBytes($1) }) {
                let group = bySlug[slug]!
                // The spelling most entries use; ties go to the first in byte order, so builds agree.
                let name = group.spellings.max { a, b in
                    a.value != b.value ? a.value < b.value : b.key.precedesInBytes(a.key)
                }!.key
                cuts.append(Cut(kind: .term(taxonomy), folder: [taxonomy.key, slug], name: name, positions: group.positions))
            }
            used.append((taxonomy, first..<cuts.count, termFolders))
        }

        var byMonth: [Int: [Int]] = [:]
        for (position, entry) in archive.entries.enumerated() {
            let wall = entry.date.local
            byMonth[wall.year * 100 + wall.month, default: []].append(position)
        }
        let firstMonth = cuts.count
        for key in byMonth.keys.sorted(by: >) {
            let year = key / 100
            let month = key % 100
            cuts.append(Cut(kind: .month, folder: ["archive", String(year), month < 10 ? "0\(month)" : "\(month)"],
                            name: monthName(year, month), positions: byMonth[key]!))
        }
        let streams = cuts.parallelMap { cut in
            EntryStream(kind: cut.kind, folder: cut.folder, name: cut.name,
                        archive: Archive(newestFirst: cut.positions.map { archive.entries[$0] }, pageSize: pageSize),
                        mainPositions: cut.positions)
        }
        self.taxonomies = used.map { TaxonomyStreams(taxonomy: $0.taxonomy, streams: Array(streams[$0.streams]), termFolders: $0.termFolders) }
        months = Array(streams[firstMonth...])
    }

    /// Every term's stream, taxonomy by taxonomy.
    public var terms: [EntryStream] { taxonomies.flatMap(\.streams) }

    /// The tags' streams, by slug.
    public var tags: [EntryStream] { taxonomies.first { $0.taxonomy == .tags }?.streams ?? [] }

    /// Every stream, the main one first.
    public var all: [EntryStream] { [main] + terms + months }
}
