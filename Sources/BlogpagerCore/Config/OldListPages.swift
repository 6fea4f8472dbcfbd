/// The old generator's paged lists, so their URLs still lead somewhere:
/// Jekyll's `paginate` with `paginate_path` (`/page:num/`), Hugo's home and
/// section pagers (`/page/2/`, `/posts/page/2/`). Page 1 is the list's own
/// URL, which blogpager serves itself; from page 2 on, each held `pageSize`
/// entries, newest first.
public struct OldListPages: Sendable, Hashable {
    public var pageSize: Int
    /// URL templates of page N (`/page:num/`), one per list.
    public var templates: [String]
    /// The lists' own URLs other than the front page (Hugo's and Zola's section, `/:section/`): they lead to the front page.
    public var firstPages: [String]

    public init(pageSize: Int, templates: [String], firstPages: [String] = []) {
        self.pageSize = pageSize
        self.templates = templates
        self.firstPages = firstPages
    }

    /// The URL of page `number` of a list (`/page/2/`); a template without `:num` names nothing.
    static func url(_ template: String, number: Int) -> String? {
        guard template.contains(":num") else { return nil }
        var url = template.replacingOccurrences(of: ":num", with: String(number))
        if !url.hasPrefix("/") { url = "/" + url }
        if !url.hasSuffix("/"), !url.hasSuffix(".html") { url += "/" }
        return url
    }

    var keyText: String { "\(pageSize) " + templates.joined(separator: ",") + " " + firstPages.joined(separator: ",") }
}
