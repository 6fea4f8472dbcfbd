import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// A build that finds its inputs and outputs exactly as the last build left
/// them does nothing; any change to either makes it build again.
struct BuildJobTests {
    static func site(config: String = "title: Jobs\n", days: Int = 12) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("blogpager.yml", config)
        for day in 1...days {
            try folder.write("content/entry-\(day).md", "---\ntitle: Entry \(day)\ndate: 2024-03-\(day < 10 ? "0" : "")\(day)\n---\nBody \(day).\n")
        }
        return folder
    }

    static func job(_ folder: TemporaryFolder, drafts: Bool = false) -> BuildJob {
        BuildJob(contentFolder: folder.path + "/content", outputFolder: folder.path + "/out",
                 configPath: folder.path + "/blogpager.yml", includeDrafts: drafts, program: .tests, in: .disk)
    }

    @Test func aSecondBuildWithNothingChangedWritesNothingAndSaysTheSame() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        let first = try await Self.job(folder).run(now: Date())
        #expect(first.site != nil)
        let before = try folder.snapshot("out")
        let second = try await Self.job(folder).run(now: Date())
        #expect(second.site == nil)
        #expect(second.summary == first.summary)
        #expect(second.report.written.isEmpty && second.report.removed.isEmpty)
        #expect(second.report.unchanged == first.report.written.count)
        #expect(try folder.snapshot("out") == before)
    }

    /// `--timings`: every stage of a build, in the order they ran, each with its seconds.
    @Test func aTimedBuildNamesEachStageInOrder() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        var job = Self.job(folder)
        let timings = BuildTimings()
        job.timings = timings
        _ = try await job.run(now: Date())
        let line = timings.line
        let stages = ["load", "read entries", "check and plan", "render", "last writes", "records"]
        let places = stages.map { stage in line.range(of: "\(stage) ")?.lowerBound }
        #expect(line.hasPrefix("timings: load "), "\(line)")
        #expect(places.allSatisfy { $0 != nil }, "\(line)")
        #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "\(line)")
        #expect(line.matches(of: /\d+\.\d\d s/).count == stages.count, "\(line)")
    }

    /// Every file the build writes has its class in the list of files (for `deploy`): a site's own
    /// file is never immutable, even named like a hashed one; a redirect is a redirect.
    @Test func everyWrittenFileHasItsClassInTheList() async throws {
        let folder = try Self.site(config: "title: Jobs\nbase_url: https://example.org/\n")
        defer { folder.remove() }
        try folder.write("content/moved.md", "---\ntitle: Moved\ndate: 2024-04-01\naliases: [/old/place/]\n---\nHere now.\n")
        try folder.write("content/static/app.0123456789abcdef.js", "console.log(1)\n")
        try folder.write("content/static/CNAME", "example.org\n")
        _ = try await Self.job(folder).run(now: Date())
        let list = try String(contentsOfFile: folder.path + "/out/.blogpager/files", encoding: .utf8)
        var classes: [String: String] = [:]
        for line in list.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 3, "\(line)")
            classes[fields[0]] = fields.last
        }
        let written = try folder.snapshot("out").keys.filter { !$0.hasPrefix(".blogpager/") }
        #expect(Set(written) == Set(classes.keys))
        for path in written {
            #expect(OutputClass(rawValue: classes[path] ?? "") != nil, "\(path): \(classes[path] ?? "none")")
        }
        #expect(classes["app.0123456789abcdef.js"] == "site-file")
        #expect(classes["CNAME"] == "site-file")
        #expect(classes["old/place/index.html"] == "redirect")
        #expect(classes["index.json"] == "index")
        #expect(classes["feed.xml"] == "feed" && classes["sitemap.xml"] == "feed")
        #expect(classes["index.html"] == "page")
        let fragments = written.filter { $0.hasPrefix("fragments/") }
        #expect(!fragments.isEmpty && fragments.allSatisfy { classes[$0] == "immutable" })
        #expect(written.filter { $0.hasPrefix("assets/") }.allSatisfy {
            classes[$0] == (ContentHashedName.isHashed(String($0.split(separator: "/").last!)) ? "immutable" : "site-file")
        })
    }

    @Test func anEditedSourceATemplateOrAnOptionMakesItBuild() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await Self.job(folder).run(now: Date())

        try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited\ndate: 2024-03-03\n---\nBody 3.\n")
        let edited = try await Self.job(folder).run(now: Date())
        #expect(edited.site != nil)
        #expect(edited.report.written.contains(OutputPath(literal: "posts/entry-3/index.html")))
        #expect(try await Self.job(folder).run(now: Date()).site == nil)

        try folder.write("templates/entry.mustache", "<h1>{{entry.title}}</h1>\n{{{entry.content_html}}}\n")
        #expect(try await Self.job(folder).run(now: Date()).site != nil)
        #expect(try await Self.job(folder).run(now: Date()).site == nil)

        try folder.write("content/entry-13.md", "---\ntitle: Draft\ndate: 2024-03-13\ndraft: true\n---\nSoon.\n")
        #expect(try await Self.job(folder).run(now: Date()).site != nil)
        let withDrafts = try await Self.job(folder, drafts: true).run(now: Date())
        #expect(withDrafts.site != nil)
        #expect(withDrafts.summary.entries == 13)
    }

    @Test func aMissingOrChangedOutputIsMadeAgain() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await Self.job(folder).run(now: Date())
        let page = folder.path + "/out/posts/entry-5/index.html"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: page))
        try FileManager.default.removeItem(atPath: page)
        let rebuilt = try await Self.job(folder).run(now: Date())
        #expect(rebuilt.report.written.map(\.string) == ["posts/entry-5/index.html"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: page)) == bytes)

        try folder.write("out/posts/entry-5/index.html", "changed by hand")
        #expect(try await Self.job(folder).run(now: Date()).report.written.map(\.string) == ["posts/entry-5/index.html"])
    }

    /// A build killed between a spill file's `open` and its `unlink`, or while it wrote a
    /// record, left those files in `.blogpager/`: the next build takes them away, whether it writes or not.
    @Test func whatAKilledBuildLeftBesideTheRecordsGoesWithTheNextBuild() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await Self.job(folder).run(now: Date())
        let records = try folder.snapshot("out/.blogpager")
        try folder.write("out/.blogpager/.spill-4242-17.tmp", "")
        try folder.write("out/.blogpager/.entry-cache.blogpager-tmp", "half a record")
        try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited\ndate: 2024-03-03\n---\nBody 3.\n")
        _ = try await Self.job(folder).run(now: Date())
        let after = try folder.snapshot("out/.blogpager")
        #expect(after[".spill-4242-17.tmp"] == nil && after[".entry-cache.blogpager-tmp"] == nil)
        #expect(Set(after.keys) == Set(records.keys))

        // Killed after its last-build record was in, while it still wrote the entry cache: the next
        // build finds nothing changed and commits nothing, and still takes the half-written file away.
        try folder.write("out/.blogpager/.entry-cache.blogpager-tmp", "")
        let unchanged = try await Self.job(folder).run(now: Date())
        #expect(unchanged.site == nil && unchanged.report.written.isEmpty)
        #expect(Set(try folder.snapshot("out/.blogpager").keys) == Set(records.keys))
    }

    /// A rebuild records the files it kept as its lookup found them, without a second look:
    /// the next build with nothing changed does nothing, and one kept file touched after does not pass.
    @Test func aRebuildRecordsItsKeptFilesAsItFoundThem() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await Self.job(folder).run(now: Date())
        try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited\ndate: 2024-03-03\n---\nBody 3.\n")
        let edited = try await Self.job(folder).run(now: Date())
        #expect(edited.report.unchanged > 0 && !edited.report.written.contains(OutputPath(literal: "posts/entry-5/index.html")))
        #expect(try await Self.job(folder).run(now: Date()).site == nil)

        // The same size, other bytes and a later time: only its `stat` tells it apart.
        let page = "out/posts/entry-5/index.html"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + page))
        try folder.write(page, String(repeating: "x", count: bytes.count))
        let next = try await Self.job(folder).run(now: Date())
        #expect(next.site != nil)
        #expect(try await Self.job(folder).run(now: Date()).site == nil)
    }

    /// Each file a build writes is recorded as `stat` says it is once in place (taken from the
    /// file as it was written, not looked at again): a clean build's and a rebuild's alike, and
    /// a file written over after the build is told apart by the next.
    @Test func aBuildRecordsEachFileItWroteAsStatSeesIt() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        func expectRecordedAsStatSees(_ report: WriteReport) {
            #expect(report.identities.count == report.written.count && !report.written.isEmpty)
            let written = Set(report.written.map(\.string))
            for (place, path) in report.paths.enumerated() {
                let recorded = report.identities.identity(at: place)
                #expect((recorded != nil) == written.contains(path), "\(path)")
                if written.contains(path) { #expect(recorded == FileIdentity(path: folder.path + "/out/" + path), "\(path)") }
            }
        }
        expectRecordedAsStatSees(try await Self.job(folder).run(now: Date()).report)
        try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited\ndate: 2024-03-03\n---\nBody 3, longer now.\n")
        let edited = try await Self.job(folder).run(now: Date()).report
        #expect(edited.unchanged > 0)
        expectRecordedAsStatSees(edited)
        #expect(try await Self.job(folder).run(now: Date()).site == nil)

        // A page the edit wrote, written over with as many bytes: only its `stat` tells it apart.
        let page = "out/posts/entry-3/index.html"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + page))
        try folder.write(page, String(repeating: "x", count: bytes.count))
        #expect(try await Self.job(folder).run(now: Date()).site != nil)
        #expect(try await Self.job(folder).run(now: Date()).site == nil)
    }

    @Test func aFutureEntryComesOutWhenItsTimeComesWithoutOtherChanges() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        try folder.write("content/later.md", "---\ntitle: Later\ndate: 2030-01-01T09:00:00Z\n---\nNot yet.\n")
        let before = Date(timeIntervalSince1970: 1_893_488_400 - 60)  // 2030-01-01T08:59:00Z
        let first = try await Self.job(folder).run(now: before)
        #expect(first.summary.skippedFuture == 1)
        #expect(try await Self.job(folder).run(now: before).site == nil)
        let due = try await Self.job(folder).run(now: Date(timeIntervalSince1970: 1_893_488_400))
        #expect(due.site != nil)
        #expect(due.summary.entries == 13 && due.summary.skippedFuture == 0)
    }

    /// What the last build made from the same inputs is kept, not rendered again:
    /// a new entry renders only the pages it shows on, and the result is the
    /// same, byte for byte, as a clean build.
    @Test func aNewEntryRendersOnlyWhatShowsIt() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        for day in 13...28 {
            try folder.write("content/entry-\(day).md", "---\ntitle: Entry \(day)\ndate: 2024-03-\(day)\ntags: [t\(day % 3)]\n---\nBody \(day).\n")
        }
        let first = try await Self.job(folder).run(now: Date())
        #expect(first.site?.bodiesRendered == 28)
        try folder.write("content/entry-29.md", "---\ntitle: Entry 29\ndate: 2024-03-29\ntags: [t2]\n---\nBody 29.\n")
        let second = try await Self.job(folder).run(now: Date())
        let site = try #require(second.site)
        // Itself, its older neighbour (whose page links it), and the entries on the pages it changes.
        #expect(site.bodiesRendered < 29)
        #expect(site.bodiesRendered >= 2)
        #expect(second.report.unchanged > second.report.written.count)

        let clean = BuildJob(contentFolder: folder.path + "/content", outputFolder: folder.path + "/clean", configPath: folder.path + "/blogpager.yml", program: .tests, in: .disk)
        #expect(try await clean.run(now: Date()).site?.bodiesRendered == 29)
        let kept = try folder.snapshot("out").filter { !$0.key.hasPrefix(".blogpager/") }
        let fresh = try folder.snapshot("clean").filter { !$0.key.hasPrefix(".blogpager/") }
        #expect(kept == fresh)

        // A kept file edited by hand is made again.
        try folder.write("out/posts/entry-5/index.html", "changed by hand")
        try folder.write("content/entry-30.md", "---\ntitle: Entry 30\ndate: 2024-03-30\n---\nBody 30.\n")
        _ = try await Self.job(folder).run(now: Date())
        #expect(try folder.snapshot("out")["posts/entry-5/index.html"] == folder.snapshot("clean")["posts/entry-5/index.html"])
    }

    /// The content folder named another way (`./content`, or a relative path from another
    /// folder) is the same folder: a rebuild reads and renders only what changed, and its
    /// messages name the files as this build was told.
    @Test func aRebuildNamingTheContentFolderAnotherWayReadsOnlyWhatChanged() async throws {
        // The same edit in two copies of a site: one rebuilt as it was built, one naming its folder another way.
        var rendered: [Int] = []
        var folder = try Self.site(days: 28)
        for otherWay in [false, true] {
            if otherWay { folder = try Self.site(days: 28) }
            _ = try await Self.job(folder).run(now: Date())
            try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited\ndate: 2024-03-03\n---\nBody 3.\n")
            let job = otherWay ? BuildJob(contentFolder: folder.path + "/./content", outputFolder: folder.path + "/out",
                                          configPath: folder.path + "/blogpager.yml", program: .tests, in: .disk) : Self.job(folder)
            let site = try #require(try await job.run(now: Date()).site)
            #expect(site.entriesRead == 1)
            rendered.append(site.bodiesRendered)
            if !otherWay { folder.remove() }
        }
        defer { folder.remove() }
        #expect(rendered[1] == rendered[0] && rendered[0] < 28)
        let otherWay = BuildJob(contentFolder: folder.path + "/./content", outputFolder: folder.path + "/out",
                                configPath: folder.path + "/blogpager.yml", program: .tests, in: .disk)

        // An entry read back from the records is named as this build names its folder.
        try folder.write("content/clash.md", "---\ntitle: Clash\ndate: 2024-03-05\nslug: entry-5\n---\nSame place.\n")
        var messages: [String] = []
        do { _ = try await otherWay.run(now: Date()) } catch { messages = error.diagnostics.map(\.description) }
        let clash = try #require(messages.first { $0.contains("same date and slug") })
        #expect(clash.contains(folder.path + "/./content/entry-5.md"))
    }

    @Test func anEditToAnOldEntryKeepsTheSiteFeedsAndReadsNoLatestEntry() async throws {
        let folder = try Self.site(config: "title: Jobs\nbase_url: https://example.org/\npage_size: 4\nfeed_size: 6\n", days: 30)
        defer { folder.remove() }
        _ = try await Self.job(folder).run(now: Date())
        try folder.write("content/entry-3.md", "---\ntitle: Entry 3\ndate: 2024-03-03\n---\nBody 3, edited.\n")
        let edited = try await Self.job(folder).run(now: Date())
        let site = try #require(edited.site)
        let written = Set(edited.report.written.map(\.string))
        #expect(!written.contains("feed.xml") && !written.contains("feed.json"))
        // The entries of the pages that show it, not the six latest the feeds carry.
        #expect(site.bodiesRendered <= 5)
        #expect(written.contains("posts/entry-3/index.html"))
        // So is the sitemap, by a key of its URLs and dates: its slot is in the render cache.
        let renderCache = try String(contentsOfFile: folder.path + "/out/.blogpager/render-cache", encoding: .utf8)
        #expect(renderCache.contains("\nsitemap.xml\t"))
        // A sitemap removed by hand is made again, though its key is the same.
        try FileManager.default.removeItem(atPath: folder.path + "/out/sitemap.xml")
        try folder.write("content/entry-3.md", "---\ntitle: Entry 3\ndate: 2024-03-03\n---\nBody 3, edited twice.\n")
        let again = try await Self.job(folder).run(now: Date())
        #expect(again.report.written.map(\.string).contains("sitemap.xml"))

        // A new entry changes the feeds and the sitemap, which then carry it, as a clean build's do.
        try folder.write("content/entry-31.md", "---\ntitle: Entry 31\ndate: 2024-03-31\n---\nBody 31.\n")
        let added = try await Self.job(folder).run(now: Date())
        #expect(Set(added.report.written.map(\.string)).isSuperset(of: ["feed.xml", "feed.json", "sitemap.xml"]))
        let clean = BuildJob(contentFolder: folder.path + "/content", outputFolder: folder.path + "/clean", configPath: folder.path + "/blogpager.yml", program: .tests, in: .disk)
        _ = try await clean.run(now: Date())
        let kept = try folder.snapshot("out").filter { !$0.key.hasPrefix(".blogpager/") }
        let fresh = try folder.snapshot("clean").filter { !$0.key.hasPrefix(".blogpager/") }
        #expect(kept == fresh)
        #expect(try String(contentsOfFile: folder.path + "/out/feed.xml", encoding: .utf8).contains("Entry 31"))
    }

    @Test func theFirstEntryOfANewTaxonomyPutsItInEveryPagesNavigation() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        _ = try await Self.job(folder).run(now: Date())
        let page = { try String(contentsOfFile: folder.path + "/out/posts/entry-2/index.html", encoding: .utf8) }
        #expect(try !page().contains("/categories/"))
        try folder.write("content/entry-9.md", "---\ntitle: Entry 9\ndate: 2024-03-09\ncategories: [Life]\n---\nBody 9.\n")
        _ = try await Self.job(folder).run(now: Date())
        // An entry that did not change links the new list, as a clean build's does.
        #expect(try page().contains("<a href=\"/categories/\">Categories</a>"))
        let clean = BuildJob(contentFolder: folder.path + "/content", outputFolder: folder.path + "/clean", configPath: folder.path + "/blogpager.yml", program: .tests, in: .disk)
        _ = try await clean.run(now: Date())
        #expect(try folder.snapshot("out").filter { !$0.key.hasPrefix(".blogpager/") } == folder.snapshot("clean").filter { !$0.key.hasPrefix(".blogpager/") })
    }

    /// The fingerprint's walk and the watcher read each folder's names in place (`FolderListing`):
    /// whole, of any length and script, however many.
    @Test func aFolderListingNamesEveryFileWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var expected: Set<String> = [".", ".."]
        let names = [String(repeating: "a", count: 251) + ".md", "日記-エントリ.md", "x"]
            + (0..<300).map { "entry-\($0)-" + String(repeating: "n", count: $0 % 200) + ".md" }
        for name in names {
            try folder.write("list/" + name, "x")
            expected.insert(name)
        }
        #expect(Set(FolderListing.names(in: folder.path + "/list") ?? []) == expected)
        #expect(FolderListing.names(in: folder.path + "/missing") == nil)
    }

    /// An index the same as the last build's is kept with its parts, not encoded again;
    /// a part gone from the disk is made again, and its root with it, not kept without it.
    @Test func anIndexIsKeptOnlyWithAllItsParts() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("blogpager.yml", "title: Parts\npage_size: 1\n")
        for number in 0..<120 {
            try folder.write("content/entry-\(number).md", "---\ntitle: Entry \(number)\ndate: 2024-01-01T00:\(number / 60 < 10 ? "0" : "")\(number / 60):\(number % 60 < 10 ? "0" : "")\(number % 60)Z\n---\nBody.\n")
        }
        _ = try await Self.job(folder).run(now: Date())
        let parts = try folder.snapshot("out").keys.filter { $0.hasPrefix("fragments/pages-") }.sorted()
        #expect(parts.count > 1, "the main stream's index is cut into parts")
        let snapshot = try folder.snapshot("out")
        let root = try #require(snapshot["index.json"])
        try FileManager.default.removeItem(atPath: folder.path + "/out/" + parts[1])
        let rebuilt = try await Self.job(folder).run(now: Date())
        #expect(rebuilt.report.written.map(\.string) == [parts[1]])
        #expect(try folder.snapshot("out")["index.json"] == root)
        #expect(try folder.snapshot("out").keys.filter { $0.hasPrefix("fragments/pages-") }.sorted() == parts)
    }

    /// A command-line build reads again only the sources that changed since the
    /// last one (the entries it read are kept in `out/.blogpager/entry-cache`),
    /// and what it makes from the cache is what a clean build makes.
    @Test func aRebuildReadsOnlyTheChangedSources() async throws {
        let folder = try Self.site()
        defer { folder.remove() }
        // Front matter the cache must carry whole: tabs, newlines, a backslash, params, an update.
        try folder.write("content/odd.md", """
            ---
            title: "Tab\\there, back\\\\slash"
            date: 2024-03-20T10:00:00+09:00
            updated: 2024-03-21
            tags: [a, "b\\\\c"]
            summary: |
              Two
              lines.
            rating: 4
            series: {name: Notes, part: 2}
            ---
            Body.
            """)
        let first = try await Self.job(folder).run(now: Date())
        #expect(first.site?.entriesRead == 13)

        try folder.write("content/entry-3.md", "---\ntitle: Entry 3, edited\ndate: 2024-03-03\n---\nBody 3.\n")
        let second = try await Self.job(folder).run(now: Date())
        #expect(second.site?.entriesRead == 1)
        #expect(second.report.written.contains(OutputPath(literal: "posts/entry-3/index.html")))
        let odd = try #require(second.site?.archive.entries.first { $0.slug == "odd" })
        let original = try #require(first.site?.archive.entries.first { $0.slug == "odd" })
        #expect(odd.title == "Tab\there, back\\slash" && odd.title == original.title)
        #expect(odd.tags == ["a", "b\\c"] && odd.summarySource == original.summarySource && odd.summarySource?.contains("\n") == true)
        #expect(odd.params == original.params && odd.params["series"] != nil)
        #expect(odd.updated == original.updated && odd.cursor == original.cursor && odd.url == original.url)

        // Every output of the cached entries matches a clean build's, byte for byte.
        let clean = BuildJob(contentFolder: folder.path + "/content", outputFolder: folder.path + "/clean", configPath: folder.path + "/blogpager.yml", program: .tests, in: .disk)
        #expect(try await clean.run(now: Date()).site?.entriesRead == 13)
        try folder.write("content/entry-4.md", "---\ntitle: Entry 4, edited\ndate: 2024-03-04\n---\nBody 4.\n")
        let third = try await Self.job(folder).run(now: Date())
        #expect(third.site?.entriesRead == 1)
        _ = try await clean.run(now: Date())
        let kept = try folder.snapshot("out").filter { !$0.key.hasPrefix(".blogpager/") }
        let fresh = try folder.snapshot("clean").filter { !$0.key.hasPrefix(".blogpager/") }
        #expect(kept == fresh)
        // The lines a rebuild keeps from the record, beside the one it encoded, are those a build that reads all writes.
        let everything = BuildJob(contentFolder: folder.path + "/content", outputFolder: folder.path + "/everything",
                                  configPath: folder.path + "/blogpager.yml", program: .tests, in: .disk)
        #expect(try await everything.run(now: Date()).site?.entriesRead == 13)
        let record = try #require(try folder.snapshot("out")[".blogpager/entry-cache"])
        #expect(try folder.snapshot("everything")[".blogpager/entry-cache"] == record)

        // A damaged cache is not trusted: everything is read again. Its header is the one the
        // build wrote (same version, same key); only one of its lines is cut short.
        let cachePath = folder.path + "/out/.blogpager/entry-cache"
        var lines = try String(contentsOfFile: cachePath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 15 && lines[0].hasPrefix("blogpager entry-cache "))
        lines[5] = lines[5].prefix(lines[5].count / 2)
        try folder.write("out/.blogpager/entry-cache", lines.joined(separator: "\n"))
        try folder.write("content/entry-5.md", "---\ntitle: Entry 5, edited\ndate: 2024-03-05\n---\nBody 5.\n")
        #expect(try await Self.job(folder).run(now: Date()).site?.entriesRead == 13)
        // Another config reads everything again too.
        try folder.write("blogpager.yml", "title: Jobs, renamed\n")
        #expect(try await Self.job(folder).run(now: Date()).site?.entriesRead == 13)
    }
}
