@testable import BlogpagerCore
import Mustache
import Testing

/// Templates: `{{name}}` escapes exactly as Mustache's HTML type does, the
/// escaping pragma put before each template changes no output, errors
/// point at the line and column of the template's own file, and the site
/// parts, rendered once, come out as they would on each page.
struct TemplateSetTests {
    @Test func escapingMatchesMustacheHTML() {
        #expect(HTMLEscaping.escape(#"a < b & "c" 'd' >"#) == "a &lt; b &amp; &quot;c&quot; &#39;d&#39; &gt;")
        #expect(HTMLEscaping.escape("日本語 & café <b>") == "日本語 &amp; café &lt;b&gt;")
        #expect(HTMLEscaping.escape("plain text") == "plain text")
        #expect(HTMLEscaping.escape("") == "")
        #expect(HTMLEscaping.escape("&&") == "&amp;&amp;")
    }

    @Test func templatesRenderAsWritten() throws {
        var files = DefaultTemplates.all
        // A standalone section on the first line drops its line, as Mustache has it.
        files["probe.mustache"] = "{{#items}}\n<li>{{name}}</li>\n{{/items}}\n{{{raw}}}|{{raw}}|{{&raw}}\n"
        let set = try TemplateSet(files: files, origins: [:])
        let text = set.render("probe", ["items": [["name": "a<b"], ["name": "O'Neil & co"]], "raw": "<i>x</i>"])
        #expect(text == "<li>a&lt;b</li>\n<li>O&#39;Neil &amp; co</li>\n<i>x</i>|&lt;i&gt;x&lt;/i&gt;|<i>x</i>\n")
    }

    /// The set hands strings to Mustache as `TemplateString`s (fewer runtime casts): whatever a
    /// template does with a string, it comes out as Mustache makes it of the plain string.
    @Test func stringsRenderAsPlainStringsDo() throws {
        let probe = """
            {{title}}|{{{title}}}|{{&title}}|{{uppercased(title)}}|{{lowercased(title)}}|{{capitalized(title)}}|{{reversed(title)}}
            {{#title}}[{{.}}]{{/title}}{{^title}}none{{/title}}|{{#empty}}[{{.}}]{{/empty}}{{^empty}}-{{/empty}}|{{#empty(empty)}}E{{/empty(empty)}}{{^empty(title)}}T{{/empty(title)}}
            {{#title}}{{length}}{{text}}{{title}}{{/title}}|{{missing}}{{^missing}}M{{/missing}}|{{#flag}}F{{/flag}}{{count}}{{plusone(count)}}
            {{#tags}}<a href="{{url}}">{{name}}</a>{{/tags}}|{{#first(tags)}}{{name}}{{/first(tags)}}|{{#reversed(tags)}}{{name}}{{/reversed(tags)}}
            {{#params.list}}({{.}}){{/params.list}}{{params.map.inner}}{{#params.map}}{{inner}}{{outer}}{{/params.map}}|{{#sorted(words)}}{{.}},{{/sorted(words)}}
            {{params.list}}|{{words}}|{{#site}}{{title}}{{/site}}|{{site.title}}|{{#site.menu}}{{name}}{{/site.menu}}|{{count(site)}}
            """
        let values: [String: Any] = [
            "title": "Café & <b>\"O'Neil\"</b>", "empty": "", "outer": "up", "flag": true, "count": 2,
            "tags": [["name": "Swift & C", "url": "/tags/swift/"], ["name": "b<i>", "url": "/tags/b/"]],
            "params": ["list": ["one", 2, "<three>", false], "map": ["inner": "in & out"]] as [String: Any],
            "words": ["pear", "apple", "fig"],
        ]
        let site: [String: Any] = ["title": "Ann's <blog>", "menu": [["name": "About & more"]]]
        var files = DefaultTemplates.all
        files["probe.mustache"] = probe
        let set = try TemplateSet(files: files, origins: [:])
        HTMLEscaping.register()
        var plain = MustacheLibrary()
        plain.register(try MustacheTemplate(string: HTMLEscaping.pragmaLine + probe), named: "probe")
        let expected = try #require(plain.render(values.merging(["site": site]) { $1 }, withTemplate: "probe"))
        // The site's values, wrapped once for every page, read as the map they were made from.
        #expect(set.render("probe", values.merging(["site": TemplateString.Prepared(site)]) { $1 }) == expected)
        #expect(expected.contains("Café &amp; &lt;b&gt;&quot;O&#39;Neil&quot;&lt;/b&gt;|Café & <b>\"O'Neil\"</b>|"))
        #expect(expected.contains("CAFÉ &amp;"))
        #expect(expected.contains("[]|E"))
        #expect(expected.contains("(one)(2)(&lt;three&gt;)(false)in &amp; out"))
        #expect(expected.contains("[&quot;one&quot;, 2, &quot;&lt;three&gt;&quot;, false]|[&quot;pear&quot;, &quot;apple&quot;, &quot;fig&quot;]|Ann&#39;s &lt;blog&gt;|Ann&#39;s &lt;blog&gt;|About &amp; more|2"))
    }

