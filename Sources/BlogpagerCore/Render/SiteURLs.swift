/// Builds the site's own URLs: root-relative paths under the base path, and
/// absolute ones when the config gives a `base_url`.
public struct SiteURLs: Sendable {
    public var basePath: String
    /// `https://example.org` without a trailing slash, when known.
    public var origin: String?

    /// Where the language rendered has its archive under `out/` (`["fr"]`); `[]` for the root.
    public var root: [String] = []
    /// Where its sitemap is in a site of several languages (`fr/`, each language's, as Hugo writes
    /// them, under an index at the root); "" for a site of one.
    public var sitemapFolder = ""

    public init(config: SiteConfig) {
        basePath = config.basePath
        root = config.languageRoot
        archiveFolder = config.archiveFolder
        if let code = config.languageCode { sitemapFolder = code + "/" }
        if let base = config.baseURL, let schemeEnd = base.range(of: "://") {
            let afterScheme = base[schemeEnd.upperBound...]
            let hostEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            origin = String(base[..<hostEnd])
        }
    }

    public func path(of output: OutputPath) -> String {
        output.urlPath(basePath: basePath)
    }

    /// Where the main archive is below the language's root (`SiteConfig.archiveFolder`).
    public var archiveFolder: [String] = []

    public var home: String { basePath + "/" + root.map { $0 + "/" }.joined() }
    /// The main archive's front page: the home page, or where the site's own home page sent it (`/blog/`).
    public var archiveHome: String { home + archiveFolder.map { $0 + "/" }.joined() }
    /// The main archive's cursor index.
    public var mainIndex: OutputPath { inLanguage(Self.mainIndex.below(archiveFolder)) }
    /// The site's own root, whatever language is rendered: where its assets and search bundle are.
    public var siteHome: String { basePath + "/" }

    /// A path of the language's archive: `feed.xml` at the root, `fr/feed.xml` for French.
    public func inLanguage(_ path: OutputPath) -> OutputPath {
        path.below(root)
    }

    /// The site's own pages beside the streams, named once for templates, sitemap and feeds (`inLanguage`).
    public static let archivePage = OutputPath(literal: "archive/index.html")
    public static let atomFeed = OutputPath(literal: "feed.xml")
    public static let jsonFeed = OutputPath(literal: "feed.json")
    public static let mainIndex = OutputPath(literal: "index.json")
    public var archivePage: OutputPath { inLanguage(Self.archivePage) }
    public var atomFeed: OutputPath { inLanguage(Self.atomFeed) }
    public var jsonFeed: OutputPath { inLanguage(Self.jsonFeed) }
    /// Every old address and where it leads, for hosts that read it (Netlify, Cloudflare Pages).
    public static let redirectsFile = OutputPath(literal: "_redirects")

    /// The front page of a term's stream; `slug` comes from `TagSlug` and the key from the config's checks, safe segments.
    public func termStream(_ taxonomy: Taxonomy, slug: String) -> String {
        path(of: try! OutputPath(root + [taxonomy.key, slug, "index.html"]))
    }

    /// The absolute URL of a root-relative path, or nil without a `base_url`.
    public func absolute(_ path: String) -> String? {
        origin.map { $0 + path }
    }
}
