/// Cuts the newest-first list into pages whose boundaries are chosen by the
/// entries themselves (content-defined chunking, as in prolly trees), so that
/// publishing, editing or deleting an entry moves no boundary far from it.
///
/// The list is walked from the oldest entry to the newest: an entry closes a
/// page when its cursor's hash falls under 1/`pageSize` and the page holds at
/// least `minimum` entries, or when the page reaches `maximum`. Appending new
/// entries only ever grows or splits the newest (head) page.
public struct Pager: Sendable {
    public let pageSize: Int

    public init(pageSize: Int) {
        self.pageSize = max(1, pageSize)
    }

    public var minimum: Int { max(1, pageSize / 2) }
    public var maximum: Int { max(2, pageSize * 2) }

    /// Whether a cursor ends a page, from its hash alone.
    public func isBoundary(_ cursor: Cursor) -> Bool {
        StableHash.hash(cursor.canonicalKey) % UInt64(pageSize) == 0
    }

    /// Page ranges over a newest-first list of cursors, newest page first.
    public func pageRanges(for cursors: [Cursor]) -> [Range<Int>] {
        pageRanges(count: cursors.count) { isBoundary(cursors[$0]) }
    }

    /// The pure cutting rule, for any list: `isBoundary(i)` for index `i` of a
    /// newest-first list of `count` items.
    public func pageRanges(count: Int, isBoundary: (Int) -> Bool) -> [Range<Int>] {
        guard count > 0 else { return [] }
        var ranges: [Range<Int>] = []
        var pageEnd = count  // exclusive end of the page being filled (older side)
        for index in stride(from: count - 1, through: 0, by: -1) {
            let size = pageEnd - index
            if size >= maximum || (size >= minimum && isBoundary(index)) {
                ranges.append(index..<pageEnd)
                pageEnd = index
            }
        }
        if pageEnd > 0 { ranges.append(0..<pageEnd) }
        return ranges.reversed()
    }
}
