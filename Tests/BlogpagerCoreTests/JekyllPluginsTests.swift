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
