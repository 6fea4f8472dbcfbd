import Liquid

/// jekyll-paginate-v2's `paginator` on a page whose `pagination: enabled: true` (the site's
/// `pagination:` settings under the page's): its first page, as the plugin gives it there (the later
/// pages lead to the archive's). Its common settings: `per_page`, `permalink`, `sort_reverse`, `limit`,
/// `category`, `tag`.
struct JekyllPaginateV2 {
    static let plugin = "jekyll-paginate-v2"

    var perPage = 10
    var permalink = "/page/:num/"
    var sortReverse = false
    var limit = 0
    var category: String?
    var tag: String?

    /// The settings of a page, nil where pagination is not enabled on it.
    init?(site: LiquidValue?, page: LiquidValue?) {
        var merged = LiquidHash()
        if case .hash(let settings)? = site { merged = settings }
        guard case .hash(let own)? = page else { return nil }
        merged = LiquidSources.deepMerged(merged, over: own)
        guard merged["enabled"]?.isTruthy == true else { return nil }
        if case .int(let size)? = merged["per_page"], size > 0 { perPage = size }
        if let written = merged["permalink"], written != .nil { permalink = written.renderedText }
        sortReverse = merged["sort_reverse"]?.isTruthy == true
        if case .int(let pages)? = merged["limit"], pages > 0 { limit = pages }
        category = merged["category"].flatMap { $0 == .nil || $0.renderedText == "posts" ? nil : $0.renderedText }
        tag = merged["tag"].flatMap { $0 == .nil ? nil : $0.renderedText }
    }

    /// The first page's `paginator` for the page at `url` (site-relative), over `posts` newest first.
    func paginator(url: String, posts: [LiquidValue]) -> LiquidHash {
        var chosen = posts.filter { post in
            guard case .hash(let hash) = post else { return false }
            if let category, !(hash["categories"].map { $0.iterated.map(\.renderedText).contains(category) } ?? false) { return false }
            if let tag, !(hash["tags"].map { $0.iterated.map(\.renderedText).contains(tag) } ?? false) { return false }
            return true
        }
        if !sortReverse { chosen.reverse() }
        var total = (chosen.count + perPage - 1) / perPage
        if limit > 0 { total = min(total, limit) }
        let folder = url.hasSuffix("/") ? url : String(url[...(url.lastIndex(of: "/") ?? url.startIndex)])
        func path(_ number: Int) -> String {
            number <= 1 ? url : folder + permalink.replacingOccurrences(of: ":num", with: String(number)).drop { $0 == "/" }
        }
        var paginator: LiquidHash = [
            "page": 1, "per_page": .int(perPage), "posts": .array(Array(chosen.prefix(perPage))), "total_posts": .int(chosen.count),
            "total_pages": .int(total), "previous_page": .nil, "previous_page_path": .nil, "next_page": .nil, "next_page_path": .nil,
            "first_page": 1, "first_page_path": .string(url), "last_page": .int(max(total, 1)), "last_page_path": .string(path(max(total, 1))),
        ]
        if total > 1 {
            paginator["next_page"] = 2
            paginator["next_page_path"] = .string(path(2))
        }
        return paginator
    }
}
