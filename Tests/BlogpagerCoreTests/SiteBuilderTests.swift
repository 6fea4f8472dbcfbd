import BlogpagerCore
import Foundation
import TestSupport
import Testing

struct SiteBuilderTests {
    static func archive(_ count: Int, pageSize: Int = 10) -> SiteFixture {
        var files: [String: String] = [:]
        for index in 0..<count {
            let day = Int64(1_400_000_000) + Int64(index / 3) * 86_400
            let date = EntryDate(epochSeconds: day).rfc3339  // three entries a day share a date
            files["post-\(index).md"] = SiteFixture.entry(title: "Post \(index)", date: date)
        }
        var config = SiteConfig()
        config.pageSize = pageSize
        return SiteFixture(files: files, config: config)
    }

    @Test func everyEntryAppearsOnceAcrossTheFragmentsInOrder() async throws {
        let site = try await Self.archive(137).build()
        var slugs: [String] = []
        for page in site.index.pages {
            let fragment = try #require(site.text(String(page.fragment.dropFirst())))
            let found = fragment.matches(of: /data-slug="([^"]+)"/).map { String($0.output.1) }
            #expect(found.count == page.count)
            #expect(found.first == page.first.slug && found.last == page.last.slug)
            slugs += found
        }
        #expect(slugs.count == 137 && Set(slugs).count == 137)
        #expect(slugs == site.archive.entries.map(\.slug))
    }

    @Test func theIndexChainRunsFromTheHeadToTheOldestPage() async throws {
        let index = try await Self.archive(61).build().index
        #expect(index.entries == 61)
        #expect(index.pages.map(\.count).reduce(0, +) == 61)
        #expect(index.pages.first?.newer == nil && index.pages.last?.older == nil)
        for (newer, older) in zip(index.pages, index.pages.dropFirst()) {
            #expect(newer.older == older.id && older.newer == newer.id)
        }
        #expect(Set(index.pages.map(\.id)).count == index.pages.count)
    }

    @Test func theFrontPageShowsAtLeastAPageSizeOfEntries() async throws {
        for count in [1, 9, 10, 11, 40, 97] {
            let site = try await Self.archive(count).build()
            let front = try #require(site.text("index.html"))
            let shown = front.components(separatedBy: "<article ").count - 1
            #expect(shown >= min(count, 10), "\(count) entries, front page shows \(shown)")
            let frontPages = site.index.front.count
            #expect(shown == site.index.pages.prefix(frontPages).map(\.count).reduce(0, +))
        }
    }

    /// A front-matter error in one file no longer hides the URL and order checks of the
    /// others: every problem of every kind comes in one run, sorted by file and line,
    /// each note right after the error it explains.
    @Test func everyKindOfProblemIsReportedInOneRunInFileOrder() async throws {
        let fixture = SiteFixture(files: [
            "d-bad-date.md": SiteFixture.entry(title: "D", date: "2020-02-30"),
            "c/same.md": SiteFixture.entry(title: "Two", date: "2020-02-01", slug: "same"),
            "b-broken.md": "---\ntitle: [unclosed\ndate: 2020-01-01\n---\n",
            "a/same.md": SiteFixture.entry(title: "One", date: "2020-01-01", slug: "same"),
            "e/twin.md": SiteFixture.entry(title: "Twin", date: "2020-03-01T10:00:00Z", slug: "twin"),
        ])
        let found = try await fixture.failure().map { "\($0.severity) \($0.location.path):\($0.location.line)" }
        #expect(found == [
            "error content/b-broken.md:3",
            "error content/c/same.md:1", "note content/a/same.md:1",
            "error content/d-bad-date.md:3",
        ])
    }

    @Test func anEmptySiteStillHasAFrontPageAndAnIndex() async throws {
        let site = try await SiteFixture(files: [:]).build()
        #expect(site.text("index.html")?.contains("No entries yet") == true)
        #expect(site.index.pages.isEmpty && site.index.entries == 0)
    }

    @Test func draftsAndFutureEntriesAreLeftOutUnlessAsked() async throws {
        let fixture = SiteFixture(files: [
            "a.md": SiteFixture.entry(title: "A", date: "2016-01-01"),
            "draft.md": SiteFixture.entry(title: "D", date: "2016-01-02", extra: "draft: true\n"),
            "future.md": SiteFixture.entry(title: "F", date: "2999-01-01"),
        ])
        #expect(try await fixture.build().archive.entries.map(\.slug) == ["a"])
        #expect(try await fixture.build(drafts: true).archive.entries.map(\.slug) == ["draft", "a"])
        #expect(try await fixture.build(future: true).archive.entries.map(\.slug) == ["future", "a"])
    }

    @Test func twoEntriesWithOneURLNameBothFiles() async throws {
        let diagnostics = try await SiteFixture(files: [
            "2016-01-01-notes.md": "---\ntitle: A\n---\n",
            "2017-01-01-notes.md": "---\ntitle: B\n---\n",
        ]).failure()
        #expect(diagnostics.map(\.description) == [
            "content/2017-01-01-notes.md:1:1: error: entry URL /posts/notes/ is also the URL of content/2016-01-01-notes.md; give one of them another slug or date, or use a permalink with :year/:month/:day",
            "content/2016-01-01-notes.md:1:1: note: the other entry with URL /posts/notes/ is here",
        ])
    }

    @Test func aDatedPermalinkKeepsReusedSlugsApart() async throws {
        var fixture = SiteFixture(files: [
            "2016-01-01-notes.md": "---\ntitle: A\n---\n",
            "2016-01-08-notes.md": "---\ntitle: B\n---\n",
        ])
        fixture.config.permalink = try PermalinkPattern("/:year/:month/:day/:slug/")
        let site = try await fixture.build()
        #expect(site.paths.contains("2016/01/01/notes/index.html") && site.paths.contains("2016/01/08/notes/index.html"))
    }

    @Test func everyBadEntryIsReportedInOneRun() async throws {
        let diagnostics = try await SiteFixture(files: [
            "a.md": "no front matter\n",
            "b.md": "---\ntitle: B\ndate: someday\n---\n",
            "c.md": "---\ndate: 2016-01-01\n---\n",
            "ok.md": SiteFixture.entry(title: "OK", date: "2016-01-01"),
        ]).failure()
        #expect(diagnostics.map(\.location.path) == ["content/a.md", "content/b.md", "content/c.md"])
    }

    @Test func textFromFrontMatterIsEscaped() async throws {
        let site = try await SiteFixture(files: [
            "x.md": SiteFixture.entry(title: "<script>alert('x')</script>", date: "2016-01-01", extra: "tags: ['<b>t</b>']\n"),
        ]).build()
        let page = try #require(site.text("posts/x/index.html"))
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(!page.contains("<b>t</b>"))
    }

    @Test func unknownKeysReachTemplates() async throws {
        let fixture = SiteFixture(files: ["x.md": SiteFixture.entry(title: "X", date: "2016-01-01", extra: "mood: happy\n")])
        let templates = try TemplateSet.defaults(
            overriddenBy: ["entry.mustache": "{{#entry}}<p class=mood>{{params.mood}}</p>{{/entry}}"], origins: [:])
        let input = SiteInput(config: fixture.config, templates: templates, sources: fixture.sources)
        let site = try await SiteBuilder().build(input, options: BuildOptions(now: fixture.now, program: .tests))
        #expect(site.text("posts/x/index.html")?.contains("<p class=mood>happy</p>") == true)
    }

    @Test func aBrokenTemplateIsReportedWhereItIs() {
        #expect(throws: BuildFailure.self) {
            try TemplateSet.defaults(overriddenBy: ["list.mustache": "line\n{{#open}}never closed"], origins: ["list.mustache": "site/templates/list.mustache"])
        }
    }
}

