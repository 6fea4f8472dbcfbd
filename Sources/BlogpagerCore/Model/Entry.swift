/// One published (or draft) entry as the build places it: its identity, names
/// and front matter. Its rendered body is an `EntryBody`, made when a page
/// needs it, so placing a large archive never holds every body at once.
public struct Entry: Sendable {
    public var cursor: Cursor
    public var title: String
    /// The file it was read from; its body is rendered from there.
    public var source: SourceFile
    /// Where its page is written under `out/`.
    public var outputPath: OutputPath
    /// Its URL path, percent-encoded, with the site's base path.
    public var url: String
    public var tags: [String]
    /// The front matter's `summary`, as written (Markdown), if any.
    public var summarySource: String?
    public var isDraft: Bool
    public var updated: EntryDate?
    /// Front matter keys blogpager does not interpret.
    public var params: [String: FrontMatterValue]

    public var slug: String { cursor.slug }
    public var date: EntryDate { cursor.date }
    /// Path of the source file as the user named it, for messages.
    public var sourcePath: String { source.displayPath }
}
