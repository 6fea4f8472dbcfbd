"""Jekyll's Liquid, as Jekyll renders it: a site whose posts and pages lean on `_data/` (YAML, JSON,
CSV and TSV, nested folders), `_includes/` with parameters, `site.posts`, Jekyll's filters and tags.

Debian's Jekyll 4.3 builds the same fixture and is the ground truth: each post's body and each HTML
page must show the same visible text (words and links) as Jekyll's output. Then what the build does
beyond Jekyll: a plugin's tag or a theme's include is a warning, never an error or silent loss; a
hostile template ends with a located error and leaves `out/` as it was; a change to one data file or
one include rewrites exactly the pages that read it.
"""
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from helpers import run_build, tree_digest

CONFIG = """title: Liquid Fixture
url: https://example.org
baseurl: /blog
timezone: UTC
github_user: octo
owner:
  name: Ada
  links: [one, two]
"""

DATA = {
    "releases.yml": """- version: 1.2.3
  date: 2024-01-10
  sha256:
    xz: abc123def
    gz: 777aaa
  size: 4 MB
- version: 1.2.2
  sha256:
    xz: 999888
  size: 3 MB
""",
    "links.json": '{"zeta": {"url": "https://z.example", "name": "Zeta"}, "alpha": {"url": "https://a.example", "name": "Alpha"}}',
    "people.csv": 'name,role\nAda,author\n"Lovelace, A",editor\nGrace,\n',
    "mirrors.tsv": "host\tregion\nmirror-one.example\teu\nmirror-two.example\tus\n",
    "team/leads.yml": "- Grace\n- Linus\n",
    "team/meta.json": '{"since": 2019, "open": true}',
}

INCLUDES = {
    "note.html": '<div class="note">{{ include.text | upcase }} by {{ site.data.team.leads | join: " & " }}</div>\n',
    "toc.html": "<nav>Contents of {{ page.title }}</nav>\n",
    "download.html": "{% for release in include.releases %}<li>{{ release.version }}: {{ release.sha256.xz | default: 'none' }} "
                     "({% include size.html value=release.size %})</li>{% endfor %}\n",
    "size.html": "{{ include.value | remove: ' ' | downcase }}",
    "unused.html": "Nobody includes me: {{ site.data.people.size }}\n",
}

POSTS = {
    "2024-01-10-release.md": """---
title: Release 1.2.3
tags: [release, news]
categories: [announce]
---
{% assign release = site.data.releases | where: "version", "1.2.3" | first %}
Version {{ release.version }} is out. SHA256: {{ release.sha256.xz }}, size {{ release.size }}.

Trimmed: [ {%- comment -%} gone {%- endcomment -%} ]

{% include note.html text="read me" %}

{% include toc.html %}

{% for link in site.data.links %}
- [{{ link[1].name }}]({{ link[1].url }})
{% endfor %}

People: {% for p in site.data.people %}{{ p.name }} ({{ p.role | default: "no role" }}){% unless forloop.last %}, {% endunless %}{% endfor %}.

Mirrors: {{ site.data.mirrors | map: "host" | join: ", " }}; team since {{ site.data.team.meta.since }}.

See [the older one]({% post_url 2024-01-01-older %}) and {{ "/assets/x.png" | relative_url }} or {{ "/feed.xml" | absolute_url }}.

Posted {{ page.date | date: "%B %-d, %Y" }} ({{ page.date | date_to_string }}, {{ page.date | date_to_long_string: "ordinal" }}); by {{ site.github_user }} and {{ site.owner.name }}.
""",
    "2024-01-05-downloads.md": """---
title: Downloads
checksums: true
---
<ul>{% include download.html releases=site.data.releases %}</ul>

{% capture count %}{{ site.data.releases | size }}{% endcapture %}
There are {{ count }} releases; the newest is {{ site.data.releases[0].version }}.
{% case page.checksums %}{% when true %}Checksums are listed.{% else %}No checksums.{% endcase %}

| Version | Size |
|---------|------|
{% for r in site.data.releases %}| {{ r.version }} | {{ r.size }} |
{% endfor %}
{% raw %}Liquid shown as written: {{ site.title }}{% endraw %}
""",
    "2024-01-01-older.md": """---
title: Older post
tags: [news]
---
Hello {{ page.title | downcase }}; newer is {{ page.next.title }}.
{% assign words = "one two three" | split: " " %}{{ words | reverse | join: "-" }} {{ words.size | times: 2 }}.
{{ "Jekyll & Hyde" | slugify }} {{ "it's --- fine..." | smartify }} {{ "a  b" | normalize_whitespace }} {{ site.tags.news.size }} tagged.
""",
}

