import Testing
@testable import BlogpagerCore

/// Each origin's Markdown, from its config, and what cmark-gfm makes of every construct with it.
/// Zola has no binary here to compare with: its rules come from its documentation (pulldown-cmark
/// with tables, footnotes, strikethrough and task lists; `smart_punctuation` off by default).
struct MarkdownFeaturesTests {
    static func config(_ text: String, origin: SiteLayout.Origin, path: String) throws -> SiteConfig {
        try SiteConfigLoader(path: path).load(text, origin: origin).get().config
    }

    @Test func eachOriginGetsItsGeneratorsMarkdown() throws {
        let jekyll = try Self.config("title: x\n", origin: .jekyll, path: "_config.yml").markdown
        #expect(jekyll.tables && jekyll.footnotes && jekyll.definitionLists && jekyll.smartPunctuation && !jekyll.autolinks)
        #expect(jekyll.math == .kramdown && jekyll.strikethroughNeedsTwoTildes)
        let kramdown = try Self.config("plugins: [jemoji]\nkramdown:\n  input: kramdown\n  hard_wrap: true\n", origin: .jekyll, path: "_config.yml").markdown
        #expect(kramdown.emoji == .github)
        #expect(!kramdown.strikethrough && !kramdown.taskLists && kramdown.tables && kramdown.hardWraps)

        let hugo = try Self.config("title = 'x'\n", origin: .hugo, path: "hugo.toml").markdown
        #expect(hugo.tables && hugo.autolinks && hugo.definitionLists && hugo.smartPunctuation && hugo.wwwScheme == "https" && hugo.emoji == nil)
        let hugoOff = try Self.config("""
            enableEmoji = true
            [markup.goldmark.extensions]
            table = false
            linkifyProtocol = 'http'
            [markup.goldmark.extensions.typographer]
            disable = true
            """, origin: .hugo, path: "hugo.toml").markdown
        #expect(!hugoOff.tables && !hugoOff.smartPunctuation && hugoOff.wwwScheme == "http" && hugoOff.emoji == .hugo && hugoOff.footnotes)

        let zola = try Self.config("base_url = 'https://example.org'\n", origin: .zola, path: "config.toml").markdown
        #expect(zola.tables && zola.footnotes && zola.strikethrough && zola.taskLists && !zola.smartPunctuation && !zola.autolinks)
        let zolaSmart = try Self.config("[markdown]\nsmart_punctuation = true\nrender_emoji = true\n", origin: .zola, path: "config.toml").markdown
        #expect(zolaSmart.smartPunctuation && zolaSmart.emoji == .github)

        #expect(try Self.config("title: x\n", origin: .blogpager, path: "blogpager.yml").markdown == .github)
        let own = try Self.config("markdown:\n  footnotes: false\n  definition_lists: true\n", origin: .blogpager, path: "blogpager.yml").markdown
        #expect(!own.footnotes && own.definitionLists && own.tables)
    }

