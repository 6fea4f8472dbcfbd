/// One published (or draft) entry, read and rendered, ready to be placed.
public struct Entry: Sendable {
    public var cursor: Cursor
    public var title: String
    /// Path of the source file as the user named it, for messages.
    public var sourcePath: String
    /// Where its page is written under `out/`.
    public var outputPath: OutputPath
    /// Its URL path, percent-encoded, with the site's base path.
    public var url: String
    public var tags: [String]
    public var summaryHTML: String
    /// Plain text of the summary, for `<meta name="description">` and feeds.
    public var summaryText: String
    public var contentHTML: String
    /// True when the summary is shorter than the content (a "Read more" is due).
    public var isTruncated: Bool
    public var isDraft: Bool
    public var updated: EntryDate?
    /// Front matter keys blogpager does not interpret.
    public var params: [String: FrontMatterValue]

    public var slug: String { cursor.slug }
    public var date: EntryDate { cursor.date }
}
