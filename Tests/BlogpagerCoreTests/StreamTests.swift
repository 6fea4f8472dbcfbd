@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// Tag and month streams: who is in them, what they are called, where they live.
struct StreamTests {
    @Test(arguments: [
        ("Swift", "swift"), ("Web Dev", "web-dev"), ("web  dev", "web-dev"), ("web/dev", "web-dev"),
        ("C++", "c++"), ("日本語", "日本語"), (".net", "net"), ("node.js", "node.js"), ("v1.", "v1"),
    ])
    func tagSlugs(tag: String, slug: String) {
        #expect(TagSlug.make(tag) == slug)
    }

    @Test func tagsOfOnlyPunctuationGetAStableSafeName() {
        let slug = TagSlug.make("#")
        #expect(slug.hasPrefix("tag-") && slug == TagSlug.make("#"))
        #expect(TagSlug.make("..") != ".." && OutputPath.problem(with: TagSlug.make("..")) == nil)
        // The same tag typed decomposed (e + combining accent) lands in the same folder.
        #expect(TagSlug.make("Cafe\u{301}") == TagSlug.make("café"))
    }

    static func site() -> SiteFixture {
        var files: [String: String] = [:]
        for index in 0..<40 {
            let month = index % 4 + 1
            let tags = index % 2 == 0 ? "tags: [Swift, iOS]\n" : "tags: [swift]\n"
            files["e\(index).md"] = SiteFixture.entry(
                title: "E\(index)", date: "2020-0\(month)-\(10 + index % 10)T12:00:00+09:00", extra: tags)
        }
        var config = SiteConfig()
        config.pageSize = 3
        return SiteFixture(files: files, config: config)
    }

    @Test func streamsKeepTheMainOrderAndHoldExactlyTheirEntries() async throws {
        let site = try await Self.site().build()
        let streams = StreamSet(archive: site.archive, pageSize: 3, monthName: DateDisplay(language: "en").monthNames())
        #expect(streams.tags.map(\.folder) == [["tags", "ios"], ["tags", "swift"]])
        let swift = try #require(streams.tags.last)
        // "swift" is written so in 20 entries and "Swift" in 20: the tie goes to the first in byte order.
        #expect(swift.name == "Swift" && swift.archive.entries.count == 40)
        #expect(streams.tags[0].archive.entries.count == 20)
        #expect(streams.months.map(\.name) == ["April 2020", "March 2020", "February 2020", "January 2020"])
        #expect(streams.months.map { $0.folder.joined(separator: "/") } == ["archive/2020/04", "archive/2020/03", "archive/2020/02", "archive/2020/01"])
        for stream in streams.all {
            #expect(stream.mainPositions == stream.mainPositions.sorted())
            #expect(stream.archive.entries.map(\.url) == stream.mainPositions.map { site.archive.entries[$0].url })
            #expect(stream.archive.pages.map(\.range.count).reduce(0, +) == stream.archive.entries.count)
            // Cut with the main list's cursor hashes, as a stream's entries would be cut alone.
            #expect(stream.archive.pages == Archive(newestFirst: stream.archive.entries, pageSize: 3).pages)
        }
        #expect(streams.months.map(\.archive.entries.count).reduce(0, +) == 40)
    }

    /// An index counts a stream's entries by month, newest first, each in its author's calendar,
    /// also where an offset puts a newer entry in an earlier month than an older one.
    @Test func anIndexCountsEachMonthOnceWhateverTheOffsets() {
        // Newest first in time: 1 March 01:00 UTC written in New York is still February there;
        // 28 February 15:30 UTC written in Tokyo is already March there.
        let dates = [EntryDate(epochSeconds: 1_393_722_000 + 86_400 * 3, offsetSeconds: 0),
                     EntryDate(epochSeconds: 1_393_635_600, offsetSeconds: -18_000),
                     EntryDate(epochSeconds: 1_393_601_400, offsetSeconds: 32_400),
                     EntryDate(epochSeconds: 1_393_500_000, offsetSeconds: 0),
                     EntryDate(epochSeconds: 1_380_000_000, offsetSeconds: 0)]
        let keys = dates.map { $0.local.year * 100 + $0.local.month }
        #expect(keys == [201403, 201402, 201403, 201402, 201309])
        let counted = CursorIndex.months(of: Array(dates.indices), monthKeys: keys)
        #expect(counted.map(\.month) == ["2014-03", "2014-02", "2013-09"] && counted.map(\.count) == [2, 2, 1])
        // A stream's entries are some main positions: only theirs are counted.
        let some = CursorIndex.months(of: [0, 2, 4], monthKeys: keys)
        #expect(some.map(\.month) == ["2014-03", "2013-09"] && some.map(\.count) == [2, 1])
        #expect(CursorIndex.months(of: [], monthKeys: keys).isEmpty)
    }

    @Test func smallStreamsAreRenderedTogetherUpToABatchAndOthersAlone() {
        // nil: a stream of more than one batch (the main one, a big tag).
        let counts: [Int?] = [nil, 4, 5, 120, 3, nil, 2, 128, 1]
        #expect(SiteRenderer.groups(smallPageCounts: counts, in: 0..<9, pagesPerGroup: 128) == [0..<1, 1..<3, 3..<5, 5..<6, 6..<7, 7..<8, 8..<9])
        // A window is grouped alone: nothing crosses its ends.
        #expect(SiteRenderer.groups(smallPageCounts: counts, in: 3..<6, pagesPerGroup: 128) == [3..<5, 5..<6])
        #expect(SiteRenderer.groups(smallPageCounts: [2, 2, 2, 2], in: 0..<4, pagesPerGroup: 4) == [0..<2, 2..<4])
    }

