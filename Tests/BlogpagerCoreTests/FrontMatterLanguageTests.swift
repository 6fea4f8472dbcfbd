import BlogpagerCore
import Foundation
import Testing

/// Front matter as Hugo and Zola write it: TOML between `+++` lines and JSON
/// objects, read into the same entry as YAML, with errors at their line.
struct FrontMatterLanguageTests {
    static func read(_ text: String, name: String = "post.md") -> Result<ReadEntry, BuildFailure> {
        EntryReaderTests.read(text, name: name)
    }

    @Test func tomlFrontMatterAsHugoWritesIt() throws {
        let entry = try Self.read("""
            +++
            title = "A TOML post"
            date = 2021-03-04T10:20:30+09:00
            lastmod = 2021-03-05
            tags = ["hugo", "toml"]
            draft = false
            rating = 4
            [params]
            mood = "fine"
            +++

            Hello from **TOML**.
            """).get()
        #expect(entry.title == "A TOML post")
        #expect(entry.date.rfc3339 == "2021-03-04T10:20:30+09:00")
        #expect(entry.updated?.rfc3339 == "2021-03-05T00:00:00Z")
        #expect(entry.tags == ["hugo", "toml"])
        #expect(entry.params["rating"] == .int(4))
        #expect(entry.params["params"] == .map(["mood": .string("fine")]))
        #expect(entry.params["lastmod"] == nil)
        #expect(entry.body.contentHTML.contains("<strong>TOML</strong>"))
    }

    @Test func zolaTaxonomiesAndLocalDatetimes() throws {
        let entry = try Self.read("""
            +++
            title = "Zola post"
            date = 2020-01-02T09:30:00

            [taxonomies]
            tags = ["zola", "rust"]

            [extra]
            comments = true
            +++
            Body.
            """).get()
        // A datetime without an offset is in the site's zone (UTC by default).
        #expect(entry.date.rfc3339 == "2020-01-02T09:30:00Z")
        #expect(entry.tags == ["zola", "rust"])
        #expect(entry.params["extra"] == .map(["comments": .bool(true)]))
    }

    @Test func jsonFrontMatterAsHugoWritesIt() throws {
        let entry = try Self.read("""
            {
              "title": "A JSON post",
              "date": "2019-05-06T07:08:09Z",
              "tags": ["json"],
              "draft": false,
              "weight": 3,
              "ratio": 0.5
            }

            Hello from JSON.
            """).get()
        #expect(entry.title == "A JSON post")
        #expect(entry.date.rfc3339 == "2019-05-06T07:08:09Z")
        #expect(entry.tags == ["json"])
        #expect(!entry.isDraft)
        #expect(entry.params["weight"] == .int(3) && entry.params["ratio"] == .double(0.5))
        #expect(entry.body.contentHTML.contains("Hello from JSON."))
    }

    @Test func jekyllsPublishedFalseAndExcerptAndHugosPublishDate() throws {
        let jekyll = try Self.read("---\ntitle: Hidden\ndate: 2020-01-01\npublished: false\nexcerpt: Short.\n---\nLong body.\n").get()
        #expect(jekyll.isDraft && jekyll.summarySource == "Short.")
        #expect(jekyll.params["published"] == nil)
        let hugo = try Self.read("+++\ntitle = \"P\"\npublishDate = 2020-02-03\n+++\n").get()
        #expect(hugo.date.rfc3339 == "2020-02-03T00:00:00Z")
    }

    /// As a real Hugo blog writes them: `Title:` and `Date:` are the title and the date.
    @Test func keysUnderAnyCaseAsHugoReadsThem() throws {
        let entry = try Self.read("---\nTitle: BBQ cup\nDate: 2010-06-12 23:10:00\nCategory: life\n---\nx\n").get()
        #expect(entry.title == "BBQ cup" && entry.date.rfc3339 == "2010-06-12T23:10:00Z")
        let categories = entry.entry.terms(of: .categories)
        #expect(entry.params["Title"] == nil && entry.params["Category"] == nil && categories == ["life"])
        // A camel-cased key under another case; of two spellings of one key, the first in order.
        let other = try Self.read("---\nTitle: b\nTITLE: a\npublishdate: 2011-02-03\n---\nx\n").get()
        #expect(other.title == "a" && other.date.rfc3339 == "2011-02-03T00:00:00Z")
        #expect(other.params["TITLE"] == nil && other.params["publishdate"] == nil && other.params["Title"] == .string("b"))
    }

    /// Jekyll's parser lets a key repeat and keeps its last value; blogpager's own sites call it an error.
    @Test func repeatedKeysAsJekyllReadsThem() throws {
        let yaml = "title: A\ntags:\n  - x\n  - z\ndate: 2020-01-01\ntitle: B\ntags: [y]\n"
        let fields = try YAMLMappingReader(path: "p.md", keysMayRepeat: true).read(yaml).get()
        #expect(fields.map(\.key).sorted() == ["date", "tags", "title"])
        #expect(fields.first { $0.key == "title" }?.rawText == "B")
        #expect(fields.first { $0.key == "title" }?.valueLocation.line == 6)
        #expect(fields.first { $0.key == "tags" }?.value == .list([.string("y")]))
        guard case .failure(let error) = YAMLMappingReader(path: "p.md").read(yaml) else {
            Issue.record("a repeated key was taken without keysMayRepeat")
            return
        }
        #expect(error.description == "p.md:2:1: error: duplicate keys 'tags', 'title': each key may appear once")
        // Quoted or not, a key is the same key, and the last one stays.
        let quoted = try YAMLMappingReader(path: "p.md", keysMayRepeat: true).read("'1': a\n1: b\n\"x\": c\n").get()
        #expect(quoted.map(\.key) == ["1", "x"] && quoted.first?.rawText == "b")
        // At any depth, in a list's mappings too, and where the first comes right after `- `.
        let nested = try YAMLMappingReader(path: "p.md", keysMayRepeat: true)
            .read("quotes:\n  - url: u\n    text: a\n      continued\n    text: b\n  - text: c\n    text: d\nlast: 1\n").get()
        #expect(nested.first?.value == .list([.map(["url": .string("u"), "text": .string("b")]), .map(["text": .string("d")])]))
        #expect(nested.last?.keyLocation.line == 8)
    }

    /// (file, the errors in compiler form, where they point)
    @Test(arguments: [
        ("+++\ntitle = \"Bad\"\ndate = 2020-01-01\ntags = [unquoted]\n+++\n", "content/post.md:4:9: error: invalid TOML"),
        ("+++\ntitle = \"T\"\ndate = \"2020-13-01\"\n+++\n", "content/post.md:3:14: error: invalid date '2020-13-01': month 13"),
        ("{\n  \"title\": \"T\",\n  \"date\": \"2020-13-01\"\n}\n", "content/post.md:3:17: error: invalid date '2020-13-01': month 13"),
        ("{\n  \"title\": \"T\",\n  \"date\": \n", "content/post.md:1:1: error: unclosed front matter"),
        ("{\n  \"title\": \"T\" \"date\": 1\n}\n", "content/post.md:2:16: error: invalid JSON front matter"),
        ("+++\ntitle = \"T\"\n", "content/post.md:1:1: error: unclosed front matter: the '+++'"),
        ("+++\ndate = 2020-01-01\n+++\n", "content/post.md:1:1: error: missing title"),
    ])
    func errorsPointAtTheirLine(text: String, expected: String) {
        let errors = EntryReaderTests.errors(text)
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
    }
}
