#!/usr/bin/env python3
"""What Jekyll's Liquid costs a build: the same Jekyll site of N posts (bench/corpus.py's bodies)
built twice, once with plain posts and once with every post using Liquid as release notes do
(`assign` over `site.data | where | first`, a `for` over a data list, an `include` with a
parameter that reads `site.data` itself, Jekyll's date filter); then the rebuild after one
`_data/` file read by a tenth of the posts changes, and the files it rewrote. Debian's Jekyll 4.3
builds the Liquid site beside ours at the smallest size (it takes minutes above that).

    python3 bench/liquid_bench.py [--sizes 1000 10000] [--runs 3] [--no-jekyll]
"""
import argparse
import datetime
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from build_bench import BLOGPAGER, clean_series, remove, rewritten, settle, snapshot, timed  # noqa: E402
from corpus import body, spacing  # noqa: E402

CONFIG = "title: Liquid bench\nurl: https://example.org\npermalink: /:year/:month/:day/:title/\n"
LIQUID = """{% assign release = site.data.releases | where: "version", page.release | first %}
Release {{ release.version }} ({{ page.date | date: "%B %-d, %Y" }}): SHA256 {{ release.sha256 }}, {{ release.size }}.

{% include note.html text=page.title %}

{% for mirror in site.data.mirrors limit: 5 %}- [{{ mirror.name }}]({{ mirror.url }}/{{ release.version }})
{% endfor %}
"""


def write_site(root, count, liquid):
    (root / "_posts").mkdir(parents=True)
    (root / "_config.yml").write_text(CONFIG)
    if liquid:
        (root / "_data").mkdir()
        (root / "_includes").mkdir()
        (root / "_data" / "releases.yml").write_text("".join(
            f"- version: 1.{n}\n  sha256: {n:064x}\n  size: {n % 90 + 10} MB\n" for n in range(200)))
        (root / "_data" / "mirrors.yml").write_text("".join(f"- name: Mirror {n}\n  url: https://m{n}.example\n" for n in range(12)))
        (root / "_data" / "notes.yml").write_text("signature: The team\n")
        (root / "_includes" / "note.html").write_text('<p class="note">{{ include.text }}: {{ site.data.notes.signature }}</p>\n')
    step = datetime.timedelta(hours=spacing(count))
    start = datetime.datetime(2005, 1, 1, 6)
    for index in range(count):
        rng = random.Random(index)
        date = start + step * index
        head = f"---\ntitle: Post {index}\ndate: {date:%Y-%m-%d %H:%M:%S} +0000\nrelease: \"1.{index % 200}\"\n"
        # A tenth of the posts read the notes, through the include; the rest do not.
        text = (LIQUID if index % 10 == 0 else LIQUID.replace("{% include note.html text=page.title %}", "")) if liquid else ""
        (root / "_posts" / f"{date:%Y-%m-%d}-post-{index}.md").write_text(head + "---\n" + text + "\n" + body(rng, index))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-jekyll", action="store_true")
    args = parser.parse_args()
    print("# Liquid benchmark\n")
    print("| posts | plain: s, CPU-s | Liquid in every post: s, CPU-s | Liquid's cost per post | one data file changed: s, files rewritten | Jekyll 4.3, Liquid site |")
    print("|---:|---:|---:|---:|---:|---:|")
    for size in args.sizes:
        with tempfile.TemporaryDirectory(prefix=f"bp-liquid-{size}-") as temp:
            work = Path(temp)
            plain, liquid = work / "plain", work / "liquid"
            write_site(plain, size, liquid=False)
            write_site(liquid, size, liquid=True)
            settle()
            plain_s, plain_cpu, _, plain_out = clean_series(plain, args.runs, "plain", work)
            liquid_s, liquid_cpu, peak, out = clean_series(liquid, args.runs, "liquid", work)
            before = snapshot(out)
            notes = liquid / "_data" / "notes.yml"
            notes.write_text("signature: The whole team\n")
            rebuild_s, _, _, _, _ = timed([BLOGPAGER, "build", liquid, out, "--quiet"])
            changed = rewritten(before, snapshot(out))
            jekyll = "-"
            if not args.no_jekyll and shutil.which("jekyll") and size <= 1000:
                took, _, _, _, (user, system) = timed(["jekyll", "build", "--quiet", "-s", liquid, "-d", work / "jekyll"])
                jekyll = f"{took:.2f} s, {user + system:.2f}"
            per_post = (liquid_cpu - plain_cpu) / size * 1000
            print(f"| {size:,} | {plain_s:.2f}, {plain_cpu:.2f} | {liquid_s:.2f}, {liquid_cpu:.2f} (peak {peak:.0f} MiB) | "
                  f"{per_post:.3f} CPU-ms | {rebuild_s:.2f} s, {changed:,} | {jekyll} |", flush=True)
            remove(plain_out, out)


if __name__ == "__main__":
    main()
