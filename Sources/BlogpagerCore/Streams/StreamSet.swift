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
        func stream(_ kind: EntryStream.Kind, _ folder: [String], _ name: String, _ positions: [Int]) -> EntryStream {
            EntryStream(kind: kind, folder: folder, name: name,
                        archive: Archive(newestFirst: positions.map { archive.entries[$0] }, pageSize: pageSize),
                        mainPositions: positions)
        }
        self.taxonomies = taxonomies.compactMap { taxonomy in
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
            guard !bySlug.isEmpty else { return nil }
            let streams = bySlug.keys.sorted { $0.precedesInBytes($1) }.map { slug in
                let group = bySlug[slug]!
                // The spelling most entries use; ties go to the first in byte order, so builds agree.
                let name = group.spellings.max { a, b in
                    a.value != b.value ? a.value < b.value : b.key.precedesInBytes(a.key)
                }!.key
                return stream(.term(taxonomy), [taxonomy.key, slug], name, group.positions)
            }
            return TaxonomyStreams(taxonomy: taxonomy, streams: streams, termFolders: termFolders)
        }

        var byMonth: [Int: [Int]] = [:]
        for (position, entry) in archive.entries.enumerated() {
            let wall = entry.date.local
            byMonth[wall.year * 100 + wall.month, default: []].append(position)
        }
        months = byMonth.keys.sorted(by: >).map { key in
            let year = key / 100
            let month = key % 100
            return stream(.month, ["archive", String(year), month < 10 ? "0\(month)" : "\(month)"], monthName(year, month), byMonth[key]!)
        }
    }

    /// Every term's stream, taxonomy by taxonomy.
    public var terms: [EntryStream] { taxonomies.flatMap(\.streams) }

    /// The tags' streams, by slug.
    public var tags: [EntryStream] { taxonomies.first { $0.taxonomy == .tags }?.streams ?? [] }

    /// Every stream, the main one first.
    public var all: [EntryStream] { [main] + terms + months }
}
