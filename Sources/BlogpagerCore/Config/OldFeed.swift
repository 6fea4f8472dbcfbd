/// A feed the old site published, kept at its URL and in its format so no
/// subscriber is lost: Hugo's RSS `index.xml` (the site, the section, each
/// term), Zola's `atom.xml`/`rss.xml` (the site, the terms of a taxonomy with
/// `feed = true`), jekyll-feed's Atom at a `feed: path:` of its own. blogpager's
/// own `feed.xml`, `feed.json` and term feeds are written beside them.
public struct OldFeed: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable { case atom, rss }

    public enum Place: Sendable, Hashable {
        /// The site's latest entries, at a path of the site (`index.xml`, `posts/index.xml`).
        case site(path: String)
        /// The same, in the entries' section folder (`posts/index.xml` for Hugo's `content/posts/`).
        case section(fileName: String)
        /// Each term's latest entries, as `fileName` in the term's folder; `taxonomy` nil for every taxonomy.
        case terms(taxonomy: String?, fileName: String)
    }

    public var format: Format
    public var place: Place

    public init(format: Format, place: Place) {
        self.format = format
        self.place = place
    }

    /// The format a file name says (`rss.xml`, `index.xml` are RSS for Zola and Hugo; `atom.xml` Atom).
    static func format(ofFileName name: String) -> Format {
        name.lowercased().contains("atom") ? .atom : .rss
    }

    /// Whether a term's stream of `taxonomy` has this feed.
    func covers(_ taxonomy: Taxonomy) -> Bool {
        if case .terms(let key, _) = place { return key == nil || key == taxonomy.key }
        return false
    }
}