    @Test func aMarkdownSettingWeDoNotKnowIsAnErrorAtItsPlace() {
        let result = SiteConfigLoader(path: "blogpager.yml").load("markdown:\n  tabels: true\n  footnotes: maybe\n")
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure")
            return
        }
        let messages = failure.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("markdown has no 'tabels'") })
        #expect(messages.contains { $0.contains("markdown.footnotes must be true or false") })
    }

    static func render(_ markdown: String, _ features: MarkdownFeatures) -> String {
        MarkdownRenderer(features: features).render(markdown).html
    }

    @Test func withoutExtensionsItRendersCommonMark() {
        let text = "| a |\n|---|\n| 1 |\n\n~~x~~ www.example.com [^1]\n\n[^1]: n\n"
        let html = Self.render(text, .commonMark)
        #expect(!html.contains("<table") && !html.contains("<del>") && !html.contains("footnote"))
        // As libcmark read it: the note's line is a link reference definition.
        #expect(html.contains("~~x~~ www.example.com <a href=\"n\">^1</a>"))
    }

    @Test func githubsSetRendersEachConstruct() {
        let html = Self.render("""
            A[^n] ~~gone~~ www.example.com

            | l | c | r |
            |:--|:-:|--:|
            | 1 | 2 | 3 |

            - [ ] open
            - [x] done

            [^n]: The note.
            """, .github)
        #expect(html.contains(#"<th style="text-align: left">l</th>"#) && html.contains(#"<td style="text-align: right">3</td>"#))
        #expect(!html.contains("align=\""))
        #expect(html.contains("<del>gone</del>") && html.contains(#"<a href="http://www.example.com">www.example.com</a>"#))
        #expect(html.contains(#"<input type="checkbox" disabled="" />"#) && html.contains(#"checked="" disabled="""#))
        #expect(html.contains(##"<a href="#fn:n" id="fnref:n" data-footnote-ref>"##) && html.contains(#"<li id="fn:n">"#))
        #expect(html.contains(##"href="#fnref:n""##))
    }

    @Test func definitionListsAsKramdownAndGoldmarkWriteThem() {
        var features = MarkdownFeatures.github
        features.definitionLists = true
        let html = Self.render("Term\n: One.\n: Two.\n\nA\nB\n: Both.\n\nLoose\n\n: Its text.\n\n      code in it\n\nAfter.\n", features)
        #expect(html == """
            <dl>
            <dt>Term</dt>
            <dd>One.</dd>
            <dd>Two.</dd>
            <dt>A</dt>
            <dt>B</dt>
            <dd>Both.</dd>
            <dt>Loose</dt>
            <dd>
            <p>Its text.</p>
            <pre><code>code in it
            </code></pre>
            </dd>
            </dl>
            <p>After.</p>

            """)
        // Off, the same text is paragraphs.
        #expect(!Self.render("Term\n: One.\n", .github).contains("<dl>"))
    }

    @Test func mathIsKeptAsWrittenNeverEmphasis() {
        var kramdown = MarkdownFeatures.github
        kramdown.math = .kramdown
        #expect(Self.render("Sum $$a_1 + a_2 < b_1$$ here.\n\n$$\nx_1 = y_2\n$$\n", kramdown)
            == "<p>Sum \\(a_1 + a_2 &lt; b_1\\) here.</p>\n\\[x_1 = y_2\\]\n")
        var passthrough = MarkdownFeatures.github
        passthrough.math = .passthrough
        #expect(Self.render("Inline $a_1 b_2$ and $$c_1 d_2$$, not $5 or $10.\n", passthrough)
            == "<p>Inline $a_1 b_2$ and $$c_1 d_2$$, not $5 or $10.</p>\n")
        // Off, dollars are text and underscores emphasis.
        #expect(Self.render("$$a _b_ c$$\n", .github) == "<p>$$a <em>b</em> c$$</p>\n")
        // Many unclosed openers are read once: the work stays linear.
        let unclosed = String(repeating: "$a ", count: 30_000)
        #expect(Self.render(unclosed, passthrough).hasPrefix("<p>$a $a"))
    }

    @Test func typographyAndHardWraps() {
        var features = MarkdownFeatures.github
        features.smartPunctuation = true
        features.hardWraps = true
        #expect(Self.render("\"Quoted\" -- and --- then...\nnext", features)
            == "<p>\u{201C}Quoted\u{201D} \u{2013} and \u{2014} then\u{2026}<br />\nnext</p>\n")
    }

    @Test func aSummaryLeavesNoDanglingReference() {
        let rendered = MarkdownRenderer(features: .github).render("First[^1] paragraph.\n\nSecond.\n\n[^1]: Note.\n")
        #expect(rendered.firstParagraphHTML == "<p>First paragraph.</p>\n")
        let teaser = MarkdownRenderer(features: .github).renderTeaser("Teaser[^1].\n\n", of: "Teaser[^1].\n\n<!--more-->\n\nRest.\n\n[^1]: Note.\n")
        #expect(teaser.html == "<p>Teaser.</p>\n")
    }

    @Test func hugosBareWWWLinksUseHTTPS() {
        var features = MarkdownFeatures.github
        features.wwwScheme = "https"
        #expect(Self.render("See www.example.com and http://www.example.org.\n", features)
            == "<p>See <a href=\"https://www.example.com\">www.example.com</a> and <a href=\"http://www.example.org\">http://www.example.org</a>.</p>\n")
    }

    @Test func kramdownsAttributeListsGoWhereKramdownPutsThem() {
        let kramdown = MarkdownFeatures.kramdown([:]) { _, _ in }
        #expect(Self.render("A paragraph.\n{: .notice #para}\n", kramdown) == "<p id=\"para\" class=\"notice\">A paragraph.</p>\n")
        #expect(Self.render("{: .before}\nNext.\n", kramdown) == "<p class=\"before\">Next.</p>\n")
        #expect(Self.render("> quote\n{: .q}\n", kramdown) == "<blockquote class=\"q\">\n<p>quote</p>\n</blockquote>\n")
        #expect(Self.render("- one\n- two\n{: .list}\n", kramdown) == "<ul class=\"list\">\n<li>one</li>\n<li>two</li>\n</ul>\n")
        #expect(Self.render("| a |\n|---|\n| 1 |\n{: .table}\n", kramdown).hasPrefix("<table class=\"table\">"))
        // Smart punctuation curls the quotes before the list is read: they are straight again in it.
        #expect(Self.render("[a](u){:target=\"_blank\"} \"rest\"\n", kramdown)
            == "<p><a target=\"_blank\" href=\"u\">a</a> \u{201C}rest\u{201D}</p>\n")
        // No script from Markdown; text that is not right after a span stays text.
        #expect(Self.render("*e*{: .x onclick=\"alert(1)\"} and {: .y}\n", kramdown) == "<p><em class=\"x\">e</em> and {: .y}</p>\n")
        // Off (Goldmark, GitHub), a list is text.
        #expect(Self.render("A.\n{: .notice}\n", .github) == "<p>A.\n{: .notice}</p>\n")
    }

    @Test func aTocListBecomesTheHeadingsNestedByLevel() {
        var kramdown = MarkdownFeatures.kramdown([:]) { _, _ in }
        let text = "* TOC\n{:toc}\n\n## Contents\n{:.no_toc}\n\n## One\n\n### Two *b*\n\n## Three {#third}\n"
        let html = MarkdownRenderer(headingIDs: .kramdown, features: kramdown).render(text).html
        #expect(html.hasPrefix("""
            <ul id="markdown-toc">
            <li><a id="markdown-toc-one" href="#one">One</a>
            <ul>
            <li><a id="markdown-toc-two-b" href="#two-b">Two <em>b</em></a></li>
            </ul>
            </li>
            <li><a id="markdown-toc-third" href="#third">Three</a></li>
            </ul>
            <h2 id="contents" class="no_toc">Contents
            """))
        kramdown.tocLevels = 3...3
        let deep = MarkdownRenderer(headingIDs: .kramdown, features: kramdown).render(text).html
        #expect(deep.hasPrefix("<ul id=\"markdown-toc\">\n<li><a id=\"markdown-toc-two-b\" href=\"#two-b\">Two <em>b</em></a></li>\n</ul>\n"))
        #expect(MarkdownFeatures.kramdown(["toc_levels": .string("2..3")]) { _, _ in }.tocLevels == 2...3)
        // On a list page, the table's ids and links get the article's anchor, as its headings do.
        #expect(TableOfContents.scoping(html, anchor: "post").contains(#"<ul id="post--markdown-toc">"#))
        #expect(TableOfContents.scoping(html, anchor: "post").contains(##"<a id="post--markdown-toc-one" href="#post--one">"##))
    }

    @Test func mathInATableCellIsKeptToo() {
        var kramdown = MarkdownFeatures.github
        kramdown.math = .kramdown
        #expect(Self.render("| a |\n|---|\n| $$x_1 < y_2$$ |\n", kramdown).contains("<td>\\(x_1 &lt; y_2\\)</td>"))
    }

    @Test func emojiShortCodesFromTheOriginsList() {
        var features = MarkdownFeatures.github
        #expect(Self.render("Done :tada:\n", features) == "<p>Done :tada:</p>\n")
        features.emoji = .github
        #expect(Self.render("Done :tada: :+1: :nocode: 10:30:00 `:tada:`\n", features)
            == "<p>Done \u{1F389} \u{1F44D} :nocode: 10:30:00 <code>:tada:</code></p>\n")
        // Hugo's list has codes GitHub's lacks.
        #expect(EmojiTable.of(.hugo).replacing(in: ":party_popper:") == "\u{1F389}")
        #expect(EmojiTable.of(.github).replacing(in: ":party_popper:") == nil)
        #expect(MarkdownFeatures.blogpager(["emoji": .bool(true)]) { _, _ in }.emoji == .github)
        #expect(MarkdownFeatures.zola(["render_emoji": .bool(true)]).emoji == .github)
    }
}
