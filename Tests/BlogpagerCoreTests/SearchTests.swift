@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// The search step: Pagefind's bundle placed in `out/pagefind/` as blogpager's own files,
/// made again only when an entry changed, gone when search is turned off, and a warning
/// (never a failed build) when Pagefind is missing. Runs the real Pagefind of
/// `BLOGPAGER_PYTHON` (as `make test` sets it).
struct SearchTests {
    static func build(_ folder: TemporaryFolder, python: String? = HighlightTests.python) async throws -> BuildJob.Outcome {
        var job = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/out",
                           configPath: folder.path + "/site/blogpager.yml", program: .tests, in: .disk)
        job.python = python
        return try await job.run(now: Date())
    }

    static func write(_ folder: TemporaryFolder, search: Bool) throws {
        try folder.write("site/blogpager.yml", "title: Found\nsearch: \(search)\n")
        try folder.write("site/posts/lamp.md", "---\ntitle: The lamp\ndate: 2020-01-02\ntags: [sea]\n---\nThe zanzibarite lamp.\n")
        try folder.write("site/posts/nihongo.md", "---\ntitle: 灯台\ndate: 2020-01-03\nlang: ja\n---\n灯台守の話です。\n")
    }

    @Test func theBundleIsOursMadeWhenAnEntryChangesAndGoneWhenSearchIsOff() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.write(folder, search: true)
        let first = try await Self.build(folder)
        #expect(first.summary.searchSeconds != nil, "\(first.summary.warnings)")
        var files = try folder.snapshot("out")
        let bundle = files.keys.filter { $0.hasPrefix("pagefind/") }
        #expect(bundle.contains("pagefind/pagefind-entry.json") && bundle.contains("pagefind/pagefind.js"))
        let listed = String(decoding: try #require(files[".blogpager/files"]), as: UTF8.self)
        #expect(bundle.allSatisfy { listed.contains($0 + "\t") }, "every file of the bundle is recorded as ours")
        #expect(!files.keys.contains { $0.contains("search-staging") })
        // The entry page is marked for Pagefind, its own language on <html>.
        let page = String(decoding: try #require(files["posts/nihongo/index.html"]), as: UTF8.self)
        #expect(page.contains("<html lang=\"ja\">") && page.contains("data-pagefind-body") && page.contains("data-pagefind-filter=\"language:ja\""))
        #expect(String(decoding: try #require(files["index.html"]), as: UTF8.self).contains("class=\"bp-search-link\""))
        #expect(!String(decoding: try #require(files["index.html"]), as: UTF8.self).contains("data-pagefind-body"), "list pages are not indexed")

        // A build that changed no entry keeps the index as it is, without running Pagefind.
        try folder.write("site/static/extra.txt", "another file\n")
        let kept = try await Self.build(folder)
        #expect(kept.summary.searchSeconds == nil)
        files = try folder.snapshot("out")
        #expect(files.keys.filter { $0.hasPrefix("pagefind/") }.sorted() == bundle.sorted())

        // Turned off: the bundle goes, as any file blogpager no longer makes.
        try Self.write(folder, search: false)
        _ = try await Self.build(folder)
        files = try folder.snapshot("out")
        #expect(!files.keys.contains { $0.hasPrefix("pagefind/") })
        #expect(!String(decoding: try #require(files["index.html"]), as: UTF8.self).contains("bp-search"))
    }

    /// Pagefind orders its filters by hash tables seeded anew in every run; the bundle blogpager
    /// places is the same for the same pages all the same (nine tags: two runs of Pagefind alone
    /// would meet in one order about once in 360,000).
    @Test func theSamePagesGiveTheSameBundle() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.write(folder, search: true)
        let tags = ["sea", "lamp", "night", "harbour", "ships", "books", "tea", "rain", "日本語"]
        for (day, tag) in tags.enumerated() {
            try folder.write("site/posts/day-\(day).md", "---\ntitle: Day \(day)\ndate: 2020-02-1\(day)\ntags: [\(tag), common]\n---\nA note on \(tag).\n")
        }
        var bundles: [[String: Data]] = []
        for output in ["out", "again"] {
            var job = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/" + output,
                               configPath: folder.path + "/site/blogpager.yml", program: .tests, in: .disk)
            job.python = HighlightTests.python
            let outcome = try await job.run(now: Date())
            #expect(outcome.summary.searchSeconds != nil, "\(outcome.summary.warnings)")
            bundles.append(try folder.snapshot(output).filter { $0.key.hasPrefix("pagefind/") })
        }
        #expect(bundles[0].keys.sorted() == bundles[1].keys.sorted())
        #expect(bundles[0] == bundles[1])
        // What the entry file names is there, and names its filters in order.
        let entry = String(decoding: try #require(bundles[0]["pagefind/pagefind-entry.json"]), as: UTF8.self)
        let meta = try #require(bundles[0].keys.first { $0.hasSuffix(".pf_meta") })
        #expect(entry.contains("\"" + meta.dropFirst("pagefind/pagefind.".count).dropLast(".pf_meta".count) + "\""), "\(entry) \(meta)")
        #expect(bundles[0].keys.filter { $0.hasPrefix("pagefind/filter/") }.count == 2)
    }

    @Test func withoutPagefindTheBuildWarnsAndSucceeds() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.write(folder, search: true)
        try folder.write("site/blogpager.yml", "title: Found\nsearch: true\npagefind: \(folder.path)/no-such-pagefind\n")
        let outcome = try await Self.build(folder)
        let warnings = outcome.summary.warnings.filter { $0.message.contains("Pagefind") }
        #expect(warnings.count == 1 && warnings[0].message.contains("the search index was not made"), "\(outcome.summary.warnings)")
        #expect(try folder.snapshot("out")["posts/lamp/index.html"] != nil)
    }
}
