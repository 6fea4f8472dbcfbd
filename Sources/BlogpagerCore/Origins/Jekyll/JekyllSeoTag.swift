import Foundation
import Liquid

/// jekyll-seo-tag 2.8's `{% seo %}`, made here: the page's title, description, canonical URL,
/// Open Graph and Twitter card tags and its JSON-LD, worked out from `page` and `site` by the
/// plugin's rules, written one tag a line as it writes them; the generator it names is blogpager.
/// `{% seo title=false %}` leaves the `<title>` out.
struct JekyllSeoTag {
    let page: LiquidHash
    let site: LiquidHash
    let paginator: LiquidHash?
    /// Renders one small template with the site's filters (`markdownify`, `absolute_url`…).
    let filter: (_ value: LiquidValue, _ filters: String) -> String

    private static let separator = " | "
    /// The filter chains it passes values through.
    static let filterChains = [formatting, "absolute_url", "date_to_xmlschema", "uri_escape", "jsonify"]
    private static let formatting = "markdownify | strip_html | normalize_whitespace | escape_once"

    init(markup: String, variable: (String) -> LiquidValue, filter: @escaping (_ value: LiquidValue, _ filters: String) -> String) {
        if case .hash(let page) = variable("page") { self.page = page } else { page = LiquidHash() }
        if case .hash(let site) = variable("site") { self.site = site } else { site = LiquidHash() }
        if case .hash(let paginator) = variable("paginator") { self.paginator = paginator } else { paginator = nil }
        self.filter = filter
        showsTitle = markup.range(of: "title=false", options: .caseInsensitive) == nil
    }

    private let showsTitle: Bool

    /// The plugin's `format_string`: Markdown rendered, tags stripped, spaces made one, escaped once; nil where empty.
    private func formatted(_ value: LiquidValue?) -> String? {
        guard let value, value != .nil else { return nil }
        let text = filter(value, Self.formatting)
        return text.isEmpty ? nil : text
    }

    private func hash(_ value: LiquidValue?) -> LiquidHash {
        if case .hash(let hash)? = value { return hash }
        return LiquidHash()
    }

    private func present(_ value: LiquidValue?) -> LiquidValue? {
        guard let value, value != .nil else { return nil }
        return value
    }

    private func absoluteURL(_ path: String) -> String { filter(.string(path), "absolute_url") }
    private func xmlSchema(_ date: LiquidValue) -> String { filter(date, "date_to_xmlschema") }

    private var isHomeOrAbout: Bool {
        // The plugin's `^/(about/)?(index.html?)?$`.
        let url = page["url"]?.renderedText ?? ""
        guard url.hasPrefix("/") else { return false }
        var rest = url.dropFirst()
        if rest.hasPrefix("about/") { rest = rest.dropFirst(6) }
        return rest.isEmpty || rest == "index.htm" || rest == "index.html"
    }

    /// The tags, as the plugin writes them.
    func render() -> String {
        let siteTitle = formatted(present(site["title"]) ?? site["name"])
        let siteDescription = formatted(site["description"])
        let tagline = formatted(site["tagline"]) ?? siteDescription
        let pageTitle = formatted(page["title"]) ?? siteTitle
        var title: String?
        if let siteTitle, pageTitle != siteTitle, let pageTitle {
            title = pageTitle + Self.separator + siteTitle
        } else if siteDescription != nil, let siteTitle {
            title = siteTitle + Self.separator + (tagline ?? "")
        } else {
            title = pageTitle ?? siteTitle
        }
        if let shown = title, let paginator, let current = paginator["page"]?.number.clampedInt, current > 1 {
            let total = paginator["total_pages"]?.renderedText ?? ""
            let message = site["seo_paginator_message"]?.renderedText ?? "Page %<current>s of %<total>s for "
            title = message.replacingOccurrences(of: "%<current>s", with: "\(current)").replacingOccurrences(of: "%<total>s", with: total) + shown
        }
        return lines(title: title, siteTitle: siteTitle, siteDescription: siteDescription, pageTitle: pageTitle).joined(separator: "\n") + "\n"
    }

