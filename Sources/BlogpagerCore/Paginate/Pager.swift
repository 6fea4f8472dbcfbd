/// Cuts the newest-first list into pages whose boundaries are chosen by the
/// entries themselves (content-defined chunking, as in prolly trees), so that
/// publishing, editing or deleting an entry moves no boundary far from it.
///
/// Every decision looks only at nearby entries, never at where a page began:
/// 1. An entry whose cursor hash falls under 1/`pageSize` of the hash space is
///    a candidate boundary; it closes the page it is the newest entry of.
/// 2. Of two candidates closer than `minimum`, the older one wins, so pages
///    between kept boundaries hold at least `minimum` entries and an entry
///    published at the head can never cancel a boundary below it.
/// 3. A run longer than `maximum` is split, from its oldest end, at the entry
///    with the lowest hash among those that give allowed sizes.
/// The oldest page joins its newer neighbour when it is short; the newest
/// (head) page holds whatever is left, so publishing only touches the head.
public struct Pager: Sendable {
    public let pageSize: Int

    public init(pageSize: Int) {
        self.pageSize = max(1, pageSize)
    }

    public var minimum: Int { max(1, pageSize / 2) }
    public var maximum: Int { max(2, pageSize * 2) }

    /// Entries whose hash is below this are candidate boundaries: probability 1/`pageSize`.
    public var threshold: UInt64 { pageSize == 1 ? .max : UInt64.max / UInt64(pageSize) }

    public static func hash(_ cursor: Cursor) -> UInt64 {
        // `canonicalKey`'s bytes (`<seconds>.<nanoseconds, 9 digits>|<slug>`) in parts short enough
        // to stay inline, hashed as they are made: every entry's cursor is hashed each build, and
        // the whole key as one string was most of the cost.
        var running = StableHash.Running()
        running.add(String(cursor.date.epochSeconds).utf8)
        running.add(UInt8(ascii: "."))
        running.add(Int(cursor.date.nanoseconds).zeroPadded(9).utf8)
        running.add(UInt8(ascii: "|"))
        running.add(cursor.slug.utf8)
        return running.value
    }

    /// Page ranges over a newest-first list of cursors, newest page first.
    public func pageRanges(for cursors: [Cursor]) -> [Range<Int>] {
        pageRanges(hashes: cursors.map(Self.hash))
    }

    /// The pure cutting rule for any list: `hashAt(i)` for index `i` of a
    /// newest-first list of `count` items. Returns the pages newest first.
    public func pageRanges(count: Int, hashAt: (Int) -> UInt64) -> [Range<Int>] {
        pageRanges(hashes: (0..<count).map(hashAt))
    }

    /// The cutting rule over the hashes of a newest-first list.
    public func pageRanges(hashes: [UInt64]) -> [Range<Int>] {
        let count = hashes.count
        guard count > 0 else { return [] }
        if pageSize == 1 { return (0..<count).map { $0..<($0 + 1) } }
        // A lower hash wins; on equal hashes, the newer entry (lower index).
        let beats = { (a: Int, b: Int) in hashes[a] < hashes[b] || (hashes[a] == hashes[b] && a < b) }

        var cuts = Self.boundaries(hashes: hashes, threshold: threshold, minimum: minimum)  // lower bounds of pages, ascending (newest first)
        // A short oldest page joins its newer neighbour.
        if let last = cuts.last, count - last < minimum { cuts.removeLast() }

        // Runs between kept boundaries, oldest first; the open run at the head has no closing boundary.
        var runs: [(range: Range<Int>, isOpen: Bool)] = []
        var upper = count
        for cut in cuts.reversed() {
            runs.append((cut..<upper, false))
            upper = cut
        }
        if upper > 0 { runs.append((0..<upper, true)) }

        var pages: [Range<Int>] = []
        for run in runs {
            pages.append(contentsOf: split(run.range, isHead: run.isOpen, beats: beats))
        }
        return pages.reversed()
    }

    /// Steps 1 and 2, the rule every cut of a newest-first list shares (the archive's pages here,
    /// the cursor index's parts in `IndexFiles`): each item whose hash is under `threshold` starts a
    /// piece, unless an older such item follows it closer than `minimum`. Ascending.
    static func boundaries(hashes: [UInt64], threshold: UInt64, minimum: Int) -> [Int] {
        let candidates = hashes.indices.filter { hashes[$0] < threshold }
        var cuts: [Int] = []
        for (position, index) in candidates.enumerated() {
            let olderRival = candidates.indices.contains(position + 1) && candidates[position + 1] - index < minimum
            if !olderRival { cuts.append(index) }
        }
        return cuts
    }

    /// Splits a run longer than `maximum`, from its oldest end; pages oldest first.
    /// Inside the archive the last piece must keep `minimum` entries; the head
    /// run's newest end moves with every publish, so its windows ignore it.
    private func split(_ run: Range<Int>, isHead: Bool, beats: (Int, Int) -> Bool) -> [Range<Int>] {
        var pages: [Range<Int>] = []
        var upper = run.upperBound
        let floor = isHead ? run.lowerBound : run.lowerBound + minimum
        while upper - run.lowerBound > maximum {
            let window = max(upper - maximum, floor)...(upper - minimum)
            let cut = window.min { beats($0, $1) }!
            pages.append(cut..<upper)
            upper = cut
        }
        if upper > run.lowerBound { pages.append(run.lowerBound..<upper) }
        return pages
    }
}
