import BlogpagerCore
import Testing

/// Pages are contiguous, bounded, and move as little as possible when entries change.
struct PagerTests {
    /// Deterministic pseudo-random cursors: a fixed archive for every run.
    static func archive(count: Int, seed: UInt64) -> [Cursor] {
        var state = seed
        var cursors: [Cursor] = []
        var time: Int64 = 1_700_000_000
        for index in 0..<count {
            state = StableHash.mix(state &+ 0x9E37_79B9_7F4A_7C15)
            time -= Int64(state % 400_000)  // some entries share a time: ties on the slug
            cursors.append(Cursor(date: EntryDate(epochSeconds: time), slug: "entry-\(index)-\(state % 1000)"))
        }
        return cursors.sorted(by: Cursor.newestFirst)
    }

    /// Pages as lists of cursors, so two paginations can be compared by content.
    static func pages(_ cursors: [Cursor], size: Int) -> [[Cursor]] {
        Pager(pageSize: size).pageRanges(for: cursors).map { Array(cursors[$0]) }
    }

    static func changedPages(from old: [[Cursor]], to new: [[Cursor]]) -> Int {
        let before = Set(old.map { $0.map(\.canonicalKey) })
        return new.filter { !before.contains($0.map(\.canonicalKey)) }.count
    }

    /// A cursor's hash, which names its page and decides where pages end, is the hash of its
    /// canonical key however it is taken: page URLs never move with the way it is computed.
    @Test func aCursorsHashIsTheHashOfItsCanonicalKey() {
        let dates = [EntryDate(epochSeconds: 0), EntryDate(epochSeconds: 1_463_047_200, nanoseconds: 5), EntryDate(epochSeconds: -86_401, nanoseconds: 999_999_999),
                     EntryDate(epochSeconds: 9, offsetSeconds: 3_600), EntryDate(epochSeconds: Int64.max), EntryDate(epochSeconds: Int64.min + 1)]
        for date in dates {
            for slug in ["", "a", "entry-000001", "日本語-スラッグ", "with|bar"] {
                let cursor = Cursor(date: date, slug: slug)
                #expect(Pager.hash(cursor) == StableHash.hash(cursor.canonicalKey), "\(cursor.canonicalKey)")
            }
        }
        // Literal values: page ids depend on them.
        #expect(StableHash.hex(Pager.hash(Cursor(date: EntryDate(epochSeconds: 1_463_047_200), slug: "hello"))) == StableHash.hex(StableHash.hash("1463047200.000000000|hello")))
    }

    @Test func noEntriesMakeNoPages() {
        #expect(Pager(pageSize: 10).pageRanges(count: 0) { _ in 0 }.isEmpty)
    }

    @Test func oneEntryMakesOnePage() {
        #expect(Pager(pageSize: 10).pageRanges(count: 1) { _ in .max } == [0..<1])
    }

    @Test func nonPositiveSizesAreTreatedAsOne() {
        #expect(Pager(pageSize: 0).pageSize == 1)
        #expect(Pager(pageSize: -5).pageRanges(count: 3) { _ in .max } == [0..<1, 1..<2, 2..<3])
    }

    @Test func withoutBoundariesPagesAreCutAtTheMaximum() {
        // Equal hashes, none under the threshold: cut from the oldest end at the maximum.
        let ranges = Pager(pageSize: 3).pageRanges(count: 14) { _ in .max }
        #expect(ranges == [0..<2, 2..<8, 8..<14])
    }

    @Test func aLongRunIsCutAtItsLowestHash() {
        // Index 5 has the lowest hash in the allowed window of the oldest page.
        let hashes: [UInt64] = [.max, .max, .max, .max, .max, UInt64.max / 2, .max, .max, .max, .max]
        let ranges = Pager(pageSize: 3).pageRanges(count: 10) { hashes[$0] }
        #expect(ranges.last == 5..<10)
    }

    @Test func ofTwoCloseCandidatesTheOlderWins() {
        // Candidates at 3 and 5 are closer than the minimum (5): only the older, 5, closes a page.
        var hashes = [UInt64](repeating: .max, count: 14)
        hashes[3] = 10
        hashes[5] = 20
        let ranges = Pager(pageSize: 10).pageRanges(count: 14) { hashes[$0] }
        #expect(ranges == [0..<5, 5..<14])
    }

    @Test(arguments: [1, 2, 3, 10, 25])
    func pagesAreContiguousBoundedAndCoverEverything(size: Int) {
        let cursors = Self.archive(count: 997, seed: UInt64(size))
        let pager = Pager(pageSize: size)
        let ranges = pager.pageRanges(for: cursors)
        #expect(ranges.first?.lowerBound == 0)
        #expect(ranges.last?.upperBound == cursors.count)
        for (newer, older) in zip(ranges, ranges.dropFirst()) {
            #expect(newer.upperBound == older.lowerBound)
        }
        for range in ranges.dropFirst() {
            #expect(range.count >= pager.minimum && range.count <= pager.maximum, "page \(range)")
        }
        #expect(ranges[0].count <= pager.maximum)
    }

    @Test func averagePageSizeIsNearTheConfiguredSize() {
        let cursors = Self.archive(count: 10_000, seed: 7)
        let ranges = Pager(pageSize: 10).pageRanges(for: cursors)
        let average = Double(cursors.count) / Double(ranges.count)
        #expect(average > 8 && average < 15)
    }

    @Test(arguments: [1, 3, 25])
    func publishingNewEntriesOnlyTouchesTheHead(published: Int) {
        for seed in UInt64(1)...60 {
            let all = Self.archive(count: 400, seed: seed)
            let old = Self.pages(Array(all.dropFirst(published)), size: 10)
            let new = Self.pages(all, size: 10)
            // Every page but the old head survives exactly; only pages made of the old head and the new entries are new.
            let survivors = Set(new.map { $0.map(\.canonicalKey) })
            for page in old.dropFirst() { #expect(survivors.contains(page.map(\.canonicalKey))) }
            let bound = 1 + (published + old[0].count) / Pager(pageSize: 10).minimum
            #expect(Self.changedPages(from: old, to: new) <= (published == 1 ? 2 : bound))
        }
    }

    @Test func insertingOrDeletingInTheMiddleChangesFewPages() {
        var worst = 0
        var total = 0
        var trials = 0
        for seed in UInt64(1)...200 {
            let all = Self.archive(count: 300, seed: seed)
            let position = Int(StableHash.mix(seed) % 280) + 10
            var without = all
            without.remove(at: position)
            let changed = Self.changedPages(from: Self.pages(without, size: 10), to: Self.pages(all, size: 10))
            let deleted = Self.changedPages(from: Self.pages(all, size: 10), to: Self.pages(without, size: 10))
            worst = max(worst, changed, deleted)
            total += changed + deleted
            trials += 2
        }
        // Typically the page it lands in (or two, when it splits or merges a page);
        // a forced cut at the maximum can ripple into one more page now and then.
        // Measured over 4,000 trials: 87.5% one page, 11.6% two, 0.8% three, 0.1% four.
        #expect(Double(total) / Double(trials) < 1.3)
        #expect(worst <= 4)
    }
}
