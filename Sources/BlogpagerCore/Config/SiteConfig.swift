import Foundation

/// The site's settings, from `blogpager.yml`; every field has a sensible default.
public struct SiteConfig: Sendable, Hashable {
    public enum ListContent: String, Sendable, Hashable { case summary, full }
    public enum Order: String, Sendable, Hashable {
        case newestFirst = "newest-first"
        case oldestFirst = "oldest-first"
    }

    public var title = "My Blog"
    /// Whether the config named the title (a Zola site without one takes its front page's: `ZolaConfigReader.applySection`).
    public var namesTitle = false
    public var description = ""
    public var author = ""
    /// Absolute site URL such as `https://example.org/blog/`; its path prefixes every link.
    public var baseURL: String?
    public var language = "en"
    public var timeZone = TimeZone(identifier: "UTC")!
    /// How entries' URLs are made: blogpager's `permalink` pattern, or the old generator's rules.
    public var entryURLs = EntryURLRule.pattern(.default)
    /// blogpager's own `permalink` pattern (`/posts/:slug/`).
    public var permalink: PermalinkPattern {
        get { if case .pattern(let pattern) = entryURLs { pattern } else { .default } }
        set { entryURLs = .pattern(newValue) }
    }
    /// The site's other blogs (a Zola section with its own `_index.md`, a Hugo section), each a
    /// stream of its own, left out of the main archive.
    public var blogSections: [BlogSection] = []
    /// The blog section whose stream is at `folder`.
    func blogSection(streamAt folder: [String]) -> BlogSection? {
        let own = folder.starts(with: languageRoot) ? Array(folder.dropFirst(languageRoot.count)) : folder
        return blogSections.first { $0.streamFolder == ($0.isInLanguageRoot ? own : folder) }
    }
    /// The entries' folder below the site's content root (`posts` for a Hugo site's `content/posts/`), which Hugo's and Zola's URLs start with.
    public var contentSection: [String] = []
    public var pageSize = 10
    public var unsafeHTML = false
    /// Whether fenced code with a language is highlighted at build time (`highlight: false` turns it off).
    public var highlightsCode = true
    /// The languages the site is written in, the default first (Hugo's and Zola's `languages`,
    /// blogpager's `languages:`, a Jekyll site's language folders); empty for a site of one language.
    /// Each has its own archive (`LanguageSplit`).
    public var languages: [SiteLanguage] = []
    /// The code of the language this config renders, and where its archive is under `out/`
    /// (`SiteLanguage.applied(to:)`); nil and `[]` for a site of one language.
    public var languageCode: String?
    public var languageRoot: [String] = []
    /// The language whose code is `code`.
    public func language(_ code: String?) -> SiteLanguage? { code.flatMap { code in languages.first { $0.code == code } } }
    /// The language a file's place puts it in: the one it names, else the default; nil in a site of one language.
    func language(of source: SourceFile) -> SiteLanguage? { language(source.folderFacts.language) ?? languages.first }
    /// Languages the config declares but turns off (Hugo's `disabled`, `disableLanguages`): their files are not built.
    public var disabledLanguages: Set<String> = []
    /// Whether Pagefind indexes the entry pages and every page has a search box (`search: true`).
    public var searchIndex = false
    /// Pagefind's binary, when it is not on the PATH nor in the Python's packages.
    public var pagefindPath: String?
    public var listContent = ListContent.summary
    /// The reading order the client shows; the index is always newest-first.
    public var order = Order.newestFirst
    /// How many of the latest entries `feed.xml` and `feed.json` carry; 0 writes no feeds.
    public var feedSize = 20
    /// What an entry without a title is called: an error (blogpager's own sites), its file's
    /// name (`my-post` → `my post`, as Hugo and Zola leave it), or that name in capitals
    /// (`My Post`, as Jekyll titles a post).
    public enum UntitledEntries: String, Sendable, Hashable { case error, fileName, fileNameCapitalized }
    /// What an entry with no date at all (none in its front matter, its file name or its own URL)
    /// is: an error (blogpager's own sites, Jekyll's), or a page at its URL, left out of the archive
    /// with a warning. Zola leaves undated pages out of its date-sorted lists; Hugo lists them as
    /// dated in the year 1, which an archive read by date cannot show as anything but noise.
    public enum UndatedEntries: String, Sendable, Hashable { case error, pagesAsZola, pagesAsHugo }
    /// Jekyll's front-matter defaults: values put under the front matter of the files their scopes name.
    public var frontMatterDefaults = FrontMatterDefaults()
    /// Jekyll's collections other than posts that it writes: their documents are pages.
    public var collections: [JekyllCollection] = []
    /// How `draft` is read: true or false (blogpager's own, Zola's), or also as text read as Go's
    /// `strconv.ParseBool` reads it (Hugo).
    public enum DraftFlag: String, Sendable, Hashable { case boolean, booleanOrGoText }
    /// Which names of the keys blogpager reads are read (`FrontMatterAliases`): every generator's,
    /// or Jekyll's alone, where a post's date is `date` or its file's name (never Hugo's `lastmod`
    /// or `modified`) and only `published: false` makes a draft (Jekyll builds a post that says
    /// `draft: true`); the other names stay values like any other.
    public enum FrontMatterNames: String, Sendable, Hashable { case everyGenerators, jekyllsAlone }
    /// Whether a page's URL ends in `.html` (`about.html`, Jekyll's default) or is a folder (`about/`).
    public var pagesEndInHTML = false
    /// What entries are filed under, each term a stream: tags, categories and
    /// authors always, and any other a Hugo or Zola config names.
    public var taxonomies = Taxonomy.standard
    /// What the config asks to build beside published entries (Jekyll's `future`, `show_drafts`;
    /// Hugo's `buildFuture`, `buildDrafts`, `buildExpired`), as `--future` and `--drafts` do.
    public var buildsFuture = false
    public var buildsDrafts = false
    public var buildsExpired = false
    /// How headings get their `id`s: as the old generator made them; nil for none.
    public var headingIDs: HeadingIDStyle? = .github
    /// Which Markdown the entries are written in: the old generator's, else GitHub's.
    public var markdown = MarkdownFeatures.github
    /// The old generator's paged lists, whose URLs `legacy-pages.yml` keeps leading somewhere.
    public var oldListPages: OldListPages?
    /// Feeds the old site published, kept at their URLs beside blogpager's own.
    public var oldFeeds: [OldFeed] = []
    /// The site's navigation beside its own links (Latest, Archive, the taxonomies).
    public var menu = SiteMenu()
    /// The most bytes one entry or page may have (`--max-entry-size`, in MB): a bound on one file's share of a build.
    /// None where the site comes from another generator, which builds a file of any size (Jekyll, Hugo and Zola
    /// read it whole): the bounds that keep the work linear in the text stay (`MarkdownLimits`).
    public var maximumEntryBytes: Int? = SiteConfig.defaultMaximumEntryBytes
    public static let defaultMaximumEntryBytes = 4_000_000
    /// Keys blogpager does not know; they reach templates as `site.params`.
    public var params: [String: FrontMatterValue] = [:]
    /// How the entries are read where blogpager's own rules and the old generator's differ: set
    /// whole from the origin's rules (`ReadingRules.jekyll`, `.hugo`, `.zola`), never by the user.
    public var reading = ReadingRules()
    /// The Jekyll plugins the site loads (`plugins:`), of those whose output blogpager makes.
    public var plugins: Set<String> = []
    /// Whether a site with layouts of its own keeps blogpager's templates all the same (Jekyll's `theme: blogpager`).
    public var keepsOwnTemplates = false
    /// Whether pages are put in the site's own layouts (a Jekyll site's `_layouts/`, or its theme's), not our templates.
    public var usesSiteLayouts = false
    /// Where the main archive's front page is below the language's root (`["blog"]`), where the site's own home page keeps `/`.
    public var archiveFolder: [String] = []
    /// The site's own page that listed its posts where the archive's front page now is: the archive takes its layout and title.
    public var archivePage: ArchivePage?

