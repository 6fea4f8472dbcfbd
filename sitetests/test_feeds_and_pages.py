"""Entry pages, feeds, the sitemap and what every page says about itself (canonical,
description, Open Graph, feed discovery)."""
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote, urlsplit, quote

import pytest

from helpers import REPO, entry, run_build, write_archive
from site_reader import RFC3339, file_for_url, load_index, page_facts as read_head, parse, stream_folders
from test_site_contract import fragment_articles

ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
BASE = "https://blog.example.org"


def full_pages(out):
    return [p for p in Path(out).rglob("*.html") if "fragments" not in p.parts]


def url_of(out, path):
    relative = path.relative_to(out).as_posix()
    return "/" + (relative[: -len("index.html")] if relative.endswith("index.html") else relative)


def test_every_full_page_says_what_it_is(sample_site):
    pages = full_pages(sample_site)
    assert len(pages) > 100
    for path in pages:
        head = read_head(path)
        canonical = [l["href"] for l in head.links if l.get("rel") == "canonical"]
        assert [unquote(c) for c in canonical] == [BASE + url_of(sample_site, path)], path
        assert head.meta.get("og:title") and head.meta.get("og:type") in ("website", "article")
        assert head.meta.get("og:url") == canonical[0]
        assert head.meta.get("description"), path
        alternates = [(l["type"], l["href"]) for l in head.links if l.get("rel") == "alternate"]
        site_feeds = [("application/atom+xml", "/feed.xml"), ("application/feed+json", "/feed.json")]
        relative = path.relative_to(sample_site).as_posix()
        if relative.startswith("tags/") and relative != "tags/index.html":
            # A term's pages also offer the term's own feed, which is there.
            own = "/" + "/".join(relative.split("/")[:2]) + "/feed.xml"
            assert alternates == site_feeds + [("application/atom+xml", quote(own))], path
            assert (sample_site / unquote(own).lstrip("/")).is_file()
        else:
            assert alternates == site_feeds, path


def test_entry_pages_show_date_tags_neighbours_and_the_way_back(sample_site):
    index = load_index(sample_site)
    articles = fragment_articles(sample_site, index)
    for position, article in enumerate(articles):
        head = read_head(file_for_url(sample_site, article.url))
        assert head.meta["og:type"] == "article" and head.meta["article:published_time"] == article.times[0]
        prev = [a["href"] for a in head.anchors if a.get("rel") == "prev"]
        nxt = [a["href"] for a in head.anchors if a.get("rel") == "next"]
        assert prev == ([articles[position - 1].url] if position else [])
        assert nxt == ([articles[position + 1].url] if position + 1 < len(articles) else [])
        for tag in [a["href"] for a in head.anchors if a.get("class") == "tag"]:
            members = [a.url for a in fragment_articles(sample_site, load_index(sample_site, unquote(tag).strip("/")))]
            assert article.url in members
        back = [a["href"] for a in head.anchors if a.get("class") == "entry-stream"][0]
        target = read_head(file_for_url(sample_site, urlsplit(back).path))
        assert unquote(urlsplit(back).fragment) in target.ids
        assert any(a.get("href") == article.url for a in target.anchors)


def test_dates_are_shown_in_the_site_language(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "a.md").write_text(entry("A", "2016-05-12T22:15:00+09:00", slug="a"))
    run_build(content, tmp_path / "en")
    assert "May 12, 2016" in read_head(tmp_path / "en" / "posts" / "a" / "index.html").times
    (tmp_path / "blogpager.yml").write_text("language: ja\n")
    run_build(content, tmp_path / "ja")
    assert "2016年5月12日" in read_head(tmp_path / "ja" / "posts" / "a" / "index.html").times
    assert "2016年5月" in (tmp_path / "ja" / "archive" / "index.html").read_text()