    private func lines(title: String?, siteTitle: String?, siteDescription: String?, pageTitle: String?) -> [String] {
        let seo = hash(page["seo"])
        let description = formatted(present(page["description"]) ?? page["excerpt"]) ?? siteDescription
        let author = resolvedAuthor()
        let locale = (present(page["locale"]) ?? present(site["locale"]) ?? present(page["lang"]) ?? present(site["lang"]))?.renderedText ?? "en_US"
        let canonical: String
        if let written = page["canonical_url"]?.renderedText, !written.isEmpty {
            canonical = written
        } else {
            let url = absoluteURL(page["url"]?.renderedText ?? "")
            canonical = url.hasSuffix("/index.html") ? String(url.dropLast("index.html".count)) : url
        }
        let image = imageValues()
        let date = present(page["date"])

        var out = ["<!-- Begin Jekyll SEO tag v2.8.0 -->"]
        if showsTitle, let title { out.append("<title>\(title)</title>") }
        out.append("<meta name=\"generator\" content=\"blogpager\" />")
        if let pageTitle { out.append("<meta property=\"og:title\" content=\"\(pageTitle)\" />") }
        if let name = author["name"], name != .nil { out.append("<meta name=\"author\" content=\"\(name.renderedText)\" />") }
        out.append("<meta property=\"og:locale\" content=\"\(locale.replacingOccurrences(of: "-", with: "_"))\" />")
        if let description {
            out.append("<meta name=\"description\" content=\"\(description)\" />")
            out.append("<meta property=\"og:description\" content=\"\(description)\" />")
        }
        if present(site["url"]) != nil {
            out.append("<link rel=\"canonical\" href=\"\(canonical)\" />")
            out.append("<meta property=\"og:url\" content=\"\(canonical)\" />")
        }
        if let siteTitle { out.append("<meta property=\"og:site_name\" content=\"\(siteTitle)\" />") }
        if let image {
            out.append("<meta property=\"og:image\" content=\"\(image.path)\" />")
            for key in ["height", "width", "alt"] {
                if let value = present(image.hash[key]) { out.append("<meta property=\"og:image:\(key)\" content=\"\(value.renderedText)\" />") }
            }
        }
        if let date {
            out.append("<meta property=\"og:type\" content=\"article\" />")
            out.append("<meta property=\"article:published_time\" content=\"\(xmlSchema(date))\" />")
        } else {
            out.append("<meta property=\"og:type\" content=\"website\" />")
        }
        if let paginator {
            if present(paginator["previous_page"]) != nil {
                out.append("<link rel=\"prev\" href=\"\(absoluteURL(paginator["previous_page_path"]?.renderedText ?? ""))\" />")
            }
            if present(paginator["next_page"]) != nil {
                out.append("<link rel=\"next\" href=\"\(absoluteURL(paginator["next_page_path"]?.renderedText ?? ""))\" />")
            }
        }
        if let image {
            let card = present(hash(page["twitter"])["card"]) ?? present(hash(site["twitter"])["card"])
            out.append("<meta name=\"twitter:card\" content=\"\(card?.renderedText ?? "summary_large_image")\" />")
            out.append("<meta property=\"twitter:image\" content=\"\(image.path)\" />")
        } else {
            out.append("<meta name=\"twitter:card\" content=\"summary\" />")
        }
        if let alt = image.flatMap({ present($0.hash["alt"]) }) { out.append("<meta name=\"twitter:image:alt\" content=\"\(alt.renderedText)\" />") }
        if let pageTitle { out.append("<meta property=\"twitter:title\" content=\"\(pageTitle)\" />") }
        if let twitter = present(site["twitter"]) {
            let username = hash(twitter)["username"]?.renderedText ?? ""
            out.append("<meta name=\"twitter:site\" content=\"@\(username.replacingOccurrences(of: "@", with: ""))\" />")
            let handle = present(author["twitter"]) ?? present(author["name"])
            if case .string(let creator)? = handle {
                out.append("<meta name=\"twitter:creator\" content=\"@\(creator.hasPrefix("@") ? String(creator.dropFirst()) : creator)\" />")
            }
        }
        if let facebook = present(site["facebook"]) {
            let facebook = hash(facebook)
            if let admins = present(facebook["admins"]) { out.append("<meta property=\"fb:admins\" content=\"\(admins.renderedText)\" />") }
            if let publisher = present(facebook["publisher"]) { out.append("<meta property=\"article:publisher\" content=\"\(publisher.renderedText)\" />") }
            if let app = present(facebook["app_id"]) { out.append("<meta property=\"fb:app_id\" content=\"\(app.renderedText)\" />") }
        }
        if let verifications = present(site["webmaster_verifications"]) {
            let names = [("google", "google-site-verification"), ("bing", "msvalidate.01"), ("alexa", "alexaVerifyID"),
                         ("yandex", "yandex-verification"), ("baidu", "baidu-site-verification"), ("facebook", "facebook-domain-verification")]
            for (key, name) in names {
                if let value = present(hash(verifications)[key]) { out.append("<meta name=\"\(name)\" content=\"\(value.renderedText)\" />") }
            }
        } else if let google = present(site["google_site_verification"]) {
            out.append("<meta name=\"google-site-verification\" content=\"\(google.renderedText)\" />")
        }
        let type: String
        if let written = present(seo["type"]) {
            type = written.renderedText
        } else if isHomeOrAbout {
            type = "WebSite"
        } else {
            type = date == nil ? "WebPage" : "BlogPosting"
        }
        var json: [(String, LiquidValue)] = [("@context", "https://schema.org"), ("@type", .string(type))]
        if let name = author["name"], name != .nil {
            let kind = author["type"]?.renderedText
            if kind == nil || kind == "Organization" || kind == "Person" {
                var entry: LiquidHash = ["@type": .string(kind ?? "Person"), "name": .string(name.renderedText)]
                if let url = present(author["url"]) { entry["url"] = .string(url.renderedText) }
                json.append(("author", .hash(entry)))
            }
        }
        let modified = present(seo["date_modified"]) ?? present(page["last_modified_at"]) ?? date
        if let modified { json.append(("dateModified", .string(xmlSchema(modified)))) }
        if let date { json.append(("datePublished", .string(xmlSchema(date)))) }
        if let description { json.append(("description", .string(description))) }
        if let pageTitle { json.append(("headline", .string(pageTitle))) }
        if let image {
            if image.hash.count == 1 {
                json.append(("image", .string(image.path)))
            } else {
                var entry = LiquidHash(image.hash.pairs.filter { $0.key != "path" }.map { ($0.key, .string($0.value.renderedText)) })
                entry["url"] = .string(image.path)
                entry["@type"] = "imageObject"
                json.append(("image", .hash(entry)))
            }
        }
        if ["BlogPosting", "CreativeWork"].contains(type) { json.append(("mainEntityOfPage", ["@type": "WebPage", "@id": .string(canonical)])) }
        let social = hash(site["social"])
        let name: String? = if let seoName = present(seo["name"]) { formatted(seoName) } else if !isHomeOrAbout { nil } else { formatted(social["name"]) ?? siteTitle }
        if let name { json.append(("name", .string(name))) }
        if let logo = present(site["logo"])?.renderedText {
            let url = filter(.string(logo.contains("://") ? logo : absoluteURL(logo)), "uri_escape")
            var publisher: LiquidHash = ["@type": "Organization", "logo": ["@type": "ImageObject", "url": .string(url)]]
            if let authorName = author["name"], authorName != .nil { publisher["name"] = .string(authorName.renderedText) }
            json.append(("publisher", .hash(publisher)))
        }
        if let links = present(seo["links"]) ?? (isHomeOrAbout ? present(social["links"]) : nil) {
            json.append(("sameAs", .array(links.iterated.map { .string($0.renderedText) })))
        }
        json.append(("url", .string(canonical)))
        // The plugin's keys sorted, written as `jsonify` writes them.
        out.append("<script type=\"application/ld+json\">")
        out.append(filter(.hash(LiquidHash(json.sorted { $0.0 < $1.0 })), "jsonify") + "</script>")
        out.append("<!-- End Jekyll SEO tag -->")
        return out
    }

