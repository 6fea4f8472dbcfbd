/// The main stream and the streams cut from it: one per tag, one per month.
/// Each sub-stream keeps the main order (a filter of a sorted list is sorted).
public struct StreamSet: Sendable {
    public var main: EntryStream
    /// By tag slug.
    public var tags: [EntryStream]
    /// Newest month first.
    public var months: [EntryStream]
    /// `tags/<slug>/` of each tag as written in an entry.
    public let tagFolders: [String: String]

    public init(archive: Archive, pageSize: Int, monthName: (_ year: Int, _ month: Int) -> String) {
        main = EntryStream(kind: .main, folder: [], name: "", archive: archive, mainPositions: Array(archive.entries.indices))

        var tagFolders: [String: String] = [:]
        var bySlug: [String: (positions: [Int], spellings: [String: Int])] = [:]
        var byMonth: [Int: [Int]] = [:]
        for (position, entry) in archive.entries.enumerated() {
            for tag in entry.tags {
                let slug = tagFolders[tag] ?? TagSlug.make(tag)
                tagFolders[tag] = slug
                // Two spellings of one tag in one entry count once.
                if bySlug[slug]?.positions.last != position { bySlug[slug, default: ([], [:])].positions.append(position) }
                bySlug[slug]!.spellings[tag, default: 0] += 1
            }
            let wall = entry.date.local
            byMonth[wall.year * 100 + wall.month, default: []].append(position)
        }
        func stream(_ kind: EntryStream.Kind, _ folder: [String], _ name: String, _ positions: [Int]) -> EntryStream {
            EntryStream(kind: kind, folder: folder, name: name,
                        archive: Archive(newestFirst: positions.map { archive.entries[$0] }, pageSize: pageSize),
                        mainPositions: positions)
        }
        self.tagFolders = tagFolders
        tags = bySlug.keys.sorted { $0.precedesInBytes($1) }.map { slug in
            let group = bySlug[slug]!
            // The spelling most entries use; ties go to the first in byte order, so builds agree.
            let name = group.spellings.max { a, b in
                a.value != b.value ? a.value < b.value : b.key.precedesInBytes(a.key)
            }!.key
            return stream(.tag, ["tags", slug], name, group.positions)
        }
        months = byMonth.keys.sorted(by: >).map { key in
            let year = key / 100
            let month = key % 100
            return stream(.month, ["archive", String(year), month < 10 ? "0\(month)" : "\(month)"], monthName(year, month), byMonth[key]!)
        }
    }

    /// Every stream, the main one first.
    public var all: [EntryStream] { [main] + tags + months }
}