def test_the_atom_feed_is_strict_xml_with_rfc4287s_required_elements(sample_site):
    root = ET.parse(sample_site / "feed.xml").getroot()  # expat: any well-formedness error raises
    assert root.tag == ATOM + "feed"
    for name in ("id", "title", "updated"):
        assert root.find(ATOM + name) is not None and root.find(ATOM + name).text.strip()
    assert RFC3339.match(root.find(ATOM + "updated").text)
    assert root.find(f"{ATOM}author/{ATOM}name").text
    self_links = [l for l in root.findall(ATOM + "link") if l.get("rel") == "self"]
    assert [l.get("href") for l in self_links] == [BASE + "/feed.xml"]
    entries = root.findall(ATOM + "entry")
    newest = fragment_articles(sample_site, load_index(sample_site))[:20]
    assert len(entries) == 20
    ids = set()
    for element, article in zip(entries, newest):
        entry_id = element.find(ATOM + "id").text
        assert urlsplit(entry_id).scheme and entry_id not in ids
        ids.add(entry_id)
        assert element.find(ATOM + "title").text
        assert RFC3339.match(element.find(ATOM + "updated").text) and RFC3339.match(element.find(ATOM + "published").text)
        assert element.find(ATOM + "published").text == article.times[0]
        alternate = [l.get("href") for l in element.findall(ATOM + "link") if l.get("rel") == "alternate"]
        assert alternate == [BASE + article.url]
        content = element.find(ATOM + "content")
        assert content.get("type") == "html" and content.text.strip()
        assert not re.search(r'(?:href|src)="/', content.text), "links in feed content are absolute"


def test_the_json_feed_has_every_field_json_feed_1_1_requires(sample_site):
    feed = json.loads((sample_site / "feed.json").read_text())
    assert feed["version"] == "https://jsonfeed.org/version/1.1"
    assert feed["title"] and isinstance(feed["items"], list) and len(feed["items"]) == 20
    for key in ("home_page_url", "feed_url"):
        parts = urlsplit(feed[key])
        assert parts.scheme == "https" and parts.netloc == "blog.example.org"
    assert feed["feed_url"] == BASE + "/feed.json"
    atom_ids = [e.find(ATOM + "id").text for e in ET.parse(sample_site / "feed.xml").getroot().findall(ATOM + "entry")]
    assert [item["id"] for item in feed["items"]] == atom_ids
    for item in feed["items"]:
        assert isinstance(item["id"], str) and item["id"]
        assert item.get("content_html") or item.get("content_text")
        assert urlsplit(item["url"]).scheme == "https"
        assert RFC3339.match(item["date_published"]) and RFC3339.match(item["date_modified"])


def test_feed_ids_never_change_and_feed_size_is_honoured(tmp_path):
    write_archive(tmp_path / "content", 40)
    (tmp_path / "blogpager.yml").write_text("base_url: https://example.org/blog/\nfeed_size: 5\n")
    run_build(tmp_path / "content", tmp_path / "out")
    before = json.loads((tmp_path / "out" / "feed.json").read_text())
    assert len(before["items"]) == 5
    assert all(item["url"].startswith("https://example.org/blog/") for item in before["items"])
    (tmp_path / "content" / "new.md").write_text(entry("New", "2030-01-01T00:00:00Z"))
    run_build(tmp_path / "content", tmp_path / "out", "--future")
    after = json.loads((tmp_path / "out" / "feed.json").read_text())
    assert [i["id"] for i in after["items"][1:]] == [i["id"] for i in before["items"][:4]]


def test_the_sitemap_lists_every_page_and_entry(sample_site):
    root = ET.parse(sample_site / "sitemap.xml").getroot()
    locations = {unquote(url.find(SITEMAP + "loc").text) for url in root.findall(SITEMAP + "url")}
    expected = {BASE + unquote(url_of(sample_site, path)) for path in full_pages(sample_site)}
    assert locations == expected
    assert len(locations) == len(root.findall(SITEMAP + "url"))


def test_without_base_url_feeds_are_skipped_with_a_warning(tmp_path):
    write_archive(tmp_path / "content", 12)
    result = run_build(tmp_path / "content", tmp_path / "out")
    assert re.search(r"^blogpager\.yml:1:1: warning: no base_url, so feed\.xml, feed\.json and sitemap\.xml were not written", result.stderr, re.M)
    out = tmp_path / "out"
    assert not (out / "feed.xml").exists() and not (out / "feed.json").exists() and not (out / "sitemap.xml").exists()
    for path in out.rglob("*"):
        if path.is_file():
            text = path.read_bytes()
            assert b"localhost" not in text and b"rel=\"alternate\"" not in text, path
