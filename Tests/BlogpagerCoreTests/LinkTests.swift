import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// Links between entries and the old generator's template text: every link lands on the
/// entry's URL, code and raw blocks show as meant, and no `{% %}`, `{{< >}}` or `{{ }}`
/// reaches a page; a link that names no entry is an error where it is written.
struct LinkTests {
    static func build(_ folder: TemporaryFolder, templates: String? = nil) async throws -> BuildJob.Outcome {
        try await BuildJob(contentFolder: folder.path + "/site", outputFolder: folder.path + "/out",
                           templatesFolder: templates.map { folder.path + "/" + $0 }, program: .tests, in: .disk).run(now: Date())
    }

    static func page(_ folder: TemporaryFolder, _ path: String) throws -> String {
        String(decoding: try #require(try folder.snapshot("out")[path], "\(path) is missing"), as: UTF8.self)
    }

    @Test func jekyllsLiquidIsReadAsJekyllMeantIt() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/_config.yml", "title: Links\nurl: https://links.example.org\nbaseurl: /blog\npermalink: /:year/:title/\n")
        try folder.write("site/_posts/2016-01-05-first.md", "---\ntitle: First\n---\nThe first.\n")
        try folder.write("site/_posts/2016-02-01-second.md", """
            ---
            title: Second
            ---
            See [the first]({% post_url 2016-01-05-first %}), [again]({% link _posts/2016-01-05-first.md %}#top) and [once more](2016-01-05-first.md).

            {% highlight ruby %}
            puts "{{ not liquid }}"
            {% endhighlight %}

            {% raw %}Shown as written: {{ page.title }}{% endraw %}

            ![logo]({{ site.baseurl }}/logo.png) and [style]({{ "/style.css" | relative_url }}) {% include note.html %} {% include note.html %}
            """)
        let outcome = try await Self.build(folder)
        let second = try Self.page(folder, "2016/second/index.html")
        #expect(second.contains("href=\"/blog/2016/first/\">the first</a>") && second.contains("href=\"/blog/2016/first/#top\">again</a>"))
        #expect(second.contains("href=\"/blog/2016/first/\">once more</a>"))
        #expect(second.contains("<pre><code class=\"language-ruby\">puts &quot;{{ not liquid }}&quot;\n</code></pre>"))
        #expect(second.contains("Shown as written: {{ page.title }}") && second.contains("src=\"/blog/logo.png\"") && second.contains("href=\"/blog/style.css\""))
        #expect(!second.contains("{%") && !second.contains("include note"))
        let warnings = outcome.summary.warnings.map(\.description)
        #expect(warnings.contains { $0.hasSuffix("_posts/2016-02-01-second.md:12:85: warning: include 'note.html' is not in _includes/ (a theme's?): it is left out (2 places, this one first)") }, "\(warnings)")

        // A link that names no entry is an error at its line and column; out/ stays as it was.
        try folder.write("site/_posts/2016-03-01-third.md", "---\ntitle: Third\n---\nBroken: {% post_url 2016-01-06-nothing %}\n")
        var errors: [String] = []
        do { _ = try await Self.build(folder) } catch let failure as BuildFailure { errors = failure.diagnostics.map(\.description) }
        #expect(errors.contains { $0.hasSuffix("_posts/2016-03-01-third.md:4:9: error: link to '2016-01-06-nothing' names no entry of this site (post_url names a post of _posts/ by its file's name, such as 2016-05-12-name)") }, "\(errors)")
    }

