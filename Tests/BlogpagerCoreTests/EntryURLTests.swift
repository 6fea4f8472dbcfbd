@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// Entry URLs as each generator makes them. Jekyll's and Hugo's are compared with the real tools
/// in the site tests (sitetests/test_old_urls.py); Zola's, which has no package here, are checked
/// against its documented rules.
struct EntryURLTests {
    static func url(_ rule: EntryURLRule, _ relativePath: String, _ frontMatter: String, section: [String] = [], base: String? = nil) throws -> String {
        var config = SiteConfig()
        config.entryURLs = rule
        config.contentSection = section
        config.reading.untitledEntries = .fileName
        if let base { config.baseURL = base }
        let source = SourceFile(displayPath: "content/" + relativePath, relativePath: relativePath, bytes: Array(frontMatter.utf8))
        return try EntryReader(config: config, now: Date()).read(source).get().url
    }

    @Test func zolaPlacesAnEntryInItsSectionBySlug() throws {
        #expect(try Self.url(.zola, "my-post.md", "+++\ndate = 2020-01-02\n+++\n", section: ["blog"]) == "/blog/my-post/")
        // A date before the name is dropped; accents go; the slug is lowercased ASCII.
        #expect(try Self.url(.zola, "2020-01-02-Été à Paris.md", "+++\n+++\n", section: ["blog"]) == "/blog/ete-a-paris/")
        #expect(try Self.url(.zola, "x.md", "+++\ndate = 2020-01-02\nslug = \"Given Slug\"\n+++\n", section: ["blog"]) == "/blog/given-slug/")
        #expect(try Self.url(.zola, "x.md", "+++\ndate = 2020-01-02\npath = \"about/me\"\n+++\n", section: ["blog"]) == "/about/me/")
        #expect(try Self.url(.zola, "bundle/index.md", "+++\ndate = 2020-01-02\n+++\n", section: ["blog"]) == "/blog/bundle/")
    }

    @Test func jekyllFillsItsTemplateAsItsURLDropDoes() throws {
        let dated = "---\ntitle: T\ndate: 2016-02-09 10:00:00 +0000\ncategories: [Web Dev, web dev]\n---\n"
        // Jekyll's own build gives /web%20dev/2016/02/09/Hello-World!.html: the same path (we encode `!` too).
        #expect(try Self.url(.jekyll(permalink: "date"), "2016-02-09-Hello World!.md", dated).removingPercentEncoding == "/web dev/2016/02/09/Hello-World!.html")
        #expect(try Self.url(.jekyll(permalink: "/:year/W:week/:short_day/:slug/"), "2016-02-09-Hello World!.md", dated) == "/2016/W06/Tue/hello-world/")
        #expect(try Self.url(.jekyll(permalink: "/:title"), "2016-02-09-x.md", dated, base: "https://e.org/blog/") == "/blog/x")
        #expect(EntryURLMaker.jekyllSlugify("  Ça va? Très bien.  ", pretty: true, cased: true) == "Ça-va-Très-bien.")
    }

    @Test func hugoSanitizesPathsAsHugoDoes() {
        #expect(HugoPaths().urlized("C++ & Swift: a Tale!") == "c-swift-a-tale")
        #expect(HugoPaths().urlized("x -- y") == "x--y")
        #expect(HugoPaths().urlized("a.b_c-d/e (f) #g ~h @i %j") == "a.b_c-d-e-f-#g-~h-@i-j")
        #expect(HugoPaths().urlized("it's 100% fine") == "its-100-fine")
    }

