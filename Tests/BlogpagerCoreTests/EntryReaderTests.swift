import BlogpagerCore
import Foundation
import Testing

/// An entry with its rendered body, read as one: `entry.title`, `entry.summaryHTML`.
@dynamicMemberLookup
struct ReadEntry {
    var entry: Entry
    var body: EntryBody
    subscript<T>(dynamicMember path: KeyPath<Entry, T>) -> T { entry[keyPath: path] }
    subscript<T>(dynamicMember path: KeyPath<EntryBody, T>) -> T { body[keyPath: path] }
}

struct EntryReaderTests {
    static func read(_ text: String, name: String = "post.md", config: SiteConfig = SiteConfig()) -> Result<ReadEntry, BuildFailure> {
        EntryReader(config: config, now: Date()).readWithBody(SourceFile(displayPath: "content/\(name)", relativePath: name, bytes: Array(text.utf8)))
            .map { ReadEntry(entry: $0.entry, body: $0.body) }
    }

    static func errors(_ text: String, name: String = "post.md") -> [String] {
        guard case .failure(let failure) = read(text, name: name) else { return [] }
        return failure.diagnostics.map(\.description)
    }

    @Test func readsFrontMatterAndBody() throws {
        let entry = try Self.read("""
            ---
            title: Hello
            date: 2016-05-12 10:00:00 +0900
            tags: [swift, ios]
            series: lists
            ---
            First *paragraph*.

            Second.
            """).get()
        #expect(entry.title == "Hello")
        #expect(entry.slug == "post")
        #expect(entry.tags == ["swift", "ios"])
        #expect(entry.url == "/posts/post/")
        #expect(entry.outputPath.string == "posts/post/index.html")
        #expect(entry.summaryHTML == "<p>First <em>paragraph</em>.</p>\n")
        #expect(entry.summaryText == "First paragraph.")
        #expect(entry.isTruncated)
        #expect(entry.params["series"] == .string("lists"))
    }

