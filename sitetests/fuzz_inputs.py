"""Seeded, reproducible mutations of real-shaped sites: entries and configs of blogpager, Jekyll,
Hugo and Zola, with bytes flipped, text cut short, punctuation of YAML, TOML, JSON, Liquid and
shortcodes inserted, huge values, invalid UTF-8, NUL, and the shapes the Markdown library's
published advisories describe. `cases(seed, count)` gives the same sites for the same seed."""
import random

ENTRY_BODY = """* TOC
{:toc}

Intro paragraph with a [link](https://example.org/){:target="_blank"} and *emphasis*{: .x}, **strong** and `code`.
{: .notice #intro}

## A heading {#custom}

| Project | Cutoff date |
|:--------|------------:|
| one     | 2016-05-12  |
| $a_1$ *b* | $$c_2$$ |
{: .table}

Text with a footnote[^1] and ~~old~~ words, a bare https://example.org/x URL.

- [ ] task
- [x] done

Term
: Definition

> A quote with "quotes" -- and dashes... $$a_1 + a_2$$

```python
def f(x):
    return [x for x in range(3)]
```

<!--more-->

![a picture](pic.png)

[^1]: The note.
"""

LIQUID_BODY = """{% assign release = site.data.releases | where: "version", "1.2.3" | first %}SHA: {{ release.sha256.xz }}
{% for p in site.data.people %}{{ forloop.index }}. {{ p.name | upcase }}{% cycle ",", ";" %}{% else %}none{% endfor %}
{% capture c %}{{ site.posts | size | plus: 1 }}{% endcapture %}{% case c %}{% when "2" %}two{% else %}{{ c }}{% endcase %}
{% include toc.html title=page.title %} {% if page.tags contains "a" and site.data.links.a %}{{ site.data.links.a.url }}{% endif %}
{{ page.date | date: "%B %-d, %Y" }} {{ site.tags | size }} {{ "x y" | slugify }} {%- unless false -%} u {%- endunless -%}
"""

