@testable import BlogpagerCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

/// Feeds and the sitemap: well-formed, absolute, deterministic.
struct FeedTests {
    @Test func xmlTextEscapesMarkupAndDropsWhatXMLForbids() {
        #expect(XMLText.escape("a < b & \"c\" 'd' >") == "a &lt; b &amp; &quot;c&quot; &apos;d&apos; &gt;")
        #expect(XMLText.escape("tab\there\u{0B}\u{01}end\n") == "tab\thereend\n")
        #expect(XMLText.escape("日本語 <b>\u{FFFE}é\u{FFFF}\u{FFFD}</b>\u{1F}") == "日本語 &lt;b&gt;é\u{FFFD}&lt;/b&gt;")
        #expect(XMLText.escape("plain text, nothing to do") == "plain text, nothing to do")
        #expect(XMLText.escape("") == "" && XMLText.escape("\u{01}") == "")
    }

    @Test func linksInFeedContentBecomeAbsolute() {
        let html = ##"<a href="/2016/x/">x</a> <img src="cat.png"> <a href="https://other.org/">o</a> <a href="#n">n</a> <a href="mailto:a@b">m</a>"##
        let result = FeedItem.absoluteLinks(in: html, base: "https://example.org/blog/2016/05/post/")
        #expect(result == ##"<a href="https://example.org/2016/x/">x</a> <img src="https://example.org/blog/2016/05/post/cat.png"> <a href="https://other.org/">o</a> <a href="https://example.org/blog/2016/05/post/#n">n</a> <a href="mailto:a@b">m</a>"##)
        // At the very start and end, an empty value, `a = b` in text, a relative link after Japanese text, a scheme with digits.
        let edges = ##"src="a.png" 日本語 <a href="">e</a> x = y <img data-src="b.png"> <a href="z39.50r://h/">s</a> <a href="../up/">u</a>"##
        #expect(FeedItem.absoluteLinks(in: edges, base: "https://example.org/p/q/")
            == ##"src="https://example.org/p/q/a.png" 日本語 <a href="">e</a> x = y <img data-src="https://example.org/p/q/b.png"> <a href="z39.50r://h/">s</a> <a href="https://example.org/p/up/">u</a>"##)
        #expect(FeedItem.absoluteLinks(in: "no links = here; href=\"", base: "https://example.org/") == "no links = here; href=\"")
    }

    @Test func feedsParseAndCarryTheLatestEntries() async throws {
        var config = SiteConfig()
        config.baseURL = "https://example.org:8443/blog/"
        config.feedSize = 3
        var files: [String: String] = [:]
        for index in 0..<5 {
            files["e\(index).md"] = SiteFixture.entry(title: "E\(index) <&>", date: "2020-01-0\(index + 1)T12:00:00-07:00", body: "Text \u{0B}[link](/x/)")
        }
        let site = try await SiteFixture(files: files, config: config).build()
        let atom = try #require(site.text("feed.xml"))
        let document = try XMLDocument(xmlString: atom, options: [])
        let entries = try document.nodes(forXPath: "/*[local-name()='feed']/*[local-name()='entry']")
        #expect(entries.count == 3)
        #expect(atom.contains("<updated>2020-01-05T12:00:00-07:00</updated>"))
        #expect(atom.contains("<id>tag:example.org,2020-01-05:e4/"))
        #expect(atom.contains("href=&quot;https://example.org:8443/x/&quot;"))
        let json = try JSONSerialization.jsonObject(with: Data(try #require(site.text("feed.json")).utf8)) as! [String: Any]
        let items = json["items"] as! [[String: Any]]
        #expect(items.map { $0["title"] as! String } == ["E4 <&>", "E3 <&>", "E2 <&>"])
        #expect(json["feed_url"] as? String == "https://example.org:8443/blog/feed.json")
    }

    @Test func withoutABaseURLThereAreNoFeedsAndAWarning() async throws {
        let site = try await SiteFixture(files: ["a.md": SiteFixture.entry(title: "A", date: "2020-01-01")]).build()
        #expect(site.text("feed.xml") == nil && site.text("sitemap.xml") == nil)
        #expect(site.warnings.count == 1 && site.warnings[0].severity == .warning)
    }

    @Test func largeSitemapsBecomeAnIndexOfParts() {
        let locations = (0..<120_001).map { Sitemap.Location(url: "/p/\($0)/", lastModified: $0 == 7 ? EntryDate(epochSeconds: 0) : nil) }
        let files = Sitemap(origin: "https://example.org", locations: locations).files(basePath: "")
        #expect(files.map(\.name) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        let index = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(index.contains("<sitemapindex") && index.contains("<loc>https://example.org/sitemap-3.xml</loc>"))
        let counts = files.dropFirst().map { String(decoding: $0.bytes, as: UTF8.self).components(separatedBy: "<url>").count - 1 }
        #expect(counts == [50_000, 50_000, 20_001])
        let first = String(decoding: files[1].bytes, as: UTF8.self)
        #expect(first.contains("<url><loc>https://example.org/p/0/</loc></url>\n<url><loc>https://example.org/p/1/</loc></url>"))
        #expect(first.contains("<url><loc>https://example.org/p/7/</loc><lastmod>1970-01-01T00:00:00Z</lastmod></url>"))
        let last = String(decoding: files[3].bytes, as: UTF8.self)
        #expect(last.contains("<loc>https://example.org/p/100000/</loc>") && last.contains("<loc>https://example.org/p/120000/</loc></url>\n</urlset>"))
    }

    /// The key is made a file's worth of locations at a time: a change in any part, or in how they are cut, is a new key.
    @Test func theSitemapKeySeesEveryLocation() {
        let locations = (0..<120_001).map { Sitemap.Location(url: "/p/\($0)/") }
        let key = RenderKeys.sitemap(origin: "https://example.org", basePath: "", locations: locations)
        #expect(key == RenderKeys.sitemap(origin: "https://example.org", basePath: "", locations: locations))
        var dated = locations
        dated[110_000].lastModified = EntryDate(epochSeconds: 0)
        #expect(RenderKeys.sitemap(origin: "https://example.org", basePath: "", locations: dated) != key)
        #expect(RenderKeys.sitemap(origin: "https://example.org", basePath: "", locations: Array(locations.dropLast())) != key)
        #expect(RenderKeys.sitemap(origin: "https://example.org", basePath: "/blog", locations: locations) != key)
        #expect(RenderKeys.sitemap(origin: "https://example.org", basePath: "", locations: []) != key)
    }
}
