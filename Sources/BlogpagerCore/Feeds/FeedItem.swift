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
            let day = wall.year.zeroPadded(4) + "-" + wall.month.zeroPadded(2) + "-" + wall.day.zeroPadded(2)
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
    /// Found from `=` to `=` in the bytes: Foundation's regular expressions went
    /// through UTF-16 from each match on, a few percent of a build.
    static func absoluteLinks(in html: String, base: String) -> String {
        guard let baseURL = URL(string: base) else { return html }
        return html.rewriting(from: UInt8(ascii: "=")) { bytes, equals in
            guard equals + 1 < bytes.count, bytes[equals + 1] == UInt8(ascii: "\""),
                  String.bytes(bytes, at: equals - 4, startWith: Self.href) || String.bytes(bytes, at: equals - 3, startWith: Self.src),
                  let close = bytes[(equals + 2)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 2)..<close]), as: UTF8.self)
            // Values are HTML-escaped (`&amp;`); URL resolution keeps them as they are.
            guard !value.isEmpty, !Self.hasScheme(value), let resolved = URL(string: value, relativeTo: baseURL)?.absoluteString else { return nil }
            return (Array("=\"".utf8) + Array(resolved.utf8), close)
        }
    }

    private static let href = Array("href".utf8), src = Array("src".utf8)

    /// Whether a URL starts with a scheme (`https:`, `mailto:`): `[A-Za-z][A-Za-z0-9+.-]*:`.
    static func hasScheme(_ value: String) -> Bool {
        var bytes = value.utf8.makeIterator()
        guard let first = bytes.next(), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else { return false }
        while let byte = bytes.next() {
            if byte == UInt8(ascii: ":") { return true }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isLetter || isDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") else { return false }
        }
        return false
    }
}
