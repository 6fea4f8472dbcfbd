"""Blogs in many languages, built from their roots: each language its own archive at its root,
every entry at the URL its old generator gave it (Hugo 0.168's `hugo list all`, Jekyll 4.3's own
build of the same fixtures; Zola's rules, written out), translations linked both ways, feeds,
sitemaps and search per language, and a rebuild that touches only the language that changed."""
import csv
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from helpers import run_build, tree_digest, without_build_record
from site_reader import file_for_url, load_index, parse

FIXTURES = Path(__file__).resolve().parent / "fixtures"
BIN = Path(sys.executable).parent
HUGO = BIN / "hugo"


def copy(name, tmp_path):
    site = tmp_path / name
    shutil.copytree(FIXTURES / name, site)
    return site


def stream_urls(out, folder=""):
    """The entries of the stream at `folder` (`""`, `fr`, `ja/news`), newest first, as its fragments hold them."""
    urls = []
    for page in load_index(out, folder)["pages"]:
        urls += [unquote(a.url) for a in parse(file_for_url(out, page["fragment"])).articles]
    return urls


def hugo_permalinks(site):
    """Every page's permalink path by its file, as `hugo list all` prints them."""
    listed = subprocess.run([str(HUGO), "list", "all"], cwd=site, check=True, capture_output=True, text=True).stdout
    rows = csv.DictReader(io.StringIO(listed[listed.index("path,"):]))
    return {row["path"]: unquote(urlsplit(row["permalink"]).path) for row in rows if row["kind"] == "page"}


def html_lang(path):
    return re.search(r'<html lang="([^"]*)"', Path(path).read_text(encoding="utf-8")).group(1)


def hreflangs(path):
    return dict(re.findall(r'<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">', Path(path).read_text(encoding="utf-8")))


def test_a_hugo_site_with_a_content_folder_per_language_keeps_hugos_urls_in_every_language(tmp_path):
    site = copy("hugo_languages", tmp_path)
    theirs = hugo_permalinks(site)
    out = tmp_path / "out"
    run_build(site, out)
    # Each language's archive at its root holds its own entries only, each where Hugo put it.
    for language, root in {"en": "", "fr": "fr", "ja": "ja"}.items():
        expected = sorted(url for path, url in theirs.items() if path.startswith(f"content/{language}/post/"))
        assert sorted(stream_urls(out, root)) == expected, language
    assert len(set(theirs.values())) == 8  # three posts share the slug `hello`, two of them in English on other days
    # Every page says its language; a post and its translations link each other, both ways.
    hello = {"en": out / "2020/01/02/hello.html", "fr": out / "fr/2020/01/02/hello.html", "ja": out / "ja/2020/01/02/hello.html"}
    assert {language: html_lang(path) for language, path in hello.items()} == {"en": "en", "fr": "fr", "ja": "ja-JP"}
    links = {"en": "https://multi.example.org/2020/01/02/hello.html", "fr": "https://multi.example.org/fr/2020/01/02/hello.html",
             "ja-JP": "https://multi.example.org/ja/2020/01/02/hello.html"}
    for path in hello.values():
        assert hreflangs(path) == links
    # The other day's `hello` is no translation of them.
    assert hreflangs(out / "2021/01/02/hello.html") == {}
    # Each language's own title, its own name in the menu of languages, its own menu.
    front = (out / "fr/index.html").read_text(encoding="utf-8")
    assert "<title>Multi en français</title>" in front
    assert '<a href="/" hreflang="en" lang="en">English</a>' in front and 'aria-current="true">Français</a>' in front and ">日本語</a>" in front
    assert 'href="/about/">About</a>' in (out / "index.html").read_text(encoding="utf-8")
    # Feeds per language, in it, at the URLs Hugo gave them.
    assert '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">' in (out / "fr/feed.xml").read_text(encoding="utf-8")
    assert "<language>ja-JP</language>" in (out / "ja/index.xml").read_text(encoding="utf-8")
    assert all((out / path).exists() for path in ["index.xml", "fr/index.xml", "fr/post/index.xml", "ja/tags/greeting/index.xml"])
    # The tags are each language's: the French tag's stream holds the French post alone.
    assert stream_urls(out, "fr/tags/greeting") == ["/fr/2020/01/02/hello.html"]
    # The sitemap is an index of the languages' sitemaps, as Hugo's is.
    subprocess.run([str(HUGO), "--quiet", "-d", str(tmp_path / "hugo")], cwd=site, check=True, capture_output=True)
    locs = lambda path: re.findall(r"<loc>\s*([^<]*?)\s*</loc>", path.read_text(encoding="utf-8"))
    assert locs(out / "sitemap.xml") == locs(tmp_path / "hugo" / "sitemap.xml")
    assert "https://multi.example.org/fr/2020/01/02/hello.html" in locs(out / "fr" / "sitemap.xml")
    assert '<xhtml:link rel="alternate" hreflang="ja-JP" href="https://multi.example.org/ja/2020/01/02/hello.html"/>' in (out / "sitemap.xml").parent.joinpath("fr/sitemap.xml").read_text(encoding="utf-8")


