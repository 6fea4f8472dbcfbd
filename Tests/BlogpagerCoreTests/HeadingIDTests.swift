import Foundation
@testable import BlogpagerCore
import Testing

/// Headings get the ids the old generator gave them; Jekyll's and Hugo's are compared with the
/// real tools in the site tests. On a list page, where articles meet, each article's come after its anchor.
struct HeadingIDTests {
    static func html(_ markdown: String, _ style: HeadingIDStyle) -> String {
        MarkdownRenderer(headingIDs: style).render(markdown).html
    }

    @Test func eachStyleMakesItsGeneratorsIDs() {
        #expect(HeadingIDStyle.kramdown.id(for: "1. Ünïcödé & Co.") == "ncd--co")
        #expect(HeadingIDStyle.zola.id(for: "Été à Paris!") == "ete-a-paris")
        #expect(HeadingIDStyle.githubASCII.id(for: "Été à Paris") == "ete-a-paris")
        #expect(HeadingIDStyle.github.id(for: "Hello -- there") == "hello--there")
    }

    @Test func repeatsAndExplicitIDs() {
        let html = Self.html("## Intro\n\n## Intro\n\n## Kept {#chosen}\n", .github)
        #expect(html.contains("<h2 id=\"intro\">Intro <a class=\"heading-link\" href=\"#intro\" aria-label=\"Link to this section\">#</a></h2>"))
        #expect(html.contains("<h2 id=\"intro-1\">") && html.contains("<h2 id=\"chosen\">Kept <a"))
        #expect(!html.contains("{#"))
    }

    @Test func listPagesScopeHeadingIDsByTheirArticle() throws {
        var config = SiteConfig()
        config.reading.untitledEntries = .fileName
        let source = SourceFile(displayPath: "content/a.md", relativePath: "a.md", bytes: Array("---\ntitle: A\ndate: 2020-01-01\n---\n## Intro\n".utf8))
        let (entry, body) = try EntryReader(config: config, now: Date()).readWithBody(source).get()
        let context = TemplateContext(config: config, urls: SiteURLs(config: config), assetURLs: [:], taxonomies: [], hasFeeds: false)
        let listed = context.article(entry, body: body, displayDate: "", anchor: "a", full: false)["content_html"] as? String
        #expect(listed?.contains("<h2 id=\"a--intro\">") == true && listed?.contains("href=\"#a--intro\"") == true)
        let own = context.article(entry, body: body, displayDate: "", anchor: "a", full: true)["content_html"] as? String
        #expect(own?.contains("<h2 id=\"intro\">") == true)
    }
}
