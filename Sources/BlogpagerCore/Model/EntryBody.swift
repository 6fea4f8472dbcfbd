/// An entry's Markdown rendered: its full content and its summary.
public struct EntryBody: Sendable, Equatable {
    public var contentHTML: String
    public var summaryHTML: String
    /// Plain text of the summary, for `<meta name="description">` and feeds.
    public var summaryText: String
    /// True when the summary is shorter than the content (a "Read more" is due).
    public var isTruncated: Bool
    /// Jekyll's `excerpt` where the site's own layouts show it (`BodyRenderer.jekyllExcerpt`); nil elsewhere, where it is the summary.
    public var excerptHTML: String? = nil
}
