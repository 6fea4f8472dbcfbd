/// An entry's identity and place in the archive: (instant, slug). Pages are
/// named and found by cursors, never by offsets, so publishing shifts nothing.
public struct Cursor: Sendable, Hashable {
    public var date: EntryDate
    public var slug: String

    public init(date: EntryDate, slug: String) {
        self.date = date
        self.slug = slug
    }

    /// The archive's total order: newer first; on the same instant, slugs in
    /// ascending UTF-8 byte order, which no locale or normalisation can change.
    public static func newestFirst(_ lhs: Cursor, _ rhs: Cursor) -> Bool {
        if !lhs.date.isSameInstant(as: rhs.date) { return lhs.date.isAfter(rhs.date) }
        return lhs.slug.precedesInBytes(rhs.slug)
    }

    /// Same instant and slug: two entries with the same identity.
    public func isSameIdentity(as other: Cursor) -> Bool {
        date.isSameInstant(as: other.date) && slug == other.slug
    }

    /// A spelling of the identity that ignores the written offset, for hashing.
    public var canonicalKey: String { "\(date.canonicalUTC)|\(slug)" }
}
