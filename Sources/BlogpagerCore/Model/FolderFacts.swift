/// What a source's folder says of the entry in it, as the old generator read
/// it: Jekyll's `_drafts/` holds drafts (dated by their file's time when they
/// name no date), and the folders above a `_posts/` (`work/code/_posts/`) are
/// categories of every post in it. Found by the Load end; read with the front matter.
public struct FolderFacts: Sendable, Hashable {
    public var isDraft = false
    /// Categories before those the front matter names.
    public var categories: [String] = []
    /// The blog section this folder is, by its path from the content root (`notes` beside a
    /// Hugo site's `posts/`): its entries' paths start there, not in the main section.
    public var section: [String]?
    /// Whether a source here that names no date is a page, not an error (a Jekyll collection's document).
    public var undatedIsPage = false
    /// The date of an entry that names none (the file's modification time, for a draft).
    public var undatedDate: EntryDate?

    public init(isDraft: Bool = false, categories: [String] = [], section: [String]? = nil, undatedIsPage: Bool = false, undatedDate: EntryDate? = nil) {
        self.isDraft = isDraft
        self.categories = categories
        self.section = section
        self.undatedIsPage = undatedIsPage
        self.undatedDate = undatedDate
    }
}