def test_hugo_translations_by_file_name_in_a_subfolder_each(tmp_path):
    site = copy("hugo_translations", tmp_path)
    theirs = hugo_permalinks(site)
    out = tmp_path / "out"
    run_build(site, out)
    for language in ("fr", "en"):
        expected = sorted(url for path, url in theirs.items() if url.startswith(f"/{language}/") and path.startswith("content/posts/"))
        assert sorted(stream_urls(out, language)) == expected, language
    # Every page Hugo makes is here at its URL (a bundle's `slug` in place of its folder's name).
    for path, url in theirs.items():
        assert file_for_url(out, url).exists(), (path, url)
    # The default language is in its own folder too: the root leads there, as Hugo's does.
    assert 'url=https://names.example.org/fr/"' in (out / "index.html").read_text(encoding="utf-8")
    # A language turned off is left out; `translationKey` links two files of other names.
    assert not any("Hallo" in path.read_text(encoding="utf-8") for path in out.rglob("*.html"))
    assert hreflangs(out / "fr/2021/seul/index.html") == {"fr": "https://names.example.org/fr/2021/seul/",
                                                          "en": "https://names.example.org/en/2021/only-english/"}
    assert set(hreflangs(out / "en/2020/bundle/index.html")) == {"fr", "en"}


def test_a_zola_site_in_two_languages(tmp_path):
    site = copy("zola_languages", tmp_path)
    out = tmp_path / "out"
    run_build(site, out)
    # Zola puts another language's pages under its code: `hello.fr.md` is /fr/blog/hello/.
    assert stream_urls(out) == ["/blog/later/", "/blog/hello/"]
    assert stream_urls(out, "fr") == ["/fr/blog/hello/"]
    assert "<title>Zola multilingue</title>" in (out / "fr/index.html").read_text(encoding="utf-8")
    assert (out / "fr/atom.xml").exists() and (out / "fr/tags/salut/index.html").exists() and not (out / "tags/salut").exists()
    assert hreflangs(out / "blog/hello/index.html") == {"en": "https://zml.example.org/blog/hello/", "fr": "https://zml.example.org/fr/blog/hello/"}


