@testable import BlogpagerCore
import Liquid
import Testing

/// A theme's own loop over posts, found in its text and rendered as the archive's entries and pages.
struct JekyllThemeListTests {
    static let minimaHome = """
        <div class="home">
          {{ content }}
          {%- if site.posts.size > 0 -%}
            <h2 class="post-list-heading">Posts</h2>
            <ul class="post-list">
              {%- for post in site.posts -%}
              <li><span class="post-meta">{{ post.date }}</span><h3><a class="post-link" href="{{ post.url }}">{{ post.title | escape }}</a></h3></li>
              {%- endfor -%}
            </ul>
          {%- endif -%}
        </div>
        """

    @Test func loopsOverWholeListsOfPostsAreFoundAndLimitedOnesAreNot() {
        let text = """
            {% for link in site.data.nav %}{{ link }}{% endfor %}
            <ul>{% for post in site.posts limit: 3 %}<li>{{ post.title }}</li>{% endfor %}</ul>
            {% assign everything = site.posts %}
            <ol>{% for post in everything %}<li>{{ post.title }}</li>{% endfor %}</ol>
            <div>{% for note in site.notes %}<p>{{ note.title }}</p>{% endfor %}</div>
            {% raw %}{% for post in site.posts %}{% endraw %}
            """
        #expect(JekyllListLoop.postLoops(in: text, collections: ["notes"]) == [2, 3])
        #expect(JekyllListLoop.postLoops(in: Self.minimaHome, collections: []) == [0])
    }

    @Test func theLoopsElementAndATablesRowGroupAreTheParts() throws {
        let list = try #require(JekyllListLoop(text: Self.minimaHome, number: 0))
        #expect(list.shape == .list && list.variable == "post")
        #expect(Self.minimaHome[list.range(.pageOpen)] == "<ul class=\"post-list\">" && Self.minimaHome[list.range(.pageClose)] == "</ul>")
        let table = "<table class=\"t\"><thead><tr><th>Day</th></tr></thead><tbody>{% for post in site.posts %}<tr><td>{{ post.title }}</td></tr>{% endfor %}</tbody></table>"
        let rows = try #require(JekyllListLoop(text: table, number: 0))
        #expect(rows.shape == .table && !rows.addsRowGroup)
        #expect(table[rows.range(.feedOpen)] == "<table class=\"t\">" && table[rows.range(.feedBefore)] == "<thead><tr><th>Day</th></tr></thead>")
        #expect(table[rows.range(.pageOpen)] == "<tbody>" && table[rows.range(.feedClose)] == "</table>")
        let bare = "<table>{% for post in site.posts %}<tr><td>x</td></tr>{% endfor %}</table>"
        #expect(try #require(JekyllListLoop(text: bare, number: 0)).addsRowGroup)
        // An empty element before the loop is not its element; an attribute is read whole, with or without a value.
        let afterImage = "<div class=\"x\"><img src=\"a.png\"><br>{% for post in site.posts %}<p>x</p>{% endfor %}</div>"
        let image = try #require(JekyllListLoop(text: afterImage, number: 0))
        #expect(afterImage[image.range(.pageOpen)] == "<div class=\"x\">")
        #expect(ThemeMarkupScan.attribute("id", in: "<li data-id=\"a\" hidden id='b'>") == "b")
        #expect(ThemeMarkupScan.attribute("hidden", in: "<li hidden class=\"c\">") == "" && ThemeMarkupScan.attribute("data", in: "<li data-url=\"u\">") == nil)
        // A loop in no element of its own text, or in `body`, is not a list the archive can copy.
        #expect(JekyllListLoop(text: "{% for post in site.posts %}<p>{{ post.title }}</p>{% endfor %}", number: 0) == nil)
        #expect(JekyllListLoop(text: "<body>{% for post in site.posts %}<p>x</p>{% endfor %}</body>", number: 0) == nil)
    }

    @Test func aLoopThatCarriesAYearIsCutBetweenIterationsAsJekyllRendersIt() throws {
        let text = """
            <table class="archive"><tbody>{% for post in site.posts %}{% assign year = post.year %}{% if year != last %}<tr class="year"><th colspan="2">{{ year }}</th></tr>{% assign last = year %}{% endif %}<tr><td><a href="{{ post.url }}">{{ post.title }}</a></td></tr>{% else %}<tr><td>none</td></tr>{% endfor %}</tbody></table>
            """
        let loop = try #require(JekyllListLoop(text: text, number: 0))
        let list = JekyllThemeList(text: text, loop: loop, place: .page, includeTags: [])
        let posts: [LiquidValue] = [("2024", "/b/", "B"), ("2024", "/a/", "A"), ("2023", "/z/", "Z")].map { year, url, title in
            .hash(["year": .string(year), "url": .string(url), "title": .string(title)])
        }
        let rendered = try list.template.get().render([JekyllThemeList.postsVariable: .array(posts)])
        let output = try #require(JekyllThemeList.cut(rendered))
        #expect(output.iterations == [
            "<tr class=\"year\"><th colspan=\"2\">2024</th></tr><tr><td><a href=\"/b/\">B</a></td></tr>",
            "<tr><td><a href=\"/a/\">A</a></td></tr>",
            "<tr class=\"year\"><th colspan=\"2\">2023</th></tr><tr><td><a href=\"/z/\">Z</a></td></tr>",
        ])
        // The entry is the row that links to the post, not the year's heading.
        #expect(JekyllThemeList.markingEntry(output.iterations[0], url: "/b/", attributes: "data-url=\"/b/\"", id: "b")
                == "<tr class=\"year\"><th colspan=\"2\">2024</th></tr><tr data-url=\"/b/\" id=\"b\"><td><a href=\"/b/\">B</a></td></tr>")
        let page = list.page(output, id: "p1", url: "/blog/", entries: ["<tr>x</tr>"])
        #expect(page == "<tbody data-page=\"p1\" data-url=\"/blog/\">\n<tr>x</tr>\n</tbody>")
        let whole = list.assemble(try #require(JekyllThemeList.cut(try list.template.get().render([JekyllThemeList.postsVariable: .array([])]))),
                                  index: "/blog/index.json", pages: [page], above: "[above]", below: "[below]")
        #expect(whole == "[above]<table class=\"archive bp-feed\" data-index=\"/blog/index.json\">" + page + "</table>[below]")
    }
}
