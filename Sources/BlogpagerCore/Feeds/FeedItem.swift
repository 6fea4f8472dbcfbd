import Foundation

/// One entry as both feeds carry it: absolute URLs, a permanent id, RFC 3339 dates.
struct FeedItem {
    var id: String
    var url: String
    var title: String
    /// The full content, its links made absolute (feed readers have no base URL of ours).
    var contentHTML: String
    var summary: String
    var published: String
    var publishedDate: EntryDate
    var updated: String
    /// The newest of these dates the feed's own `updated`.
    var updatedDate: EntryDate
    /// Its tags and categories: feeds have one list of categories for both.
    var tags: [String]

    /// `origin` is `https://example.org`; `host` names the site in tag URIs.
    init(_ entry: Entry, body: EntryBody, origin: String, host: String) {
        url = origin + entry.url
        // An id never changes while the entry keeps its identity (date and slug),
        // whatever the permalink pattern: a tag URI (RFC 4151). `id:` in front matter pins one.
        if case .string(let pinned)? = entry.params["id"], !pinned.isEmpty {
            id = pinned
        } else {
            let wall = entry.date.local
            let day = String(format: "%04d-%02d-%02d", wall.year, wall.month, wall.day)
            id = "tag:\(host),\(day):\(URLPathEncoding.encode(entry.slug))/\(entry.date.epochSeconds)"
        }
        title = entry.title
        contentHTML = Self.absoluteLinks(in: body.contentHTML, base: url)
        summary = body.summaryText
        published = entry.date.rfc3339
        publishedDate = entry.date
        updatedDate = entry.updated ?? entry.date
        updated = updatedDate.rfc3339
        tags = entry.tags
        for category in entry.terms(of: .categories) where !tags.contains(category) { tags.append(category) }
    }

    /// Rewrites `href="…"` and `src="…"` values that are not absolute against `base`.
    static func absoluteLinks(in html: String, base: String) -> String {
        guard let baseURL = URL(string: base) else { return html }
        var result = ""
        var rest = Substring(html)
        while let attribute = rest.range(of: #"(?:href|src)=""#, options: .regularExpression) {
            result += rest[..<attribute.upperBound]
            rest = rest[attribute.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { break }
            let value = String(rest[..<close])
            if value.isEmpty || value.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil {
                result += value
            } else {
                // Values are HTML-escaped (`&amp;`); URL resolution keeps them as they are.
                result += URL(string: value, relativeTo: baseURL)?.absoluteString ?? value
            }
            rest = rest[close...]
        }
        return result + rest
    }
}
