/// The old generator's paged lists, so their URLs still lead somewhere:
/// Jekyll's `paginate` with `paginate_path` (`/page:num/`), Hugo's home,
/// section and term pagers (`/page/2/`, `/posts/page/2/`, `/tags/swift/page/2/`).
/// Page 1 is the list's own URL, which blogpager serves itself (Hugo also wrote
/// `/page/1/` leading there); from page 2 on, each held `pageSize` entries, newest first.
public struct OldListPages: Sendable, Hashable {
    public var pageSize: Int
    /// URL templates of page N (`/page:num/`), one per list.
    public var templates: [String]
    /// The lists' own URLs other than the front page (Hugo's and Zola's section, `/:section/`): they lead to the front page.
    public var firstPages: [String]
    /// URL templates of page N of each term's list (`/:term/page/:num/`, `:term` its folder, `tags/swift`).
    public var termTemplates: [String]
    /// Whether the old generator wrote page 1 of each list too, leading to the list (Hugo's `/page/1/`).
    public var redirectsPageOne: Bool

    public init(pageSize: Int, templates: [String], firstPages: [String] = [], termTemplates: [String] = [], redirectsPageOne: Bool = false) {
        self.pageSize = pageSize
        self.templates = templates
        self.firstPages = firstPages
        self.termTemplates = termTemplates
        self.redirectsPageOne = redirectsPageOne
    }

    /// The URL of page `number` of a list (`/page/2/`); a template without `:num` names nothing.
    static func url(_ template: String, number: Int) -> String? {
        guard template.contains(":num") else { return nil }
        var url = template.replacingOccurrences(of: ":num", with: String(number))
        if !url.hasPrefix("/") { url = "/" + url }
        if !url.hasSuffix("/"), !url.hasSuffix(".html") { url += "/" }
        return url
    }
}