PAGES = {
    "community.html": """---
title: Community
permalink: /community/
---
<h1>{{ page.title }}</h1>
<ul>{% for post in site.posts %}<li><a href="{{ post.url | relative_url }}">{{ post.title }}</a> {{ post.date | date: "%Y-%m-%d" }}</li>{% endfor %}</ul>
<p>{{ site.data.people.size }} people: {{ site.data.people | map: "name" | join: ", " }}</p>
{% assign by_role = site.data.people | group_by: "role" %}{% for group in by_role %}<p>{{ group.name | default: "none" }}: {{ group.size }}</p>{% endfor %}
<p>The first post: <a href="{% post_url 2024-01-01-older %}">older</a>, which opens: {{ site.posts.last.excerpt | strip_html | strip }}</p>
<p>{{ site.posts.first.content | strip_html | truncatewords: 6 }}</p>
""",
    "about.md": """---
title: About
---
This is {{ site.title }}, at {{ site.url }}{{ site.baseurl }}.

{% include toc.html %}
""",
}


def write_site(root):
    (root / "_posts").mkdir(parents=True)
    (root / "_config.yml").write_text(CONFIG)
    for folder, files in (("_data", DATA), ("_includes", INCLUDES), ("_posts", POSTS), (".", PAGES)):
        for name, text in files.items():
            path = root / folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)