SEEDS = {
    "blogpager": {
        "config": ("blogpager.yml", "title: Fuzz\nbase_url: https://example.org/\npage_size: 3\npermalink: /posts/:year/:slug/\n"
                   "taxonomies: [series]\nmenu:\n  - name: About\n    url: /about/\n"),
        "entries": [
            ("content/one.md", "---\ntitle: One\ndate: 2016-05-12T10:00:00+09:00\ntags: [swift, ios]\ncategories: notes\n"
             "summary: A short one\naliases: [/old/one/]\nseries: [a]\n---\n" + ENTRY_BODY),
            ("content/two.md", "+++\ntitle = \"Two\"\ndate = 2016-05-13T10:00:00Z\ntags = [\"a\", \"b\"]\n[extra]\nx = 1\n+++\n" + ENTRY_BODY),
            ("content/three.md", "{\n  \"title\": \"Three\",\n  \"date\": \"2016-05-14\",\n  \"tags\": [\"x\"],\n  \"draft\": false\n}\n" + ENTRY_BODY),
        ],
    },
    "jekyll": {
        "config": ("_config.yml", "title: Fuzz\nurl: https://example.org\nbaseurl: /blog\npermalink: /:categories/:year/:month/:day/:title.html\n"
                   "timezone: Asia/Tokyo\ndefaults:\n  - scope: {path: \"\", type: posts}\n    values: {layout: post}\n"
                   "kramdown:\n  input: GFM\n  toc_levels: 2..3\nplugins: [jekyll-feed]\n"),
        "entries": [
            ("_posts/2016-05-12-one.md", "---\nlayout: post\ntitle: One\ncategory: Elixir in Production\ntags: swift ios\n---\n"
             "{% assign x = site.data.releases | first %}{{ page.title }}\n====\n{% raw %}{{ raw }}{% endraw %}\n"
             "{% highlight ruby linenos %}\nputs 1\n{% endhighlight %}\n[next]({% post_url 2016-05-13-two %})\n" + ENTRY_BODY),
            ("_posts/2016-05-13-two.md", "---\ntitle: \"Two: a subtitle\"\ndate: 2016-05-13 10:00:00 +0900\npermalink: /two/\n---\n"
             "{{ site.baseurl }}/x.png {{ \"/a.css\" | relative_url }} {% include toc.html %}\n" + ENTRY_BODY),
            ("_drafts/draft.md", "---\ntitle: Draft\n---\nDraft body.\n"),
            # News in two languages, each in its folder (a language of its own).
            ("en/news/_posts/2016-05-15-release.md", "---\ntitle: Release\nlang: en\n---\n" + ENTRY_BODY),
            ("ja/news/_posts/2016-05-15-release.md", "---\ntitle: リリース\nlang: ja\n---\n" + ENTRY_BODY),
            ("_posts/2016-05-14-data.md", "---\ntitle: Data\ntags: [a]\n---\n" + LIQUID_BODY),
            ("_data/releases.yml", "- version: 1.2.3\n  sha256:\n    xz: abc\n  size: 4 MB\n- version: 1.2.2\n  sha256: {xz: def}\n"),
            ("_data/people.csv", "name,role\nAda,author\n\"Lovelace, A\",editor\n"),
            ("_data/links.json", "{\"a\": {\"url\": \"https://a.example\"}, \"b\": [1, 2.5, true, null]}"),
            ("_includes/toc.html", "<nav>{{ include.title | default: page.title }} {% for p in site.posts limit: 3 %}{{ p.title }}{% endfor %}</nav>\n"),
            ("_includes/self.html", "{% include self.html %}"),
            ("community.html", "---\ntitle: Community\n---\n{% for p in site.data.people %}<p>{{ p.name }}</p>{% endfor %}"
             "{% include toc.html title=\"x\" %}{{ site.posts.first.excerpt }}\n"),
        ],
    },
    "hugo": {
        "config": ("hugo.toml", "baseURL = \"https://example.org/\"\ntitle = \"Fuzz\"\nlanguageCode = \"en-us\"\npaginate = 5\n"
                   "[permalinks]\n  posts = \"/:year/:month/:slug/\"\n[taxonomies]\n  tag = \"tags\"\n  series = \"series\"\n"
                   "[params]\n  description = \"d\"\n[markup.goldmark.renderer]\n  unsafe = true\n[languages.fr]\n  title = \"Fr\"\n"),
        "entries": [
            ("content/posts/one.md", "+++\ntitle = \"One\"\ndate = 2016-05-12T10:00:00+09:00\ntags = [\"a\"]\naliases = [\"/old/\"]\n"
             "draft = false\n[params]\n  x = [1, 2.5, true, 1979-05-27]\n+++\n{{< ref \"two.md\" >}} {{< highlight go \"linenos=table\" >}}\n"
             "package main\n{{< /highlight >}}\n{{</* escaped */>}}\n" + ENTRY_BODY),
            ("content/posts/two.md", "---\ntitle: Two\ndate: 2016-05-13\nslug: second\nurl: /custom/two/\n---\n" + ENTRY_BODY),
            ("content/posts/three.md", "{\"title\": \"Three\", \"date\": \"2016-05-14T10:00:00Z\", \"tags\": [\"x\"]}\n" + ENTRY_BODY),
            ("content/about.md", "---\ntitle: About\n---\nAbout page.\n"),
            # A translation, by its name (the site declares fr).
            ("content/posts/one.fr.md", "---\ntitle: Un\ndate: 2016-05-12T10:00:00+09:00\ntags: [a]\ntranslationKey: one\n---\n" + ENTRY_BODY),
        ],
    },
    "zola": {
        "config": ("config.toml", "base_url = \"https://example.org\"\ntitle = \"Fuzz\"\ndefault_language = \"en\"\n"
                   "taxonomies = [{name = \"tags\", feed = true}]\n[markdown]\nhighlight_code = true\nsmart_punctuation = true\n[extra]\nx = 1\n"
                   "[languages.fr]\ntitle = \"Fr\"\n"),
        "entries": [
            ("content/blog/_index.md", "+++\ntitle = \"Blog\"\nsort_by = \"date\"\npaginate_by = 5\n+++\n"),
            ("content/blog/one.md", "+++\ntitle = \"One\"\ndate = 2016-05-12\n[taxonomies]\ntags = [\"a\"]\n+++\n"
             "[two](@/blog/two.md) {{ youtube(id=\"x\", autoplay=true) }}\n{% note() %}\ninside\n{% end %}\n" + ENTRY_BODY),
            ("content/blog/two.md", "+++\ntitle = \"Two\"\ndate = 2016-05-13T10:00:00Z\npath = \"2016/05/13/Release-1.90.0\"\n+++\n" + ENTRY_BODY),
            ("content/blog/one.fr.md", "+++\ntitle = \"Un\"\ndate = 2016-05-12\n+++\n[deux](@/blog/two.md)\n" + ENTRY_BODY),
        ],
    },
}

