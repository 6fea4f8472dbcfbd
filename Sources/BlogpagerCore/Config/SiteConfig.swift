import Foundation

/// The site's settings, from `blogpager.yml`; every field has a sensible default.
public struct SiteConfig: Sendable, Hashable {
    public enum ListContent: String, Sendable, Hashable { case summary, full }
    public enum Order: String, Sendable, Hashable {
        case newestFirst = "newest-first"
        case oldestFirst = "oldest-first"
    }

    public var title = "My Blog"
    public var description = ""
    public var author = ""
    /// Absolute site URL such as `https://example.org/blog/`; its path prefixes every link.
    public var baseURL: String?
    public var language = "en"
    public var timeZone = TimeZone(identifier: "UTC")!
    public var permalink = PermalinkPattern.default
    public var pageSize = 10
    public var unsafeHTML = false
    public var listContent = ListContent.summary
    /// The reading order the client shows; the index is always newest-first.
    public var order = Order.newestFirst
    /// How many of the latest entries `feed.xml` and `feed.json` carry; 0 writes no feeds.
    public var feedSize = 20
    /// Whether an entry without a title is an error (blogpager, Jekyll) or is
    /// named after its file, as Hugo and Zola build untitled pages.
    public var requiresTitles = true
    /// Whether every date is shown in the site's `timeZone`, whatever offset it
    /// was written with (Jekyll moves every date there; Hugo keeps a date's own).
    public var showsDatesInSiteZone = false
    /// Whether a key written twice in YAML front matter takes its last value
    /// (Jekyll's parser does) instead of being an error.
    public var yamlKeysMayRepeat = false
    /// Whether a page's URL ends in `.html` (`about.html`, Jekyll's default) or is a folder (`about/`).
    public var pagesEndInHTML = false
    /// Keys blogpager does not know; they reach templates as `site.params`.
    public var params: [String: FrontMatterValue] = [:]

    public init() {}

    /// Every setting, spelled out in a fixed order: a part of the keys that tell
    /// whether a cached entry or page was made under these settings.
    var keyParts: [String] {
        var parts = [
            title, description, author, baseURL ?? "-", language, timeZone.identifier,
            permalink.text, "\(pageSize)", "\(unsafeHTML)", listContent.rawValue, order.rawValue, "\(feedSize)", "\(requiresTitles)",
            "\(showsDatesInSiteZone)", "\(yamlKeysMayRepeat)", "\(pagesEndInHTML)",
        ]
        // A nested map's order may differ between runs: then nothing is kept, never a wrong page.
        parts += params.sorted { $0.key < $1.key }.map { "\($0.key)=\(String(describing: $0.value))" }
        return parts
    }

    /// The path part of `baseURL` without a trailing slash (`""` for a site at the root).
    public var basePath: String {
        guard let baseURL, let components = URLComponents(string: baseURL) else { return "" }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