    /// Months of few pages are rendered side by side: each stream's files are those it has alone.
    @Test func monthsRenderedTogetherHaveTheirOwnPagesAndNeighbours() async throws {
        let site = try await Self.site().build()
        let april = try #require(site.text("archive/2020/04/index.html"))
        let march = try #require(site.text("archive/2020/03/index.html"))
        #expect(april.contains("April 2020") && !april.contains("<title>March 2020"))
        #expect(march.contains("March 2020") && march.contains("/archive/2020/04/"))
        // Each month's fragments hold its own ten entries, and no other month's.
        for month in 1...4 {
            let fragments = site.files.filter { $0.path.string.hasPrefix("archive/2020/0\(month)/fragments/") }
            let shown = fragments.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
            #expect((0..<40).filter { shown.contains(">E\($0)<") } == (0..<40).filter { $0 % 4 + 1 == month })
        }
    }

    @Test func everyStreamHasItsOwnIndexInTheBuild() async throws {
        let site = try await Self.site().build()
        let indexes = site.files.map(\.path.string).filter { $0.hasSuffix("index.json") }
        #expect(Set(indexes) == ["index.json", "tags/ios/index.json", "tags/swift/index.json", "archive/2020/01/index.json",
                                 "archive/2020/02/index.json", "archive/2020/03/index.json", "archive/2020/04/index.json"])
        let text = try #require(site.text("tags/ios/index.json"))
        let ios = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let stream = try #require(ios["stream"] as? [String: Any])
        #expect(stream["kind"] as? String == "tag" && stream["name"] as? String == "iOS" && stream["url"] as? String == "/tags/ios/")
        // A small stream's index holds its pages inline, in one part.
        let parts = try #require(ios["parts"] as? [[String: Any]])
        let pages = try #require(parts.first?["pages"] as? [[String: Any]])
        #expect(parts.count == 1 && pages.compactMap { $0["count"] as? Int }.reduce(0, +) == 20 && pages.allSatisfy { ($0["fragment"] as? String)?.hasPrefix("/tags/ios/fragments/") == true })
        #expect(site.text("archive/2020/01/index.html") != nil)
    }

    @Test func monthNamesFollowTheSiteLanguage() {
        #expect(DateDisplay(language: "ja").monthNames()(2016, 5) == "2016年5月")
        #expect(DateDisplay(language: "en").monthNames()(2016, 5) == "May 2016")
        #expect(DateDisplay(language: "ja").string(for: EntryDate(epochSeconds: 1_463_011_200, offsetSeconds: 32_400)) == "2016年5月12日")
        // The day in the author's offset, where it is not the day in UTC, either way; before 1970 too.
        let dates = [EntryDate(epochSeconds: 1_463_011_200 + 7_200, offsetSeconds: -18_000), EntryDate(epochSeconds: 1_463_011_200 - 3_600, offsetSeconds: 32_400),
                     EntryDate(epochSeconds: 1_463_011_200 + 7_200, offsetSeconds: 0), EntryDate(epochSeconds: -86_400 * 365 + 3_600, offsetSeconds: -7_200)]
        #expect(DateDisplay(language: "en").strings(for: dates) == ["May 11, 2016", "May 12, 2016", "May 12, 2016", "December 31, 1968"])
    }

    @Test func anchorsAreTheSlugUnlessAnotherEntrySharesIt() async throws {
        var config = SiteConfig()
        config.permalink = try PermalinkPattern("/:year/:month/:day/:slug/")
        let site = try await SiteFixture(files: [
            "a.md": SiteFixture.entry(title: "A", date: "2020-01-01T10:00:00Z", slug: "notes"),
            "b.md": SiteFixture.entry(title: "B", date: "2020-02-01T10:00:00Z", slug: "notes"),
            "c.md": SiteFixture.entry(title: "C", date: "2020-03-01T10:00:00Z", slug: "only"),
        ], config: config).build()
        #expect(SiteRenderer.anchors(site.archive.entries) == ["only", "notes-2020-02-01", "notes-2020-01-01"])
    }

    /// Three entries sharing a slug, two of them on one day: those two need their times as well,
    /// the third its day; the slugs no other entry has stay as they are, wherever they stand.
    @Test func anchorsOfASlugSharedOnOneDayTakeTheTime() {
        func entry(_ slug: String, _ epochSeconds: Int64) -> Entry {
            let source = SourceFile(displayPath: "\(slug).md", relativePath: "\(slug)-\(epochSeconds).md", filePath: "/\(slug).md", identity: "1", in: .disk)
            return Entry(cursor: Cursor(date: EntryDate(epochSeconds: epochSeconds, offsetSeconds: 3_600), slug: slug), title: slug, source: source,
                         outputPath: OutputPath(literal: "\(slug)-\(epochSeconds)/index.html"), url: "/", tags: [], summarySource: nil,
                         isDraft: false, updated: nil, params: [:])
        }
        // 2020-01-02 12:30:05 and 10:00:00 UTC, 2020-01-01 10:00:00 UTC; shown at +01:00.
        let entries = [entry("first", 1_577_968_300), entry("notes", 1_577_968_205), entry("notes", 1_577_959_200),
                       entry("middle", 1_577_959_100), entry("notes", 1_577_872_800), entry("last", 1_577_872_700)]
        #expect(SiteRenderer.anchors(entries) == ["first", "notes-2020-01-02-133005", "notes-2020-01-02-110000", "middle", "notes-2020-01-01", "last"])
    }
}
