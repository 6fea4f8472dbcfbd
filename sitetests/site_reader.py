"""Reads a built site the way a client or a crawler would: index, fragments, full pages."""
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote


class Article:
    def __init__(self, attrs):
        self.attrs = dict(attrs)
        self.times = []
        self.links = []
        self.tag_links = []
        self.in_title = False

    @property
    def slug(self):
        return self.attrs.get("data-slug")

    @property
    def url(self):
        return self.attrs.get("data-url")


class PageParser(HTMLParser):
    """Collects articles (with their <time> and title links), <link rel>, and visible rel links."""

    def __init__(self):
        super().__init__()
        self.articles = []
        self.link_rel = {}
        self.anchor_rel = {}
        self.html_lang = None
        self.depth = 0
        self.current = None
        self.heading = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "html":
            self.html_lang = attributes.get("lang")
        if tag == "article":
            self.current = Article(attrs)
            self.articles.append(self.current)
        if tag == "link" and attributes.get("rel") in ("prev", "next"):
            self.link_rel[attributes["rel"]] = attributes.get("href")
        if tag == "a" and attributes.get("rel") in ("prev", "next") and self.current is None:
            self.anchor_rel[attributes["rel"]] = attributes.get("href")
        if self.current is not None:
            if tag == "time":
                self.current.times.append(attributes.get("datetime"))
            if tag in ("h1", "h2", "h3"):
                self.heading = True
            if tag == "a" and self.heading:
                self.current.links.append(attributes.get("href"))
            if tag == "a" and "tag" in (attributes.get("class") or "").split():
                self.current.tag_links.append(attributes.get("href"))

    def handle_endtag(self, tag):
        if tag in ("h1", "h2", "h3"):
            self.heading = False
        if tag == "article":
            self.current = None


def parse(path):
    parser = PageParser()
    parser.feed(Path(path).read_text(encoding="utf-8"))
    return parser


def file_for_url(out, url):
    """The file that serves a root-relative URL (directory URLs map to index.html)."""
    path = unquote(url).lstrip("/")
    target = Path(out) / path
    if url.endswith("/"):
        target = target / "index.html"
    return target


def load_root_index(out, folder=""):
    """The stream's index.json exactly as written: its parts, inline or by URL."""
    return json.loads((Path(out) / folder / "index.json").read_text(encoding="utf-8"))


def load_part(out, url):
    """A part file of a large index, by its root-relative URL."""
    return json.loads((Path(out) / url.lstrip("/")).read_text(encoding="utf-8"))


def load_index(out, folder=""):
    """The cursor index of the stream in `folder` (`""`, `tags/swift`, `archive/2016/05`),
    with every page of every part gathered in `pages`, newest first, as a client sees it."""
    index = load_root_index(out, folder)
    index["pages"] = [page for part in index["parts"]
                      for page in (part["pages"] if "pages" in part else load_part(out, part["url"])["pages"])]
    return index


def stream_folders(out):
    """Every stream's folder: the main one, each tag's, each month's."""
    out = Path(out)
    found = [""]
    found += sorted(str(p.parent.relative_to(out)) for p in out.glob("tags/*/index.json"))
    found += sorted(str(p.parent.relative_to(out)) for p in out.glob("archive/*/*/index.json"))
    return found


RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")


class PageFacts(HTMLParser):
    """What a page says about itself and where it links: <meta> by name or property,
    <link> and <a> attributes, element ids, the text of <time> elements, all text."""

    def __init__(self):
        super().__init__()
        self.meta, self.links, self.anchors, self.ids, self.times, self.text = {}, [], [], set(), [], []
        self.in_time = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "meta" and ("name" in a or "property" in a):
            self.meta[a.get("name") or a.get("property")] = a.get("content")
        if tag == "link":
            self.links.append(a)
        if tag == "a":
            self.anchors.append(a)
        if tag == "time":
            self.in_time = True

    def handle_endtag(self, tag):
        if tag == "time":
            self.in_time = False

    def handle_data(self, data):
        self.text.append(data)
        if self.in_time:
            self.times.append(data)


def page_facts(path):
    facts = PageFacts()
    facts.feed(Path(path).read_text(encoding="utf-8"))
    return facts
