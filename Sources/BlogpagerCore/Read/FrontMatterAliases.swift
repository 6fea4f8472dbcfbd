/// The other names Jekyll, Hugo and Zola give the keys blogpager reads, put
/// under blogpager's own name, so one reading of the keys serves every origin:
/// - the date: `date`, else Hugo's `publishDate`, `pubdate`, `published`, `lastmod` or `modified`
///   (a date), in the order Hugo looks for one (`date` alone for Jekyll, whose `modified` is no date);
/// - the updated time: `updated`, else `lastmod` (Hugo) or `last_modified_at` (Jekyll);
/// - the end of publication: `expires`, else Hugo's `expiryDate` or `unpublishDate`;
/// - old addresses: `aliases` (Hugo, Zola), else Jekyll's `redirect_from`;
/// - terms: `tags`, `categories`, `authors`, else one written alone (`tag`,
///   `category`, `author`), else Zola's `[taxonomies]` (every taxonomy in it);
/// - a summary: `summary`, else Jekyll's `excerpt`;
/// - `published: false` (Jekyll) is a draft, as `draft: true` is (Jekyll reads `published` alone);
/// - each of these under any case (`Title:`), as Hugo reads keys;
/// - a date written as empty text (`date: ""`, an archetype's blank) is none, as Hugo reads it.
/// A key blogpager itself reads always wins over an alias.
struct FrontMatterAliases {
    private(set) var fields: [String: FrontMatterField]
    /// The alias keys taken, kept out of the entry's params.
    private(set) var consumed: Set<String> = []

    /// The keys read under any spelling of their case, as Hugo reads every key (`Title:`, `Date:`).
    private static let caseless = ["title", "date", "slug", "tags", "summary", "draft", "updated", "publishDate", "pubdate",
                                   "published", "lastmod", "last_modified_at", "excerpt", "taxonomies", "categories", "category",
                                   "authors", "author", "tag", "expires", "expiryDate", "unpublishDate", "aliases"]

    private static let caselessLowercased = caseless.map { ($0, $0.lowercased()) }

    /// The keys that hold a date, and are none when written as empty text.
    private static let dateKeys = ["date", "publishDate", "pubdate", "published", "lastmod", "modified", "updated", "last_modified_at",
                                   "expires", "expiryDate", "unpublishDate"]

    init(_ original: [String: FrontMatterField], names: SiteConfig.FrontMatterNames = .everyGenerators) {
        var fields = original
        // Each key lowercased once; where two spellings of one key are written, the first in sorted order.
        var byLowercased: [String: FrontMatterField] = [:]
        for field in original.values {
            let lowercased = field.key.lowercased()
            if let kept = byLowercased[lowercased], kept.key < field.key { continue }
            byLowercased[lowercased] = field
        }
        for (key, lowercased) in Self.caselessLowercased where fields[key] == nil {
            guard let other = byLowercased[lowercased], other.key != key else { continue }
            var renamed = other
            renamed.key = key
            fields[key] = renamed
            consumed.insert(other.key)
        }
        // Jekyll builds a post that says `draft: true`: the key is a value like any other there.
        if names == .jekyllsAlone { fields["draft"] = nil }
        for key in Self.dateKeys where fields[key]?.value.isBlankText == true {
            fields[key] = nil
            consumed.insert(key)
        }
        self.fields = fields
        if names == .everyGenerators {
            take("date", from: ["publishDate", "pubdate", "published", "lastmod", "modified"]) { $0.value.isDateLike }
        }
        take("updated", from: ["lastmod", "last_modified_at"])
        take("summary", from: ["excerpt"])
        take("expires", from: ["expiryDate", "unpublishDate"])
        take("aliases", from: ["redirect_from"])
        take("tags", from: ["tag"])
        take("categories", from: ["category"])
        take("authors", from: ["author"])
        if let taxonomies = fields["taxonomies"], case .map(let map) = taxonomies.value {
            for (key, terms) in map where self.fields[key] == nil {
                var field = taxonomies
                field.key = key
                field.value = terms
                field.rawText = terms.scalarText
                if case .list(let list) = terms { field.items = list.map { (taxonomies.valueLocation, $0.scalarText) } }
                self.fields[key] = field
            }
            consumed.insert("taxonomies")
        }
        if fields["draft"] == nil, let published = fields["published"], case .bool(let isPublished) = published.value {
            var field = published
            field.key = "draft"
            field.value = .bool(!isPublished)
            self.fields["draft"] = field
            consumed.insert("published")
        }
    }

    private mutating func take(_ key: String, from aliases: [String], when accepted: (FrontMatterField) -> Bool = { _ in true }) {
        guard fields[key] == nil else { return }
        for alias in aliases {
            guard let field = fields[alias], accepted(field) else { continue }
            var renamed = field
            renamed.key = key
            fields[key] = renamed
            consumed.insert(alias)
            return
        }
    }
}

extension FrontMatterValue {
    /// Text that may be a date (a flag such as `published: true` is not).
    var isDateLike: Bool {
        if case .string(let text) = self { return text.first?.isNumber == true }
        return false
    }

    /// Text that is empty or only spaces (`url: ""`): as if the key were not written.
    var isBlankText: Bool {
        if case .string(let text) = self { return text.allSatisfy { $0 == " " || $0 == "\t" } }
        return false
    }
}