    /// Old addresses lead to the new place: a redirect page at each, listed in `_redirects`;
    /// an address claimed twice, or one that is another entry's URL, is an error naming both.
    @Test func oldAddressesLeadToTheEntry() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/_config.yml", "title: Moved\nurl: https://moved.example.org\nbaseurl: /blog\npermalink: pretty\n")
        try folder.write("site/_posts/2016-01-02-new-home.md", "---\ntitle: New home\nredirect_from:\n  - /old/home/\n  - /legacy.html\n---\nx\n")
        try folder.write("site/_posts/2016-01-03-other.md", "---\ntitle: Other\nredirect_from: /other-old\n---\nx\n")
        let job = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/out", program: .tests, in: .disk)
        _ = try await job.run(now: Date())
        let files = try folder.snapshot("out")
        let page = String(decoding: try #require(files["old/home/index.html"]), as: UTF8.self)
        let target = "https://moved.example.org/blog/2016/01/02/new-home/"
        #expect(page.contains("<meta http-equiv=\"refresh\" content=\"0; url=\(target)\">") && page.contains("<link rel=\"canonical\" href=\"\(target)\">"))
        #expect(page.contains("<a href=\"\(target)\">New home</a>") && files["legacy.html"] != nil && files["other-old.html"] != nil)
        let redirects = String(decoding: try #require(files["_redirects"]), as: UTF8.self)
        // A page written as a file also answered without `.html` (`redirect_from: /other-old`): both addresses lead on.
        let expected = [
            "/blog/legacy /blog/2016/01/02/new-home/ 301",
            "/blog/legacy.html /blog/2016/01/02/new-home/ 301",
            "/blog/old/home/ /blog/2016/01/02/new-home/ 301",
            "/blog/other-old /blog/2016/01/03/other/ 301",
            "/blog/other-old.html /blog/2016/01/03/other/ 301",
        ]
        #expect(redirects == expected.joined(separator: "\n") + "\n")

        // Jekyll writes one page over the other: the address keeps leading to the first entry that
        // gives it, an entry's URL stays its page, and each alias left out is a warning.
        try folder.write("site/_posts/2016-01-04-thief.md", "---\ntitle: Thief\nredirect_from: [/old/home/, /2016/01/03/other/]\n---\nx\n")
        let warnings = try await job.run(now: Date()).summary.warnings.map(\.message)
        #expect(warnings.contains { $0.hasPrefix("old address /old/home/ (aliases) leads to ") && $0.hasSuffix("2016-01-02-new-home.md, which gives it too; remove it from one of them") },
                "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("no redirect at old address /2016/01/03/other/ (aliases): it is the URL of ") && $0.contains("2016-01-03-other.md") })
        let after = try folder.snapshot("out")
        #expect(String(decoding: try #require(after["old/home/index.html"]), as: UTF8.self).contains("url=\(target)\""))
        let other = String(decoding: try #require(after["2016/01/03/other/index.html"]), as: UTF8.self)
        #expect(other.contains("Other") && !other.contains("http-equiv=\"refresh\""))
        let redirectsAfter = String(decoding: try #require(after["_redirects"]), as: UTF8.self).split(separator: "\n")
        #expect(!redirectsAfter.contains { $0.hasPrefix("/blog/2016/01/03/other/ ") } && redirectsAfter.contains("/blog/old/home/ /blog/2016/01/02/new-home/ 301"))
    }

    /// In a site of blogpager's own, an address claimed twice, or one that is another entry's URL, is an error naming both.
    @Test func anOldAddressOfTwoEntriesIsAnErrorInASiteOfOurOwn() async throws {
        let fixture = SiteFixture(files: [
            "a.md": SiteFixture.entry(title: "A", date: "2016-01-02", extra: "aliases: [/old/, /posts/c/]\n"),
            "b.md": SiteFixture.entry(title: "B", date: "2016-01-03", extra: "aliases: [/old/]\n"),
            "c.md": SiteFixture.entry(title: "C", date: "2016-01-04"),
        ])
        let messages = try await fixture.failure().filter { $0.severity == .error }.map(\.message)
        #expect(messages.contains { $0.hasPrefix("old address /old/ (aliases) is also an old address of ") && $0.hasSuffix("a.md; it can lead to one entry only") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("old address /posts/c/ (aliases) is the URL of ") })
    }
}