    /// Blank lines before the front matter, as Hugo reads them (a real blog's 111 posts open so);
    /// its errors still point at the file's own lines.
    @Test func frontMatterMayFollowBlankLines() throws {
        let entry = try Self.read("\n  \n+++\ndate = \"2010-07-13T09:00:00-07:00\"\ntitle = \"What's Going On Now\"\n+++\nThe body.\n").get()
        #expect(entry.title == "What's Going On Now" && entry.date.rfc3339 == "2010-07-13T09:00:00-07:00")
        #expect(entry.contentHTML == "<p>The body.</p>\n")
        #expect(Self.errors("\n---\ntitle: x\ndate: 2016-13-01\n---\nx\n").contains { $0.hasSuffix("content/post.md:4:12: error: invalid date '2016-13-01': month 13 is out of range 1-12") },
                "\(Self.errors("\n---\ntitle: x\ndate: 2016-13-01\n---\nx\n"))")
    }

    @Test func oneStringIsOneTag() throws {
        let entry = try Self.read("---\ntitle: T\ndate: 2016-05-12\ntags: swift on linux\n---\n").get()
        #expect(entry.tags == ["swift on linux"])
    }

    @Test func dateAndSlugComeFromAJekyllFileName() throws {
        let entry = try Self.read("---\ntitle: T\n---\nBody\n", name: "2016-05-12-hello world.md").get()
        #expect(entry.date.rfc3339 == "2016-05-12T00:00:00Z")
        #expect(entry.slug == "hello-world")
    }

    @Test func japaneseSlugsArePercentEncodedInURLs() throws {
        let entry = try Self.read("---\ntitle: 日本語\ndate: 2016-05-12\nslug: 日本語の記事\n---\n").get()
        #expect(entry.url == "/posts/%E6%97%A5%E6%9C%AC%E8%AA%9E%E3%81%AE%E8%A8%98%E4%BA%8B/")
        #expect(entry.outputPath.string == "posts/日本語の記事/index.html")
    }

    @Test func datedPermalinksUseTheWrittenDay() throws {
        var config = SiteConfig()
        config.permalink = try PermalinkPattern("/:year/:month/:day/:slug/")
        let entry = try Self.read("---\ntitle: T\ndate: 2016-05-01T08:00:00+09:00\n---\n", name: "notes.md", config: config).get()
        #expect(entry.url == "/2016/05/01/notes/")
    }

    @Test func theMoreMarkerEndsTheSummary() throws {
        let entry = try Self.read("---\ntitle: T\ndate: 2016-05-12\n---\nTeaser one.\n\nTeaser two.\n\n<!--more-->\n\nRest.\n").get()
        #expect(entry.summaryHTML == "<p>Teaser one.</p>\n<p>Teaser two.</p>\n")
        #expect(entry.contentHTML == "<p>Teaser one.</p>\n<p>Teaser two.</p>\n<p>Rest.</p>\n")
        #expect(!entry.contentHTML.contains("more"))
    }

    @Test func theSummaryKeyWins() throws {
        let entry = try Self.read("---\ntitle: T\ndate: 2016-05-12\nsummary: A *short* one.\n---\nLong body.\n").get()
        #expect(entry.summaryHTML == "<p>A <em>short</em> one.</p>\n")
        #expect(entry.summaryText == "A short one.")
    }

    @Test func rawHTMLAndScriptLinksAreRemovedByDefault() throws {
        let body = "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b onclick=\"x\">b</b>\n"
        let safe = try Self.read("---\ntitle: T\ndate: 2016-05-12\n---\n" + body).get()
        #expect(!safe.contentHTML.contains("<script"))
        #expect(!safe.contentHTML.contains("javascript:"))
        #expect(!safe.contentHTML.contains("onclick"))
        var config = SiteConfig()
        config.unsafeHTML = true
        let unsafe = try Self.read("---\ntitle: T\ndate: 2016-05-12\n---\n" + body, config: config).get()
        #expect(unsafe.contentHTML.contains("<script>alert(1)</script>"))
    }

    @Test func windowsLineEndingsAndAByteOrderMarkAreFine() throws {
        let entry = try Self.read("\u{FEFF}---\r\ntitle: T\r\ndate: 2016-05-12\r\n---\r\nBody\r\n").get()
        #expect(entry.title == "T")
        #expect(entry.contentHTML == "<p>Body</p>\n")
    }

    // Bad input: each case gives a compiler-form message at the right place.

    @Test func missingFrontMatter() {
        #expect(Self.errors("# Just markdown\n") == [
            "content/post.md:1:1: error: missing front matter: expected '---' on the first line, then YAML with at least a title, then '---' (or TOML between '+++' lines, or a JSON object)",
        ])
    }

    @Test func unclosedFrontMatter() {
        #expect(Self.errors("---\ntitle: T\n\nBody\n").first?.hasPrefix("content/post.md:1:1: error: unclosed front matter") == true)
    }

    @Test func invalidYAMLPointsIntoTheFile() {
        let errors = Self.errors("---\ntitle: T\ndate: 2016-05-12\ntags: [a, b\n---\nBody\n")
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("content/post.md:5:1: error: invalid YAML") == true, "\(errors)")
    }

    @Test func missingTitle() {
        #expect(Self.errors("---\ndate: 2016-05-12\n---\n") == [
            "content/post.md:1:1: error: missing title: add 'title: ...' to the front matter",
        ])
    }

    @Test func missingDate() {
        let errors = Self.errors("---\ntitle: T\n---\n", name: "hello.md")
        #expect(errors.first?.hasPrefix("content/hello.md:1:1: error: missing date") == true)
    }

    @Test func invalidDatePointsAtTheValue() {
        #expect(Self.errors("---\ntitle: T\ndate: 2016-13-01\n---\n") == [
            "content/post.md:3:12: error: invalid date '2016-13-01': month 13 is out of range 1-12",
        ])
    }

    @Test func allProblemsOfOneFileAreReported() {
        let errors = Self.errors("---\ntitle: ''\ndate: yesterday\ndraft: maybe\n---\n")
        #expect(errors.count == 3)
    }

    @Test(arguments: ["..", "a/b", ".hidden", "x\\y"])
    func slugsThatWouldLeaveTheOutputAreRefused(slug: String) {
        let errors = Self.errors("---\ntitle: T\ndate: 2016-05-12\nslug: '\(slug)'\n---\n")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("content/post.md:4:7: error: slug") == true, "\(errors)")
    }

    @Test func invalidUTF8IsReportedWhereItIs() {
        var bytes = Array("---\ntitle: T\ndate: 2016-05-12\n---\nok\nbad ".utf8)
        bytes += [0xFF, 0xFE]
        let result = EntryReader(config: SiteConfig(), now: Date()).read(SourceFile(displayPath: "content/x.md", relativePath: "x.md", bytes: bytes))
        guard case .failure(let failure) = result else { Issue.record("should fail"); return }
        #expect(failure.diagnostics.map(\.description) == ["content/x.md:6:5: error: file is not valid UTF-8 text"])
    }

    @Test func aFileOnDiskIsReadWhenItsBodyIsNeeded() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "blogpager-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "later.md")
        try Data("---\ntitle: Later\ndate: 2016-05-12\n---\nFirst.\n".utf8).write(to: file)
        let source = SourceFile(displayPath: "content/later.md", relativePath: "later.md", filePath: file.path, identity: "1", in: .disk)
        let reader = EntryReader(config: SiteConfig(), now: Date())
        let bodies = BodyRenderer(config: SiteConfig())
        let entry = try reader.read(source).get()
        #expect(entry.title == "Later")
        try Data("---\ntitle: Later\ndate: 2016-05-12\n---\nSecond.\n".utf8).write(to: file)
        #expect(try bodies.body(of: entry).get().contentHTML == "<p>Second.</p>\n")
        try FileManager.default.removeItem(at: file)
        guard case .failure(let failure) = bodies.body(of: entry) else { Issue.record("a vanished file should fail"); return }
        #expect(failure.diagnostics.map(\.description) == ["content/later.md:1:1: error: cannot read file: no such file"])
    }
}
