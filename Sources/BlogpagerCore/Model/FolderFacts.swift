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
    /// The site language it is in, where its place says so (`post.fr.md`, a language's own content
    /// folder, a Jekyll site's `fr/_posts/`); nil: the default language, or its front matter's `lang`.
    public var language: String?
    /// Whether its file's name carries that language (`post.fr.md`), left out of its slug and its translation key.
    public var languageInName = false

    public init(isDraft: Bool = false, categories: [String] = [], section: [String]? = nil, undatedIsPage: Bool = false, undatedDate: EntryDate? = nil) {
        self.isDraft = isDraft
        self.categories = categories
        self.section = section
        self.undatedIsPage = undatedIsPage
        self.undatedDate = undatedDate
    }
}

extension FolderFacts {
    /// In `language` (nil: the default), as its name says where `named`.
    mutating func `in`(language: String?, named: Bool) {
        self.language = language
        languageInName = named && language != nil
    }
}
