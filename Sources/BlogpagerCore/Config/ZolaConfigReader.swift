/// Reads a Zola `config.toml` as Zola means it: `base_url`, `title`,
/// `description`, `default_language`, `[extra]` for templates; raw HTML
/// stays, as Zola keeps it. Templates stay ours.
struct ZolaConfigReader {
    func read(_ fields: [FrontMatterField], into values: inout ConfigValues) -> SiteConfig {
        var config = SiteConfig()
        config.untitledEntries = .fileName
        config.unsafeHTML = true
        config.entryURLs = .zola
        config.templateSyntax = .zola
        for field in fields {
            switch field.key {
            case "title": config.title = values.text(field) ?? config.title
            case "description": config.description = values.text(field) ?? ""
            case "author": config.author = values.name(field) ?? ""
            case "base_url": if let text = values.text(field) { config.baseURL = values.baseURL(text, at: field) }
            case "default_language": config.language = values.text(field) ?? config.language
            case "extra":
                if case .map(let extra) = field.value {
                    config.params = extra
                    if config.author.isEmpty, let author = extra["author"]?.scalarText { config.author = author }
                }
            case "taxonomies":
                // `[{name = "tags", feed = true}]`
                if case .list(let list) = field.value {
                    values.taxonomies(list.compactMap { item in if case .map(let map) = item { map["name"]?.scalarText } else { nil } }, at: field, into: &config)
                }
            case "paginate_by": config.pageSize = values.pageSize(field.value, at: field) ?? config.pageSize
            case "theme": values.notHonoured(field, "blogpager's own templates are used; a theme is not converted")
            case "compile_sass": values.notHonoured(field, "Sass is not compiled; blogpager's own stylesheet is used")
            case "markdown":
                if case .map(let markdown) = field.value, markdown["highlight_code"] == .bool(true) {
                    values.notHonoured(field, "code blocks are not highlighted yet")
                }
            default: break
            }
        }
        return config
    }
}
