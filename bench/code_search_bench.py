#!/usr/bin/env python3
"""What highlighting and search cost a build, on the bench corpus (bench/corpus.py: about one
Swift block per entry). Each figure is a difference of two builds of the same kind, one run
after the other, so the disk and the machine are the same for both:

  - highlighting, cold: a clean build with Pygments minus one with --no-highlight (no cache:
    each run's user cache, BLOGPAGER_CACHE_DIR, is a new empty folder);
  - highlighting, from the user's cache: a clean build into another new folder right after,
    the spans taken from the user cache the cold build left, minus the plain build;
  - highlighting, warm: every entry rendered again for another reason (a template changed),
    with the block cache, minus the same without highlighting;
  - search: the seconds Pagefind ran in a clean build with --search (the build says them).

Wall seconds and CPU seconds (user + system, of blogpager and the helpers it runs) are printed.

    python3 bench/code_search_bench.py [--size 10000] [--runs 3]
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from corpus import write_corpus  # noqa: E402

BLOGPAGER = Path(os.environ.get("BLOGPAGER", REPO / ".build" / "release" / "blogpager"))
PYTHON = os.environ.get("BLOGPAGER_PYTHON", str(REPO / ".venv" / "bin" / "python"))
SETTLE = 20


def build(content, out, *flags, templates=None, cache):
    """(wall seconds, CPU seconds, stdout) of one build; CPU counts the Python helpers too."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    command = [str(BLOGPAGER), "build", str(content), str(out), *flags]
    if templates:
        command += ["--templates", str(templates)]
    # Run beside the corpus's own blogpager.yml (from the repository, the sample site's would be taken).
    result = subprocess.run(command, capture_output=True, text=True, cwd=Path(content).parent, env={**os.environ, "BLOGPAGER_PYTHON": PYTHON, "BLOGPAGER_CACHE_DIR": str(cache)})
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"build failed:\n{result.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result.stdout


def settle():
    subprocess.run(["sync"])
    time.sleep(SETTLE)


def median(values):
    return statistics.median(values)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    pygments = subprocess.run([PYTHON, "-c", "import pygments; print(pygments.__version__)"], capture_output=True, text=True).stdout.strip()
    print(f"# code and search: {args.size:,} entries, {os.cpu_count()} cores, Pygments {pygments or 'missing'}, "
          f"{args.runs} runs each (median)\n", flush=True)
    with tempfile.TemporaryDirectory(prefix="bp-code-search-") as temp:
        work = Path(temp)
        content = work / "content"
        write_corpus(content, args.size)
        (work / "blogpager.yml").write_text("title: Bench\nbase_url: https://example.org/\n")
        templates = work / "templates"
        templates.mkdir()
        rows = {"plain": [], "cold": [], "shared": [], "plain again": [], "warm": [], "search": []}
        blocks = ""
        outs = []
        settle()
        for run in range(args.runs):
            # Cold: clean builds into fresh folders, alternating, nothing deleted right before.
            plain_out, code_out = work / f"plain-{run}", work / f"code-{run}"
            cache = work / f"user-cache-{run}"
            rows["plain"].append(build(content, plain_out, "--no-highlight", "--quiet", cache=cache))
            wall, cpu, said = build(content, code_out, cache=cache)
            rows["cold"].append((wall, cpu, said))
            rows["shared"].append(build(content, work / f"shared-{run}", cache=cache))
            outs.append(work / f"shared-{run}")
            blocks = re.search(r"(\d[\d,]*) code blocks", said).group(1) if "code blocks" in said else "0"
            # Warm: a changed template makes every entry again; the code comes from the cache.
            (templates / "entry_meta.mustache").write_text((REPO / "templates" / "entry_meta.mustache").read_text() + f"<!-- {run} -->\n")
            rows["plain again"].append(build(content, plain_out, "--no-highlight", "--quiet", templates=templates, cache=cache))
            rows["warm"].append(build(content, code_out, templates=templates, cache=cache))
            outs += [plain_out, code_out]
        for out in outs:
            shutil.rmtree(out, ignore_errors=True)
        settle()
        for run in range(args.runs):
            wall, cpu, said = build(content, work / f"search-{run}", "--search", "--no-highlight", cache=work / "user-cache-0")
            seconds = re.search(r"search index made in ([\d.]+) s", said)
            rows["search"].append((float(seconds.group(1)) if seconds else float("nan"), wall, cpu))

    def cost(kind, base):
        wall = median([r[0] for r in rows[kind]]) - median([r[0] for r in rows[base]])
        cpu = median([r[1] for r in rows[kind]]) - median([r[1] for r in rows[base]])
        return wall, cpu

    plain_wall, plain_cpu = median([r[0] for r in rows["plain"]]), median([r[1] for r in rows["plain"]])
    cold_wall, cold_cpu = cost("cold", "plain")
    warm_wall, warm_cpu = cost("warm", "plain again")
    shared_wall, shared_cpu = cost("shared", "plain")
    count = int(blocks.replace(",", "")) or 1
    print("| measure | wall | CPU (user + sys) |")
    print("|---|---:|---:|")
    print(f"| clean build, code plain (--no-highlight) | {plain_wall:.2f} s | {plain_cpu:.2f} s |")
    print(f"| + highlighting {blocks} blocks, cold (Pygments) | {cold_wall:+.2f} s | {cold_cpu:+.2f} s ({cold_cpu / count * 1e6:.0f} µs a block) |")
    print(f"| clean build into a new folder, + highlighting from the user's cache | {shared_wall:+.2f} s | {shared_cpu:+.2f} s |")
    print(f"| every entry rendered again, + highlighting from the cache | {warm_wall:+.2f} s | {warm_cpu:+.2f} s |")
    search = rows["search"]
    print(f"| search index (Pagefind, extended) in a clean build with --search | {median([s[0] for s in search]):.2f} s "
          f"(build {median([s[1] for s in search]):.2f} s) | {median([s[2] for s in search]):.2f} s (whole build) |")
    print(flush=True)


if __name__ == "__main__":
    main()
