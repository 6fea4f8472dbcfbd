@testable import BlogpagerCore
import Foundation
import Liquid
import Testing

/// A Jekyll site's layouts as Jekyll 4.3 places a page in them: the chain its front matter starts,
/// `layout.*` with the inner layout's values over the outer's, a chain that comes back on itself cut
/// where it would, and what a page's key takes from them.
struct JekyllLayoutsTests {
    static func site(_ layouts: [String: String], includes: [String: String] = [:], data: LiquidHash = [:]) -> LiquidSite {
        var sources = LiquidSources(root: "/site", files: .memory())
        for (name, text) in layouts { sources.layouts[name] = ("/site/_layouts/\(name)", text) }
        sources.includes = includes
        sources.data = data
        var config = SiteConfig()
        config.title = "Layouts"
        return LiquidSite(config: config, sources: sources, now: Date(timeIntervalSince1970: 0))
    }

    static func placed(_ content: String, in layout: String?, site: LiquidSite, page: LiquidHash = ["title": "A page"]) -> Result<String, BuildFailure> {
        let source = SourceFile(displayPath: "/site/page.md", relativePath: "page.md", bytes: [])
        return site.layouts.place(content, in: layout, variables: site.variables(page: page),
                                  host: JekyllLiquidHost(site: site, source: source, markdown: MarkdownRenderer()), options: LiquidOptions(), page: "page.md")
    }

    @Test func aPageIsPutInItsLayoutThenInEachAroundItWithTheInnerValuesWinning() throws {
        let site = Self.site([
            "base.html": "---\nkind: base\nshade: dark\n---\n<html>{{ layout.kind }}/{{ layout.shade }}:{{ content }}</html>",
            "page.html": "---\nlayout: base\nkind: page\n---\n<main>{{ page.title }}|{{ content }}</main>",
            "blog/post.html": "---\nlayout: page\nkind: post\n---\n<article>{{ layout.kind }}{{ content }}</article>",
        ])
        #expect(site.layouts.chain(from: "blog/post") == ["blog/post", "page", "base"])
        #expect(try Self.placed("<p>x</p>", in: "blog/post", site: site).get()
                == "<html>post/dark:<main>A page|<article>post<p>x</p></article></main></html>")
        // No layout, and one the site does not have: the content alone.
        #expect(try Self.placed("<p>x</p>", in: nil, site: site).get() == "<p>x</p>")
        #expect(try Self.placed("<p>x</p>", in: "missing", site: site).get() == "<p>x</p>")
    }

    @Test func aChainThatComesBackOnItselfStopsAtTheLayoutAlreadyUsed() throws {
        let site = Self.site(["a.html": "---\nlayout: b\n---\nA({{ content }})", "b.html": "---\nlayout: a\n---\nB({{ content }})"])
        #expect(site.layouts.chain(from: "a") == ["a", "b"])
        #expect(try Self.placed("x", in: "a", site: site).get() == "B(A(x))")
    }

    @Test func anErrorInALayoutIsAtItsLineInTheLayoutsFile() {
        let site = Self.site(["default.html": "---\ntitle: t\n---\n<html>\n{% if %}\n</html>"])
        guard case .failure(let failure) = Self.placed("x", in: "default", site: site) else {
            Issue.record("a bad tag renders")
            return
        }
        #expect(failure.diagnostics.map(\.description).contains { $0.hasPrefix("/site/_layouts/default.html:5:") && $0.contains("rendering page.md") })
    }

    @Test func aPagesKeyFollowsItsLayoutsTheirIncludesAndWhatTheyRead() {
        let layouts = ["default.html": "<html>{% include nav.html %}{{ content }}</html>", "post.html": "---\nlayout: default\n---\n{{ site.data.people }}"]
        let before = Self.site(layouts, includes: ["nav.html": "<nav></nav>"]).layouts.keyParts(from: "post", site: Self.site(layouts, includes: ["nav.html": "<nav></nav>"]))
        var edited = layouts
        edited["default.html"] = "<html>{% include nav.html %}<main>{{ content }}</main></html>"
        let after = Self.site(edited).layouts.keyParts(from: "post", site: Self.site(edited))
        #expect(before != after)
        #expect(before.contains { $0.hasPrefix("layout post ") } && before.contains { $0.hasPrefix("include nav.html") } && before.contains { $0.hasPrefix("data people") })
        #expect(Self.site(layouts).layouts.keyParts(from: nil, site: Self.site(layouts)).isEmpty)
    }
}
