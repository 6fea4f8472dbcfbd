/// Builds the site's own URLs: root-relative paths under the base path, and
/// absolute ones when the config gives a `base_url`.
public struct SiteURLs: Sendable {
    public var basePath: String
    /// `https://example.org` without a trailing slash, when known.
    public var origin: String?

    public init(config: SiteConfig) {
        basePath = config.basePath
        if let base = config.baseURL, let schemeEnd = base.range(of: "://") {
            let afterScheme = base[schemeEnd.upperBound...]
            let hostEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            origin = String(base[..<hostEnd])
        }
    }

    public func path(of output: OutputPath) -> String {
        output.urlPath(basePath: basePath)
    }

    public var home: String { basePath + "/" }

    /// The site's own pages beside the streams, named once for templates, sitemap and feeds.
    public static let archivePage = OutputPath(literal: "archive/index.html")
    public static let atomFeed = OutputPath(literal: "feed.xml")
    public static let jsonFeed = OutputPath(literal: "feed.json")
    /// Every old address and where it leads, for hosts that read it (Netlify, Cloudflare Pages).
    public static let redirectsFile = OutputPath(literal: "_redirects")

    /// The front page of a term's stream; `slug` comes from `TagSlug` and the key from the config's checks, safe segments.
    public func termStream(_ taxonomy: Taxonomy, slug: String) -> String {
        path(of: try! OutputPath([taxonomy.key, slug, "index.html"]))
    }

    /// The absolute URL of a root-relative path, or nil without a `base_url`.
    public func absolute(_ path: String) -> String? {
        origin.map { $0 + path }
    }
}
