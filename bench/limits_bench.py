#!/usr/bin/env python3
"""Bounded input: how long one hostile or broken entry keeps a build busy.

For each slow shape (the Markdown library's published advisories, the TOML shapes its parser
aborts on, YAML aliases of aliases, a file over the size bound) it builds a one-entry site with
the release binary and prints the wall time, the CPU seconds and what the build said; for the
Markdown shapes it builds the largest size the bounds let through too (the slowest an entry can
be), and, where Debian's `cmark-gfm` program is installed, the library's own time on the advisory
size without any bound (what an entry cost before the bounds). Then one post of 5, 10 and 20 MB in
a Jekyll site, which has no size bound (Jekyll builds any): time, CPU and peak memory, and what
each doubling costs (it should stay near 2x: the work is linear in the text).

    python3 bench/limits_bench.py
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BLOGPAGER = Path(os.environ.get("BLOGPAGER", REPO / ".build" / "release" / "blogpager"))
FRONT = "---\ntitle: Shape\ndate: 2016-05-12\n---\n"

# (name, body for n, the advisory's n, the largest n the bounds let through)
MARKDOWN = [
    ("![[]() repeated", lambda n: "![[]()" * n, 100_000, 14_000),
    ("![ then []() (one paragraph)", lambda n: "![" * n + "[]()" * n, 40_000, 10_000),
    ("| in one table row", lambda n: "a | b\n-|-\n" + "| " * n + "\n", 100_000, 14_000),
    ("| on a line before a delimiter row", lambda n: "a\n" + "|" * n + "\n" + "|-" * 10 + "\n", 100_000, 14_000),
    ("wide table (n/20 columns, 20 rows)", lambda n: "|" + "a|" * (n // 20) + "\n|" + "-|" * (n // 20) + "\n"
     + ("|" + "b|" * (n // 20) + "\n") * 20, 100_000, 60_000),
    ("nested emphasis *a **a … a** a*", lambda n: "*a **a " * n + "b" + " a** a*" * n, 100_000, 100_000),
    ("nested brackets [[[a]]]", lambda n: "[" * n + "a" + "]" * n, 100_000, 100_000),
    ("table of n rows", lambda n: "|a|b|\n|-|-|\n" + "|x|y|\n" * n, 160_000, 160_000),
]


def alias_bomb(levels):
    lines = ["b0: &b0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, levels):
        lines.append(f"b{level}: &b{level} [" + ", ".join([f"*b{level - 1}"] * 10) + "]")
    return "\n".join(lines)


FRONT_MATTER = [
    ("YAML aliases of aliases (10^9 values)", "---\ntitle: Shape\ndate: 2016-05-12\n" + alias_bomb(9) + "\n---\nBody.\n"),
    ("TOML '[' then a line break (toml++ asserts)", "+++\ntitle = \"Shape\"\ndate = 2016-05-12\n[\nx = 1\n+++\nBody.\n"),
    ("TOML '2016-05-12T:00' (toml++ asserts)", "+++\ntitle = \"Shape\"\ndate = 2016-05-12T:00\n+++\nBody.\n"),
    ("TOML a key 20,000 parts deep", "+++\ntitle = \"Shape\"\ndate = 2016-05-12\n[" + ".".join(["a"] * 20_000) + "]\n+++\nBody.\n"),
    ("a 6 MB file (over the 4 MB bound)", FRONT + "word " * 1_200_000),
]


def build(text):
    """(wall seconds, CPU seconds, the build's last line) for a one-entry site of `text`."""
    folder = Path(tempfile.mkdtemp(prefix="limits-"))
    try:
        (folder / "content").mkdir()
        (folder / "content" / "shape.md").write_text(text)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        result = subprocess.run([str(BLOGPAGER), "build", str(folder / "content"), str(folder / "out"), "--no-highlight"],
                                capture_output=True, text=True, timeout=600)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if result.returncode == 0:
            said = "built"
        else:
            errors = [line for line in result.stderr.splitlines() if ": error: " in line]
            said = "refused: " + (errors[0].split(": error: ", 1)[1][:70] if errors else result.stderr.strip()[-70:])
        return wall, cpu, said
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def library_alone(text):
    """cmark-gfm's own time on `text` with GitHub's extensions, without blogpager's bounds."""
    program = shutil.which("cmark-gfm")
    if not program:
        return None
    started = time.perf_counter()
    subprocess.run([program, "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist", "-e", "footnotes"],
                   input=text.encode(), stdout=subprocess.DEVNULL, timeout=600)
    return time.perf_counter() - started


def large_post(megabytes):
    """(wall seconds, CPU seconds, peak MB, built) for a Jekyll site of one post of `megabytes` MB of real-looking Markdown."""
    folder = Path(tempfile.mkdtemp(prefix="limits-"))
    try:
        site = folder / "site"
        (site / "_posts").mkdir(parents=True)
        (site / "_config.yml").write_text("title: Large\n")
        paragraph = "A paragraph of *words* with `code`, a [link](https://example.org/{n}) and **more words** to read.\n\n"
        parts, size, n = [], 0, 0
        while size < megabytes * 1_000_000:
            text = paragraph.replace("{n}", str(n)) if n % 50 else f"## Heading {n}\n\n| a | b |\n|---|---|\n| {n} | x |\n\n"
            parts.append(text)
            size += len(text)
            n += 1
        (site / "_posts" / "2024-01-02-large.md").write_text("---\ntitle: Large\n---\n" + "".join(parts) + "The last line.\n")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        result = subprocess.run(["/usr/bin/time", "-f", "%M", str(BLOGPAGER), "build", str(site), str(folder / "out"), "--no-highlight"],
                                capture_output=True, text=True, timeout=600)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        peak = int(result.stderr.strip().splitlines()[-1]) / 1024
        built = result.returncode == 0 and "The last line." in (folder / "out/2024/01/02/large.html").read_text()
        return wall, cpu, peak, built
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    if not BLOGPAGER.exists():
        sys.exit(f"no release binary at {BLOGPAGER}: run `make build` first")
    print(f"{'shape':44} {'size':>9} {'wall s':>7} {'CPU s':>6}  {'cmark-gfm alone':>15}  outcome")
    for name, body, advisory, largest in MARKDOWN:
        for label, n in (("advisory", advisory), ("largest", largest)):
            if label == "largest" and largest == advisory:
                continue
            text = body(n)
            wall, cpu, said = build(FRONT + text)
            alone = library_alone(text) if label == "advisory" else None
            alone_text = f"{alone:.2f} s" if alone is not None else "-"
            print(f"{name + ' (' + label + ')':44} {len(text) // 1024:>7}KB {wall:7.2f} {cpu:6.2f}  {alone_text:>15}  {said}", flush=True)
    for name, text in FRONT_MATTER:
        wall, cpu, said = build(text)
        print(f"{name:44} {len(text) // 1024:>7}KB {wall:7.2f} {cpu:6.2f}  {'-':>15}  {said}", flush=True)
    print()
    print(f"{'one post in a Jekyll site':28} {'wall s':>7} {'CPU s':>6} {'s/MB':>6} {'peak MB':>8} {'x time':>7}  outcome (best of 3)")
    previous = None
    for megabytes in (5, 10, 20):
        wall, cpu, peak, built = min((large_post(megabytes) for _ in range(3)), key=lambda run: run[0])
        ratio = f"{wall / previous:.2f}x" if previous else "-"
        previous = wall
        print(f"{str(megabytes) + ' MB':28} {wall:7.2f} {cpu:6.2f} {wall / megabytes:6.3f} {peak:8.0f} {ratio:>7}  "
              f"{'built, last line shown' if built else 'NOT BUILT'}", flush=True)


if __name__ == "__main__":
    main()
