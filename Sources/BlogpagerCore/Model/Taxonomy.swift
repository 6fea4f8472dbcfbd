/// A way readers browse entries by: tags, categories, authors, or one a Hugo
/// or Zola config names (`series`). Each of its terms is a stream of its own
/// (`categories/<slug>/`), and it has an index page listing them (`categories/`).
public struct Taxonomy: Sendable, Hashable {
    /// The front matter key that lists an entry's terms, and the folder of its streams under `out/`.
    public var key: String
    /// One term's kind, as a stream's `kind` and in its heading (`tag`, `category`, `author`).
    public var singular: String
    /// What its index page is called (`Tags`).
    public var title: String

    public init(key: String, singular: String, title: String) {
        self.key = key
        self.singular = singular
        self.title = title
    }

    /// A taxonomy a config names: the three every blog knows keep their words, others use the key.
    public init(named key: String) {
        switch key {
        case "tags": self = .tags
        case "categories": self = .categories
        case "authors": self = .authors
        default: self.init(key: key, singular: key, title: key.prefix(1).uppercased() + key.dropFirst())
        }
    }

    public static let tags = Taxonomy(key: "tags", singular: "tag", title: "Tags")
    public static let categories = Taxonomy(key: "categories", singular: "category", title: "Categories")
    public static let authors = Taxonomy(key: "authors", singular: "author", title: "Authors")
    /// Those read from every site's front matter, whatever its config says.
    public static let standard = [tags, categories, authors]

    /// Folders of `out/` that a taxonomy may not take: the site's own.
    static let reservedKeys: Set<String> = ["archive", "assets", "fragments", "page", "posts", "feed.xml", "feed.json", "index.json"]

    /// Where its index page is written.
    var indexPage: OutputPath { try! OutputPath([key, "index.html"]) }
}