    public struct ArchivePage: Sendable, Hashable {
        /// The page's path below the site's root.
        public var source: String
        public var layout: String?
        public var title: String?
        /// Where the page (or a layout it is in) loops over the posts, where the archive's list is that loop's markup (`JekyllListLoop`).
        public var listLoop: ListLoop?
        /// The page's file, where it lends the archive its list.
        public var file: SourceFile?
    }

    /// A loop over the posts in a page's body (`layout` nil) or in one of its layouts, by its place among that text's `for` loops.
    public struct ListLoop: Sendable, Hashable {
        public var layout: String?
        public var number: Int
    }
    /// How a Jekyll site's Sass stylesheets are compiled (`sass:`).
    public var stylesheets = StylesheetSettings()

    public init() {}

    /// Adds a taxonomy a config names (`series`), unless it is known or its key cannot be a folder of the site's own.
    /// The problem, if any, for a warning.
    mutating func addTaxonomy(_ key: String) -> String? {
        guard !taxonomies.contains(where: { $0.key == key }) else { return nil }
        if OutputPath.problem(with: key) != nil || TagSlug.make(key) != key || Taxonomy.reservedKeys.contains(key) {
            return "taxonomy '\(key)' cannot be a folder of its own under out/; its terms are not streams"
        }
        taxonomies.append(Taxonomy(named: key))
        return nil
    }

    /// Every setting, written out whole (`StableDescription`): the part of the keys that tell
    /// whether a cached entry or page was made under these settings. A field added later is in
    /// it by construction.
    var keyParts: [String] {
        [StableDescription.of(self, excluding: Self.fieldsOutsideKeys)]
    }

    /// The settings that change no output's bytes, so no key: a bound on one input file's size
    /// (an entry over it is refused, never rendered otherwise), and where Pagefind's binary is
    /// (the search index is made after the render, outside every render key).
    static let fieldsOutsideKeys: Set<String> = ["maximumEntryBytes", "pagefindPath"]

    /// The path part of `baseURL` without a trailing slash (`""` for a site at the root).
    public var basePath: String {
        guard let baseURL, let components = URLComponents(string: baseURL) else { return "" }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
