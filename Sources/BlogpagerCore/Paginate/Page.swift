/// A contiguous run of the archive, named by its newest entry: the boundary
/// entry that closes it, which entries inserted into the page do not move. So
/// a page keeps its name and URL while entries join it or pages elsewhere change.
public struct Page: Sendable, Hashable {
    /// Stable name such as `2016-05-12-3fa9c2d1`.
    public var id: String
    /// Indices into the newest-first entry list.
    public var range: Range<Int>

    public init(id: String, range: Range<Int>) {
        self.id = id
        self.range = range
    }

    /// The id for a page whose newest entry is `newest`: readable date, unique hash.
    public static func id(newest: Cursor, hashDigits: Int = 8) -> String {
        id(newest: newest, hash: Pager.hash(newest), hashDigits: hashDigits)
    }

    /// The same, with the cursor's `Pager.hash` already known.
    static func id(newest: Cursor, hash: UInt64, hashDigits: Int = 8) -> String {
        let wall = newest.date.local
        let month = wall.month < 10 ? "0\(wall.month)" : "\(wall.month)"
        let day = wall.day < 10 ? "0\(wall.day)" : "\(wall.day)"
        return "\(wall.year)-\(month)-\(day)-\(StableHash.hex(hash, digits: hashDigits))"
    }
}
