#!/usr/bin/env python3
"""What a Jekyll site's own face costs a build: the same Jekyll site of N posts (bench/corpus.py's
bodies) built with our templates (`theme: blogpager`) and through its theme's layouts (Debian's
minima 2.5.1: `{% seo %}`, `{% feed_meta %}`, a header that lists `site.pages`, a home page that
lists every post); then a new post's rebuild through the theme, and the files it rewrote (minima's
header reads `site.pages`: every page in its layouts depends on the list of pages, not on the posts).
Debian's Jekyll 4.3 builds the minima site beside ours at the smallest size.

    python3 bench/theme_bench.py [--sizes 1000 10000] [--runs 3] [--no-jekyll]
"""
import argparse
import datetime
import random
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from build_bench import BLOGPAGER, clean_series, remove, rewritten, settle, snapshot, timed  # noqa: E402
from corpus import body, spacing  # noqa: E402

CONFIG = ("title: Theme bench\ndescription: A blog on a theme.\nurl: https://example.org\nauthor: Ada\n"
          "plugins: [jekyll-feed, jekyll-seo-tag]\npermalink: /:year/:month/:day/:title/\n"
          "defaults:\n  - scope:\n      path: \"\"\n      type: posts\n    values:\n      layout: post\n")


def write_site(root, count, theme):
    (root / "_posts").mkdir(parents=True)
    (root / "_config.yml").write_text(CONFIG + f"theme: {theme}\n")
    (root / "index.md").write_text("---\nlayout: home\n---\nWelcome.\n")
    (root / "about.md").write_text("---\nlayout: page\ntitle: About\npermalink: /about/\n---\nAbout this blog.\n")
    step = datetime.timedelta(hours=spacing(count))
    start = datetime.datetime(2005, 1, 1, 6)
    for index in range(count):
        write_post(root, index, start + step * index)


def write_post(root, index, date):
    head = f"---\ntitle: Post {index}\ndate: {date:%Y-%m-%d %H:%M:%S} +0000\n---\n"
    (root / "_posts" / f"{date:%Y-%m-%d}-post-{index}.md").write_text(head + body(random.Random(index), index))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-jekyll", action="store_true")
    args = parser.parse_args()
    print("# Theme benchmark\n")
    print("| posts | our templates: s, CPU-s | minima's layouts: s, CPU-s | the theme's cost per post | a new post through the theme: s, files rewritten | Jekyll 4.3, minima: s, CPU-s |")
    print("|---:|---:|---:|---:|---:|---:|")
    for size in args.sizes:
        with tempfile.TemporaryDirectory(prefix=f"bp-theme-{size}-") as temp:
            work = Path(temp)
            ours, minima = work / "ours", work / "minima"
            write_site(ours, size, "blogpager")
            write_site(minima, size, "minima")
            settle()
            ours_s, ours_cpu, _, ours_out = clean_series(ours, args.runs, "ours", work)
            theme_s, theme_cpu, peak, out = clean_series(minima, args.runs, "minima", work)
            before = snapshot(out)
            write_post(minima, size, datetime.datetime(2030, 1, 1, 6))
            rebuild_s, _, _, _, _ = timed([BLOGPAGER, "build", minima, out, "--quiet"])
            changed = rewritten(before, snapshot(out))
            jekyll = "-"
            if not args.no_jekyll and shutil.which("jekyll") and size <= 1000:
                took, _, _, _, (user, system) = timed(["jekyll", "build", "--quiet", "-s", minima, "-d", work / "jekyll"],
                                                      env={"JEKYLL_NO_BUNDLER_REQUIRE": "1"})
                jekyll = f"{took:.2f}, {user + system:.2f}"
            per_post = (theme_cpu - ours_cpu) / size * 1000
            print(f"| {size:,} | {ours_s:.2f}, {ours_cpu:.2f} | {theme_s:.2f}, {theme_cpu:.2f} (peak {peak:.0f} MiB) | "
                  f"{per_post:.3f} CPU-ms | {rebuild_s:.2f}, {changed:,} | {jekyll} |", flush=True)
            remove(ours_out, out)


if __name__ == "__main__":
    main()