def test_a_jekyll_site_with_a_folder_per_language_keeps_jekylls_urls(tmp_path):
    site = copy("jekyll_languages", tmp_path)
    subprocess.run(["jekyll", "build", "--safe", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    theirs = (tmp_path / "jekyll" / "post-urls.txt").read_text(encoding="utf-8").split()
    out = tmp_path / "out"
    run_build(site, out)
    # Each language's archive is the folder above its `_posts/`, its posts at Jekyll's URLs.
    for language in ("en", "ja"):
        assert sorted(stream_urls(out, f"{language}/news")) == sorted(url for url in theirs if url.startswith(f"/{language}/")), language
    assert html_lang(out / "ja/news/2020/03/04/only-ja/index.html") == "ja"
    assert set(hreflangs(out / "ja/news/2020/01/02/hello/index.html")) == {"en", "ja"}
    assert 'url=https://jml.example.org/en/news/"' in (out / "index.html").read_text(encoding="utf-8")


def blogpager_site(root, extra=""):
    (root / "blogpager.yml").write_text(
        "title: Two tongues\nbase_url: https://two.example.org/\nlanguage: en\n"
        "languages:\n  fr:\n    title: Deux langues\n" + extra)
    content = root / "content"
    content.mkdir()
    for number in range(1, 13):
        (content / f"post-{number}.md").write_text(f"---\ntitle: Post {number}\ndate: 2020-01-{number:02d}\n---\nEnglish words, the {number}th.\n")
        if number % 2 == 0:
            (content / f"post-{number}.fr.md").write_text(f"---\ntitle: Billet {number}\ndate: 2020-01-{number:02d}\n---\nDes mots français, le {number}e.\n")
    return content


def test_blogpagers_own_languages_with_dates_in_each(tmp_path):
    content = blogpager_site(tmp_path)
    out = tmp_path / "out"
    run_build(content, out)
    assert len(stream_urls(out)) == 12 and len(stream_urls(out, "fr")) == 6
    assert all(url.startswith("/fr/posts/") for url in stream_urls(out, "fr"))
    page = (out / "fr/posts/post-2/index.html").read_text(encoding="utf-8")
    assert '<html lang="fr">' in page and "2 janvier 2020" in page and "<title>Billet 2 · Deux langues</title>" in page
    assert "janvier 2020" in (out / "fr/archive/index.html").read_text(encoding="utf-8")
    index = json.loads((out / "fr/index.json").read_text(encoding="utf-8"))
    assert all(part.get("url", "/fr/").startswith("/fr/") for part in index["parts"])


def changed(before, after):
    return sorted(path for path in set(before) | set(after) if before.get(path) != after.get(path) and not path.startswith(".blogpager/"))


def test_a_new_post_in_one_language_rewrites_only_that_language_and_a_translation_its_translations(tmp_path):
    content = blogpager_site(tmp_path)
    out = tmp_path / "out"
    run_build(content, out)
    before = without_build_record(tree_digest(out))
    # A French post of its own: the French head pages and index, the sitemap; nothing of English.
    (content / "nouveau.fr.md").write_text("---\ntitle: Nouveau\ndate: 2020-02-01\n---\nNouveau billet.\n")
    run_build(content, out)
    after = without_build_record(tree_digest(out))
    written = changed(before, after)
    assert "fr/index.json" in written and "fr/posts/nouveau/index.html" in written
    assert [path for path in written if not path.startswith("fr/")] == [], written
    # A translation of an English post: its English page and sitemap now link it, no English list page changes.
    (content / "post-3.fr.md").write_text("---\ntitle: Billet 3\ndate: 2020-01-03\n---\nTroisième.\n")
    run_build(content, out)
    again = without_build_record(tree_digest(out))
    written = changed(after, again)
    english = [path for path in written if not path.startswith("fr/")]
    assert english == ["en/sitemap.xml", "posts/post-3/index.html"], written
    assert 'hreflang="fr" href="https://two.example.org/fr/posts/post-3/"' in (out / "posts/post-3/index.html").read_text(encoding="utf-8")


def test_search_has_an_index_per_language(tmp_path):
    content = blogpager_site(tmp_path, extra="search: true\n")
    out = tmp_path / "out"
    result = run_build(content, out)
    assert "search index made" in result.stdout, result.stdout + result.stderr
    entry = json.loads((out / "pagefind/pagefind-entry.json").read_text(encoding="utf-8"))
    assert {language: facts["page_count"] for language, facts in entry["languages"].items()} == {"en": 12, "fr": 6}


def test_our_templates_words_are_the_pages_language_and_a_site_may_change_them(tmp_path):
    content = blogpager_site(tmp_path)
    out = tmp_path / "out"
    run_build(content, out)
    french = (out / "fr/index.html").read_text(encoding="utf-8")
    assert ">Archives</a>" in french and ">Récents</a>" in french and "Le début des archives" in french
    assert '"retry":"Réessayer"' in french  # the loader's words, for the page's script
    english = (out / "index.html").read_text(encoding="utf-8")
    assert ">Archive</a>" in english and "The beginning of the archive" in english and "bp-strings" not in english
    # A site's own words over ours, key by key, in its templates folder.
    (tmp_path / "templates" / "i18n").mkdir(parents=True)
    (tmp_path / "templates" / "i18n" / "fr.yml").write_text("archive: Le grenier\n")
    run_build(content, out)
    french = (out / "fr/index.html").read_text(encoding="utf-8")
    assert ">Le grenier</a>" in french and ">Récents</a>" in french
    # A word that is no text is an error at its line, and out/ is left as it was.
    (tmp_path / "templates" / "i18n" / "fr.yml").write_text("archive: Le grenier\nlatest: [a, b]\n")
    before = tree_digest(out)
    result = run_build(content, out, check=False)
    assert result.returncode != 0
    assert "templates/i18n/fr.yml:2:9: error: 'latest' must be a text, the words it stands for" in result.stderr
    assert tree_digest(out) == before


def test_a_hugo_language_whose_main_section_is_another_keeps_hugos_urls_and_feeds(tmp_path):
    site = tmp_path / "site"
    (site / "content/en/posts").mkdir(parents=True)
    (site / "content/fr/articles").mkdir(parents=True)
    (site / "hugo.toml").write_text('baseURL = "https://s.example.org/"\ntitle = "S"\n[languages.en]\ncontentDir = "content/en"\nweight = 1\n'
                                    '[languages.fr]\ncontentDir = "content/fr"\nweight = 2\n')
    for number in (1, 2, 3):
        (site / f"content/en/posts/p{number}.md").write_text(f"---\ntitle: P{number}\ndate: 2020-01-0{number}\n---\nPost.\n")
        (site / f"content/fr/articles/a{number}.md").write_text(f"---\ntitle: A{number}\ndate: 2020-01-0{number}\n---\nArticle.\n")
    theirs = hugo_permalinks(site)
    subprocess.run([str(HUGO), "--quiet", "-d", str(tmp_path / "hugo")], cwd=site, check=True, capture_output=True)
    out = tmp_path / "out"
    run_build(site, out)
    assert sorted(stream_urls(out, "fr")) == sorted(url for path, url in theirs.items() if path.startswith("content/fr/"))
    assert sorted(stream_urls(out)) == sorted(url for path, url in theirs.items() if path.startswith("content/en/"))
    # Hugo's feeds of each language's own section are where Hugo wrote them.
    feeds = sorted(str(path.relative_to(tmp_path / "hugo")) for path in (tmp_path / "hugo").rglob("index.xml"))
    for feed in feeds:
        if "categories" not in feed and "tags" not in feed:
            assert (out / feed).exists(), feed
    assert (out / "fr/articles/index.html").exists() and not (out / "fr/posts").exists()


def test_every_languages_old_list_pages_lead_into_its_own_archive(tmp_path):
    site = copy("hugo_languages", tmp_path)
    with open(site / "config/_default/hugo.toml", "a") as config:
        config.write("[pagination]\npagerSize = 1\n")
    out = tmp_path / "out"
    run_build(site, out)
    kept = (site / "legacy-pages.yml").read_text(encoding="utf-8")
    assert '- url: "/page/3/"' in kept and '- url: "/fr/page/2/"' in kept and '- url: "/ja/post/page/2/"' in kept
    # Read back by the next build: each language's old pages lead into its own archive, with no warning.
    (site / "content/fr/post/second.md").write_text((site / "content/fr/post/second.md").read_text() + "\nEdited.\n")
    result = run_build(site, out)
    assert "old list page" not in result.stderr, result.stderr
    assert re.search(r'url=https://multi\.example\.org/fr/page/[^"]*#hello"', (out / "fr/page/2/index.html").read_text(encoding="utf-8"))
    assert re.search(r'url=https://multi\.example\.org/ja/page/[^"]*#hello"', (out / "ja/post/page/2/index.html").read_text(encoding="utf-8"))


def test_a_hugo_languages_own_permalinks(tmp_path):
    site = tmp_path / "site"
    (site / "content/posts").mkdir(parents=True)
    (site / "hugo.toml").write_text('baseURL = "https://p.example.org/"\ntitle = "P"\n[permalinks.page]\nposts = "/articles/:year/:slug/"\n'
                                    '[languages.en]\nweight = 1\n[languages.de]\nweight = 2\n[languages.de.permalinks.page]\nposts = "/artikel/:year/:slug/"\n')
    (site / "content/posts/one.md").write_text("---\ntitle: One\ndate: 2020-01-01\n---\nOne.\n")
    (site / "content/posts/one.de.md").write_text("---\ntitle: Eins\ndate: 2020-01-01\n---\nEins.\n")
    theirs = hugo_permalinks(site)
    assert theirs["content/posts/one.de.md"] == "/de/artikel/2020/eins/"
    out = tmp_path / "out"
    run_build(site, out)
    assert stream_urls(out) == [theirs["content/posts/one.md"]] and stream_urls(out, "de") == [theirs["content/posts/one.de.md"]]
