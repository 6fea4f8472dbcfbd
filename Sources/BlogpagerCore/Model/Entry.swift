/// One published (or draft) entry as the build places it: its identity, names
/// and front matter. Its rendered body is an `EntryBody`, made when a page
/// needs it, so placing a large archive never holds every body at once.
///
/// An entry never changes once read, and every stream holds its own copy of the
/// entries it shows: the fields sit in one shared, immutable box, so a copy
/// costs one reference count, not one per string.
public struct Entry: Sendable {
    private struct Fields: Sendable {
        var cursor: Cursor
        var title: String
        var source: SourceFile
        var outputPath: OutputPath
        var url: String
        var terms: [String: [String]]
        var summarySource: String?
        var isDraft: Bool
        var updated: EntryDate?
        var expires: EntryDate?
        var redirectsFrom: [OutputPath]
        var references: [BodyReference]
        var params: [String: FrontMatterValue]
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private let box: Box

    /// `terms` are by taxonomy key (`categories`, `authors`); `tags` join them under `tags`.
    public init(cursor: Cursor, title: String, source: SourceFile, outputPath: OutputPath, url: String, tags: [String],
                terms: [String: [String]] = [:], summarySource: String?, isDraft: Bool, updated: EntryDate?,
                expires: EntryDate? = nil, redirectsFrom: [OutputPath] = [], references: [BodyReference] = [],
                params: [String: FrontMatterValue]) {
        var terms = terms.filter { !$0.value.isEmpty }
        if !tags.isEmpty { terms[Taxonomy.tags.key] = tags }
        box = Box(Fields(cursor: cursor, title: title, source: source, outputPath: outputPath, url: url, terms: terms,
                         summarySource: summarySource, isDraft: isDraft, updated: updated, expires: expires,
                         redirectsFrom: redirectsFrom, references: references, params: params))
    }

    private init(_ fields: Fields) {
        box = Box(fields)
    }

    public var cursor: Cursor { box.fields.cursor }
    public var title: String { box.fields.title }
    /// The file it was read from; its body is rendered from there.
    public var source: SourceFile { box.fields.source }
    /// Where its page is written under `out/`.
    public var outputPath: OutputPath { box.fields.outputPath }
    /// Its URL path, percent-encoded, with the site's base path.
    public var url: String { box.fields.url }
    public var tags: [String] { terms(of: .tags) }
    /// Its terms by taxonomy key, each list as written (without repeats); no key for a taxonomy it has none of.
    public var allTerms: [String: [String]] { box.fields.terms }
    public func terms(of taxonomy: Taxonomy) -> [String] { box.fields.terms[taxonomy.key] ?? [] }
    /// The front matter's `summary`, as written (Markdown), if any.
    public var summarySource: String? { box.fields.summarySource }
    public var isDraft: Bool { box.fields.isDraft }
    public var updated: EntryDate? { box.fields.updated }
    /// When it stops being published (Hugo's `expiryDate`): left out of builds from then on.
    public var expires: EntryDate? { box.fields.expires }
    /// Old addresses that lead here (Hugo's and Zola's `aliases`, Jekyll's `redirect_from`): a redirect page is written at each.
    public var redirectsFrom: [OutputPath] { box.fields.redirectsFrom }
    /// Links to other entries, shortcodes and old template tags in its body, with their places.
    public var references: [BodyReference] { box.fields.references }
    /// Front matter keys blogpager does not interpret.
    public var params: [String: FrontMatterValue] { box.fields.params }

    /// The same entry, read from `source` (the same file, found again).
    func reading(from source: SourceFile) -> Entry {
        var fields = box.fields
        fields.source = source
        return Entry(fields)
    }

    /// The same entry with only these old addresses (an alias another page keeps is left out).
    func redirecting(from paths: [OutputPath]) -> Entry {
        var fields = box.fields
        fields.redirectsFrom = paths
        return Entry(fields)
    }

    public var slug: String { cursor.slug }
    /// The entry's own language (`lang:` or `language:` in its front matter), when it gives one.
    public var language: String? { (params["lang"] ?? params["language"])?.scalarText?.trimmingSpaces }
    public var date: EntryDate { cursor.date }
    /// Path of the source file as the user named it, for messages.
    public var sourcePath: String { source.displayPath }
}
