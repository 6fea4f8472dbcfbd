/// A site of several languages cut into one archive per language, each rendered as a site of
/// its own at its root (`/`, `/fr/`, a Jekyll site's `/ja/news/`) with its own config (its title,
/// its language's dates and words), its entries and its pages; and each entry's translations,
/// which its page links. A site of one language is one part: the site itself.
struct LanguageSplit {
    /// One language's archive.
    struct Part {
        /// Nil for a site of one language.
        var language: SiteLanguage?
        var config: SiteConfig
        /// Newest first, as the whole site's.
        var entries: [Entry]
        var pages: [StandalonePage]
    }

    /// An entry in another language: what its page's `hreflang` links and language menu name.
    struct Translation: Sendable, Hashable {
        var code: String
        var tag: String
        var name: String
        var url: String
    }

    var parts: [Part]
    /// Each entry's translations (itself among them) by its URL, in the site's order of languages; only entries that have some.
    var translations: [String: [Translation]] = [:]

    init(entries sorted: [Entry], pages: [StandalonePage], config: SiteConfig) {
        guard !config.languages.isEmpty else {
            parts = [Part(language: nil, config: config, entries: sorted, pages: pages)]
            return
        }
        let codes = config.languages.map(\.code)
        var entries = [[Entry]](repeating: [], count: codes.count)
        var pagesByLanguage = [[StandalonePage]](repeating: [], count: codes.count)
        var groups: [String: [(language: Int, entry: Entry)]] = [:]
        for entry in sorted {
            let language = Self.language(of: entry.source, frontMatter: entry.language, config: config)
            entries[language].append(entry)
            groups[Self.translationKey(of: entry), default: []].append((language, entry))
        }
        for page in pages { pagesByLanguage[Self.language(of: page.source, frontMatter: nil, config: config)].append(page) }
        parts = config.languages.indices.map { index in
            Part(language: config.languages[index], config: config.languages[index].applied(to: config), entries: entries[index], pages: pagesByLanguage[index])
        }
        // Translations are entries of other languages under one key; two of one language under one key link none.
        for group in groups.values where group.count > 1 && Set(group.map(\.language)).count == group.count {
            let linked = group.sorted { $0.language < $1.language }.map { member in
                let language = config.languages[member.language]
                return Translation(code: language.code, tag: language.tag, name: language.name, url: member.entry.url)
            }
            for member in group { translations[member.entry.url] = linked }
        }
    }

    /// Where an entry or page is among `config.languages`: the language its place says, else (a
    /// Jekyll site's) the one its front matter's `lang` names, else the default.
    static func language(of source: SourceFile, frontMatter: String?, config: SiteConfig) -> Int {
        if config.reading.languagesFromFrontMatter, let written = frontMatter.map(normalized),
           let index = config.languages.firstIndex(where: { normalized($0.code) == written || normalized($0.tag) == written }) {
            return index
        }
        if let code = source.folderFacts.language, let index = config.languages.firstIndex(where: { $0.code == code }) { return index }
        return 0
    }

    private static func normalized(_ code: String) -> String {
        code.trimmingSpaces.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// What links an entry to its translations: its `translationKey`, else its file's path in every
    /// language (`posts/hello.md` for `posts/hello.fr.md`, or below each language's folder: Jekyll's
    /// `ja/news/_posts/x.md` is `news/_posts/x.md`), its section's folder before it.
    static func translationKey(of entry: Entry) -> String {
        if let key = (entry.params["translationKey"] ?? entry.params["translationkey"] ?? entry.params["translation_key"])?.scalarText?.trimmingSpaces, !key.isEmpty {
            return "key:" + key
        }
        let source = entry.source
        var path = source.pathInEveryLanguage.split(separator: "/").map(String.init)
        if let code = source.folderFacts.language, !source.folderFacts.languageInName, path.first?.lowercased() == code { path.removeFirst() }
        return "path:" + ((source.folderFacts.section ?? []) + path).joined(separator: "/")
    }
}
