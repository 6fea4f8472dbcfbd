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
    /// The site's other blogs (`SiteConfig.blogSections`), each with entries, in the config's order.
    public var sections: [EntryStream] = []
    /// In the config's order; only taxonomies some entry uses.
    public var taxonomies: [TaxonomyStreams]
    /// Newest month first.
    public var months: [EntryStream]

    /// The main stream and the term and month streams cut from it, as the site's config names them.
    public init(of archive: Archive, config: SiteConfig) {
        self.init(archive: archive, pageSize: config.pageSize, taxonomies: config.taxonomies, sections: config.blogSections,
                  monthName: DateDisplay(language: config.language).monthNames(), root: config.languageRoot,
                  mainFolder: config.archiveFolder)
    }

    /// `root`: where the language's archive is (`["fr"]`), before every stream's folder; `mainFolder`: the main
    /// stream's below it, where the site's own home page keeps the root (`["blog"]`).
    public init(archive: Archive, pageSize: Int, taxonomies: [Taxonomy] = Taxonomy.standard, sections blogSections: [BlogSection] = [],
                monthName: (_ year: Int, _ month: Int) -> String, root: [String] = [], mainFolder: [String] = []) {
        // Which entries each stream holds, found in one pass each; each stream's pages are then cut on all cores.
        struct Cut { var kind: EntryStream.Kind, folder: [String], name: String, positions: [Int], rooted = true }
        var cuts: [Cut] = []
        // The site's other blogs: each entry in the deepest section that holds it, the rest the main archive's.
        var sectionPositions = [[Int]](repeating: [], count: blogSections.count)
        var mainPositions: [Int] = []
        if blogSections.isEmpty {
            mainPositions = Array(archive.entries.indices)
        } else {
            for (position, entry) in archive.entries.enumerated() {
                if let section = BlogSection.index(of: entry.source, in: blogSections) {
                    sectionPositions[section].append(position)
                } else {
                    mainPositions.append(position)
                }
            }
        }
        // A site whose every dated entry is in a section: the fullest (the first of equals) is the main archive.
        var mainSection: Int?
        if mainPositions.isEmpty, let fullest = sectionPositions.indices.max(by: { (sectionPositions[$0].count, $1) < (sectionPositions[$1].count, $0) }),
           !sectionPositions[fullest].isEmpty {
            mainSection = fullest
            mainPositions = sectionPositions[fullest]
        }
        func stream(of cut: Cut) -> EntryStream {
            EntryStream(kind: cut.kind, folder: (cut.rooted ? root : []) + cut.folder, name: cut.name,
                        archive: Archive(newestFirst: cut.positions.map { archive.entries[$0] },
                                         cursorHashes: cut.positions.map { archive.cursorHashes[$0] }, pageSize: pageSize),
                        mainPositions: cut.positions)
        }
        // A site of one blog: the main stream is the archive itself, not a copy of it.
        main = mainPositions.count == archive.entries.count
            ? EntryStream(kind: .main, folder: root + mainFolder, name: "", archive: archive, mainPositions: mainPositions)
            : stream(of: Cut(kind: .main, folder: mainFolder, name: "", positions: mainPositions))
        for (index, section) in blogSections.enumerated() where index != mainSection && !sectionPositions[index].isEmpty {
            cuts.append(Cut(kind: .section, folder: section.streamFolder, name: section.title, positions: sectionPositions[index], rooted: section.isInLanguageRoot))
        }
        let sectionCount = cuts.count
        var used: [(taxonomy: Taxonomy, streams: Range<Int>, termFolders: [String: String])] = []
        for taxonomy in taxonomies {
            // Each spelling of a term is looked up once per entry that carries it; its slug is made once.
            var spellings: [(term: String, group: Int, uses: Int)] = []
            var spellingIndex: [String: Int] = [:]
            var groupOfSlug: [String: Int] = [:]
            var groups: [(slug: String, positions: [Int])] = []
            for (position, entry) in archive.entries.enumerated() {
                for term in entry.terms(of: taxonomy) {
                    let index: Int
                    if let known = spellingIndex[term] {
                        index = known
                    } else {
                        let slug = TagSlug.make(term)
                        let group = groupOfSlug[slug] ?? groups.count
                        if group == groups.count {
                            groups.append((slug, []))
                            groupOfSlug[slug] = group
                        }
                        index = spellings.count
                        spellings.append((term, group, 0))
                        spellingIndex[term] = index
                    }
                    let group = spellings[index].group
                    // Two spellings of one term in one entry count once.
                    if groups[group].positions.last != position { groups[group].positions.append(position) }
                    spellings[index].uses += 1
                }
            }
            guard !groups.isEmpty else { continue }
            var termFolders: [String: String] = [:]
            var names = [(term: String, uses: Int)?](repeating: nil, count: groups.count)
            for spelling in spellings {
                let slug = groups[spelling.group].slug
                termFolders[spelling.term] = slug
                // The spelling most entries use; ties go to the first in byte order, so builds agree.
                if let best = names[spelling.group], best.uses > spelling.uses || (best.uses == spelling.uses && best.term.precedesInBytes(spelling.term)) {
                    continue
                }
                names[spelling.group] = (spelling.term, spelling.uses)
            }
            let first = cuts.count
            for group in groups.indices.sorted(by: { groups[$0].slug.precedesInBytes(groups[$1].slug) }) {
                cuts.append(Cut(kind: .term(taxonomy), folder: [taxonomy.key, groups[group].slug], name: names[group]!.term,
                                positions: groups[group].positions))
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
        let streams = cuts.parallelMap(stream(of:))
        sections = Array(streams[0..<sectionCount])
        self.taxonomies = used.map { TaxonomyStreams(taxonomy: $0.taxonomy, streams: Array(streams[$0.streams]), termFolders: $0.termFolders) }
        months = Array(streams[firstMonth...])
    }

    /// Every term's stream, taxonomy by taxonomy.
    public var terms: [EntryStream] { taxonomies.flatMap(\.streams) }

    /// The tags' streams, by slug.
    public var tags: [EntryStream] { taxonomies.first { $0.taxonomy == .tags }?.streams ?? [] }

    /// Every stream, the main one first, then the other blogs, the terms and the months.
    public var all: [EntryStream] { [main] + sections + terms + months }

    /// Where each entry sits in its own blog's stream (the main one, or its section's).
    public struct HomePlaces: Sendable {
        /// The main stream, then the sections.
        public let blogs: [EntryStream]
        /// By whole-archive position; nil where the main stream holds every entry in order.
        let places: [(blog: Int, index: Int)]?

        public func place(of position: Int) -> (stream: EntryStream, index: Int) {
            guard let places else { return (blogs[0], position) }
            let place = places[position]
            return (blogs[place.blog], place.index)
        }
    }

    public var homePlaces: HomePlaces {
        let blogs = [main] + sections
        guard !sections.isEmpty else { return HomePlaces(blogs: blogs, places: nil) }
        // Every entry is in one blog: together they count the whole archive.
        var places = [(blog: Int, index: Int)](repeating: (0, 0), count: blogs.map(\.mainPositions.count).reduce(0, +))
        for (blog, stream) in blogs.enumerated() {
            for (index, position) in stream.mainPositions.enumerated() { places[position] = (blog, index) }
        }
        return HomePlaces(blogs: blogs, places: places)
    }
}