struct EntryCacheTests {
    @Test func aRebuildReadsOnlyTheChangedSourcesAndGivesTheSameSite() async throws {
        var fixture = SiteBuilderTests.archive(40)
        let first = try await fixture.build()
        #expect(first.entriesRead == 40)

        fixture.files["post-7.md"] = SiteFixture.entry(title: "Post 7, edited", date: EntryDate(epochSeconds: 1_400_000_000 + 2 * 86_400).rfc3339)
        fixture.files["post-40.md"] = SiteFixture.entry(title: "Post 40", date: "2030-01-01T00:00:00Z")
        let options = BuildOptions(now: fixture.now, program: .tests)
        let cached = try await SiteBuilder().build(fixture.input(), options: options, cache: first.entryCache)
        let fresh = try await SiteBuilder().build(fixture.input(), options: options)
        #expect(cached.entriesRead == 2)
        #expect(fresh.entriesRead == 41)
        #expect(cached.files == fresh.files)
        #expect(cached.files.contains { String(decoding: $0.bytes, as: UTF8.self).contains("Post 7, edited") })
    }

    @Test func anotherConfigReadsEverythingAgain() async throws {
        var fixture = SiteBuilderTests.archive(12)
        let first = try await fixture.build()
        fixture.config.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let second = try await SiteBuilder().build(fixture.input(), options: BuildOptions(now: fixture.now, program: .tests), cache: first.entryCache)
        #expect(second.entriesRead == 12)
    }

    @Test func aDeletedSourceLeavesTheCache() async throws {
        var fixture = SiteBuilderTests.archive(12)
        let first = try await fixture.build()
        fixture.files["post-3.md"] = nil
        let second = try await SiteBuilder().build(fixture.input(), options: BuildOptions(now: fixture.now, program: .tests), cache: first.entryCache)
        #expect(second.entriesRead == 0)
        #expect(second.entryCache.count == 11)
        #expect(second.archive.entries.count == 11)
    }
}
