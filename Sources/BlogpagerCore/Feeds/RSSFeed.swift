/// An RSS 2.0 feed, for subscribers of a site's old feed URL (Hugo's
/// `index.xml`, Zola's `rss.xml`): the same items as the Atom feed, each with
/// its full content in `description`, dates in RFC 822 form.
struct RSSFeed {
    var title: String
    var description: String
    var language: String
    /// Absolute URLs of the page the feed follows and of this file.
    var home: String
    var selfURL: String
    var items: [FeedItem]

    func bytes() -> [UInt8] {
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
        <channel>
        <title>\(XMLText.escape(title))</title>
        <link>\(XMLText.escape(home))</link>
        <description>\(XMLText.escape(description.isEmpty ? title : description))</description>
        <language>\(XMLText.escape(language))</language>
        <generator>blogpager</generator>
        <atom:link href="\(XMLText.escape(selfURL))" rel="self" type="application/rss+xml"/>

        """
        // Deterministic: the newest item's date, never the clock.
        if let newest = items.max(by: { $1.updatedDate.isAfter($0.updatedDate) }) {
            xml += "<lastBuildDate>\(Self.rfc822(newest.updatedDate))</lastBuildDate>\n"
        }
        for item in items {
            xml += "<item>\n"
            xml += "<title>\(XMLText.escape(item.title))</title>\n"
            xml += "<link>\(XMLText.escape(item.url))</link>\n"
            xml += "<guid isPermaLink=\"false\">\(XMLText.escape(item.id))</guid>\n"
            xml += "<pubDate>\(Self.rfc822(item.publishedDate))</pubDate>\n"
            for tag in item.tags { xml += "<category>\(XMLText.escape(tag))</category>\n" }
            xml += "<description>\(XMLText.escape(item.contentHTML))</description>\n"
            xml += "</item>\n"
        }
        xml += "</channel>\n</rss>\n"
        return Array(xml.utf8)
    }

    /// `Thu, 12 May 2016 10:00:00 +0900`: RFC 822's form, with a four-digit year as RSS 2.0 asks.
    static func rfc822(_ date: EntryDate) -> String {
        let wall = date.local
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = days[wall.weekday]
        let offset = Int(date.offsetSeconds)
        let sign = offset < 0 ? "-" : "+"
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(weekday), \(two(wall.day)) \(months[wall.month - 1]) \(wall.year) \(two(wall.hour)):\(two(wall.minute)):\(two(wall.second)) "
            + "\(sign)\(two(abs(offset) / 3600))\(two(abs(offset) % 3600 / 60))"
    }
}
