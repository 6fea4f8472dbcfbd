/// Reads a Hugo config (`hugo.toml`, `config.toml`, YAML or JSON) as Hugo
/// means it: `baseURL`, `languageCode`, `timeZone`, `paginate` or
/// `[pagination] pagerSize`, `[params]`; raw HTML only with Goldmark's
/// `unsafe = true`. Templates stay ours.
struct HugoConfigReader {
    func read(_ fields: [FrontMatterField], into values: inout ConfigValues) -> SiteConfig {
        var config = SiteConfig()
        config.reading = .hugo
        config.markdown = .goldmark([:])
        config.maximumEntryBytes = nil
        var permalinks: [String: String] = [:]
        var uglyURLs = HugoUglyURLs()
        var paths = HugoPaths()
        for field in fields {
            switch field.key.lowercased() {
            case "title": config.title = values.text(field) ?? config.title
            case "baseurl":
                // Hugo allows "/" or nothing: then there is no absolute address to give feeds.
                if let text = values.text(field).map({ values.addressWithScheme($0, at: field) }) {
                    if text.contains("://") {
                        config.baseURL = values.baseURL(text, at: field)
                    } else if !text.isEmpty, !text.hasPrefix("/") {
                        values.bad(.address, at: field, "baseURL must be an absolute http(s) URL such as https://example.org/")
                    }
                }
            case "languagecode": config.language = values.text(field) ?? config.language
            case "defaultcontentlanguage": if fields.allSatisfy({ $0.key.lowercased() != "languagecode" }) { config.language = values.text(field) ?? config.language }
            case "timezone": config.timeZone = values.timeZone(field) ?? config.timeZone
            case "paginate": config.pageSize = values.pageSize(field.value, at: field, passedOver: true) ?? config.pageSize
            case "pagination":
                if case .map(let map) = field.value, let size = map["pagerSize"] { config.pageSize = values.pageSize(size, at: field) ?? config.pageSize }
            case "menu", "menus": config.menu = SiteMenu(hugo: field.value)
            case "taxonomies":
                // `tag = "tags"`: the plural is the front matter key and the folder.
                if case .map(let map) = field.value { values.taxonomies(map.keys.sorted().compactMap { map[$0]?.scalarText }, at: field, into: &config) }
            case "author": config.author = values.name(field) ?? ""
            case "params":
                if case .map(let params) = field.value { config.params = params }
            case "markup":
                if case .map(let markup) = field.value, case .map(let goldmark)? = markup["goldmark"], case .map(let renderer)? = goldmark["renderer"],
                   case .bool(let unsafe)? = renderer["unsafe"] {
                    config.unsafeHTML = unsafe
                }
                if case .map(let markup) = field.value, case .map(let goldmark)? = markup["goldmark"] {
                    let emoji = config.markdown.emoji
                    config.markdown = .goldmark(goldmark)
                    config.markdown.emoji = emoji
                }
                // Goldmark's heading ids: `github` unless `autoHeadingIDType` says otherwise, none with `autoHeadingID = false`.
                if case .map(let markup) = field.value, case .map(let goldmark)? = markup["goldmark"], case .map(let parser)? = goldmark["parser"] {
                    if let type = parser["autoHeadingIDType"]?.scalarText { config.headingIDs = type == "github-ascii" ? .githubASCII : .github }
                    if parser["autoHeadingID"] == .bool(false) { config.headingIDs = nil }
                }
            case "permalinks":
                // `posts = "/:year/:title/"`, or Hugo's newer `[permalinks.page] posts = ...`.
                guard case .map(let map) = field.value else { break }
                let pages = if case .map(let page)? = map["page"] { page } else { map }
                for (section, template) in pages { if let text = template.scalarText { permalinks[section] = text } }
            case "uglyurls": uglyURLs = HugoUglyURLs(field.value)
            case "disablepathtolower": paths.lowercase = field.value != .bool(true)
            case "removepathaccents": paths.removesAccents = field.value == .bool(true)
            case "summarylength": values.notHonoured(field, "summaries end at <!--more--> or the first paragraph")
            case "enableemoji": config.markdown.emoji = field.value == .bool(true) ? .hugo : nil
            case "buildfuture": config.buildsFuture = field.value == .bool(true)
            case "builddrafts": config.buildsDrafts = field.value == .bool(true)
            case "buildexpired": config.buildsExpired = field.value == .bool(true)
            case "theme": values.notHonoured(field, "blogpager's own templates are used; a theme is not converted")
            default: break
            }
        }
        applyDefaultLanguage(fields, to: &config)
        config.languages = HugoLanguages.read(fields, values: &values)
        // The default language's tag is the site's (its own `languageCode`, else the site's, else its code).
        if let first = config.languages.first { config.language = first.tag }
        config.disabledLanguages = HugoLanguages.disabled(fields)
        // The params as the default language sees them: its own over the site's.
        if let description = config.params["description"]?.scalarText { config.description = description }
        if config.author.isEmpty, let author = config.params["author"] {
            if case .map(let map) = author { config.author = map["name"]?.scalarText ?? "" } else { config.author = author.scalarText ?? "" }
        }
        config.entryURLs = .hugo(templates: permalinks, uglyURLs: uglyURLs, paths: paths)
        // Hugo's RSS at the home page, the section and each term, unless `disableKinds` turns RSS off.
        let disabled = fields.first { $0.key.lowercased() == "disablekinds" }.map { field -> [String] in
            if case .list(let kinds) = field.value { return kinds.compactMap { $0.scalarText?.lowercased() } }
            return []
        } ?? []
        // Hugo's pagers of the home page, the section and each term (`/page/2/`, `/posts/page/2/`,
        // `/tags/swift/page/2/`), 10 a page unless set, each with a page 1 that leads to its list.
        var pagerPath = "page"
        if case .map(let pagination)? = fields.first(where: { $0.key.lowercased() == "pagination" })?.value, let path = pagination["path"]?.scalarText { pagerPath = path }
        if let path = fields.first(where: { $0.key.lowercased() == "paginatepath" })?.rawText { pagerPath = path }
        let pagerSize = fields.contains { ["paginate", "pagination"].contains($0.key.lowercased()) } ? config.pageSize : 10
        config.oldListPages = OldListPages(pageSize: pagerSize, templates: ["/\(pagerPath)/:num/", "/:section/\(pagerPath)/:num/"],
                                           firstPages: ["/:section/"], termTemplates: ["/:term/\(pagerPath)/:num/"], redirectsPageOne: true)
        if !disabled.contains("rss") {
            config.oldFeeds = [OldFeed(format: .rss, place: .site(path: "index.xml")), OldFeed(format: .rss, place: .section(fileName: "index.xml")),
                               OldFeed(format: .rss, place: .terms(taxonomy: nil, fileName: "index.xml"))]
        }
        return config
    }

    /// Hugo builds the default language at the site's root with that language's own settings
    /// over the site's (`languages: ja: title:`, its `params` merged over the site's): whichever
    /// comes first in the file, the language's win.
    private func applyDefaultLanguage(_ fields: [FrontMatterField], to config: inout SiteConfig) {
        let language = HugoLanguages.defaultCode(fields)
        guard case .map(let languages)? = fields.first(where: { $0.key.lowercased() == "languages" })?.value,
              case .map(let settings)? = languages.first(where: { $0.key.lowercased() == language })?.value else { return }
        let byKey = Dictionary(settings.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        if let title = byKey["title"]?.scalarText { config.title = title }
        if let code = byKey["languagecode"]?.scalarText { config.language = code }
        if case .map(let params)? = byKey["params"] { config.params.merge(params) { _, own in own } }
    }

    /// `defaultContentLanguage`, lowercased; Hugo's `en` where the config names none.
    static func defaultLanguage(_ fields: [FrontMatterField]) -> String {
        fields.first { $0.key.lowercased() == "defaultcontentlanguage" }.flatMap(\.value.scalarText)?.lowercased() ?? "en"
    }
}
