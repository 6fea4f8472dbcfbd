/// `feed.xml`: an Atom 1.0 feed (RFC 4287) of the latest entries, full content.
struct AtomFeed {
    var title: String
    var subtitle: String
    var author: String
    var language: String
    /// Absolute URLs of the site's front page and of this file.
    var home: String
    var selfURL: String
    var items: [FeedItem]

    func bytes() -> [UInt8] {
        // Deterministic: the feed changes when its entries do, not with the clock.
        let updated = items.max { $1.updatedDate.isAfter($0.updatedDate) }?.updated ?? "1970-01-01T00:00:00Z"
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(XMLText.escape(language))">
        <title type="text">\(XMLText.escape(title))</title>

        """
        if !subtitle.isEmpty { xml += "<subtitle type=\"text\">\(XMLText.escape(subtitle))</subtitle>\n" }
        xml += """
        <link rel="self" type="application/atom+xml" href="\(XMLText.escape(selfURL))"/>
        <link rel="alternate" type="text/html" href="\(XMLText.escape(home))"/>
        <id>\(XMLText.escape(home))</id>
        <updated>\(updated)</updated>
        <author><name>\(XMLText.escape(author.isEmpty ? title : author))</name></author>
        <generator>blogpager</generator>

        """
        for item in items {
            xml += "<entry>\n"
            xml += "<title type=\"text\">\(XMLText.escape(item.title))</title>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escape(item.url))\"/>\n"
            xml += "<id>\(XMLText.escape(item.id))</id>\n"
            xml += "<published>\(item.published)</published>\n"
            xml += "<updated>\(item.updated)</updated>\n"
            for tag in item.tags { xml += "<category term=\"\(XMLText.escape(tag))\"/>\n" }
            if !item.summary.isEmpty { xml += "<summary type=\"text\">\(XMLText.escape(item.summary))</summary>\n" }
            xml += "<content type=\"html\" xml:base=\"\(XMLText.escape(item.url))\">\(XMLText.escape(item.contentHTML))</content>\n"
            xml += "</entry>\n"
        }
        xml += "</feed>\n"
        return Array(xml.utf8)
    }
}
