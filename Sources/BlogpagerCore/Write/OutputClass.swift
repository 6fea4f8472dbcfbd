/// What a written file is to whoever serves or uploads it (`blogpager deploy`): how long it may be
/// cached, and when it may go up. The build records one for every file in its list of files.
public enum OutputClass: String, Sendable, CaseIterable {
    /// Named by a hash of its bytes: fragments, index parts, hashed assets, Pagefind's chunks. Its
    /// bytes never change under its name.
    case immutable
    /// An HTML page: entries, list pages, a site's own pages.
    case page
    /// A cursor index, `index.json`: a stream's, or the main one (the file a reader's loader reads first).
    case index
    /// A feed or a sitemap.
    case feed
    /// A page that sends the reader to another address, and `_redirects`.
    case redirect
    /// A file with a fixed name that may change under it: a site's own file copied as it is (an
    /// image, `CNAME`), our unhashed assets, a stylesheet, Pagefind's entry file.
    case siteFile = "site-file"

    /// Whether this is the main index of a language's archive (`index.json` at the site's root,
    /// or at a language's root in a site of several), which goes up after every other index.
    public static func isMainIndex(_ path: String, languages: [String]) -> Bool {
        path == "index.json" || languages.contains { path == "\($0)/index.json" }
    }
}

/// How the build tells each file's class: by what it knows of the file (a site's static copy,
/// a redirect page), then by its name.
public struct OutputClassifier: Sendable, Equatable {
    /// Files copied from the site as they are: never immutable, whatever their names look like.
    var staticFiles: Set<String>
    /// Pages that send the reader elsewhere, and `_redirects`.
    var redirects: Set<String>

    public init(staticFiles: Set<String> = [], redirects: Set<String> = []) {
        self.staticFiles = staticFiles
        self.redirects = redirects
    }

    static let feedNames: Set<String> = ["feed.xml", "feed.json", "atom.xml", "rss.xml", "index.xml", "sitemap.xml"]

    public func classify(_ path: String) -> OutputClass {
        if staticFiles.contains(path) { return .siteFile }
        if redirects.contains(path) { return .redirect }
        // Once for every file of the list (1.8 million at a million entries): no array of its segments.
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        if path.hasPrefix(BuildJob.searchFolder + "/") {
            // Pagefind names its chunks `<language>_<hash>.pf_<kind>`; its scripts and entry file keep their names.
            let chunk = name.split(separator: ".").last?.hasPrefix("pf_") == true && name.contains("_")
            return chunk ? .immutable : .siteFile
        }
        if ContentHashedName.isHashed(name) { return .immutable }
        if name == "index.json" { return .index }
        if Self.feedNames.contains(name) || (name.hasPrefix("sitemap") && name.hasSuffix(".xml")) { return .feed }
        if name.hasSuffix(".html") || name.hasSuffix(".htm") { return .page }
        return .siteFile
    }
}