    /// The author as the plugin resolves it: the page's, its first of `authors`, the site's; a name looked up in `site.data.authors`.
    private func resolvedAuthor() -> LiquidHash {
        var candidates = [page["author"]]
        if case .array(let authors)? = page["authors"] { candidates.append(authors.first) }
        candidates.append(site["author"])
        guard let found = candidates.compactMap({ $0 }).first(where: { !$0.renderedText.isEmpty || { if case .hash(let h) = $0 { !h.isEmpty } else { false } }($0) }) else {
            return LiquidHash()
        }
        switch found {
        case .hash(let hash): return hash
        case .string(let name):
            var author: LiquidHash = ["name": .string(name)]
            if case .hash(let data)? = site["data"], case .hash(let authors)? = data["authors"], case .hash(let entry)? = authors[name] {
                author = LiquidSources.deepMerged(author, over: entry)
            }
            return author
        default: return LiquidHash()
        }
    }

    /// The page's image: its absolute, escaped address and what else its front matter says of it.
    private func imageValues() -> (path: String, hash: LiquidHash)? {
        var hash: LiquidHash
        switch page["image"] {
        case .hash(let written)?: hash = written
        case .string(let path)?: hash = ["path": .string(path)]
        default: return nil
        }
        guard let raw = present(hash["path"]) ?? present(hash["facebook"]) ?? present(hash["twitter"]) else { return nil }
        var path = raw.renderedText
        if !path.contains("://") { path = absoluteURL(path) }
        path = filter(.string(path), "uri_escape")
        if hash["path"] == nil { hash["path"] = .string(path) }
        return (path, hash)
    }
}
