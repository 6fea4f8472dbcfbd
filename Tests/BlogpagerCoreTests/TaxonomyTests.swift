import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// Tags, categories, authors and the taxonomies a config names: each term a
/// stream with its pages, fragments, cursor index and Atom feed, each
/// taxonomy an index page listing its terms.
struct TaxonomyTests {
    static func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("blogpager.yml", "title: Terms\nbase_url: https://terms.example.org/\ntaxonomies: [series]\n")
        try folder.write("content/one.md", """
            ---
            title: One
            date: 2024-01-01
            tags: [swift, linux]
            categories: [Notes]
            author: {name: Ada Lovelace, url: "https://ada.example.org"}
            series: Engines
            ---
            First.
            """)
        try folder.write("content/two.md", "---\ntitle: Two\ndate: 2024-01-02\ntags: swift\ncategory: Notes\nauthors: [Ada Lovelace, Grace Hopper]\n---\nSecond.\n")
        try folder.write("content/three.md", "---\ntitle: Three\ndate: 2024-01-03\ntags: [linux]\n---\nThird.\n")
        return folder
    }

    static func job(_ folder: TemporaryFolder, output: String = "out") -> BuildJob {
        BuildJob(contentFolder: folder.path + "/content", outputFolder: folder.path + "/" + output,
                 configPath: folder.path + "/blogpager.yml", program: .tests, in: .disk)
    }

    static func text(_ files: [String: Data], _ path: String) throws -> String {
        String(decoding: try #require(files[path], "\(path) is missing"), as: UTF8.self)
    }

    @Test func everyTermIsAStreamWithItsFeedAndEveryTaxonomyAnIndexPage() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await Self.job(folder).run(now: Date())
        let files = try folder.snapshot("out")
        for stream in ["tags/swift", "tags/linux", "categories/notes", "authors/ada-lovelace", "authors/grace-hopper", "series/engines"] {
            #expect(files["\(stream)/index.html"] != nil && files["\(stream)/index.json"] != nil && files["\(stream)/feed.xml"] != nil, "\(stream)")
        }
        let index = try JSONSerialization.jsonObject(with: try #require(files["categories/notes/index.json"])) as? [String: Any]
        let stream = try #require(index?["stream"] as? [String: Any])
        #expect(stream["kind"] as? String == "category" && stream["name"] as? String == "Notes" && index?["entries"] as? Int == 2)

        let authors = try Self.text(files, "authors/index.html")
        #expect(authors.contains("<h1 class=\"stream-title\">Authors</h1>") && authors.contains("href=\"/authors/grace-hopper/\">Grace Hopper</a>"))
        #expect(try Self.text(files, "categories/index.html").contains("1 category"))
        // Every page's navigation lists each taxonomy some entry uses.
        let home = try Self.text(files, "index.html")
        for (title, url) in [("Tags", "/tags/"), ("Categories", "/categories/"), ("Authors", "/authors/"), ("Series", "/series/")] {
            #expect(home.contains("<a href=\"\(url)\">\(title)</a>"))
        }
        // An article names its authors and links each of its terms.
        let one = try Self.text(files, "posts/one/index.html")
        #expect(one.contains("by <a class=\"author\" rel=\"author\" href=\"/authors/ada-lovelace/\">Ada Lovelace</a>"))
        #expect(one.contains("href=\"/categories/notes/\">Notes</a>") && one.contains("href=\"/series/engines/\">Engines</a>"))
        // A term's feed carries its own entries, newest first, and its pages link it.
        let swiftFeed = try Self.text(files, "tags/swift/feed.xml")
        #expect(swiftFeed.contains("<title type=\"text\">Tagged “swift” · Terms</title>"))
        #expect(swiftFeed.components(separatedBy: "<entry>").count == 3 && !swiftFeed.contains("Three"))
        let swiftFeedTitles = swiftFeed.components(separatedBy: "<title type=\"text\">").dropFirst(2).map { $0.prefix(3) }
        #expect(swiftFeedTitles == ["Two", "One"])
        #expect(try Self.text(files, "tags/swift/index.html").contains("href=\"/tags/swift/feed.xml\""))
        let sitemap = try Self.text(files, "sitemap.xml")
        #expect(sitemap.contains("https://terms.example.org/authors/") && sitemap.contains("https://terms.example.org/series/engines/"))
    }

    /// Adding an entry writes the feeds of its own terms again and keeps the
    /// others; the result is what a clean build makes.
    @Test func aNewEntryRewritesOnlyItsTermsFeeds() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await Self.job(folder).run(now: Date())
        try folder.write("content/four.md", "---\ntitle: Four\ndate: 2024-01-04\ntags: [swift]\n---\nFourth.\n")
        let second = try await Self.job(folder).run(now: Date())
        let written = Set(second.report.written.map(\.string))
        #expect(written.contains("tags/swift/feed.xml"))
        #expect(!written.contains("tags/linux/feed.xml") && !written.contains("authors/grace-hopper/feed.xml"))
        _ = try await Self.job(folder, output: "clean").run(now: Date())
        let kept = try folder.snapshot("out").filter { !$0.key.hasPrefix(".blogpager/") }
        let fresh = try folder.snapshot("clean").filter { !$0.key.hasPrefix(".blogpager/") }
        #expect(kept == fresh)
    }

    /// Jekyll splits a string of terms at spaces; a list keeps each item whole.
    @Test func termsAsJekyllAndHugoWriteThem() throws {
        var jekyll = SiteConfig()
        jekyll.reading.termsSplitOnSpaces = true
        let split = try EntryReaderTests.read("---\ntitle: T\ndate: 2020-01-01\ntags: ruby jekyll\ncategories: [web dev]\n---\nx\n", config: jekyll).get()
        #expect(split.tags == ["ruby", "jekyll"] && split.entry.terms(of: .categories) == ["web dev"])
        let whole = try EntryReaderTests.read("---\ntitle: T\ndate: 2020-01-01\ntags: ruby jekyll\n---\nx\n").get()
        #expect(whole.tags == ["ruby jekyll"])
        let zola = try EntryReaderTests.read("+++\ntitle = \"Z\"\ndate = 2020-01-01\n[taxonomies]\ncategories = [\"rust\"]\nauthors = [\"Zo\"]\n+++\nx\n").get()
        #expect(zola.entry.terms(of: .categories) == ["rust"] && zola.entry.terms(of: .authors) == ["Zo"] && zola.params["taxonomies"] == nil)
        #expect(EntryReaderTests.errors("---\ntitle: T\ndate: 2020-01-01\ncategories: [a, \"\"]\n---\nx\n")
            == ["content/post.md:4:17: error: each category must be non-empty text"])
    }

    @Test func aTaxonomyThatCannotBeAFolderIsRefused() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        try folder.write("blogpager.yml", "title: Terms\ntaxonomies: [series, archive]\n")
        await #expect(throws: BuildFailure.self) { try await Self.job(folder).run(now: Date()) }
        do {
            _ = try await Self.job(folder).run(now: Date())
        } catch {
            #expect(error.diagnostics.map(\.description).contains { $0.hasSuffix("error: taxonomy 'archive' cannot be a folder of its own under out/; its terms are not streams") })
        }
    }
}
