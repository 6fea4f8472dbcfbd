import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// The old site's list pages (`/page/2/`) keep leading somewhere: the first build writes
/// `legacy-pages.yml` from the entries as they were, and from then on that file decides.
struct LegacyPagesTests {
    /// Hugo pages each term's list too (`/tags/go/page/2/`) and writes page 1 of every list as a
    /// redirect to it: a real blog of 2,900 posts had 820 such URLs. They lead on here as well.
    @Test func aHugoTermsOldListPagesAndEveryPageOneLeadOn() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Terms\"\n[pagination]\npagerSize = 4\n")
        for day in 1...10 {
            // Entries 1 to 6 are tagged go: the tag's list held 6..3 on page 1, 2 and 1 on page 2.
            try folder.write("site/content/posts/entry-\(day).md", "---\ntitle: Entry \(day)\ndate: 2024-01-\(day < 10 ? "0" : "")\(day)\ntags: [\(day <= 6 ? "Go" : "other")]\n---\nx\n")
        }
        let job = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/out", program: .tests, in: .disk)
        _ = try await job.run(now: Date())
        let legacy = String(decoding: try #require(folder.snapshot("site")["legacy-pages.yml"]), as: UTF8.self)
        #expect(legacy.contains("  - url: \"/tags/go/page/2/\"\n    first: \"posts/entry-2.md\""), "\(legacy)")
        #expect(!legacy.contains("/tags/other/page/2/") && !legacy.contains("/page/1/"))
        let files = try folder.snapshot("out")
        let text = { (path: String) in String(decoding: files[path] ?? Data(), as: UTF8.self) }
        #expect(text("tags/go/page/2/index.html").contains("#entry-2\""))
        #expect(text("tags/go/page/1/index.html").contains("url=https://hugo.example.org/tags/go/\""))
        #expect(text("tags/other/page/1/index.html").contains("url=https://hugo.example.org/tags/other/\""))
        #expect(text("page/1/index.html").contains("url=https://hugo.example.org/\"") && text("posts/page/1/index.html").contains("url=https://hugo.example.org/\""))
        let redirects = text("_redirects")
        #expect(redirects.contains("/tags/go/page/1/ /tags/go/ 301\n") && redirects.contains("/page/1/ / 301\n"), "\(redirects)")
    }

    @Test func oldListPagesLeadToTheEntryThatWasFirstOnThemForever() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Pages\"\n[pagination]\npagerSize = 4\n")
        for day in 1...10 {
            try folder.write("site/content/posts/entry-\(day).md", "---\ntitle: Entry \(day)\ndate: 2024-01-\(day < 10 ? "0" : "")\(day)\n---\nx\n")
        }
        let job = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/out", program: .tests, in: .disk)
        _ = try await job.run(now: Date())
        let legacy = String(decoding: try #require(folder.snapshot("site")["legacy-pages.yml"]), as: UTF8.self)
        // Newest first, four a page: page 2 held entries 6..3, page 3 held 2 and 1.
        for line in ["  - url: \"/page/2/\"\n    first: \"posts/entry-6.md\"", "  - url: \"/page/3/\"\n    first: \"posts/entry-2.md\"",
                     "  - url: \"/posts/page/2/\"\n    first: \"posts/entry-6.md\""] {
            #expect(legacy.contains(line), "\(legacy)")
        }
        let page2 = String(decoding: try #require(try folder.snapshot("out")["page/2/index.html"]), as: UTF8.self)
        let target = try #require(page2.firstRange(of: "url=").map { page2[$0.upperBound...].prefix { $0 != "\"" } })
        #expect(target.hasSuffix("#entry-6") && target.hasPrefix("https://hugo.example.org/"))
        // The page the old URL leads to holds that entry.
        let local = String(target.dropFirst("https://hugo.example.org".count).prefix { $0 != "#" })
        let held = String(decoding: try #require(try folder.snapshot("out")[String(local.dropFirst()) + "index.html"]), as: UTF8.self)
        #expect(held.contains("id=\"entry-6\""))

        // New posts arrive: the file is kept as it is, and so is where /page/2/ leads.
        for day in 11...14 {
            try folder.write("site/content/posts/entry-\(day).md", "---\ntitle: Entry \(day)\ndate: 2024-01-\(day)\n---\nx\n")
        }
        _ = try await job.run(now: Date())
        #expect(String(decoding: try #require(folder.snapshot("site")["legacy-pages.yml"]), as: UTF8.self) == legacy)
        let after = String(decoding: try #require(try folder.snapshot("out")["page/2/index.html"]), as: UTF8.self)
        #expect(after.contains("#entry-6\""))
        #expect(String(decoding: try #require(try folder.snapshot("out")["_redirects"]), as: UTF8.self).contains("/page/2/ "))

        // The user's edit decides; a page whose entry is gone leads to the front page, with a warning.
        try folder.write("site/legacy-pages.yml", "pages:\n  - url: /page/2/\n    first: posts/entry-9.md\n  - url: /page/9/\n    first: posts/gone.md\n")
        let edited = try await job.run(now: Date())
        #expect(String(decoding: try #require(try folder.snapshot("out")["page/2/index.html"]), as: UTF8.self).contains("#entry-9\""))
        #expect(edited.summary.warnings.contains { $0.description.hasSuffix("legacy-pages.yml:4:1: warning: old list page /page/9/ leads to the front page: no entry is posts/gone.md any more") },
                "\(edited.summary.warnings)")
        #expect(try folder.snapshot("out")["posts/page/2/index.html"] == nil)
    }

    /// Zola pages a section by its `_index.md`: `paginate_by` is the page size and makes `/blog/page/N/`.
    @Test func zolasSectionIndexPagesItsSection() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/config.toml", "base_url = \"https://zola.example.org\"\ntitle = \"Z\"\n")
        try folder.write("site/content/blog/_index.md", "+++\ntitle = \"Blog\"\npaginate_by = 2\n+++\n")
        for day in 1...5 {
            try folder.write("site/content/blog/entry-\(day).md", "+++\ntitle = \"Entry \(day)\"\ndate = 2024-01-0\(day)\n+++\nx\n")
        }
        _ = try await BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/out", program: .tests, in: .disk).run(now: Date())
        let legacy = String(decoding: try #require(folder.snapshot("site")["legacy-pages.yml"]), as: UTF8.self)
        #expect(legacy.contains("  - url: \"/blog/page/2/\"\n    first: \"blog/entry-3.md\"") && legacy.contains("  - url: \"/blog/page/3/\"\n    first: \"blog/entry-1.md\""))
        let index = try JSONSerialization.jsonObject(with: try #require(try folder.snapshot("out")["index.json"])) as? [String: Any]
        #expect(index?["page_size"] as? Int == 2)
    }
}
