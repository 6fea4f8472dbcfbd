/// How a site's entries are read where the generators differ: what an untitled or undated entry
/// is, which spellings of a date are read, what two entries at one URL do. blogpager's own rules
/// are the strict defaults; each origin's are set whole from its folder (`ReadingRules.jekyll`,
/// `.hugo`, `.zola`), so a reader of entries asks the rule, never the origin.
public struct ReadingRules: Sendable, Hashable {
    /// Whether an entry's `lang:` puts it in the language it names (a Jekyll site's), wherever its file is.
    public var languagesFromFrontMatter = false
    /// What an entry without a title is called (`SiteConfig.UntitledEntries`).
    public var untitledEntries = SiteConfig.UntitledEntries.error
    /// Whether a file without front matter is an entry all the same, its whole text the body (Jekyll's posts).
    public var frontMatterIsOptional = false
    /// Whether an item that names no term (`tags: ["", "x"]`, `- ` alone, a map without `name`) is passed over, as Hugo and Jekyll do, instead of an error.
    public var passesOverNonTextTerms = false
    /// Whether a page may have no front matter at all (Hugo builds it untitled, its whole text the body).
    public var pagesMayLackFrontMatter = false
    /// What an entry with no date at all is (`SiteConfig.UndatedEntries`).
    public var undatedEntries = SiteConfig.UndatedEntries.error
    /// Whether two entries at one URL build the one later in path order, with a warning, as Jekyll
    /// and Hugo write the last over the other, instead of an error.
    public var keepsLastOfSharedURL = false
    /// Whether an old address (an alias) that two entries give leads to the first in path order, and
    /// one that is an entry's own URL stays that entry's, each with a warning, as Hugo and Jekyll
    /// write one page over the other, instead of an error.
    public var keepsFirstOfSharedAlias = false
    public var draftFlag = SiteConfig.DraftFlag.boolean
    public var frontMatterNames = SiteConfig.FrontMatterNames.everyGenerators
    /// Whether a link to a `.md` file that names no entry stays as written, with a warning, as the
    /// old generators leave it, instead of an error.
    public var leavesUnresolvedFileLinks = false
    /// Whether every date is shown in the site's `timeZone`, whatever offset it
    /// was written with (Jekyll moves every date there; Hugo keeps a date's own).
    public var showsDatesInSiteZone = false
    /// Whether a date in a spelling other than the strict ones (`11-9-2017`, `Sep 11, 2017`) is read
    /// as Ruby's `Time.parse` reads it, as Jekyll does, instead of being an error.
    public var readsDatesAsRuby = false
    /// Whether a key written twice in YAML front matter takes its last value
    /// (Jekyll's parser does) instead of being an error.
    public var yamlKeysMayRepeat = false
    /// Whether `tags: swift ios` is two tags (Jekyll splits a string of terms at spaces) or one.
    public var termsSplitOnSpaces = false
    /// The template text the old generator expanded in bodies (Jekyll's Liquid, Hugo's shortcodes, Zola's links).
    var templateSyntax = TemplateText.Syntax.none

    public init() {}
}
