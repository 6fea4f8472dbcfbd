/// The sorted entries cut into pages, with the questions every renderer asks:
/// which page is newer or older, which pages the front page shows.
public struct Archive: Sendable {
    /// Newest first.
    public let entries: [Entry]
    /// Newest page first.
    public let pages: [Page]
    /// How many pages, from the head, `index.html` shows: enough for `pageSize` entries.
    public let frontPageCount: Int
    /// Each entry's `Pager.hash`, which decides where pages end.
    let cursorHashes: [UInt64]

    public init(sorted entries: SortedList<Entry>, pageSize: Int) {
        self.init(newestFirst: entries.elements, pageSize: pageSize)
    }

    /// Entries already in archive order (a tag's or a month's run of the whole list).
    public init(newestFirst entries: [Entry], pageSize: Int) {
        self.init(newestFirst: entries, cursorHashes: entries.map { Pager.hash($0.cursor) }, pageSize: pageSize)
    }

    /// With each entry's `Pager.hash` known: a stream cut from the main list takes the
    /// main list's, so a cursor is hashed once a build, not once for every stream it is in.
    init(newestFirst entries: [Entry], cursorHashes: [UInt64], pageSize: Int) {
        self.entries = entries
        self.cursorHashes = cursorHashes
        let ranges = Pager(pageSize: pageSize).pageRanges(hashes: cursorHashes)
        var ids = ranges.map { Page.id(newest: entries[$0.lowerBound].cursor, hash: cursorHashes[$0.lowerBound]) }
        // Two pages whose newest entries fall on one day and share 32 hash bits:
        // give just those the full hash, so no other page is renamed.
        let counts = Dictionary(ids.map { ($0, 1) }, uniquingKeysWith: +)
        for index in ids.indices where counts[ids[index]]! > 1 {
            ids[index] = Page.id(newest: entries[ranges[index].lowerBound].cursor, hash: cursorHashes[ranges[index].lowerBound], hashDigits: 16)
        }
        self.pages = zip(ids, ranges).map { Page(id: $0, range: $1) }
        var shown = 0
        var front = 0
        while front < pages.count, shown < pageSize {
            shown += pages[front].range.count
            front += 1
        }
        self.frontPageCount = front
    }

    public func newer(than pageIndex: Int) -> Int? { pageIndex > 0 ? pageIndex - 1 : nil }
    public func older(than pageIndex: Int) -> Int? { pageIndex + 1 < pages.count ? pageIndex + 1 : nil }

    /// The index of the page holding entry `entryIndex` (binary search over ranges).
    public func pageIndex(ofEntry entryIndex: Int) -> Int {
        var low = 0
        var high = pages.count - 1
        while low < high {
            let middle = (low + high) / 2
            if pages[middle].range.upperBound <= entryIndex { low = middle + 1 } else { high = middle }
        }
        return low
    }

    public func entries(of page: Page) -> ArraySlice<Entry> { entries[page.range] }
}
