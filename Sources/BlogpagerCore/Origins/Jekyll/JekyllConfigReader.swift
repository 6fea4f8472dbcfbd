import Foundation

/// Reads a Jekyll `_config.yml` as Jekyll means it: `url` and `baseurl` make
/// the site's address, `paginate` the page size, `timezone` the zone of every
/// date; raw HTML stays, as kramdown keeps it. Templates stay ours.
struct JekyllConfigReader {
    /// Names of the root left out of the site's static files (`exclude:`).
    var excludedNames: Set<String> = []

    mutating func read(_ fields: [FrontMatterField], into values: inout ConfigValues) -> SiteConfig {
        var config = SiteConfig()
        // jekyll-paginate's page size, where the config gives a good one.
        var paginate: Int?
        config.unsafeHTML = true
        config.reading = .jekyll
        config.maximumEntryBytes = nil
        // Jekyll's kramdown reads GFM by default, whose ids are GitHub's; `input: kramdown` makes kramdown's own.
        config.headingIDs = .github
        config.markdown = .kramdown([:]) { _, _ in }
        // Pages end in a slash where the posts' style does (`pretty`, or a template ending in `/`), as Jekyll's `add_permalink_suffix` has it.
        let style = fields.first { $0.key == "permalink" }?.value.scalarText ?? "date"
        config.pagesEndInHTML = !(style == "pretty" || (style.contains("/") && style.hasSuffix("/")))
        // Posts' URLs: `collections: posts: permalink:`, else the site's `permalink` (a style or a template), else Jekyll's `date` style.
        var postsPermalink: String?
        if case .map(let collections)? = fields.first(where: { $0.key == "collections" })?.value {
            if case .map(let posts)? = collections["posts"], let permalink = posts["permalink"]?.scalarText { postsPermalink = permalink }
            // The other collections Jekyll writes (`output: true`): their documents are pages.
            for name in collections.keys.sorted() where name != "posts" {
                guard case .map(let settings)? = collections[name], settings["output"] == .bool(true),
                      OutputPath.problem(with: name) == nil else { continue }
                var collection = JekyllCollection(name: name)
                if let permalink = settings["permalink"]?.scalarText { collection.permalink = permalink }
                config.collections.append(collection)
                // Its dated documents are a blog of their own; its undated ones pages.
                var section = BlogSection(folder: [collection.folder], title: name.prefix(1).uppercased() + name.dropFirst(), isInContentFolder: false)
                section.streamFolder = [name]
                section.isInLanguageRoot = false
                config.blogSections.append(section)
            }
        }
        config.entryURLs = .jekyll(permalink: postsPermalink ?? fields.first { $0.key == "permalink" }?.rawText ?? "date")
        let byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var address = ""
        if let url = byKey["url"], let text = values.text(url) {
            address = values.addressWithScheme(text, at: url)
        }
        if let base = byKey["baseurl"], let text = base.rawText, base.value != .null { address += text.hasPrefix("/") || text.isEmpty ? text : "/" + text }
        if !address.isEmpty, let field = byKey["url"] ?? byKey["baseurl"] {
            if byKey["url"] == nil {
                values.warnings.append(.warning(at: field.keyLocation, "'baseurl' without 'url': feeds and the sitemap need the site's absolute address"))
            } else {
                config.baseURL = values.baseURL(address, at: field)
            }
        }
        for field in fields {
            switch field.key {
            case "title": config.title = values.text(field) ?? config.title
            case "description": config.description = values.text(field) ?? ""
            case "author": config.author = values.name(field) ?? ""
            case "lang", "locale": config.language = values.text(field).map { $0.replacingOccurrences(of: "_", with: "-") } ?? config.language
            case "timezone": config.timeZone = values.jekyllTimeZone(field) ?? config.timeZone
            case "paginate":
                paginate = values.pageSize(field.value, at: field)
                config.pageSize = paginate ?? config.pageSize
            case "header_pages":
                // minima's menu: the pages, by file, in the order given.
                if case .list(let names) = field.value { config.menu.pageFiles = names.compactMap(\.scalarText) }
            case "exclude":
                if case .list(let names) = field.value { excludedNames.formUnion(names.compactMap(\.scalarText).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }) }
            case "permalink": break
            case "defaults":
                config.frontMatterDefaults = FrontMatterDefaults.read(field, warnings: &values.warnings)
            case "excerpt_separator":
                if field.rawText != EntryReader.moreMarker { values.notHonoured(field, "summaries end at <!--more--> or the first paragraph") }
            case "sass": config.stylesheets.read(field.value, at: field, values: &values)
            case "future": config.buildsFuture = field.value == .bool(true)
            case "show_drafts": config.buildsDrafts = field.value == .bool(true)
            case "theme":
                // `theme: blogpager` asks for our templates: nothing of another theme to find or to warn of.
                guard let name = values.text(field) else { break }
                if name == "blogpager" { config.keepsOwnTemplates = true } else { config.stylesheets.theme = name }
            case "remote_theme":
                // GitHub Pages fetches `owner/name@ref`; a build here fetches nothing, and looks for the gem of that name instead.
                guard config.stylesheets.theme == nil, let written = values.text(field),
                      let name = written.split(separator: "@").first?.split(separator: "/").last.map(String.init), !name.isEmpty else { break }
                config.stylesheets.theme = name
                values.warnings.append(.note(at: field.valueLocation, "remote_theme is not fetched (a build reaches no network): the installed gem '\(name)' is used where there is one"))
            case "liquid":
                // `strict_variables` and `strict_filters` are the engine's (`LiquidSite`); strict parsing is not.
                config.params[field.key] = field.value
                if case .map(let liquid) = field.value, liquid["error_mode"]?.scalarText == "strict" {
                    values.warnings.append(.warning(at: field.keyLocation,
                                                    "'liquid.error_mode: strict' is not honoured yet: templates are read as Jekyll's default, warn, reads them"))
                }
            case "gems":
                // Jekyll 4 reads no `gems:` (Jekyll 3's name): its plugins are not loaded, and a page that asks for their output gets none.
                values.warnings.append(.note(at: field.keyLocation, "'gems' is Jekyll 3's name for 'plugins': Jekyll 4.3 does not read it, so neither does blogpager (name them under 'plugins')"))
            case "plugins":
                if case .list(let plugins) = field.value {
                    let others = plugins.compactMap(\.scalarText).filter { !LiquidSite.pluginsMade.contains($0) }
                    if !others.isEmpty {
                        values.warnings.append(.warning(at: field.keyLocation, "plugin\(others.count == 1 ? "" : "s") \(others.joined(separator: ", ")) not run: Jekyll plugins do not run here, and what \(others.count == 1 ? "it makes is" : "they make is") left out (blogpager makes what \(LiquidSite.pluginsMade.sorted().joined(separator: ", ")) make)"))
                    }
                    if plugins.contains(.string("jemoji")) { config.markdown.emoji = .github }
                    config.plugins.formUnion(plugins.compactMap(\.scalarText).filter(LiquidSite.pluginsMade.contains))
                }
            case "kramdown":
                if case .map(let kramdown) = field.value {
                    if kramdown["input"]?.scalarText?.lowercased() == "kramdown" { config.headingIDs = .kramdown }
                    if kramdown["auto_ids"] == .bool(false) { config.headingIDs = nil }
                    let emoji = config.markdown.emoji
                    defer { config.markdown.emoji = emoji }
                    config.markdown = .kramdown(kramdown) { key, consequence in
                        values.warnings.append(.warning(at: field.keyLocation, "'kramdown.\(key)' is not honoured yet: \(consequence)"))
                    }
                }
            case "feed":
                // jekyll-feed at a path of its own: Atom there too (`feed.xml` is blogpager's own).
                guard case .map(let feed) = field.value else { break }
                var path = feed["path"]?.scalarText
                if case .map(let collections)? = feed["collections"], case .map(let posts)? = collections["posts"] { path = posts["path"]?.scalarText ?? path }
                // A whole URL (`https://example.org/atom.xml`) names a place on this site by its path; on another host, none.
                if let url = path, url.contains("://") {
                    let siteHost = URL(string: address)?.host?.lowercased()
                    path = URL(string: url).flatMap { $0.host?.lowercased() == siteHost && siteHost != nil ? $0.path : nil }
                }
                let trimmed = path?.trimmingCharacters(in: CharacterSet(charactersIn: "/")) ?? ""
                guard !trimmed.isEmpty, trimmed != "feed.xml" else { break }
                do throws(OutputPath.Invalid) {
                    _ = try OutputPath(trimmed.split(separator: "/").map(String.init))
                    config.oldFeeds.append(OldFeed(format: .atom, place: .site(path: trimmed)))
                } catch {
                    values.warnings.append(.warning(at: field.valueLocation, "no feed is written at jekyll-feed's path '\(trimmed)': \(error.message)"))
                }
            case "url", "baseurl": break
            default: config.params[field.key] = field.value
            }
        }
        // jekyll-paginate: page N of the front page at `paginate_path` (`/page:num/`).
        if let size = paginate {
            let path = fields.first { $0.key == "paginate_path" }?.rawText ?? "/page:num/"
            config.oldListPages = OldListPages(pageSize: size, templates: [path])
        }
        return config
    }
}
