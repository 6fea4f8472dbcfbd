@testable import BlogpagerCore
import Testing

/// What a Jekyll site loads beside `plugins:` (its Gemfile's group, GitHub Pages' own), and code
/// blocks in the markup kramdown and Rouge give them.
struct JekyllPluginsTests {
    @Test func aGemfilesJekyllPluginsGroupAndGitHubPagesAreRead() {
        let gemfile = JekyllGemfile(text: """
            source "https://rubygems.org"
            gem "jekyll", "~> 4.3" # the generator
            group :jekyll_plugins do
              gem "jekyll-feed", "~> 0.12"
              gem 'jekyll-include-cache'
            end
            gem "webrick"
            """)
        #expect(gemfile.plugins == ["jekyll-feed", "jekyll-include-cache"] && !gemfile.isGitHubPages)
        #expect(JekyllGemfile(text: "gem \"github-pages\", group: :jekyll_plugins\n").isGitHubPages)
    }

    @Test func highlightedBlocksTakeKramdownsMarkupAndTheTagsAFigure() {
        let ours = "<div class=\"highlight\"><pre tabindex=\"0\"><code class=\"language-ruby\" data-lang=\"ruby\"><span class=\"k\">puts</span><span class=\"w\"> </span><span class=\"s2\">&quot;hi&quot;</span>\n</code></pre></div>\n"
        #expect(KramdownCodeShape.reshaping(ours, info: "ruby") == "<div class=\"language-ruby highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code><span class=\"k\">puts</span> <span class=\"s2\">\"hi\"</span>\n</code></pre></div></div>\n")
        #expect(KramdownCodeShape.reshaping(ours, info: "ruby {\(KramdownCodeShape.figureOption)}") == "<figure class=\"highlight\"><pre><code class=\"language-ruby\" data-lang=\"ruby\"><span class=\"k\">puts</span> <span class=\"s2\">\"hi\"</span>\n</code></pre></figure>\n")
        // Line numbers keep our markup; a block no highlighter touched is kramdown's plaintext.
        #expect(KramdownCodeShape.reshaping("<span class=\"linenos\">1</span>", info: "ruby") == nil)
        #expect(KramdownCodeShape.plain("a < b & \"c\"\n", language: nil) == "<div class=\"language-plaintext highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>a &lt; b &amp; \"c\"\n</code></pre></div></div>\n")
    }
}

struct KramdownFootnotesTests {
    @Test func cmarkGFMsFootnotesTakeKramdownsMarkup() {
        let cmark = "<p>Text<sup class=\"footnote-ref\"><a href=\"#fn:1\" id=\"fnref:1\" data-footnote-ref>1</a></sup>.</p>\n<section class=\"footnotes\" data-footnotes>\n<ol>\n<li id=\"fn:1\">\n<p>The note. <a href=\"#fnref:1\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a></p>\n</li>\n</ol>\n</section>\n"
        #expect(KramdownFootnotes.reshaping(cmark) == "<p>Text<sup id=\"fnref:1\" role=\"doc-noteref\"><a href=\"#fn:1\" class=\"footnote\" rel=\"footnote\">1</a></sup>.</p>\n<div class=\"footnotes\" role=\"doc-endnotes\">\n<ol>\n<li id=\"fn:1\" role=\"doc-endnote\">\n<p>The note.\u{A0}<a href=\"#fnref:1\" class=\"reversefootnote\" role=\"doc-backlink\">&#8617;</a></p>\n</li>\n</ol>\n</div>\n")
    }
}

struct JekyllHeadingTitleTests {
    @Test(arguments: [
        ("# About us\n\nText.", "About us"), ("\n\n## Closed ##\n", "Closed"), ("Setup\n=====\n\nText.", "Setup"), ("Setext\n---\n", "Setext"),
        ("Text first.\n\n# Later", nil), ("#NoSpace", nil), ("", nil),
    ] as [(String, String?)])
    func aPageIsTitledByTheHeadingItOpensWith(body: String, title: String?) {
        #expect(JekyllHeadingTitle.of(Substring(body)) == title)
    }
}

struct WellKnownPathTests {
    @Test func wellKnownIsThePlaceAPageMayPublishIntoButNoOtherHiddenFolder() throws {
        #expect(OutputPath.problem(with: ".well-known") == nil)
        #expect(try OutputPath([".well-known", "security.txt"]).string == ".well-known/security.txt")
        #expect(try OutputPath(recorded: ".well-known/security.txt").string == ".well-known/security.txt")
        #expect(OutputPath.problem(with: ".blogpager") == "'.blogpager' would be a hidden file")
        #expect(OutputPath.problem(with: ".well-known-not") != nil)
    }
}
