@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// `blogpager build SITE out/` from the root of a Jekyll, Hugo or Zola site,
/// shaped as those tools lay them out: entries, config, static files and
/// pages found where the old generator found them.
struct SiteRootTests {
    static func build(_ folder: TemporaryFolder, output: String = "out") async throws -> BuildJob.Outcome {
        try await BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/" + output, program: .tests, in: .disk).run(now: Date())
    }

    /// What an imported site may do, a site of blogpager's own may not: with these posts, its build fails.
    static func expectOwnSiteFails(_ folder: TemporaryFolder, posts: [String: String]) async throws {
        try folder.write("own/blogpager.yml", "title: Own\n")
        for (name, text) in posts { try folder.write("own/posts/" + name, text) }
        let own = BuildJob(contentFolder: folder.path + "/own/posts", outputFolder: folder.path + "/own-out",
                           configPath: folder.path + "/own/blogpager.yml", program: .tests, in: .disk)
        await #expect(throws: BuildFailure.self) { try await own.run(now: Date()) }
    }

    /// A Jekyll site as its folders hold it, by path below the site's root.
    static let jekyllFiles: [String: String] = [
        "_config.yml": """
            title: Jekyll Fixture
            author:
              name: Jo Writer
            url: "https://jo.example.org"
            baseurl: "/blog"
            timezone: Asia/Tokyo
            paginate: 5
            permalink: /:year/:month/:day/:title/
            theme: blogpager
            exclude: [notes.txt]
            """,
        "_posts/2016/2016-1-05-first-post.md": "---\ntitle: First post\ndate: 2016-1-5 10:00\ntags: [swift]\n---\nHello <span class=\"x\">raw</span>.\n",
        "_posts/2016-02-03-second.markdown": "---\ntitle: Second post\npublished: true\n---\nFrom the file name.\n",
        "_posts/2016-02-04-hidden.md": "---\ntitle: Hidden\npublished: false\n---\nNot yet.\n",
        // Jekyll moves a date written in another offset into the site's zone, and its parser lets a key repeat (the last wins).
        "_posts/2016-03-01-travel.md": "---\ntitle: Draft title\ntitle: Travel\ndate: 2016-03-01 23:30:00 -0800\n---\nAway.\n",
        "about.md": "---\nlayout: page\ntitle: About\n---\nAbout *me*.\n",
        "index.html": "---\nlayout: home\n---\n{% for post in paginator.posts %}{{ post.title }}{% endfor %}\n",
        "CNAME": "blog.example.org\n",
        "assets/img/logo.png": "PNG",
        "notes.txt": "not for the site",
        "Gemfile": "source 'https://rubygems.org'\n",
        "_layouts/default.html": "<html>{{ content }}</html>",
        "_site/index.html": "Jekyll's own output",
    ]

