#!/usr/bin/env python3
"""What a site of several languages costs a build: N entries (bench/corpus.py's bodies) in one
language, beside the same N entries with a French translation of every other one (1.5 N entries in
two archives, each translation linked both ways); then the rebuild after one new French entry and
after a new translation of an English one, and the files each rewrote (a new French entry must
rewrite nothing of English's; a translation, its English page and sitemap besides).

    python3 bench/languages_bench.py [--sizes 1000 10000] [--runs 3]
"""
import argparse
import datetime
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from build_bench import BLOGPAGER, clean_series, remove, rewritten, snapshot, timed  # noqa: E402
from corpus import body, spacing  # noqa: E402


def write_site(root, count, translated):
    content = root / "content"
    content.mkdir(parents=True)
    config = "title: Languages bench\nbase_url: https://example.org/\nlanguage: en\n"
    if translated:
        config += "languages:\n  fr:\n    title: Banc d'essai\n"
    (root / "blogpager.yml").write_text(config)
    step = datetime.timedelta(hours=spacing(count))
    start = datetime.datetime(2005, 1, 1, 6)
    for index in range(count):
        rng = random.Random(index)
        date = f"{start + step * index:%Y-%m-%dT%H:%M:%SZ}"
        text = body(rng, index)
        (content / f"post-{index}.md").write_text(f"---\ntitle: Post {index}\ndate: {date}\ntags: [t{index % 40}]\n---\n{text}")
        if translated and index % 2 == 0:
            (content / f"post-{index}.fr.md").write_text(f"---\ntitle: Billet {index}\ndate: {date}\ntags: [e{index % 40}]\n---\n{text}")
    return content


def rebuild(content, out, write):
    """One change, then a build: (seconds, files rewritten, of them outside fr/)."""
    before = snapshot(out)
    write()
    took, _, _, _, _ = timed([BLOGPAGER, "build", content, out, "--quiet"], cwd=content.parent)
    after = snapshot(out)
    changed = [path for path, identity in after.items() if before.get(path) != identity and "/.blogpager/" not in path]
    return took, rewritten(before, after), [path for path in changed if not path.startswith("/fr/")]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    print("| entries | one language: s, CPU-s | en + fr (1.5×): s, CPU-s | CPU per entry, ratio | new French entry | new translation |")
    print("|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="languages-bench-") as folder:
        work = Path(folder)
        for size in arguments.sizes:
            one = write_site(work / f"one-{size}", size, translated=False)
            two = write_site(work / f"two-{size}", size, translated=True)
            # From each site's own folder: a blogpager.yml in the current folder would be the config.
            one_s, one_cpu, one_mib, one_out = clean_series(one, arguments.runs, f"one-{size}", work, cwd=one.parent, settling=True)
            two_s, two_cpu, two_mib, two_out = clean_series(two, arguments.runs, f"two-{size}", work, cwd=two.parent, settling=True)
            french = rebuild(two, two_out, lambda: (two / "nouveau.fr.md").write_text("---\ntitle: Nouveau\ndate: 2026-06-01\n---\nNouveau.\n"))
            translation = rebuild(two, two_out, lambda: (two / "post-1.fr.md").write_text(
                f"---\ntitle: Billet 1\ndate: {(two / 'post-1.md').read_text().split('date: ')[1].split(chr(10))[0]}\n---\nTraduit.\n"))
            ratio = (two_cpu / (1.5 * size)) / (one_cpu / size)
            outside = sorted(translation[2])
            print(f"| {size:,} | {one_s:.2f}, {one_cpu:.2f} (peak {one_mib:.0f} MiB) | {two_s:.2f}, {two_cpu:.2f} (peak {two_mib:.0f} MiB) "
                  f"| {1000 * two_cpu / (1.5 * size):.2f} ms, {ratio:.2f} | {french[0]:.2f} s, {french[1]} files, {len(french[2])} outside fr/ "
                  f"| {translation[0]:.2f} s, {translation[1]} files, outside fr/: {', '.join(outside[:4]) + (' ...' if len(outside) > 4 else '') or 'none'} |")
            remove(one_out, two_out)


if __name__ == "__main__":
    main()
