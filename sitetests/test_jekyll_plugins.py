"""The Jekyll plugins whose output blogpager makes itself, each beside the real plugin on the same
fixture (Debian's Jekyll 4.3 with the plugin's package): jekyll-include-cache's `include_cached`.
A plugin's tag that the site does not load stays a warning naming it, the page built."""
import re
import subprocess

from helpers import run_build, write_files

INCLUDES = {
    "_includes/card.html": '<div class="card">{{ include.title | upcase }}: {{ site.title }}</div>\n',
    "_includes/nested.html": "<p>{% include_cached card.html title=include.name %}</p>\n",
}


def text_of(html):
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_include_cached_renders_as_jekyll_include_cache_renders_it(tmp_path):
    site = tmp_path / "site"
    write_files(site, {
        "_config.yml": "title: Cached\nplugins:\n  - jekyll-include-cache\n",
        "_posts/2024-01-02-hello.md": "---\ntitle: Hello\n---\nBefore.\n\n{% include_cached card.html title=\"first\" %}\n\n"
                                      "{% include_cached nested.html name=\"second\" %}\n\nAfter.\n",
        **INCLUDES,
    })
    subprocess.run(["jekyll", "build", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    result = run_build(site, tmp_path / "out")
    theirs = text_of((tmp_path / "jekyll/2024/01/02/hello.html").read_text())
    ours = (tmp_path / "out/2024/01/02/hello.html").read_text()
    for words in ["FIRST: Cached", "SECOND: Cached"]:
        assert words in theirs and words in text_of(ours), (words, result.stderr)
    assert '<div class="card">FIRST: Cached</div>' in ours
    assert "is a tag blogpager does not have" not in result.stderr, result.stderr


def test_include_cached_without_the_plugin_is_a_warning_naming_it(tmp_path):
    site = tmp_path / "site"
    write_files(site, {
        "_config.yml": "title: Not loaded\n",
        "_posts/2024-01-02-hello.md": "---\ntitle: Hello\n---\nBefore.\n\n{% include_cached card.html title=\"first\" %}\n",
        **INCLUDES,
    })
    result = run_build(site, tmp_path / "out")
    assert "hello.md:6:1: warning: 'include_cached' is a tag blogpager does not have (a plugin's?): it makes nothing here" in result.stderr, result.stderr
    assert "FIRST" not in (tmp_path / "out/2024/01/02/hello.html").read_text()