    static func jekyll() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (path, text) in jekyllFiles { try folder.write("site/" + path, text) }
        return folder
    }

    @Test func aJekyllSiteBuildsFromItsRoot() async throws {
        let folder = try Self.jekyll()
        defer { folder.remove() }
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 3 && outcome.summary.skippedDrafts == 1)
        let travel = String(decoding: try #require(folder.snapshot("out")["2016/03/02/travel/index.html"]), as: UTF8.self)
        #expect(travel.contains("<title>Travel · Jekyll Fixture</title>") && travel.contains("datetime=\"2016-03-02T16:30:00+09:00\""))
        let files = try folder.snapshot("out")
        // Static files as Jekyll copies them; underscored folders, excluded names and pages are not.
        #expect(files["CNAME"] == Data("blog.example.org\n".utf8) && files["assets/img/logo.png"] == Data("PNG".utf8))
        #expect(files["notes.txt"] == nil && files["Gemfile"] == nil && files["about.md"] == nil && files.keys.allSatisfy { !$0.hasPrefix("_") })
        // A Markdown page is built at Jekyll's own URL for it (a folder's index, as the posts' permalink ends in a slash);
        // a Liquid page is not, and the front page stays ours.
        let about = String(decoding: try #require(files["about/index.html"]), as: UTF8.self)
        #expect(about.contains("<h1 class=\"entry-title\">About</h1>") && about.contains("About <em>me</em>."))
        #expect(!String(decoding: try #require(files["index.html"]), as: UTF8.self).contains("paginator"))
        let first = try #require(files["2016/01/05/first-post/index.html"].map { String(decoding: $0, as: UTF8.self) })
        // kramdown keeps raw HTML; dates in the site's zone; url + baseurl make every link.
        #expect(first.contains("<span class=\"x\">raw</span>") && first.contains("datetime=\"2016-01-05T10:00:00+09:00\""))
        #expect(first.contains("href=\"/blog/2016/02/03/second/\""))
        let warnings = outcome.summary.warnings.map(\.description)
        // `theme: blogpager`: our templates, though the site has layouts of its own; not a word of it.
        #expect(!warnings.contains { $0.contains("theme") })
        #expect(warnings.contains { $0.contains("site/index.html:1:1: warning: page not built: its URL") && $0.contains("is taken by the archive") })
        #expect(outcome.summary.standalonePages == 2)
        let layout = SiteLoader(contentFolder: folder.path + "/site", in: .disk).layout
        #expect(layout.description(entries: 4, pages: 2) == "Jekyll site: 4 entries in _posts/, 2 pages, config _config.yml")
    }

    @Test func anOutputFolderInsideTheRootIsNeverInput() async throws {
        let folder = try Self.jekyll()
        defer { folder.remove() }
        _ = try await Self.build(folder, output: "site/public")
        let second = try await Self.build(folder, output: "site/public")
        #expect(second.site == nil, "the output inside the root changed the input's fingerprint")
        #expect(try folder.snapshot("site/public").keys.allSatisfy { !$0.hasPrefix("public/") })
    }

    @Test func aHugoSiteBuildsFromItsRoot() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/config/_default/hugo.toml", """
            baseURL = "https://hugo.example.org/"
            title = "Hugo Fixture"
            languageCode = "en-us"
            timeZone = "America/New_York"
            theme = "ananke"

            [pagination]
            pagerSize = 4

            [params]
            description = "A Hugo blog"
            author = "Hu Go"

            [markup.goldmark.renderer]
            unsafe = true
            """)
        try folder.write("site/content/posts/toml.md", "+++\ntitle = \"TOML entry\"\ndate = 2023-04-05T06:07:08-04:00\ntags = [\"go\"]\n+++\nTOML <b>bold</b>.\n")
        try folder.write("site/content/posts/yaml.md", "---\ntitle: YAML entry\ndate: 2023-04-06\nlastmod: 2023-05-01\n---\nYAML body.\n")
        try folder.write("site/content/posts/json.md", "{\n \"title\": \"JSON entry\",\n \"date\": \"2023-04-07T10:00:00Z\"\n}\nJSON body.\n")
        try folder.write("site/content/posts/bundle/index.md", "---\ntitle: Bundle\ndate: 2023-04-08\n---\n![pic](pic.png) and [a page](https://example.org/x).\n")
        try folder.write("site/content/posts/bundle/pic.png", "PNG")
        try folder.write("site/content/posts/_index.md", "---\ntitle: Posts\n---\n")
        try folder.write("site/content/about.md", "---\ntitle: About\n---\nAbout.\n")
        try folder.write("site/content/archive.md", "---\ntitle: Archive\n---\nHugo's archive page.\n")
        try folder.write("site/static/images/a.png", "PNG")
        try folder.write("site/public/index.html", "Hugo's own output")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 4)
        let files = try folder.snapshot("out")
        #expect(files["images/a.png"] != nil && files["posts/bundle/pic.png"] == Data("PNG".utf8) && files["public/index.html"] == nil)
        let bundle = String(decoding: try #require(files["posts/bundle/index.html"]), as: UTF8.self)
        // The bundle's relative image points into its folder, on every page that shows it.
        #expect(bundle.contains("src=\"/posts/bundle/pic.png\"") && bundle.contains("href=\"https://example.org/x\""))
        #expect(String(decoding: try #require(files["index.html"]), as: UTF8.self).contains("src=\"/posts/bundle/pic.png\""))
        let toml = String(decoding: try #require(files["posts/toml/index.html"]), as: UTF8.self)
        #expect(toml.contains("<b>bold</b>") && toml.contains("lang=\"en-us\""))
        let warnings = outcome.summary.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("hugo.toml:5:1: warning: 'theme' is not honoured yet") })
        #expect(files["about/index.html"].map { String(decoding: $0, as: UTF8.self).contains("<title>About · Hugo Fixture</title>") } == true)
        // A page whose URL is the archive's is left out, saying so; the archive stays.
        #expect(warnings.contains { $0.contains("content/archive.md:1:1: warning: page not built: its URL /archive/ is taken") })
        #expect(files["archive/index.html"].map { String(decoding: $0, as: UTF8.self).contains("Hugo's archive page") } == false)
        #expect(SiteLoader(contentFolder: folder.path + "/site", in: .disk).layout.description(entries: 4, pages: 2)
                == "Hugo site: 4 entries in content/posts/, 2 pages, config config/_default/hugo.toml")
        // A page outside the section is an input too: editing it rebuilds.
        #expect(try await Self.build(folder).site == nil)
        try folder.write("site/content/about.md", "---\ntitle: About us\n---\nAbout.\n")
        #expect(try await Self.build(folder).report.written.map(\.string).contains("about/index.html"))
    }

    /// A Zola blog that keeps each post's date in its `path` (the Rust blog: `path = "2024/11/26/x"`,
    /// no `date`, its templates reading the day from the path) builds dated by that day; a page with
    /// no date at all (its `releases/latest.md`) is built at its URL, out of the archive, with a warning.
    @Test func aZolaBlogDatedByItsPathsBuildsFromItsRoot() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // No `title` in config.toml: the front page's `_index.md` names the site, as on the Rust blog.
        try folder.write("site/config.toml", "base_url = \"https://blog.example.org\"\n")
        try folder.write("site/content/_index.md", "+++\ntitle = \"Blog\"\nsort_by = \"permalink\"\n+++\n")
        try folder.write("site/content/wasip2.md", "+++\npath = \"2024/11/26/wasip2-tier-2\"\ntitle = \"Tier 2\"\naliases = [\"2024/11/26/wasip2-tier-2.html\"]\n+++\nNew.\n")
        try folder.write("site/content/inside-rust/_index.md", "+++\ntitle = \"Inside\"\nsort_by = \"permalink\"\n+++\n")
        try folder.write("site/content/inside-rust/update.md", "+++\npath = \"inside-rust/2019/2/3/update\"\ntitle = \"Update\"\n+++\nOld.\n")
        try folder.write("site/content/releases/latest.md", "+++\ntemplate = \"latest.html\"\n+++\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 2)
        let dates = try #require(outcome.site).archive.entries.map { "\($0.slug) \($0.date.rfc3339)" }
        #expect(dates.count == 2 && dates[0].hasPrefix("wasip2 2024-11-26T00:00:00") && dates[1].hasPrefix("update 2019-02-03T00:00:00"), "\(dates)")
        let files = try folder.snapshot("out")
        #expect(files["2024/11/26/wasip2-tier-2/index.html"] != nil && files["inside-rust/2019/2/3/update/index.html"] != nil)
        #expect(files["releases/latest/index.html"] != nil)
        #expect(String(decoding: try #require(files["2024/11/26/wasip2-tier-2/index.html"]), as: UTF8.self).contains("<title>Tier 2 · Blog</title>"))
        let warnings = outcome.summary.warnings.map(\.description)
        #expect(warnings.contains { $0.hasSuffix("content/releases/latest.md:1:1: warning: no date, so it is built as a page at its own URL and left out of the archive, as Zola leaves undated pages out of its lists; add 'date = 2016-05-12' to its front matter to list it") }, "\(warnings)")

        // In a site of blogpager's own, an undated entry stays an error, its example in the front matter's language.
        try folder.write("own/blogpager.yml", "title: Own\n")
        try folder.write("own/posts/undated.md", "+++\ntitle = \"Undated\"\n+++\nx\n")
        let own = BuildJob(contentFolder: folder.path + "/own/posts", outputFolder: folder.path + "/own-out",
                           configPath: folder.path + "/own/blogpager.yml", program: .tests, in: .disk)
        var messages: [String] = []
        do { _ = try await own.run(now: Date()) } catch { messages = error.diagnostics.map(\.description) }
        #expect(messages.contains { $0.hasSuffix("undated.md:1:1: error: missing date: add 'date = 2016-05-12' to the front matter or name the file 2016-05-12-undated.md") }, "\(messages)")
    }

    /// A path names a day only where three segments in a row make one.
    @Test func theDayAPathNames() {
        #expect(URLPathDate.day(in: "2024/11/26/wasip2-tier-2") == "2024-11-26")
        #expect(URLPathDate.day(in: "/inside-rust/2019/2/3/update.html") == "2019-02-03")
        #expect(URLPathDate.day(in: "/2024/02/29/leap/") == "2024-02-29")
        for none in ["/2023/02/29/not-leap/", "/2024/13/01/x/", "/2024/11/x/", "/24/11/26/x/", "/2024/11/+6/x/", "posts/x", ""] {
            #expect(URLPathDate.day(in: none) == nil, "\(none)")
        }
    }

    /// GitHub Pages builds a Jekyll site that has no `_config.yml` (Jekyll's creator's own blog is
    /// one): `_posts/` at the root makes it one, with Jekyll's default permalinks and copying.
    @Test func aJekyllSiteWithoutConfigBuildsWithJekyllsDefaults() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Ruby's spelling of its date and an empty tag, both as Jekyll reads them (seen on a real blog).
        try folder.write("site/_posts/2009-05-19-the-git-parable.md",
                         "---\nlayout: post\ntitle: The Git Parable\ndate: Tue May 19 09:00:46 -0700 2009\ntags:\n- \n- git\n---\nA parable.\n")
        try folder.write("site/README.md", "# My blog\n\nThe source of my blog.\n")
        try folder.write("site/about.md", "---\ntitle: About\n---\nMe.\n")
        try folder.write("site/CNAME", "blog.example.org\n")
        // Run from a folder that has a blogpager.yml of its own: it is not this site's config.
        try folder.write("blogpager.yml", "title: Not this one\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 1)
        let files = try folder.snapshot("out")
        let post = String(decoding: try #require(files["2009/05/19/the-git-parable.html"], "\(files.keys.sorted())"), as: UTF8.self)
        #expect(post.contains("<h1 class=\"entry-title\"><a href=\"/2009/05/19/the-git-parable.html\">The Git Parable</a></h1>"))
        #expect(files["README.md"] != nil && files["CNAME"] != nil && files["about.html"] != nil && files["tags/git/index.html"] != nil)
        #expect(post.contains("datetime=\"2009-05-19T16:00:46Z\""), "\(post)")
        #expect(SiteLoader(contentFolder: folder.path + "/site", in: .disk).layout.description(entries: 1, pages: 1) == "Jekyll site: 1 entry in _posts/, 1 page")
        // What it lacks is said in Jekyll's terms, where Jekyll would read it.
        #expect(outcome.summary.warnings.contains { $0.description.hasSuffix("site/_config.yml:1:1: warning: no url, so feed.xml, feed.json and sitemap.xml were not written (they need absolute URLs); set url to the site's public address, such as https://example.org/") },
                "\(outcome.summary.warnings)")
    }

    /// What Hugo builds without a word: an empty tag in a list (passed over), and a draft
    /// that has no date yet (left out; dated by its file's time when drafts are built).
    /// Seen on a real Jekyll blog of 1,000 posts: the site's files under `source: src`, collections
    /// Jekyll writes (`_work`, `_faqs`) that posts link with `{% link %}`, and jekyll-feed's path
    /// written as a whole URL on the site's own host.
    @Test func aJekyllSitesSourceCollectionsAndFeedURLBuildAsJekyllBuildsThem() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let config = """
            title: Source
            url: https://src.example.org
            source: src
            collections:
              work:
                output: true
                permalink: /:collection/:path/
              faqs:
                output: true
              notes:
                output: false
            feed:
              path: "https://src.example.org/atom.xml"

            """
        try folder.write("site/_config.yml", config)
        try folder.write("site/src/_posts/2020-01-01-hello.md", "---\ntitle: Hello\n---\nSee [my themes]({% link _work/themes.md %}).\n")
        try folder.write("site/src/_work/themes.md", "---\ntitle: Themes\n---\nAll of them.\n")
        try folder.write("site/src/_work/shot.png", "PNG")
        try folder.write("site/src/_faqs/ask.md", "---\ntitle: Ask\n---\nAnswers.\n")
        try folder.write("site/src/_notes/n.md", "---\ntitle: Note\n---\nNot written.\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 1)
        let files = try folder.snapshot("out")
        #expect(String(decoding: try #require(files["work/themes/index.html"]), as: UTF8.self).contains("All of them."))
        #expect(files["work/shot.png"] == Data("PNG".utf8) && files["faqs/ask.html"] != nil && files["atom.xml"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("https:") || $0.hasPrefix("notes/") || $0.hasPrefix("_notes/") }, "\(files.keys.sorted())")
        #expect(String(decoding: try #require(files["2020/01/01/hello.html"]), as: UTF8.self).contains("<a href=\"/work/themes/\">my themes</a>"))
        // A collection's document is an input: changed, the site is built again.
        #expect(try await Self.build(folder).site == nil)
        try folder.write("site/src/_work/themes.md", "---\ntitle: Themes\n---\nAll of them, and one more.\n")
        #expect(try await Self.build(folder).site != nil)

        // A source folder that is not there (a site whose own build makes it first) is said so, at the config.
        try folder.write("site/_config.yml", config.replacingOccurrences(of: "source: src", with: "source: .tmp/src # made by gulp"))
        do {
            _ = try await Self.build(folder)
            Issue.record("a site without its source folder built")
        } catch let failure as BuildFailure {
            #expect(failure.diagnostics.map(\.description) == [folder.path + "/site/_config.yml:3:9: error: source folder '.tmp/src' does not exist: Jekyll reads the site's files from there (make it first, as the site's own build does, or change source)"])
        }
    }

    @Test func aHugoSitesEmptyTagsAndUndatedDraftsBuildAsHugoBuildsThem() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Lenient\"\n")
        try folder.write("site/content/posts/summary.md", "---\ntitle: Mid-year\ndate: 2019-06-17T22:58:00+08:00\ntags: [\"\", \"notes\"]\n---\nHalf a year.\n")
        try folder.write("site/content/posts/wiki.md", "+++\ntitle = \"Put it in the wiki\"\ndraft = true\n+++\nNot dated yet.\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 1 && outcome.summary.skippedDrafts == 1)
        let files = try folder.snapshot("out")
        #expect(files["tags/notes/index.html"] != nil && files.keys.filter { $0.hasPrefix("tags/") && $0.hasSuffix("/index.html") && !$0.contains("/page/1/") }.count == 2,
                "\(files.keys.sorted())")
        // Hugo's page 1 of the term's list led to the list: so does it here.
        #expect(String(decoding: try #require(files["tags/notes/page/1/index.html"]), as: UTF8.self).contains("url=https://hugo.example.org/tags/notes/\""))
        var job = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/drafts", includeDrafts: true, program: .tests, in: .disk)
        job.highlightsCode = false
        #expect(try await job.run(now: Date()).summary.entries == 2)
        // An entry that is no draft and has no date: Hugo lists it as of the year 1; it is a page at its URL here.
        try folder.write("site/content/posts/wiki.md", "+++\ntitle = \"Put it in the wiki\"\n+++\nNot dated yet.\n")
        let undated = try await Self.build(folder)
        #expect(undated.summary.entries == 1)
        #expect(undated.summary.warnings.map(\.description).contains { $0.hasSuffix("content/posts/wiki.md:1:1: warning: no date, so it is built as a page at its own URL and left out of the archive, where Hugo listed it as of the year 1 (0001-01-01); add a date such as 2016-05-12 to its front matter to list it") },
                "\(undated.summary.warnings)")
        #expect(String(decoding: try #require(try folder.snapshot("out")["posts/wiki/index.html"]), as: UTF8.self).contains("Not dated yet."))
    }

    /// `draft = "false"`, seen on a real blog: Hugo reads a draft written as text as Go's
    /// `strconv.ParseBool` does (checked with Hugo 0.168); another site's config still says it is wrong.
    @Test func aHugoDraftWrittenAsTextIsReadAsHugoReadsIt() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Text\"\n")
        try folder.write("site/content/posts/out.md", "+++\ntitle = \"Out\"\ndate = 2021-05-16\ndraft = \"false\"\n+++\nPublished.\n")
        try folder.write("site/content/posts/held.md", "+++\ntitle = \"Held\"\ndate = 2021-05-17\ndraft = \"True\"\n+++\nNot yet.\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 1 && outcome.summary.skippedDrafts == 1)
        #expect(try folder.snapshot("out")["posts/out/index.html"] != nil)
        try folder.write("site/content/posts/held.md", "+++\ntitle = \"Held\"\ndate = 2021-05-17\ndraft = \"soon\"\n+++\nNot yet.\n")
        do {
            _ = try await Self.build(folder)
            Issue.record("a draft of neither truth built")
        } catch let failure as BuildFailure {
            #expect(failure.diagnostics.contains { $0.description.hasSuffix("content/posts/held.md:4:10: error: draft must be true or false") }, "\(failure.diagnostics)")
        }
        // In a site of blogpager's own, a draft is true or false.
        try await Self.expectOwnSiteFails(folder, posts: ["out.md": "---\ntitle: Out\ndate: 2021-05-16\ndraft: \"false\"\n---\nText.\n"])
    }

    /// Seen on real Hugo blogs: posts in `content/post/`, one stray in `content/posts/`, and files
    /// with no front matter at all. Hugo's main section is the one with the most pages, and a file
    /// without front matter is an untitled page (titled here by its file's name), among the entries too.
    @Test func aHugoSitesFullestSectionIsItsEntriesAndAPageMayLackFrontMatter() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Sections\"\n")
        for day in 1...3 {
            try folder.write("site/content/post/entry-\(day).md", "---\ntitle: Entry \(day)\ndate: 2021-05-0\(day)\n---\nText \(day).\n")
        }
        try folder.write("site/content/posts/stray.md", "---\ntitle: Stray\ndate: 2021-05-16\n---\nOne.\n")
        try folder.write("site/content/tech/snippet.md", "@Bean(destroyMethod = \"\")\npublic DataSource source() { }\n")
        // Among the entries too (seen on steveshogren/hugo-blog): a page at its place in content/.
        try folder.write("site/content/post/reading-list.md", "\n# Papers\n\n- One\n")
        #expect(SiteLoader(contentFolder: folder.path + "/site", in: .disk).layout.contentFolder == folder.path + "/site/content/post")
        let outcome = try await Self.build(folder)
        // The dated entry of the other section is an entry of a blog of its own (`posts/`), not of the main archive.
        #expect(outcome.summary.entries == 4)
        let files = try folder.snapshot("out")
        #expect(files["post/entry-1/index.html"] != nil && files["posts/stray/index.html"] != nil, "\(files.keys.sorted())")
        let mainIndex = String(decoding: try #require(files["index.json"]), as: UTF8.self)
        #expect(files["posts/index.json"] != nil && !mainIndex.contains("stray"))
        #expect(try String(decoding: #require(files["post/reading-list/index.html"]), as: UTF8.self).contains("<title>reading-list · Sections</title>"))
        let snippet = String(decoding: try #require(files["tech/snippet/index.html"]), as: UTF8.self)
        #expect(snippet.contains("<title>snippet · Sections</title>") && snippet.contains("public DataSource source()"))
        // A page that opens its front matter and does not close it is still an error.
        try folder.write("site/content/tech/broken.md", "---\ntitle: Broken\n")
        await #expect(throws: BuildFailure.self) { try await Self.build(folder) }
    }

    /// Seen on a real Hugo blog: its posts in `content/entry/`, a name no old theme used. Hugo's main
    /// section is the one its config names in `mainSections` (at the top, under `params`, or in a
    /// split config's `params.toml`), else a section named as blog themes name it, else its fullest
    /// top-level section; a leaf bundle is no section, and a few projects beside posts kept at the
    /// content's top do not take the blog from them.
    @Test(arguments: [
        (config: "", files: ["entry/a.md", "entry/b.md", "entry/c.md", "projects/_index.md", "projects/tool.md", "about/index.md", "about/more.md", "about/extra.md", "about/again.md"], expected: "content/entry"),
        (config: "[params]\nmainSections = [\"notes\"]\n", files: ["posts/a.md", "posts/b.md", "posts/c.md", "notes/n.md"], expected: "content/notes"),
        (config: "mainSections = \"notes/\"\n", files: ["posts/a.md", "posts/b.md", "notes/n.md"], expected: "content/notes"),
        (config: "params.toml:mainSections = [\"gone\", \"notes\"]\n", files: ["posts/a.md", "posts/b.md", "notes/n.md"], expected: "content/notes"),
        (config: "", files: ["one.md", "two.md", "three.md", "projects/_index.md", "projects/tool.md"], expected: "content"),
        (config: "", files: ["one.md", "writing/a.md", "writing/b.md", "writing/_index.md"], expected: "content/writing"),
        (config: "", files: ["post/a.md", "posts/b.md", "blog/c.md"], expected: "content/posts"),
        // A documentation site with a blog (Docsy's layout): Hugo's fullest section is docs/, the blog is blog/.
        (config: "", files: ["docs/_index.md", "docs/a.md", "docs/b.md", "docs/c/d.md", "docs/e.md", "blog/one.md", "blog/two.md"], expected: "content/blog"),
    ])
    func aHugoSitesMainSectionIsFoundAsHugoFindsIt(config: String, files: [String], expected: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (configFile, configText) = config.hasPrefix("params.toml:")
            ? ("site/config/_default/params.toml", String(config.dropFirst("params.toml:".count))) : ("site/hugo.toml", config)
        try folder.write("site/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Sections\"\n" + (configFile == "site/hugo.toml" ? configText : ""))
        if configFile != "site/hugo.toml" {
            try folder.write("site/config/_default/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Split\"\n")
            try folder.write(configFile, configText)
        }
        for (day, file) in files.enumerated() {
            try folder.write("site/content/" + file, "---\ntitle: Page \(day)\ndate: 2021-05-\(10 + day)\n---\nText.\n")
        }
        #expect(SiteLoader(contentFolder: folder.path + "/site", in: .disk).layout.contentFolder == folder.path + "/site/" + expected)
    }

    /// Two entries at one URL (a post copied to a second file, seen on real Jekyll and Hugo blogs):
    /// Hugo writes the later file over the other and Jekyll warns of the conflict, so the later in
    /// path order is built and a warning names both; in a site of blogpager's own it stays an error.
    @Test func twoEntriesAtOneURLBuildTheLaterAsTheOldGeneratorDid() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Twice\"\n[permalinks]\n  posts = \"/:year/:slug/\"\n")
        try folder.write("site/content/posts/a.md", "---\ntitle: Same\ndate: 2020-01-01\nslug: same\n---\nThe first file.\n")
        try folder.write("site/content/posts/b.md", "---\ntitle: Same\ndate: 2020-01-01\nslug: same\n---\nThe second file.\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 1)
        #expect(try String(decoding: #require(folder.snapshot("out")["2020/same/index.html"]), as: UTF8.self).contains("The second file."))
        #expect(outcome.summary.warnings.contains { $0.description.contains("content/posts/a.md:1:1: warning: not built: its URL /2020/same/ is also the URL of")
            && $0.description.contains("content/posts/b.md, which is built there") }, "\(outcome.summary.warnings)")
        try await Self.expectOwnSiteFails(folder, posts: ["a.md": "---\ntitle: Same\ndate: 2020-01-01\nslug: same\n---\nOne.\n",
                                                         "b.md": "---\ntitle: Same\ndate: 2020-01-01\nslug: same\n---\nTwo.\n"])
    }

    /// Seen on real Jekyll blogs: `title: #短篇#…`, which YAML reads as a comment, so no title, and
    /// `timezone:` left empty under its comment. Jekyll titles such a post by its file's name and
    /// sets no zone; a blogpager site still needs the title.
    @Test func aJekyllPostsEmptyTitleAndAnEmptyTimezoneAreNoneAsInJekyll() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/_config.yml", "title: Empty\ntimezone: # https://en.wikipedia.org/wiki/List_of_tz_database_time_zones\n")
        try folder.write("site/_posts/2014-09-30-short-the-problem.md", "---\nlayout: post\ntitle: #短篇#require.js\n---\nText.\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 1)
        let page = String(decoding: try #require(folder.snapshot("out")["2014/09/30/short-the-problem.html"]), as: UTF8.self)
        #expect(page.contains("<title>Short The Problem · Empty</title>"))
        try await Self.expectOwnSiteFails(folder, posts: ["a.md": "---\ntitle:\ndate: 2020-01-01\n---\nOne.\n"])
    }

    /// `base_url = "tomasfarias.dev"` (a real Zola blog), and Hugo's `baseURL` alike: a host without its
    /// scheme, which the generator pastes into links as written, is that host over HTTPS, with a warning.
    @Test func aZolaOrHugoAddressWithoutItsSchemeIsThatHostOverHTTPS() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/config.toml", "base_url = \"tomasfarias.dev\"\ntitle = \"No scheme\"\n")
        try folder.write("site/content/blog/first.md", "+++\ntitle = \"First\"\ndate = 2022-05-01\n+++\nText.\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.warnings.contains { $0.description.hasSuffix("config.toml:1:13: warning: base_url 'tomasfarias.dev' has no scheme; it is taken as https://tomasfarias.dev") },
                "\(outcome.summary.warnings)")
        #expect(try String(decoding: #require(folder.snapshot("out")["feed.xml"]), as: UTF8.self).contains("https://tomasfarias.dev/"))

        try folder.write("hugo/hugo.toml", "baseURL = \"www.example.org\"\ntitle = \"No scheme\"\n")
        try folder.write("hugo/content/posts/first.md", "---\ntitle: First\ndate: 2022-05-01\n---\nText.\n")
        let hugo = try await BuildJob(contentFolder: folder.path + "/hugo", outputFolder: folder.path + "/hugo-out", program: .tests, in: .disk).run(now: Date())
        #expect(hugo.summary.warnings.contains { $0.description.hasSuffix("hugo.toml:1:12: warning: baseURL 'www.example.org' has no scheme; it is taken as https://www.example.org") },
                "\(hugo.summary.warnings)")
        #expect(try folder.snapshot("hugo-out")["feed.xml"] != nil)
    }

    /// HTML files in a Hugo site's content without front matter (a search engine's verification
    /// file, a CV made elsewhere, seen on a real blog) are published as they are, at their place.
    @Test func aHugoSitesHTMLFilesWithoutFrontMatterArePublishedAsTheyAre() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/config.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Verified\"\n")
        try folder.write("site/content/posts/first.md", "---\ntitle: First\ndate: 2024-01-01\n---\nHello.\n")
        try folder.write("site/content/google1234.html", "google-site-verification: google1234.html")
        try folder.write("site/content/cv/index.html", "<!DOCTYPE html>\n<html><body>CV</body></html>\n")
        try folder.write("site/content/contact.html", "---\ntitle: Contact\n---\n<p>Write to me.</p>\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 1)
        let files = try folder.snapshot("out")
        #expect(files["google1234.html"] == Data("google-site-verification: google1234.html".utf8))
        #expect(files["cv/index.html"] == Data("<!DOCTYPE html>\n<html><body>CV</body></html>\n".utf8))
        #expect(files["contact/index.html"].map { String(decoding: $0, as: UTF8.self).contains("Write to me.") } == true, "\(files.keys.sorted())")
        // In a site whose content/ is all entries (no posts/ or blog/ section), the same.
        try FileManager.default.removeItem(atPath: folder.path + "/site/content/posts")
        try FileManager.default.removeItem(atPath: folder.path + "/site/content/contact.html")
        try folder.write("site/content/first.md", "---\ntitle: First\ndate: 2024-01-01\n---\nHello.\n")
        _ = try await Self.build(folder, output: "flat")
        #expect(try folder.snapshot("flat")["google1234.html"] == Data("google-site-verification: google1234.html".utf8))
    }

    /// A broken copy of a blog: every error of every kind in one run, and out/ untouched.
    @Test func aBrokenJekyllSiteReportsEveryErrorInOneRun() async throws {
        let folder = try Self.jekyll()
        defer { folder.remove() }
        try folder.write("site/_posts/2016-03-01-broken.md", "---\ntitle: [unclosed\n---\n")
        try folder.write("site/_posts/2016-01-05-first-post.md", "---\ntitle: Same URL\n---\nx\n")
        try folder.write("site/_posts/2016-13-02-bad.md", "---\ntitle: Bad month\n---\nx\n")
        do {
            _ = try await Self.build(folder)
            Issue.record("a broken site built")
        } catch let error as BuildFailure {
            let found = error.diagnostics.filter { $0.severity == .error }.map { String($0.location.path.split(separator: "/").last!) }
            // Two entries at one URL are no error in a Jekyll site: Jekyll writes one over the other (`keepsLastOfSharedURL`).
            #expect(found == ["2016-03-01-broken.md", "2016-13-02-bad.md"], "\(error.diagnostics)")
            #expect(error.output == .untouched)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    /// Jekyll's other places of posts: `_drafts/` (undated, dated by the file's time, left out unless
    /// asked for), `work/_posts/` (the folders above are categories), a menu of pages, terms split at spaces.
    @Test func jekyllsDraftsCategoryFoldersAndMenu() async throws {
        let folder = try Self.jekyll()
        defer { folder.remove() }
        try folder.write("site/_config.yml", "title: Jekyll Menu\nheader_pages: [about.md, missing.md]\ntheme: blogpager\n")
        try folder.write("site/_drafts/thinking.md", "---\ntitle: Still thinking\ntags: ideas later\n---\nNot yet.\n")
        try folder.write("site/work/code/_posts/2016-04-01-at-work.md", "---\ntitle: At work\ncategories: [swift]\n---\nWork.\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 4 && outcome.summary.skippedDrafts == 2)
        var files = try folder.snapshot("out")
        let atWork = String(decoding: try #require(files["work/code/swift/2016/04/01/at-work.html"]), as: UTF8.self)
        for category in ["work", "code", "swift"] { #expect(atWork.contains("href=\"/categories/\(category)/\">\(category)</a>")) }
        #expect(files["categories/code/index.json"] != nil && !files.keys.contains { $0.hasSuffix("/thinking.html") })
        // The menu names the about page by its title, at its URL; a page that is not there is a warning.
        let home = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(home.contains("<a href=\"/about.html\">About</a>"))
        #expect(outcome.summary.warnings.contains { $0.description.contains("_config.yml:1:1: warning: the menu names 'missing.md'") })
        #expect(SiteLoader(contentFolder: folder.path + "/site", in: .disk).layout.description(entries: 6, pages: 2)
                == "Jekyll site: 6 entries in _posts/ (and _drafts/, work/code/_posts/), 2 pages, config _config.yml")

        // With --drafts the draft is built, dated by its file, its tags split at spaces as Jekyll splits them.
        let drafts = BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/out", includeDrafts: true, program: .tests, in: .disk)
        #expect(try await drafts.run(now: Date()).summary.entries == 6)
        files = try folder.snapshot("out")
        #expect(files["tags/ideas/index.html"] != nil && files["tags/later/index.html"] != nil && files.keys.contains { $0.hasSuffix("/thinking.html") })
        // A new draft is an input: the next build sees it.
        try folder.write("site/_drafts/another.md", "---\ntitle: Another\n---\nx\n")
        #expect(try await drafts.run(now: Date()).summary.entries == 7)
    }

    /// Hugo: a config split over `config/_default/` (params and menus in their own files), `.html`
    /// content files kept as written, `expiryDate`, and more taxonomies.
    @Test func hugosSplitConfigHTMLContentAndExpiry() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/config/_default/hugo.toml", "baseURL = \"https://hugo.example.org/blog/\"\ntitle = \"Split\"\n[taxonomies]\ntag = \"tags\"\nseries = \"series\"\n")
        try folder.write("site/config/_default/params.toml", "description = \"From params.toml\"\nauthor = \"Param Author\"\n")
        try folder.write("site/config/_default/menus.toml", """
            [[main]]
            name = "Home"
            url = "/"
            weight = 1
            [[main]]
            name = "All series"
            url = "/blog/series"
            weight = 2
            [[main]]
            name = "Contact"
            url = "/contact/"
            weight = 20
            [[main]]
            name = "About"
            pageRef = "/about"
            weight = 10
            """)
        try folder.write("site/content/posts/plain.html", "---\ntitle: HTML entry\ndate: 2023-01-02\nseries: [Basics]\n---\n<p>First <em>para</em>.</p>\n<div class=\"raw\">  indented</div>\n")
        try folder.write("site/content/posts/gone.md", "---\ntitle: Gone\ndate: 2023-01-01\nexpiryDate: 2023-06-01\n---\nx\n")
        try folder.write("site/content/posts/later.md", "---\ntitle: Later\ndate: 2023-01-03\nexpiryDate: 2099-01-01\n---\nx\n")
        try folder.write("site/content/about.md", "---\ntitle: About\n---\nAbout.\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.entries == 2 && outcome.summary.skippedExpired == 1)
        let files = try folder.snapshot("out")
        let html = String(decoding: try #require(files["posts/plain/index.html"]), as: UTF8.self)
        #expect(html.contains("<p>First <em>para</em>.</p>\n<div class=\"raw\">  indented</div>"))
        #expect(files["series/basics/index.html"] != nil && files["posts/gone/index.html"] == nil)
        let home = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(home.contains("From params.toml") && home.contains("Param Author"))
        #expect(home.range(of: "<a href=\"/blog/about/\">About</a>\n<a href=\"/blog/contact/\">Contact</a>") != nil)
        // Items for pages the navigation links already (the front page, a taxonomy's list) are left to it.
        #expect(!home.contains(">Home</a>") && !home.contains(">All series</a>") && home.contains("<a href=\"/blog/series/\">Series</a>"))
        // The summary of an HTML entry is its first paragraph.
        #expect(home.contains("<p>First <em>para</em>.</p>") && !home.contains("indented"))
        // Editing a part of the split config rebuilds.
        #expect(try await Self.build(folder).site == nil)
        try folder.write("site/config/_default/params.toml", "description = \"Changed\"\n")
        #expect(try await Self.build(folder).site != nil)
    }

    /// `future: true` and `show_drafts: true` in a Jekyll config build what `--future` and `--drafts` would.
    @Test func theConfigMayAskForFutureEntriesAndDrafts() async throws {
        let folder = try Self.jekyll()
        defer { folder.remove() }
        try folder.write("site/_posts/2999-01-01-far-ahead.md", "---\ntitle: Far ahead\n---\nx\n")
        #expect(try await Self.build(folder).summary.skippedFuture == 1)
        try folder.write("site/_config.yml", "title: Eager\nfuture: true\nshow_drafts: true\n")
        let outcome = try await Self.build(folder)
        #expect(outcome.summary.skippedFuture == 0 && outcome.summary.skippedDrafts == 0 && outcome.summary.entries == 5)
        #expect(!outcome.summary.warnings.contains { $0.message.contains("'future'") })
    }

    // MARK: Sites built once, as their generator built them

    /// What a case expects of its build.
    enum Expect: Sendable {
        case entries(Int)
        /// The file is there and holds every text.
        case page(String, holds: [String])
        case pageLacks(String, [String])
        /// The file holds exactly these bytes.
        case file(String, String)
        case present([String])
        case absent([String])
        /// No file's path holds the text / no file holds it.
        case noPathWith(String)
        case noPathStartingWith(String)
        case noFileHolding(String)
        /// Some warning's description holds the text, or ends with it.
        case warning(String)
        case warningEndingWith(String)
        case noWarningWith(String)
        case warningCount(Int)
        /// The entries' slugs and dates (RFC 3339 prefixes), newest first.
        case dated([String])
        case contentFolder(String)
    }

    /// One site at `site/` below a fresh folder (`files` by path there), built once from its root.
    struct SiteCase: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: String]
        var expects: [Expect]
        var testDescription: String { name }
    }

    static let cases: [SiteCase] = [
        SiteCase(name: "a Zola site", files: [
            "config.toml": """
                base_url = "https://zola.example.org"
                title = "Zola Fixture"
                default_language = "fr"

                [markdown]
                highlight_code = true

                [extra]
                author = "Zo La"
                """,
            "content/blog/_index.md": "+++\ntitle = \"Blog\"\nsort_by = \"date\"\n+++\n",
            "content/blog/premier.md": "+++\ntitle = \"Premier\"\ndate = 2022-03-04\n[taxonomies]\ntags = [\"rust\"]\n+++\nBonjour <em>toi</em>.\n",
            "content/blog/with-assets/index.md": "+++\ntitle = \"With assets\"\ndate = 2022-03-05T10:00:00+01:00\n+++\n![img](photo.jpg)\n",
            "content/blog/with-assets/photo.jpg": "JPG",
            "static/robots.txt": "robots",
            // Zola builds a page without a title (a real blog misspelt the key): named after its file.
            "content/blog/no-title-here.md": "+++\ntilte = \"Typo\"\ndate = 2020-10-18 21:02:27\n+++\nx\n",
        ], expects: [
            .entries(3), .page("blog/no-title-here/index.html", holds: ["<title>no title here · Zola Fixture</title>"]),
            .present(["robots.txt", "blog/with-assets/photo.jpg", "tags/rust/index.html"]),
            .page("blog/premier/index.html", holds: ["<em>toi</em>", "lang=\"fr\"", "Zo La"]),
            // Zola's `highlight_code` asks for what blogpager does anyway: nothing to warn about.
            .noWarningWith("markdown"),
        ]),
        // A multilingual Zola site (its translations `name.fr.md`, `_index.fr.md`): each language its own
        // archive, the default at the root, French at /fr/; links to pages and section lists lead where they did.
        SiteCase(name: "a multilingual Zola site", files: [
            "config.toml": """
                base_url = "https://zola.example.org/blog-site"
                title = "Polyglot"
                default_language = "en"

                [languages.fr]
                title = "Polyglotte"
                """,
            "content/_index.md": "+++\n+++\n",
            "content/_index.fr.md": "+++\n+++\n",
            "content/blog/_index.md": "+++\nsort_by = \"date\"\n+++\n",
            "content/blog/_index.fr.md": "+++\nsort_by = \"date\"\n+++\n",
            "content/blog/hello/index.md": """
                +++
                title = "Hello"
                date = 2024-02-03
                +++
                [about](@/about.md), [one](@/projects/one/index.md), [blog](@/blog/_index.md), [home](@/_index.md), [projects](@/projects/_index.md).
                """,
            "content/blog/hello/index.fr.md": "+++\ntitle = \"Bonjour\"\ndate = 2024-02-03\n+++\n[à propos](@/about.fr.md)\n",
            "content/about.md": "+++\ntitle = \"About\"\n+++\nAbout.\n",
            "content/about.fr.md": "+++\ntitle = \"À propos\"\n+++\nÀ propos.\n",
            "content/projects/_index.md": "+++\ntitle = \"Projects\"\n+++\n",
            "content/projects/one/index.md": "+++\ntitle = \"One\"\n+++\nThe first project.\n",
        ], expects: [
            .entries(2),
            .page("fr/blog/hello/index.html", holds: ["lang=\"fr\"", "<title>Bonjour · Polyglotte</title>", "href=\"/blog-site/fr/about/\">à propos</a>",
                                                      "hreflang=\"en\" href=\"https://zola.example.org/blog-site/blog/hello/\""]),
            .page("fr/about/index.html", holds: ["À propos."]), .page("fr/index.json", holds: ["/blog-site/fr/fragments/"]),
            .page("blog/hello/index.html", holds: ["hreflang=\"fr\" href=\"https://zola.example.org/blog-site/fr/blog/hello/\""]),
            .warning("warning: link to 'projects/_index.md' names the list of the section 'projects', which blogpager does not make: it leads to /blog-site/projects/ as on the old site"),
            .warning("content/blog/hello/index.md:5:"),
            .page("blog/hello/index.html", holds: ["href=\"/blog-site/about/\">about</a>", "href=\"/blog-site/projects/one/\">one</a>", "href=\"/blog-site/\">blog</a>",
                                                   "href=\"/blog-site/\">home</a>", "href=\"/blog-site/projects/\">projects</a>"]),
            .present(["about/index.html", "projects/one/index.html"]), .pageLacks("index.json", ["Bonjour", "/fr/"]),
        ]),
        // Seen on a real Hugo blog of 2,900 posts: archetype blanks (`date: ""`, `url: ""`), a URL without
        // its leading slash, and aliases two posts share or that are another post's URL. Hugo 0.168 builds
        // them all; so does blogpager, at the URLs Hugo gave them.
        SiteCase(name: "a Hugo blog's blank dates, URLs and shared aliases", files: [
            "config.toml": "baseURL = \"/\"\ntitle = \"Blanks\"\n",
            "content/post/linux/futex.md": "---\ntitle: \"futex\"\ndate: \"\"\nurl: \"futex\"\naliases: [/p9/]\n---\nLocks.\n",
            // A page's old addresses lead to it as an entry's do.
            "content/about.md": "---\ntitle: About\naliases: [/me/, /about/]\n---\nWho.\n",
            "content/post/web/certs.md": "---\ntitle: \"certs\"\ndate: \"2020-06-04T08:55:49Z\"\nurl: \"\"\naliases: [/p1/, /java/, /p2/]\n---\nCerts.\n",
            "content/post/java/basic.md": "---\ntitle: \"Java\"\ndate: \"2021-06-04\"\nurl: \"/java/\"\naliases: [/p1/, /java/]\n---\nJava.\n",
            "content/post/other/later.md": "---\ntitle: \"later\"\ndate: \"\"\nlastmod: \"2019-01-02\"\nexpiryDate: \"\"\n---\nDated by lastmod.\n",
            "content/post/cs/Embedded Boards/STM32F407.md": "---\ntitle: \"STM32\"\ndate: \"\"\nurl: \"\"\n---\nBoards.\n",
            // Two posts at one URL: Hugo writes both there, and the redirects of both lead to it.
            "content/post/cs/uds.md": "---\ntitle: \"uds\"\ndate: 2017-08-14\nurl: uds\naliases: [/p3/]\n---\nSockets.\n",
            "content/post/other/socket.md": "---\ntitle: \"socket\"\ndate: 2017-08-15\nurl: uds\naliases: [/p4/]\n---\nSockets again.\n",
            // A URL that ends in an ideographic space: YAML trims only ASCII blanks, and Hugo writes the page there.
            "content/post/java/wrapper.md": "---\ntitle: \"wrapper\"\ndate: 2018-01-01\nurl: wrapper\u{3000}\n---\nWrapped.\n",
        ], expects: [
            .entries(5),
            .present(["futex/index.html", "post/web/certs/index.html", "java/index.html", "post/other/later/index.html",
                      "post/cs/embedded-boards/stm32f407/index.html", "uds/index.html", "wrapper\u{3000}/index.html"]),
            .page("post/other/later/index.html", holds: ["datetime=\"2019-01-02"]),
            .pageLacks("java/index.html", ["http-equiv=\"refresh\""]),
            // /p1/ leads to the first post in path order that gives it; /p2/ to the only one.
            .page("p1/index.html", holds: ["url=/java/\""]), .page("p2/index.html", holds: ["url=/post/web/certs/\""]),
            .page("p9/index.html", holds: ["url=/futex/\""]), .page("me/index.html", holds: ["url=/about/\""]), .page("about/index.html", holds: ["Who."]),
            .page("_redirects", holds: ["/p9/ /futex/ 301\n", "/me/ /about/ 301\n"]),
            .page("uds/index.html", holds: ["Sockets again."]), .page("p3/index.html", holds: ["url=/uds/\""]), .page("p4/index.html", holds: ["url=/uds/\""]),
            .warning("content/post/linux/futex.md:1:1: warning: no date, so it is built as a page"),
            .warning("certs.md:1:1: warning: no redirect at old address /java/ (aliases): it is the URL of "),
            .warning("certs.md:1:1: warning: old address /p1/ (aliases) leads to "), .warning("basic.md"),
            .warning("content/post/cs/uds.md:1:1: warning: not built: its URL /uds/ is also the URL of "),
            // the undated board page's, and the one that says feeds need an absolute address (`baseURL = "/"`).
            .warningCount(6),
        ]),
        SiteCase(name: "a Hugo blog in a section of its own name", files: [
            "hugo.toml": "baseURL = \"https://hugo.example.org/\"\ntitle = \"Entries\"\n",
            "content/entry/day-1.md": "---\ntitle: Day 1\ndate: 2021-05-01\n---\nText 1.\n",
            "content/entry/day-2.md": "---\ntitle: Day 2\ndate: 2021-05-02\n---\nText 2.\n",
            "content/entry/day-3.md": "---\ntitle: Day 3\ndate: 2021-05-03\n---\nText 3.\n",
            "content/about.md": "---\ntitle: About\n---\nWho writes.\n",
        ], expects: [.entries(3), .present(["entry/day-1/index.html"]), .page("about/index.html", holds: ["Who writes."])]),
        // A `timezone` that names no zone (`+0100`, seen on a real blog): Jekyll hands it to the C
        // library, which reads it as UTC, so the posts' dates and URLs are UTC's.
        SiteCase(name: "a Jekyll timezone that names no zone", files: [
            "_config.yml": "title: Offset\ntimezone: \"+0100\"\n",
            "_posts/2020-01-01-late.md": "---\ntitle: Late\ndate: 2020-01-01 00:30:00 +0100\n---\nJust after midnight in Paris.\n",
        ], expects: [
            .present(["2019/12/31/late.html"]),
            .warningEndingWith("_config.yml:2:11: warning: '+0100' names no time zone (an IANA name such as Europe/Paris does); Jekyll, through the C library, read it as UTC, and so does blogpager"),
        ]),
        // Hugo names translations as Zola does; its default language's own files carry none.
        SiteCase(name: "a multilingual Hugo site", files: [
            "hugo.toml": """
                baseURL = "https://hugo.example.org/"
                title = "Bilingual"
                defaultContentLanguage = "en"

                [languages.en]
                weight = 1
                [languages.de]
                weight = 2
                """,
            "content/posts/first.md": "---\ntitle: First\ndate: 2024-01-01\n---\nHello.\n",
            "content/posts/first.de.md": "---\ntitle: Erster\ndate: 2024-01-01\n---\nHallo.\n",
            "content/posts/2.0.md": "---\ntitle: Version two\ndate: 2024-01-02\n---\nA name with a dot.\n",
        ], expects: [
            .entries(3), .present(["posts/2.0/index.html", "de/index.json"]),
            .page("de/posts/first/index.html", holds: ["Hallo.", "<html lang=\"de\">", "hreflang=\"en\" href=\"https://hugo.example.org/posts/first/\""]),
            .page("posts/first/index.html", holds: ["Hello.", "hreflang=\"de\" href=\"https://hugo.example.org/de/posts/first/\"", ">Deutsch</a>"]),
        ]),
        // Seen on a real Hugo blog: a config at the root and a config folder beside it, whose main file
        // names the languages and their content folders, and whose `languages.en.toml` adds to English's;
        // Hugo merges them, the folder's over the root's.
        SiteCase(name: "a Hugo site whose languages are in its config folder beside a root config", files: [
            "hugo.toml": "baseURL = 'https://root.example.org/'\ntitle = 'Root title'\n",
            "config/_default/hugo.toml": """
                baseURL = 'https://folder.example.org/'
                defaultContentLanguage = 'fr'
                [languages.en]
                contentDir = 'content/en'
                weight = 10
                [languages.fr]
                contentDir = 'content/fr'
                weight = 20
                """,
            "config/_default/languages.en.toml": "languageName = 'English'\ntitle = 'In English'\n",
            "content/fr/notes/intro/index.md": "---\ntitle: Intro\ndate: 2024-03-01\n---\nBonjour.\n",
            "content/en/notes/intro/index.md": "---\ntitle: Intro\ndate: 2024-03-01\n---\nHello.\n",
            // A `ref` finds the file of its own page's language, as Hugo's does.
            "content/fr/notes/next/index.md": "---\ntitle: Suite\ndate: 2024-03-02\n---\n[intro]({{< ref \"notes/intro/index.md\" >}})\n",
            "content/en/notes/next/index.md": "---\ntitle: Next\ndate: 2024-03-02\n---\n[intro]({{< ref \"notes/intro/index.md\" >}})\n",
        ], expects: [
            .entries(4), .page("notes/intro/index.html", holds: ["Bonjour.", "hreflang=\"en\" href=\"https://folder.example.org/en/notes/intro/\""]),
            .page("notes/next/index.html", holds: ["<a href=\"/notes/intro/\">intro</a>"]),
            .page("en/notes/next/index.html", holds: ["<a href=\"/en/notes/intro/\">intro</a>"]),
            .page("en/notes/intro/index.html", holds: ["Hello.", "<title>Intro · In English</title>"]),
        ]),
        // Folders named like language codes whose posts name no language (`it/`, `ml/`) are categories, as Jekyll reads
        // them: one archive; a language's folders are languages where its posts say so, or the config's defaults do.
        SiteCase(name: "Jekyll category folders named like languages", files: [
            "_config.yml": "title: Cats\nurl: https://c.example.org\n",
            "it/_posts/2020-01-01-servers.md": "---\ntitle: Servers\n---\nRacks.\n",
            "ml/_posts/2020-01-02-models.md": "---\ntitle: Models\n---\nWeights.\n",
        ], expects: [.entries(2), .absent(["it/index.json", "ml/index.json"]), .present(["index.json", "it/2020/01/01/servers.html"])]),
        SiteCase(name: "Jekyll language folders named by defaults", files: [
            "_config.yml": "title: Langs\nurl: https://l.example.org\ndefaults:\n  - scope: {path: de}\n    values: {lang: de}\n  - scope: {path: fr}\n    values: {lang: fr}\n",
            "de/_posts/2020-01-01-hallo.md": "---\ntitle: Hallo\n---\nHallo.\n",
            "fr/_posts/2020-01-01-salut.md": "---\ntitle: Salut\n---\nSalut.\n",
        ], expects: [.entries(2), .present(["de/index.json", "fr/index.json"]), .page("fr/index.html", holds: ["<html lang=\"fr\">"])]),
        // One language declared alone, its files named by it: a site of one language, at the root, in it, as Hugo 0.168 builds it.
        SiteCase(name: "a Hugo site of one declared language that names its files by it", files: [
            "hugo.toml": "baseURL = 'https://o.example.org/'\ntitle = 'O'\n[languages.fr]\ntitle = 'Le site'\n",
            "content/posts/one.fr.md": "---\ntitle: Un\ndate: 2020-01-01\n---\nUn.\n",
        ], expects: [
            .entries(1), .page("posts/one/index.html", holds: ["Un.", "<html lang=\"fr\">", "<title>Un · Le site</title>"]),
            .absent(["fr/index.json", "fr/sitemap.xml"]),
        ]),
        // Zola 0.21 reads `zola.toml` first (seen on a real site in four languages).
        SiteCase(name: "a Zola site whose config is zola.toml", files: [
            "zola.toml": "base_url = \"https://z.example.org\"\ntitle = \"Z\"\ndefault_language = \"en\"\n[languages.fr]\ntitle = \"Zf\"\n",
            "content/_index.md": "+++\n+++\n",
            "content/hello.md": "+++\ntitle = \"Hello\"\ndate = 2024-01-01\n+++\nHi.\n",
            "content/hello.fr.md": "+++\ntitle = \"Bonjour\"\ndate = 2024-01-01\n+++\nSalut.\n",
        ], expects: [
            .entries(2), .page("hello/index.html", holds: ["Hi."]), .page("fr/hello/index.html", holds: ["Salut.", "<title>Bonjour · Zf</title>"]),
        ]),
        // A language whose code would leave out/ (or name no file) is not built, with a warning; the others are.
        SiteCase(name: "a Hugo language whose code cannot be a folder", files: [
            "hugo.toml": "baseURL = 'https://x.example.org/'\ntitle = 'T'\n[languages.en]\nweight = 1\n[languages.'../../up']\ntitle = 'Up'\n[languages.fr]\nweight = 2\n",
            "content/posts/one.md": "---\ntitle: One\ndate: 2020-01-01\n---\nOne.\n",
            "content/posts/one.fr.md": "---\ntitle: Un\ndate: 2020-01-01\n---\nUn.\n",
        ], expects: [
            .entries(2), .present(["posts/one/index.html", "fr/posts/one/index.html"]), .noPathWith(".."),
            .warning("warning: language '../../up' is not built: its code cannot name a folder of out/ ('../../up' contains a path separator)"),
        ]),
        // Seen on a real Hugo blog: a content folder per language (`languages: ja: contentDir: content/ja/`).
        // The default language's is at the root, as Hugo builds it, with that language's own title and
        // params over the site's; the other language's folder is its archive at /en/.
        SiteCase(name: "a Hugo site with a content folder per language", files: [
            "config.yaml": """
                baseURL: https://lab.example.org/
                defaultContentLanguage: ja
                languages:
                  ja:
                    contentDir: content/ja/
                    title: 研究所
                    languageCode: ja
                    params:
                      description: 技術ブログ
                  en:
                    contentDir: content/en/
                    title: Lab in English
                title: Lab
                params:
                  description: A lab
                  author: Mo

                """,
            "content/ja/posts/2025/12/06/mcp.md": "---\ntitle: MCP\ndate: 2025-12-06\n---\nこんにちは。\n",
            "content/ja/about.md": "---\ntitle: About\n---\nページ。\n",
            "content/en/posts/2025/12/06/mcp.md": "---\ntitle: MCP\ndate: 2025-12-06\n---\nHello.\n",
        ], expects: [
            .entries(2), .page("posts/2025/12/06/mcp/index.html", holds: ["こんにちは。"]), .present(["about/index.html"]),
            .absent(["ja/index.html", "ja/index.json"]), .present(["ja/sitemap.xml", "en/sitemap.xml"]),
            .page("en/posts/2025/12/06/mcp/index.html", holds: ["Hello.", "<html lang=\"en\">", "<title>MCP · Lab in English</title>"]),
            .page("index.html", holds: ["<title>研究所</title>", "技術ブログ", "<html lang=\"ja\">", ">English</a>", ">日本語</a>"]),
            .pageLacks("index.html", ["Lab in English", "A lab"]),
        ]),
        // As Jekyll reads `_posts/`: a post without front matter is a post, an untitled one is titled
        // after its file, a file not named by a date is no post; an old static `sitemap.xml` gives way to ours.
        SiteCase(name: "posts as Jekyll reads them", files: SiteRootTests.jekyllFiles.merging([
            "_config.yml": "title: As Jekyll\nurl: https://jk.example.org\ntheme: blogpager\n",
            "_posts/2016-05-01-no-front-matter.md": "Just *text*.\n",
            "_posts/2016-05-02-untitled-post.md": "---\nlayout: post\n---\nBody.\n",
            "_posts/notes-to-self.md": "---\ntitle: Notes\ndate: 2016-05-03\n---\nNot a post.\n",
            "_posts/2016-05-04-liquid-first.md": "{% raw %}{{ x }}{% endraw %}\n",
            "sitemap.xml": "<urlset>old</urlset>\n",
        ]) { $1 }, expects: [
            .entries(6), .page("2016/05/01/no-front-matter.html", holds: ["Just <em>text</em>."]),
            .page("2016/05/02/untitled-post.html", holds: ["<title>Untitled Post · As Jekyll</title>"]),
            .noPathWith("notes-to-self"), .present(["2016/05/04/liquid-first.html"]),
            .page("sitemap.xml", holds: ["https://jk.example.org/2016/05/02/untitled-post.html"]),
            .warningEndingWith("_posts/notes-to-self.md:1:1: warning: 1 file is not named yyyy-mm-dd-title (this one among them): like Jekyll, blogpager reads no other file of _posts/ as a post"),
            .warningEndingWith("site/sitemap.xml:1:1: warning: not copied: blogpager writes its own sitemap.xml"),
        ]),
    ]

    @Test(arguments: cases)
    func aSiteBuildsFromItsRootAsItsGeneratorBuiltIt(_ site: SiteCase) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (path, text) in site.files { try folder.write("site/" + path, text) }
        let outcome = try await Self.build(folder)
        let files = try folder.snapshot("out")
        let warnings = outcome.summary.warnings.map(\.description)
        func text(_ path: String) throws -> String {
            String(decoding: try #require(files[path], "\(path) is not among \(files.keys.sorted())"), as: UTF8.self)
        }
        for expect in site.expects {
            switch expect {
            case .entries(let count): #expect(outcome.summary.entries == count)
            case .page(let path, let texts):
                let page = try text(path)
                for wanted in texts { #expect(page.contains(wanted), "\(path) lacks \(wanted)") }
            case .pageLacks(let path, let texts):
                let page = try text(path)
                for unwanted in texts { #expect(!page.contains(unwanted), "\(path) holds \(unwanted)") }
            case .file(let path, let bytes): #expect(files[path] == Data(bytes.utf8), "\(path)")
            case .present(let paths): for path in paths { #expect(files[path] != nil, "\(path) in \(files.keys.sorted())") }
            case .absent(let paths): for path in paths { #expect(files[path] == nil, "\(path)") }
            case .noPathWith(let part): #expect(!files.keys.contains { $0.contains(part) }, "\(files.keys.sorted())")
            case .noPathStartingWith(let prefix): #expect(!files.keys.contains { $0.hasPrefix(prefix) }, "\(files.keys.sorted())")
            case .noFileHolding(let part): #expect(!files.values.contains { String(decoding: $0, as: UTF8.self).contains(part) })
            case .warning(let part): #expect(warnings.contains { $0.contains(part) }, "\(warnings)")
            case .warningEndingWith(let end): #expect(warnings.contains { $0.hasSuffix(end) }, "\(warnings)")
            case .noWarningWith(let part): #expect(!warnings.contains { $0.contains(part) }, "\(warnings)")
            case .warningCount(let count): #expect(warnings.count == count, "\(warnings)")
            case .dated(let dates):
                let found = try #require(outcome.site).archive.entries.map { "\($0.slug) \($0.date.rfc3339)" }
                #expect(found.count == dates.count && zip(found, dates).allSatisfy { $0.hasPrefix($1) }, "\(found)")
            case .contentFolder(let relative):
                #expect(SiteLoader(contentFolder: folder.path + "/site", in: .disk).layout.contentFolder == folder.path + "/site/" + relative)
            }
        }
    }
}
