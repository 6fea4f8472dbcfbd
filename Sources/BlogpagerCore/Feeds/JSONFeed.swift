/// `feed.json`: a JSON Feed 1.1 (jsonfeed.org/version/1.1) of the latest entries.
struct JSONFeed: Encodable {
    struct Author: Encodable {
        var name: String
    }

    struct Item: Encodable {
        var id: String
        var url: String
        var title: String
        var content_html: String
        var summary: String?
        var date_published: String
        var date_modified: String
        var tags: [String]?
    }

    var version = "https://jsonfeed.org/version/1.1"
    var title: String
    var home_page_url: String
    var feed_url: String
    var description: String?
    var language: String
    var authors: [Author]?
    var items: [Item]

    init(title: String, description: String, author: String, language: String, home: String, feedURL: String, items: [FeedItem]) {
        self.title = title
        self.home_page_url = home
        self.feed_url = feedURL
        self.description = description.isEmpty ? nil : description
        self.language = language
        self.authors = author.isEmpty ? nil : [Author(name: author)]
        self.items = items.map {
            Item(id: $0.id, url: $0.url, title: $0.title, content_html: $0.contentHTML,
                 summary: $0.summary.isEmpty ? nil : $0.summary,
                 date_published: $0.published, date_modified: $0.updated, tags: $0.tags.isEmpty ? nil : $0.tags)
        }
    }

    func bytes() -> [UInt8] {
        DeterministicJSON.bytes(self)
    }
}