    @Test func aTemplateErrorPointsIntoItsFile() {
        var files = DefaultTemplates.all
        files["list.mustache"] = "<ul>\n{{#items}}\n<li>{{name}}</li>\n"
        #expect(throws: BuildFailure.self) { try TemplateSet(files: files, origins: ["list.mustache": "templates/list.mustache"]) }
        do {
            _ = try TemplateSet(files: files, origins: ["list.mustache": "templates/list.mustache"])
        } catch {
            let location = error.diagnostics.first?.location
            #expect(location?.path == "templates/list.mustache")
            // The section opened on line 2 is never closed: Mustache reports it at the end of the file.
            #expect(location?.line == 4)
        }
    }

    @Test func sitePartsRenderedOnceComeOutAsRenderedOnEachPage() throws {
        var files = DefaultTemplates.all
        files["probe.mustache"] = "<head>\n{{> site_head}}\n</head>\n{{> site_header}}\n<i>{{title}}</i>\n{{> site_footer}}\n"
        files["site_head.mustache"] = "<link href=\"{{assets.css}}\">\n"
        // A page's own value is not in view of a site part: rendered once, it shows nothing.
        files["site_header.mustache"] = "<h1>{{{site.title}}}</h1>{{#site.menu}}<a href=\"{{url}}\">{{name}}</a>{{/site.menu}}[{{title}}]\n"
        files["site_footer.mustache"] = "<p>{{site.author}}</p>\n"
        let set = try TemplateSet(files: files, origins: [:])
        // Text that reads as Mustache, and every pair of stand-in delimiters but the last, stays as it was.
        let site: [String: Any] = ["title": "{{title}} & <%x%> [[%y%]]", "author": "Ann",
                                   "menu": [["name": "About", "url": "/about/"], ["name": "Q&A", "url": "/qa/"]]]
        let parts: [String: Any] = ["site": site, "assets": ["css": "/assets/site.css"]]
        let page: [String: Any] = ["title": "Page one", "site": site, "assets": ["css": "/assets/site.css"]]
        let once = set.renderingSiteParts(once: parts)
        let expected = set.render("probe", ["title": "Page one", "site": site, "assets": ["css": "/assets/site.css"]])
            .replacingOccurrences(of: "[Page one]", with: "[]")
        #expect(once.render("probe", page) == expected)
        #expect(expected.contains("<h1>{{title}} & <%x%> [[%y%]]</h1><a href=\"/about/\">About</a><a href=\"/qa/\">Q&amp;A</a>[]\n<i>Page one</i>"))
        // Once rendered, a part no longer looks at the page's values.
        #expect(once.render("probe", ["title": "Other"]) == expected.replacingOccurrences(of: "Page one", with: "Other"))
        // Without site parts (a layout of a site's own that names none), nothing changes.
        #expect(once.render("entry_meta", ["date": "2024-01-02"]) == set.render("entry_meta", ["date": "2024-01-02"]))
    }
}