PUNCTUATION = ["\n", "\n[\n", "\n[[", "[}", "T:", " 1,", "&x ", "*x", "<<: *x", "!!binary ", "%YAML 1.2\n", "\t", " ", ":", ": ", "- ", "[", "]", "{", "}", "\"", "'", "#", "&a ", "*a", "!", "|", ">", "=", ",", ".",
               "+++", "---", "...", "[[", "]]", "{{", "}}", "{%", "%}", "{% if", "{% for x in", "{% endfor %}", "{% include ", "| where: ", "{% raw %}", "{{<", ">}}", "{{%", "%}}", "{%-", "-%}", "\\", "\\u",
               "```", "~~~", "{:", "{: .a}", "{:toc}", "$", "| ", "\n: ", "<!--", "-->", "<!--more-->", "@/", "](", "![", "[^", "$$", "T", "Z", "+09:00", "0x", "inf", "nan",
               "\"\"\"", "'''", "?", "%", "null", "~", "true", "1979-05-27", "07:32:00", "\r", "\r\n", "\u00e9", "\u3000", "\u2028"]
HUGE = [lambda r: "x" * r.randint(10_000, 200_000), lambda r: str(10 ** r.randint(19, 400)), lambda r: "[" * r.randint(100, 5000),
        lambda r: "{" * r.randint(100, 5000), lambda r: "- " * r.randint(100, 3000), lambda r: "a." * r.randint(100, 30000),
        lambda r: "{%" * r.randint(1000, 50000), lambda r: "{{<" * r.randint(1000, 30000),
        lambda r: "{% for i in (1..99999999) %}{% for j in (1..99999999) %}{{ j }}{% endfor %}{% endfor %}",
        lambda r: "{% include self.html %}", lambda r: "{% if a %}" * r.randint(100, 3000), lambda r: "{{ x | append: x }}" * r.randint(100, 3000),
        lambda r: "{% assign s = 'aaaaaaaaaa' %}" + "{% assign s = s | append: s %}" * r.randint(10, 40) + "{{ s | size }}", lambda r: "](" * r.randint(1000, 50000),
        lambda r: "*a " * r.randint(1000, 50000), lambda r: alias_bomb(r), lambda r: "\n" + r.choice(TOML_SHAPES) + "\n",
        lambda r: "a:\n" + "".join("  " * i + "b:\n" for i in range(r.randint(100, 1200))),
        lambda r: "\n[" + ".".join(["a"] * r.randint(100, 20000)) + "]\n"]

# The shapes on which toml++ 3.4 fails an assertion or reaches undefined behaviour (TOMLPreCheck).
TOML_SHAPES = ["[", "[\n", "[[[[[", "[ =", "a = [}", "a = [1, }]", "d = 1979-05-27T", "d = 1979-05-27T:00", "d = 1979-05-27t x",
               "d = 2016-05-12 1", "d = [2016-05-12 1]", "d = 20_16-05-12 1,", "\u00e9 = 1", "a = 1 \u00e9", "a = \"x\" \u00e9",
               "s = \"\"\"a\\\n  \u00e9\"\"\"", "s = \"\"\"a\\\u00e9\"\"\"", "s = \"\"\"a\\  \u0416\"\"\"", "[a \u00e9]", "a.\u00e9 = 1",
               "a = {b = \u00e9}"]


