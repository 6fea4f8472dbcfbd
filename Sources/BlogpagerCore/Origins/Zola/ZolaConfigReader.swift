/// Reads a Zola `config.toml` as Zola means it: `base_url`, `title`,
/// `description`, `default_language`, `[extra]` for templates; raw HTML
/// stays, as Zola keeps it. Templates stay ours.
struct ZolaConfigReader {
    /// What the blog section's `_index.md` says of its pages (Zola pages a section there, not in
    /// config.toml): `paginate_by` is the page size, and its old list pages are at `paginate_path`;
    /// its `title` is the site's where config.toml names none.
    static func applySection(_ fields: [FrontMatterField], to config: inout SiteConfig) {
        let byKey = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        // A config without `title` leaves Zola's site untitled; its front page's title names it (the Rust blog's "Rust Blog").
        if !config.namesTitle, let title = byKey["title"]?.scalarText?.trimmingSpaces, !title.isEmpty { config.title = title }
        guard case .int(let size)? = byKey["paginate_by"], size > 0 else { return }
        config.pageSize = size
        let path = byKey["paginate_path"]?.scalarText ?? "page"
        config.oldListPages = OldListPages(pageSize: size, templates: ["/:section/\(path)/:num/"], firstPages: ["/:section/"])
    }

    func read(_ fields: [FrontMatterField], into values: inout ConfigValues) -> SiteConfig {
        var config = SiteConfig()
        config.reading = .zola
        config.unsafeHTML = true
        config.entryURLs = .zola
        config.maximumEntryBytes = nil
        // Zola's section list (`/blog/`) is blogpager's front page now; its pages come with `paginate_by` (`applySection`).
        config.oldListPages = OldListPages(pageSize: config.pageSize, templates: [], firstPages: ["/:section/"])
        config.headingIDs = .zola
        config.markdown = .zola([:])
        var generatesFeeds = false
        var feedNames = ["atom.xml"]
        var feedTaxonomies: [String] = []
        var declaredLanguages: [String: FrontMatterValue] = [:]
        for field in fields {
            switch field.key {
            case "title":
                config.title = values.text(field) ?? config.title
                config.namesTitle = true
            case "description": config.description = values.text(field) ?? ""
            case "author": config.author = values.name(field) ?? ""
            case "base_url": if let text = values.text(field) { config.baseURL = values.baseURL(values.addressWithScheme(text, at: field), at: field) }
            case "default_language": config.language = values.text(field) ?? config.language
            case "languages":
                guard case .map(let languages) = field.value else { break }
                declaredLanguages = languages.filter { code, _ in
                    guard let problem = SiteLanguage.problem(withCode: code) else { return true }
                    values.warnings.append(.warning(at: field.keyLocation, "language '\(code)' is not built: its code cannot name a folder of out/ (\(problem))"))
                    return false
                }
            case "extra":
                if case .map(let extra) = field.value {
                    config.params = extra
                    if config.author.isEmpty, let author = extra["author"]?.scalarText { config.author = author }
                }
            case "taxonomies":
                // `[{name = "tags", feed = true}]`
                if case .list(let list) = field.value {
                    values.taxonomies(list.compactMap { item in if case .map(let map) = item { map["name"]?.scalarText } else { nil } }, at: field, into: &config)
                    feedTaxonomies = list.compactMap { item in
                        if case .map(let map) = item, map["feed"] == .bool(true) { map["name"]?.scalarText } else { nil }
                    }
                }
            case "markdown": if case .map(let markdown) = field.value { config.markdown = .zola(markdown) }
            case "generate_feeds", "generate_feed": generatesFeeds = field.value == .bool(true)
            case "feed_filenames":
                if case .list(let names) = field.value { feedNames = names.compactMap(\.scalarText) }
            case "feed_filename": feedNames = field.rawText.map { [$0] } ?? feedNames
            case "paginate_by":
                config.pageSize = values.pageSize(field.value, at: field) ?? config.pageSize
                config.oldListPages = OldListPages(pageSize: config.pageSize, templates: ["/:section/page/:num/"], firstPages: ["/:section/"])
            case "theme": values.notHonoured(field, "blogpager's own templates are used; a theme is not converted")
            case "compile_sass": values.notHonoured(field, "Sass is not compiled; blogpager's own stylesheet is used")
            default: break
            }
        }
        config.languages = Self.languages(declaredLanguages, defaultCode: config.language, title: config.title, description: config.description)
        // Zola's feeds: the site's when `generate_feeds` is on, each term's of a taxonomy with `feed = true`.
        // A feed's name is a file of the site's root or a term's folder: one segment, safe.
        for name in feedNames where OutputPath.problem(with: name) == nil {
            let format = OldFeed.format(ofFileName: name)
            if generatesFeeds { config.oldFeeds.append(OldFeed(format: format, place: .site(path: name))) }
            for taxonomy in feedTaxonomies { config.oldFeeds.append(OldFeed(format: format, place: .terms(taxonomy: taxonomy, fileName: name))) }
        }
        return config
    }

    /// Zola's `[languages.fr]` (its `title`, `description`), each at `/<code>/`, entries too, beside
    /// `default_language` at the root; none for a site of one language.
    static func languages(_ declared: [String: FrontMatterValue], defaultCode: String, title: String, description: String) -> [SiteLanguage] {
        let others = declared.filter { $0.key.lowercased() != defaultCode.lowercased() }
        // The default's code names its sitemap's folder: one that cannot leaves the site in one language.
        guard !others.isEmpty, SiteLanguage.problem(withCode: defaultCode.lowercased()) == nil else { return [] }
        var languages = [SiteLanguage(code: defaultCode)]
        languages[0].title = declared[defaultCode]?.value(forKeyIgnoringCase: "title")?.scalarText ?? title
        languages[0].description = declared[defaultCode]?.value(forKeyIgnoringCase: "description")?.scalarText ?? description
        for (code, settings) in others.sorted(by: { $0.key < $1.key }) {
            var language = SiteLanguage(code: code, root: [code.lowercased()])
            language.prefixesEntryURLs = true
            language.title = settings.value(forKeyIgnoringCase: "title")?.scalarText ?? title
            language.description = settings.value(forKeyIgnoringCase: "description")?.scalarText ?? description
            languages.append(language)
        }
        return languages
    }
}
