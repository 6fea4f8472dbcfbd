@testable import BlogpagerCore
import Foundation
import Testing

/// Each origin's reader, one table per concern, in a tree held in memory: how its root is
/// recognised and laid out (`SiteLayout.detect`: `jekyllSite`, `hugoSite`, `zolaSite`), how its
/// config is read (`JekyllConfigReader`, `HugoConfigReader`, `ZolaConfigReader`) with its
/// `ReadingRules`, and how its languages are found (`HugoLanguages`, `JekyllLanguages`,
/// `LanguageFolders`) and split (`LanguageSplit`).
struct OriginReaderTests {
    static func tree(_ files: [String: String]) throws -> FileSystem {
        let memory = FileSystem.memory()
        try MemoryFileSystemTests.write(files, under: "/site", in: memory)
        return memory
    }

    // MARK: Layouts

    struct LayoutCase: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: String]
        var origin: SiteLayout.Origin
        var contentFolder: String
        var config: String?
        var staticFolders: [String] = []
        var configParts: [String] = []
        var languageFolders: [String] = []
        var testDescription: String { name }
    }

    static let layouts: [LayoutCase] = [
        LayoutCase(name: "Jekyll root", files: ["_config.yml": "title: J\n", "_posts/2020-01-01-a.md": "x", "_drafts/b.md": "x"],
                   origin: .jekyll, contentFolder: "/site/_posts", config: "/site/_config.yml", staticFolders: ["/site"]),
        LayoutCase(name: "Jekyll without a config (GitHub Pages)", files: ["_posts/2020-01-01-a.md": "x"],
                   origin: .jekyll, contentFolder: "/site/_posts", config: nil, staticFolders: ["/site"]),
        LayoutCase(name: "Jekyll source folder", files: ["_config.yml": "source: src\n", "src/_posts/2020-01-01-a.md": "x"],
                   origin: .jekyll, contentFolder: "/site/src/_posts", config: "/site/_config.yml", staticFolders: ["/site/src"]),
        LayoutCase(name: "Hugo with posts and static", files: ["hugo.toml": "baseURL = 'https://h.example/'\n", "content/posts/a.md": "x",
                                                           "content/about.md": "x", "static/robots.txt": "x"],
                   origin: .hugo, contentFolder: "/site/content/posts", config: "/site/hugo.toml", staticFolders: ["/site/static"]),
        LayoutCase(name: "Hugo split config with a language's own folder",
                   files: ["config/_default/hugo.toml": "defaultContentLanguage = 'en'\n",
                           "config/_default/languages.toml": "[en]\ncontentDir = 'content/en'\n[fr]\ncontentDir = 'content/fr'\n",
                           "content/en/posts/a.md": "x", "content/fr/posts/b.md": "x"],
                   origin: .hugo, contentFolder: "/site/content/en/posts", config: "/site/config/_default/hugo.toml",
                   configParts: ["/site/config/_default/languages.toml"], languageFolders: ["fr:/site/content/fr"]),
        LayoutCase(name: "Hugo content moved by contentDir", files: ["config.toml": "contentDir = 'writing'\n", "writing/posts/a.md": "x"],
                   origin: .hugo, contentFolder: "/site/writing/posts", config: "/site/config.toml"),
        LayoutCase(name: "Zola by base_url", files: ["config.toml": "base_url = 'https://z.example'\n", "content/blog/_index.md": "+++\n+++\n",
                                                    "content/blog/a.md": "x", "static/x.css": "x"],
                   origin: .zola, contentFolder: "/site/content/blog", config: "/site/config.toml", staticFolders: ["/site/static"]),
        LayoutCase(name: "Zola by zola.toml", files: ["zola.toml": "title = 'Z'\n", "content/a.md": "x"],
                   origin: .zola, contentFolder: "/site/content", config: "/site/zola.toml"),
        LayoutCase(name: "blogpager root", files: ["blogpager.yml": "title: B\n", "content/a.md": "x"],
                   origin: .blogpager, contentFolder: "/site/content", config: "/site/blogpager.yml"),
        LayoutCase(name: "a plain folder of entries", files: ["a.md": "x"], origin: .blogpager, contentFolder: "/site", config: nil),
    ]

    @Test(arguments: layouts)
    func eachOriginsRootIsRecognisedAndLaidOut(_ site: LayoutCase) throws {
        let layout = SiteLayout.detect("/site", configPath: nil, in: try Self.tree(site.files))
        #expect(layout.origin == site.origin)
        #expect(layout.contentFolder == site.contentFolder)
        #expect(layout.configPath == site.config)
        #expect(layout.staticFolders.map(\.path) == site.staticFolders)
        #expect(layout.configParts == site.configParts)
        #expect(layout.languageContentFolders.map { "\($0.code):\($0.path)" } == site.languageFolders)
        #expect(layout.problem == nil)
    }

    @Test func aJekyllSourceThatIsNotThereIsTheLayoutsProblem() throws {
        let layout = SiteLayout.detect("/site", configPath: nil, in: try Self.tree(["_config.yml": "source: gone\n"]))
        #expect(layout.problem?.description == "/site/_config.yml:1:9: error: source folder 'gone' does not exist: Jekyll reads the site's files from there (make it first, as the site's own build does, or change source)")
    }

    // MARK: Configs

    struct ConfigCase: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var text: String
        var origin: SiteLayout.Origin
        var title: String
        var baseURL: String?
        var pageSize: Int
        var reading: ReadingRules
        var testDescription: String { name }
    }

    static let configs: [ConfigCase] = [
        ConfigCase(name: "JekyllConfigReader", path: "_config.yml", text: "title: J\nurl: https://j.example\nbaseurl: /blog\npaginate: 5\n",
                   origin: .jekyll, title: "J", baseURL: "https://j.example/blog/", pageSize: 5, reading: .jekyll),
        ConfigCase(name: "HugoConfigReader", path: "hugo.toml", text: "title = 'H'\nbaseURL = 'https://h.example/'\n[pagination]\npagerSize = 4\n",
                   origin: .hugo, title: "H", baseURL: "https://h.example/", pageSize: 4, reading: .hugo),
        ConfigCase(name: "ZolaConfigReader", path: "config.toml", text: "title = 'Z'\nbase_url = 'https://z.example'\n",
                   origin: .zola, title: "Z", baseURL: "https://z.example/", pageSize: 10, reading: .zola),
        ConfigCase(name: "blogpager's own", path: "blogpager.yml", text: "title: B\nbase_url: https://b.example/\npage_size: 3\n",
                   origin: .blogpager, title: "B", baseURL: "https://b.example/", pageSize: 3, reading: ReadingRules()),
    ]

    @Test(arguments: configs)
    func eachOriginsConfigIsReadAsItsGeneratorReadsIt(_ config: ConfigCase) throws {
        let read = try SiteConfigLoader(path: config.path).load(config.text, origin: config.origin).get().config
        #expect(read.title == config.title)
        #expect(read.baseURL == config.baseURL)
        #expect(read.pageSize == config.pageSize)
        #expect(read.reading == config.reading)
    }

    @Test func eachGeneratorBuildsPastTheBadValuesItBuildsPast() throws {
        // Jekyll builds with a title that is no text and a bad `paginate`; blogpager's own config refuses both.
        let jekyll = try SiteConfigLoader(path: "_config.yml").load("title: [a, b]\npaginate: many\n", origin: .jekyll).get()
        #expect(jekyll.warnings.count == 2 && jekyll.warnings.allSatisfy { $0.message.hasSuffix("as Jekyll builds the site without it") })
        guard case .failure(let failure) = SiteConfigLoader(path: "blogpager.yml").load("title: [a, b]\n", origin: .blogpager) else {
            Issue.record("blogpager's own config should refuse a title that is no text")
            return
        }
        #expect(failure.diagnostics.count == 1)
    }

    // MARK: Languages

    @Test func hugoLanguagesAreReadWithTheDefaultFirstAndTheDisabledLeftOut() throws {
        let text = "defaultContentLanguage = 'fr'\ndisableLanguages = ['de']\n[languages.en]\nweight = 2\n[languages.fr]\nweight = 1\n[languages.de]\nweight = 3\n"
        let config = try SiteConfigLoader(path: "hugo.toml").load(text, origin: .hugo).get().config
        #expect(config.languages.map(\.code) == ["fr", "en"], "a language turned off is not one of the site's")
        #expect(config.disabledLanguages == ["de"])
        let fields = try TOMLMappingReader(path: "hugo.toml").read(text).get()
        #expect(HugoLanguages.defaultCode(fields) == "fr" && HugoLanguages.disabled(fields) == ["de"])
    }

    @Test func jekyllLanguagesAreItsLanguageFoldersWhosePostsSayTheirLanguage() throws {
        let files = try Self.tree([
            "_config.yml": "lang: ja\n",
            "en/news/_posts/2020-01-01-a.md": "---\nlang: en\n---\nx\n",
            "ja/news/_posts/2020-01-01-b.md": "---\nlang: ja\n---\nx\n",
            "work/_posts/2020-01-01-c.md": "---\ntitle: c\n---\nx\n",
        ])
        var layout = SiteLayout.detect("/site", configPath: nil, in: files)
        let languages = JekyllLanguages.read(&layout, language: "ja", defaults: FrontMatterDefaults(), files: files)
        #expect(languages.map(\.code) == ["ja", "en"] && languages.map(\.root) == [["ja", "news"], ["en", "news"]])
        #expect(layout.entryFolders.map { "\($0.relativePath):\($0.facts.language ?? "-")" } == ["en/news/_posts:en", "ja/news/_posts:ja", "work/_posts:-"])
    }

    @Test func languageFoldersPairEachDeclaredLanguageWithItsOwnContentFolder() throws {
        let files = try Self.tree([
            "hugo.toml": "defaultContentLanguage = 'en'\n[languages.en]\ncontentDir = 'content/en'\n[languages.fr]\ncontentDir = 'content/fr'\n[languages.de]\n",
            "content/en/posts/a.md": "x", "content/fr/posts/b.md": "x",
        ])
        let layout = SiteLayout.detect("/site", configPath: nil, in: files)
        let languages = [SiteLanguage(code: "en"), SiteLanguage(code: "fr", root: ["fr"]), SiteLanguage(code: "de", root: ["de"])]
        #expect(LanguageFolders.hugo(languages, layout: layout).map { "\($0.language.code):\($0.folder)" } == ["fr:content/fr"])
    }

    @Test func theLanguageSplitGivesEachLanguageItsEntriesAndPages() throws {
        var config = SiteConfig()
        config.languages = [SiteLanguage(code: "en"), SiteLanguage(code: "fr", root: ["fr"])]
        func entry(_ slug: String, _ path: String, day: Int64) -> Entry {
            var source = SourceFile(displayPath: "content/" + path, relativePath: path, bytes: [])
            source.folderFacts.language = path.contains(".fr.") ? "fr" : nil
            return Entry(cursor: Cursor(date: EntryDate(epochSeconds: 1_700_000_000 + day * 86_400), slug: slug), title: slug, source: source,
                         outputPath: OutputPath(literal: "posts/\(slug)/index.html"), url: "/posts/\(slug)/", tags: [], summarySource: nil,
                         isDraft: false, updated: nil, params: [:])
        }
        let entries = [entry("c", "c.md", day: 3), entry("b", "b.fr.md", day: 2), entry("a", "a.md", day: 1)]
        let split = LanguageSplit(entries: entries, pages: [], config: config)
        #expect(split.parts.map { $0.entries.map(\.slug) } == [["c", "a"], ["b"]])
        #expect(split.parts.map { $0.config.languageRoot } == [[], ["fr"]])
    }
}