def alias_bomb(r):
    """YAML aliases of aliases: a few lines that name billions of values."""
    lines = ["bomb0: &b0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, r.randint(3, 9)):
        lines.append(f"bomb{level}: &b{level} [" + ", ".join([f"*b{level - 1}"] * 10) + "]")
    return "\n" + "\n".join(lines) + "\n"


def advisory_shapes(r):
    """The Markdown library's published slow shapes, a few hundred KB each."""
    n = r.choice([20_000, 50_000, 100_000])
    return r.choice([
        "![[]()" * n,
        "a\n" + "|" * n + "\n" + "|-" * 10 + "\n",
        "a | b\n-|-\n" + "| " * n + "\n",
        ("*a **a " * (n // 2)) + "b" + (" a** a*" * (n // 2)),
        "[" * n + "a" + "]" * n,
        "> " * n + "a",
        "[a](<b" * (n // 3),
        "a" + "<!--" * n,
        "*_" * n + "a",
        "a@" * n + ".com",
        "aaa\rbbb\n-\v\n" * (n // 4),
        "|" + "a|" * (n // 20) + "\n|" + "-|" * (n // 20) + "\n" + ("|" + "b|" * (n // 20) + "\n") * 20,
        "x" * 4_100_000,
    ])


def mutate(text, r):
    """One to four mutations of text (a str) into bytes."""
    data = bytearray(text.encode("utf-8"))
    for _ in range(r.randint(1, 4)):
        kind = r.randrange(10)
        # Half the time in the first lines, where the front matter (or the whole config) is.
        at = r.randint(0, min(len(data), 300)) if r.random() < 0.5 else r.randint(0, len(data))
        if kind == 0 and data:  # flip a byte
            data[min(at, len(data) - 1)] = r.randrange(256)
        elif kind == 1:  # cut short
            del data[at:]
        elif kind == 2 and data:  # delete a span
            del data[at:at + r.randint(1, 40)]
        elif kind == 3:  # punctuation
            data[at:at] = r.choice(PUNCTUATION).encode("utf-8")
        elif kind == 4 and data:  # repeat a span
            end = min(len(data), at + r.randint(1, 30))
            data[at:at] = data[at:end] * r.randint(2, 200)
        elif kind == 5:  # a huge value
            data[at:at] = r.choice(HUGE)(r).encode("utf-8")
        elif kind == 6:  # invalid UTF-8 or NUL
            data[at:at] = r.choice([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x00\x00"])
        elif kind == 7:  # swap two lines
            lines = bytes(data).split(b"\n")
            if len(lines) > 2:
                a, b = r.randrange(len(lines)), r.randrange(len(lines))
                lines[a], lines[b] = lines[b], lines[a]
                data = bytearray(b"\n".join(lines))
        elif kind == 8:  # punctuation run
            data[at:at] = (r.choice(PUNCTUATION) * r.randint(2, 50)).encode("utf-8")
        else:  # duplicate a line
            lines = bytes(data).split(b"\n")
            pick = r.randrange(len(lines))
            lines.insert(pick, lines[pick])
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def cases(seed, count, entries_per_site=12):
    """`count` sites as {path: bytes}, with the kind of site, each from its own seeded generator:
    most with mutated entries under a good config, some with a mutated config, a few with an
    advisory shape as a body."""
    for number in range(count):
        r = random.Random(f"{seed}-{number}")
        kind = r.choice(sorted(SEEDS))
        seed_site = SEEDS[kind]
        files = {seed_site["config"][0]: seed_site["config"][1].encode()}
        for path, text in seed_site["entries"]:
            files[path] = text.encode()
        role = r.choices(["entries", "config", "shape"], weights=[8, 3, 1])[0]
        if role == "config":
            name, text = seed_site["config"]
            files[name] = mutate(text, r)
        else:
            for index in range(entries_per_site):
                path, text = r.choice(seed_site["entries"])
                folder, _, name = path.rpartition("/")
                stem, _, ext = name.rpartition(".")
                target = (f"{folder}/" if folder else "") + f"{stem}-m{index}.{ext}" if not name.startswith("_") else path
                if role == "shape" and index == 0:
                    head, _, _ = text.partition(ENTRY_BODY)
                    files[target] = (head + advisory_shapes(r)).encode()
                else:
                    files[target] = mutate(text, r)
        yield number, kind, role, files
