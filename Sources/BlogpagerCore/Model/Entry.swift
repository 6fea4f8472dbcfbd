/// One published (or draft) entry as the build places it: its identity, names
/// and front matter. Its rendered body is an `EntryBody`, made when a page
/// needs it, so placing a large archive never holds every body at once.
///
/// An entry never changes once read, and every stream holds its own copy of the
/// entries it shows: the fields sit in one shared, immutable box, so a copy
/// costs one reference count, not one per string.
public struct Entry: Sendable {
    private final class Fields: Sendable {
        let cursor: Cursor
        let title: String
        let source: SourceFile
        let outputPath: OutputPath
        let url: String
        let tags: [String]
        let summarySource: String?
        let isDraft: Bool
        let updated: EntryDate?
        let params: [String: FrontMatterValue]

        init(cursor: Cursor, title: String, source: SourceFile, outputPath: OutputPath, url: String, tags: [String],
             summarySource: String?, isDraft: Bool, updated: EntryDate?, params: [String: FrontMatterValue]) {
            self.cursor = cursor
            self.title = title
            self.source = source
            self.outputPath = outputPath
            self.url = url
            self.tags = tags
            self.summarySource = summarySource
            self.isDraft = isDraft
            self.updated = updated
            self.params = params
        }
    }

    private let fields: Fields

    public init(cursor: Cursor, title: String, source: SourceFile, outputPath: OutputPath, url: String, tags: [String],
                summarySource: String?, isDraft: Bool, updated: EntryDate?, params: [String: FrontMatterValue]) {
        fields = Fields(cursor: cursor, title: title, source: source, outputPath: outputPath, url: url, tags: tags,
                        summarySource: summarySource, isDraft: isDraft, updated: updated, params: params)
    }

    public var cursor: Cursor { fields.cursor }
    public var title: String { fields.title }
    /// The file it was read from; its body is rendered from there.
    public var source: SourceFile { fields.source }
    /// Where its page is written under `out/`.
    public var outputPath: OutputPath { fields.outputPath }
    /// Its URL path, percent-encoded, with the site's base path.
    public var url: String { fields.url }
    public var tags: [String] { fields.tags }
    /// The front matter's `summary`, as written (Markdown), if any.
    public var summarySource: String? { fields.summarySource }
    public var isDraft: Bool { fields.isDraft }
    public var updated: EntryDate? { fields.updated }
    /// Front matter keys blogpager does not interpret.
    public var params: [String: FrontMatterValue] { fields.params }

    /// The same entry, read from `source` (the same file, found again).
    func reading(from source: SourceFile) -> Entry {
        Entry(cursor: cursor, title: title, source: source, outputPath: outputPath, url: url, tags: tags,
              summarySource: summarySource, isDraft: isDraft, updated: updated, params: params)
    }

    public var slug: String { cursor.slug }
    public var date: EntryDate { cursor.date }
    /// Path of the source file as the user named it, for messages.
    public var sourcePath: String { source.displayPath }
}