    /// An old post's `{{ page.… }}`: Jekyll renders Liquid before Markdown, so a title over a
    /// `====` line is a heading, and a date shows through Jekyll's filters, in English.
    @Test func jekyllsPageValuesShowAsJekyllShowedThem() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/_config.yml", "title: Old posts\ntimezone: UTC\n")
        try folder.write("site/_posts/2009-05-19-the-git-parable.md", """
            ---
            title: The Git Parable
            date: 2009-05-19 21:05:00 -0700
            author: Tom
            ---
            {{ page.title }}
            ================

            {{ page.date | date_to_string }}; {{ page.date | date_to_long_string }}; {{page.date|date: "%A, %B %-d, %Y at %I:%M %p (%z)"}}; {{ page.date | date_to_xmlschema }}

            By {{ page.author }} at [this address]({{ page.url }}); {{ page.title | upcase }}. {{ page.id }} {{ page.path }} {{ page.date | date_to_rfc822 }}
            """)
        let outcome = try await Self.build(folder)
        // Jekyll shows the date in the site's zone, and dates the permalink so: the 20th in UTC.
        let post = try Self.page(folder, "2009/05/20/the-git-parable.html")
        #expect(post.contains("<h1 id=\"the-git-parable\">The Git Parable <a class=\"heading-link\""), "\(post)")
        // As Debian's Jekyll 4.3.1 wrote this post.
        #expect(post.contains("<p>20 May 2009; 20 May 2009; Wednesday, May 20, 2009 at 04:05 AM (+0000); 2009-05-20T04:05:00+00:00</p>"), "\(post)")
        #expect(post.contains("<p>By Tom at <a href=\"/2009/05/20/the-git-parable.html\">this address</a>; THE GIT PARABLE. /2009/05/20/the-git-parable "
                              + "_posts/2009-05-19-the-git-parable.md Wed, 20 May 2009 04:05:00 +0000</p>"), "\(post)")
        #expect(!outcome.summary.warnings.contains { $0.description.contains("the-git-parable.md") }, "\(outcome.summary.warnings)")
    }

    /// In an imported site, a link to a `.md` file that is no entry stays as written, as Jekyll,
    /// Hugo and Zola leave it (a blog moved from Pelican kept `{filename}/…` links); its `url`
    /// written without a scheme is that host over HTTPS.
    @Test func anImportedSitesLinkToNoEntryStaysAsWritten() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/_config.yml", "title: Moved\nurl: www.example.org\n")
        try folder.write("site/_posts/2009-02-16-goo.md", "---\ntitle: Goo\n---\nAs [said before]({filename}/blog/2008-10-27-pirates.markdown#why).\n")
        let outcome = try await Self.build(folder)
        let post = try Self.page(folder, "2009/02/16/goo.html")
        #expect(post.contains("<a href=\"%7Bfilename%7D/blog/2008-10-27-pirates.markdown#why\">said before</a>") || post.contains("<a href=\"{filename}/blog/2008-10-27-pirates.markdown#why\">said before</a>"), "\(post)")
        #expect(post.contains("<link rel=\"canonical\" href=\"https://www.example.org/2009/02/16/goo.html\">"), "\(post)")
        let warnings = outcome.summary.warnings.map(\.description)
        #expect(warnings.contains { $0.hasSuffix("_posts/2009-02-16-goo.md:4:18: warning: link to '{filename}/blog/2008-10-27-pirates.markdown' names no entry of this site; it is left as written, as the old generator left it") }, "\(warnings)")
        #expect(warnings.contains { $0.hasSuffix("_config.yml:2:6: warning: url 'www.example.org' has no scheme; it is taken as https://www.example.org") }, "\(warnings)")
    }

    @Test func hugosShortcodesAndRefs() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Refs\"\n")
        try folder.write("site/content/posts/first.md", "---\ntitle: First\ndate: 2020-01-01\n---\nThe first.\n")
        try folder.write("site/content/posts/second.md", """
            ---
            title: Second
            date: 2020-01-02
            ---
            By name: [a]({{< ref "first" >}}), by path: [b]({{< relref "/posts/first.md#part" >}}).

            {{< highlight go "linenos=table" >}}
            fmt.Println("hi")
            {{< /highlight >}}

            Escaped: `{{</* tweet 1 */>}}`. A video: {{< youtube abc123 >}} and {{< tweet user="x" id="1" >}}

            {{< alert color="info" >}}
            Keep **me**.
            {{< / alert >}}
            """)
        try folder.write("theme/shortcodes/youtube.mustache", "<iframe title=\"video\" src=\"https://www.youtube-nocookie.com/embed/{{arg0}}\"></iframe>")
        let outcome = try await Self.build(folder, templates: "theme")
        let second = try Self.page(folder, "posts/second/index.html")
        #expect(second.contains("href=\"/posts/first/\">a</a>") && second.contains("href=\"/posts/first/#part\">b</a>"))
        #expect(second.contains("<pre><code class=\"language-go\">fmt.Println(&quot;hi&quot;)\n</code></pre>"))
        #expect(second.contains("<code>{{&lt; tweet 1 &gt;}}</code>") && second.contains("src=\"https://www.youtube-nocookie.com/embed/abc123\""))
        #expect(!second.contains("{{&lt; youtube") && !second.contains("tweet user"))
        // A shortcode without a template loses its wrapper, never the text inside it.
        #expect(second.contains("Keep <strong>me</strong>.") && !second.contains("alert"))
        // Hugo's section list, /posts/, leads to the front page now.
        #expect(try Self.page(folder, "posts/index.html").contains("<meta http-equiv=\"refresh\" content=\"0; url=https://hugo.example.org/\">"))
        #expect(outcome.summary.warnings.contains { $0.description.hasSuffix("content/posts/second.md:11:69: warning: shortcode 'tweet' is left out (any text inside it is kept): add templates/shortcodes/tweet.mustache to make it") }, "\(outcome.summary.warnings)")
    }

    @Test func zolasInternalLinks() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/config.toml", "base_url = \"https://zola.example.org\"\ntitle = \"Z\"\n")
        try folder.write("site/content/blog/first.md", "+++\ntitle = \"First\"\ndate = 2020-01-01\n+++\nThe first.\n")
        try folder.write("site/content/blog/second.md", "+++\ntitle = \"Second\"\ndate = 2020-01-02\n+++\n[First](@/blog/first.md#intro) {{ youtube(id=\"x\") }}\n")
        _ = try await Self.build(folder)
        let second = try Self.page(folder, "blog/second/index.html")
        #expect(second.contains("href=\"/blog/first/#intro\">First</a>") && !second.contains("youtube("))
    }

    /// An entry that links another is made again when the linked entry moves.
    @Test func aLinkFollowsTheEntryItNames() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("site/hugo.toml", "baseURL = \"https://hugo.example.org/\"\ntitle = \"Refs\"\n")
        try folder.write("site/content/posts/first.md", "---\ntitle: First\ndate: 2020-01-01\n---\nThe first.\n")
        try folder.write("site/content/posts/second.md", "---\ntitle: Second\ndate: 2020-01-02\n---\n[a]({{< ref \"first\" >}})\n")
        _ = try await Self.build(folder)
        try folder.write("site/content/posts/first.md", "---\ntitle: First\ndate: 2020-01-01\nurl: /moved/\n---\nThe first.\n")
        _ = try await Self.build(folder)
        #expect(try Self.page(folder, "posts/second/index.html").contains("href=\"/moved/\">a</a>"))
    }
}
