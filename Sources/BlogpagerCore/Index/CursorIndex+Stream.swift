/// A stream's cursor index, made from its paged archive and the URLs its pages and fragments were given.
extension CursorIndex {
    /// A stream's cursor index, once its pages and fragments have their URLs; `monthKeys` are its
    /// entries' months by main position (`monthKey`).
    init(of stream: EntryStream, pageURLs: [String], fragmentURLs: [String], monthKeys: [Int], config: SiteConfig, urls: SiteURLs) {
        let archive = stream.archive
        let pages = archive.pages.enumerated().map { index, page in
            let newest = archive.entries[page.range.lowerBound].cursor
            let oldest = archive.entries[page.range.upperBound - 1].cursor
            return CursorIndex.PageEntry(
                id: page.id,
                url: pageURLs[index],
                fragment: fragmentURLs[index],
                count: page.range.count,
                first: .init(date: newest.date.rfc3339, slug: newest.slug),
                last: .init(date: oldest.date.rfc3339, slug: oldest.slug),
                newer: archive.newer(than: index).map { archive.pages[$0].id },
                older: archive.older(than: index).map { archive.pages[$0].id })
        }
        self.init(
            version: CursorIndex.formatVersion,
            generator: "blogpager",
            stream: .init(kind: stream.kind.name, name: stream.kind == .main ? config.title : stream.name,
                          url: urls.path(of: stream.path("index.html")),
                          timeline: stream.kind == .month ? urls.path(of: urls.mainIndex) : nil),
            order: "newest-first",
            display_order: config.order.rawValue,
            entries: archive.entries.count,
            page_size: config.pageSize,
            front: archive.pages.prefix(archive.frontPageCount).map(\.id),
            pages: pages,
            months: Self.months(of: stream.mainPositions, monthKeys: monthKeys))
    }

    /// Every month with entries (as the authors' own calendars date them), newest first, and how
    /// many: of the entries at `positions` (main positions, newest first), each month as `monthKeys`
    /// has it (`RenderPlan.monthKeys`: one calendar reckoning per entry, not one per stream it is in).
    static func months(of positions: [Int], monthKeys: [Int]) -> [CursorIndex.MonthCount] {
        // A month's entries come together, newest first: counted in runs, then merged where an
        // author's offset puts an entry's month out of its place in time.
        var runs: [(key: Int, count: Int)] = []
        for position in positions {
            let key = monthKeys[position]
            if let last = runs.last, last.key == key {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((key, 1))
            }
        }
        if !zip(runs, runs.dropFirst()).allSatisfy({ $0.key > $1.key }) {
            runs = Dictionary(runs, uniquingKeysWith: +).map { (key: $0.key, count: $0.value) }.sorted { $0.key > $1.key }
        }
        return runs.map { CursorIndex.MonthCount(month: ($0.key / 100).zeroPadded(4) + "-" + ($0.key % 100).zeroPadded(2), count: $0.count) }
    }

    /// An entry's month in its author's calendar, as `months(of:monthKeys:)` counts it: year × 100 + month.
    static func monthKey(_ entry: Entry) -> Int {
        let wall = entry.date.local
        return wall.year * 100 + wall.month
    }
}