class VisibleText(HTMLParser):
    """The words a reader sees, and every link with its text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.words, self.links, self.href = [], [], None

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.href = dict(attrs).get("href")

    def handle_endtag(self, tag):
        if tag == "a":
            self.href = None

    def handle_data(self, data):
        self.words += data.split()
        if self.href is not None and data.strip():
            self.links.append((self.href, data.strip()))


def visible(html_text):
    parser = VisibleText()
    parser.feed(html_text)
    return {"words": parser.words, "links": parser.links}


def ours(page):
    """The body of one of our pages: what its `<div class="entry-body">` holds."""
    text = page.read_text(encoding="utf-8")
    start = text.index('<div class="entry-body">') + len('<div class="entry-body">')
    return text[start:text.index("</article>", start)]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    base = tmp_path_factory.mktemp("liquid")
    site = base / "site"
    write_site(site)
    subprocess.run(["jekyll", "build", "--safe", "--quiet", "-s", str(site), "-d", str(base / "jekyll")], check=True, capture_output=True)
    result = run_build(site, base / "out")
    return base, result


@pytest.mark.parametrize("page, theirs", [
    ("announce/2024/01/10/release.html", "announce/2024/01/10/release.html"),
    ("2024/01/05/downloads.html", "2024/01/05/downloads.html"),
    ("2024/01/01/older.html", "2024/01/01/older.html"),
    ("community/index.html", "community/index.html"),
    ("about.html", "about.html"),
])
def test_bodies_show_what_jekyll_shows(built, page, theirs):
    base, _ = built
    expected = visible((base / "jekyll" / theirs).read_text(encoding="utf-8"))
    assert expected["words"], "Jekyll's page is empty"
    assert visible(ours(base / "out" / page)) == expected


def test_the_data_reached_the_pages(built):
    """What the comparison stands on: the data, includes and lists were there to show."""
    base, result = built
    release = ours(base / "out" / "announce/2024/01/10/release.html")
    for text in ("SHA256: abc123def", "READ ME by Grace & Linus", "Contents of Release 1.2.3", "Lovelace, A (editor)",
                 "mirror-one.example, mirror-two.example", "since 2019", 'href="/blog/2024/01/01/older.html"', "January 10, 2024"):
        assert text in release
    downloads = ours(base / "out" / "2024/01/05/downloads.html")
    assert "1.2.2: 999888 (3mb)" in downloads and "<table>" in downloads and "{{ site.title }}" in downloads
    community = ours(base / "out" / "community/index.html")
    assert community.index("Release 1.2.3") < community.index("Downloads") < community.index("Older post")
    assert "warning" not in result.stderr, result.stderr


def test_plugin_tags_and_theme_includes_are_warnings_with_their_text_kept(tmp_path):
    site = tmp_path / "site"
    (site / "_posts").mkdir(parents=True)
    (site / "_config.yml").write_text("title: T\n")
    (site / "_posts" / "2024-01-01-plugins.md").write_text(
        "---\ntitle: Plugins\n---\nBefore.\n\n{% seo %}\n{% include theme-footer.html %}\n{% details Summary %}Inner words stay.{% enddetails %}\n\nAfter.\n")
    (site / "_includes").mkdir()
    (site / "_includes" / "share.html").write_text("Share:\n{% twitter_button %}\n{% include theme-share.html %}")
    (site / "links.html").write_text("---\ntitle: Links\n---\n<p>{% include share.html %}</p>\n")
    result = run_build(site, tmp_path / "out")
    assert "Share:" in ours(tmp_path / "out" / "links.html")
    assert "_includes/share.html:2:1: warning: 'twitter_button' is a tag blogpager does not have" in result.stderr, result.stderr
    assert "_includes/share.html:1:1: warning: include 'theme-share.html' is not in _includes/" in result.stderr
    body = ours(tmp_path / "out" / "2024/01/01/plugins.html")
    assert "Before." in body and "Inner words stay." in body and "After." in body and "{%" not in body
    # jekyll-seo-tag's tag is made (a site that uses it loads the plugin, or Jekyll stops).
    assert "'seo' is a tag blogpager does not have" not in result.stderr
    assert '<meta property="og:title" content="Plugins" />' in (tmp_path / "out" / "2024/01/01/plugins.html").read_text()
    assert "_posts/2024-01-01-plugins.md:7:1: warning: include 'theme-footer.html' is not in _includes/" in result.stderr
    assert "'details' is a tag blogpager does not have" in result.stderr


HOSTILE = {
    "a broken include": ("{% include broken.html %}", "_includes/broken.html:2:1: error: Liquid:"),
    "a self-including include": ("{% include loop.html %}", "_includes/loop.html:1:1: error: Liquid:"),
    "a loop over a huge range": ("{% for i in (1..100000000000) %}{% for j in (1..100000000000) %}x{% endfor %}{% endfor %}", "_posts/2024-01-01-bad.md:4:"),
    "an unclosed block": ("Text\n{% if page.title %}never closed", "_posts/2024-01-01-bad.md:5:1: error: Liquid:"),
    "an include out of its folder": ("{% include ../_config.yml %}", "_posts/2024-01-01-bad.md:4:1: error: Liquid: include '../_config.yml' is refused"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_template_ends_with_a_located_error_and_out_stays(tmp_path, name):
    template, message = HOSTILE[name]
    site = tmp_path / "site"
    (site / "_posts").mkdir(parents=True)
    (site / "_includes").mkdir()
    (site / "_includes" / "loop.html").write_text("{% include loop.html %}")
    (site / "_includes" / "broken.html").write_text("Fine\n{% for x in y %}never closed")
    (site / "_config.yml").write_text("title: T\n")
    (site / "_posts" / "2024-01-02-good.md").write_text("---\ntitle: Good\n---\nFine.\n")
    run_build(site, tmp_path / "out")
    before = tree_digest(tmp_path / "out")
    (site / "_posts" / "2024-01-01-bad.md").write_text("---\ntitle: Bad\n---\n" + template + "\n")
    result = run_build(site, tmp_path / "out", check=False)
    assert result.returncode != 0
    assert message in result.stderr, result.stderr
    assert tree_digest(tmp_path / "out") == before


def written(out, path):
    stat = (out / path).stat()
    return (stat.st_ino, stat.st_mtime_ns)


def test_a_data_file_or_an_include_rewrites_exactly_the_pages_that_read_it(tmp_path):
    site = tmp_path / "site"
    write_site(site)
    out = tmp_path / "out"
    run_build(site, out)
    pages = ["announce/2024/01/10/release.html", "2024/01/05/downloads.html", "2024/01/01/older.html"]
    before = {page: written(out, page) for page in pages}
    # `links.json` is read by the release post alone.
    links = site / "_data" / "links.json"
    links.write_text(links.read_text().replace("Zeta", "Zed"))
    run_build(site, out)
    after = {page: written(out, page) for page in pages}
    assert after["announce/2024/01/10/release.html"] != before["announce/2024/01/10/release.html"]
    assert "Zed" in ours(out / "announce/2024/01/10/release.html")
    assert after["2024/01/05/downloads.html"] == before["2024/01/05/downloads.html"]
    assert after["2024/01/01/older.html"] == before["2024/01/01/older.html"]
    # `size.html` is included by `download.html`, which the downloads post includes.
    (site / "_includes" / "size.html").write_text("{{ include.value | upcase }}")
    run_build(site, out)
    again = {page: written(out, page) for page in pages}
    assert again["2024/01/05/downloads.html"] != after["2024/01/05/downloads.html"]
    assert "1.2.2: 999888 (3 MB)" in ours(out / "2024/01/05/downloads.html")
    assert again["announce/2024/01/10/release.html"] == after["announce/2024/01/10/release.html"]
    assert again["2024/01/01/older.html"] == after["2024/01/01/older.html"]
