#!/usr/bin/env python3
"""Clean builds as a fresh machine meets them: nothing cached anywhere, beside Hugo 0.168.

On two corpora of bench/corpus.py (10,000 entries by default): the usual one, whose code blocks
repeat (a few hundred distinct blocks among thousands), and one whose every code block is its own
(`--unique-code`), as a real blog's are. For each, blogpager and Hugo take turns, `--runs` clean
builds each (5 by default), and before every build:
  - the tool's previous output and every cache folder of its own are deleted;
  - the disk is synced and the kernel's caches are dropped (page cache, dentries and inodes, as
    after a boot: sources, binaries, Python and Pygments are read from the disk again), then
    left 5 s; where the bench may not drop them (not root), it waits 65 s instead (see below);
  - the build gets a new output folder and new, empty cache folders: blogpager's user cache
    (BLOGPAGER_CACHE_DIR) and XDG_CACHE_HOME; Hugo's --cacheDir and XDG_CACHE_HOME.
Highlighting and feeds are on in both (Hugo highlights with Chroma, blogpager with Pygments).

Each build is measured by the kernel (wait4): wall time, user and system CPU seconds, peak memory,
page faults, context switches; the disk by /proc/pressure/io (the seconds in which some task
waited on it, machine-wide, during the build); blogpager's own process apart from its Pygments
helpers (its /proc/PID/stat, read every 20 ms until it exits; the rest of the CPU is the
helpers'); its code blocks highlighted and reused, from its summary line, and its stages, from
`--timings`. Then, on the first corpus, a new entry and no change (rebuilds of the last output).

Why the caches are dropped: on ext4 without a journal (these VMs' disks), the kernel will not
reuse an inode freed less than 60 s before (360 s while its table block is dirty), and for each
file it creates it scans past every such inode whose table block is still in memory. A build
right after deleting a previous output of the same size pays that scan per file (about 2
CPU-seconds for ours, more for Hugo's); a fresh machine never does. `--keep-caches --settle 30`
shows it.

    python3 bench/cold_bench.py [--size 10000] [--runs 5] [--corpora bench unique] [--no-hugo]
                                [--keep-caches] [--settle SECONDS]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from build_bench import BLOGPAGER, HUGO, versions  # noqa: E402
from corpus import entry_path, entry_text, write_corpus  # noqa: E402

CONFIG = "title: Bench\nbase_url: https://example.org/\npage_size: 10\n"
TICKS = os.sysconf("SC_CLK_TCK")


def io_stall_seconds():
    """Machine-wide seconds in which some task waited on the disk, since boot (PSI)."""
    try:
        line = Path("/proc/pressure/io").read_text().splitlines()[0]
    except OSError:
        return None
    return int(re.search(r"total=(\d+)", line)[1]) / 1e6


def own_cpu(pid):
    """The CPU seconds of process `pid` itself (all its threads, none of its children)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS


def run(command, cwd, env):
    """Runs a build: its figures, as the kernel counts them."""
    stall = io_stall_seconds()
    with tempfile.TemporaryFile() as output:
        start = time.monotonic()
        process = subprocess.Popen([str(part) for part in command], cwd=cwd, stdout=output, stderr=subprocess.STDOUT,
                                   env={**os.environ, **env})
        last_own = [0.0]
        done = threading.Event()

        def watch():
            while not done.is_set():
                found = own_cpu(process.pid)
                if found is not None:
                    last_own[0] = found
                time.sleep(0.02)

        watcher = threading.Thread(target=watch)
        watcher.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.monotonic() - start
        done.set()
        watcher.join()
        process.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        text = output.read().decode(errors="replace")
    if process.returncode != 0:
        raise SystemExit(f"{command[0]} failed:\n{text[-3000:]}")
    after = io_stall_seconds()
    return {
        "wall": seconds, "user": usage.ru_utime, "sys": usage.ru_stime, "cpu": usage.ru_utime + usage.ru_stime,
        "peak": usage.ru_maxrss / 1024, "minflt": usage.ru_minflt, "majflt": usage.ru_majflt,
        "waits": usage.ru_nvcsw, "preempted": usage.ru_nivcsw,
        "io_stall": None if stall is None or after is None else after - stall,
        "own_cpu": last_own[0], "output": text,
    }


def drop_caches():
    """Drops the kernel's clean caches (after a sync); False where this process may not."""
    try:
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def fresh_machine(keep_caches, settle_seconds):
    """The disk synced, the caches dropped (unless kept), and a pause: SETTLE seconds, else 5 with
    the caches dropped, 65 without."""
    subprocess.run(["sync"])
    dropped = not keep_caches and drop_caches()
    time.sleep(settle_seconds if settle_seconds is not None else 5 if dropped else 65)
    return dropped


def code_blocks(text):
    found = re.search(r"(\d+) code blocks? \((\d+) highlighted, (\d+) from the cache\)", text)
    return tuple(int(part) for part in found.groups()) if found else (0, 0, 0)


def stages(text):
    """`--timings`' line: {stage: seconds}."""
    found = re.search(r"^timings: (.*)$", text, re.M)
    if not found:
        return {}
    stages, _, waits = found[1].partition("; waits: ")
    named = {name: float(value) for name, value in re.findall(r"([A-Za-z][A-Za-z ]*?) ([0-9.]+) s", stages)}
    named |= {f"{name} (waited, summed over threads)": float(value) for name, value in re.findall(r"([A-Za-z][A-Za-z ]*?) ([0-9.]+) s", waits)}
    return named


class Corpus:
    DESCRIPTIONS = {"bench": "the bench's corpus", "unique": "every code block naming its entry and place"}

    def __init__(self, name, work, size, unique):
        self.name, self.work, self.size = name, work, size
        self.description = self.DESCRIPTIONS[name]
        self.content = work / "content"
        write_corpus(self.content, size, processes=os.cpu_count(), unique_code=unique)
        (work / "blogpager.yml").write_text(CONFIG)
        self.hugo_site = work / "hugo"
        if HUGO:
            shutil.copytree(HERE / "hugo-site", self.hugo_site)
            shutil.copytree(self.content, self.hugo_site / "content" / "posts")


def cold_build(tool, corpus, run_number, keep_caches, settle_seconds):
    """One clean build of `tool`, everything of its earlier runs deleted first."""
    base = corpus.work / f"runs-{tool}"
    shutil.rmtree(base, ignore_errors=True)
    fresh_machine(keep_caches, settle_seconds)
    out, cache, xdg = base / f"out-{run_number}", base / f"cache-{run_number}", base / f"xdg-{run_number}"
    if tool == "blogpager":
        return run([BLOGPAGER, "build", corpus.content, out, "--timings"], cwd=corpus.work,
                   env={"BLOGPAGER_CACHE_DIR": str(cache), "XDG_CACHE_HOME": str(xdg)}), out
    return run([HUGO, "--quiet", "-d", out, "--cacheDir", cache], cwd=corpus.hugo_site, env={"XDG_CACHE_HOME": str(xdg)}), out


def rebuilds(corpus, out, runs):
    """A new entry, `runs` times (each taken out again, untimed), then no change: seconds and files written."""
    new = entry_path(corpus.content, corpus.size)
    env = {"BLOGPAGER_CACHE_DIR": str(out.parent / "cache-rebuilds")}
    command = [BLOGPAGER, "build", corpus.content, out]
    added, unchanged = [], []
    for _ in range(runs):
        new.parent.mkdir(parents=True, exist_ok=True)
        new.write_text(entry_text(corpus.size, count=corpus.size))
        found = run(command, corpus.work, env)
        added.append((found["wall"], written(found["output"]), found["peak"]))
        new.unlink()
        run(command, corpus.work, env)
    for _ in range(runs):
        found = run(command, corpus.work, env)
        unchanged.append((found["wall"], written(found["output"])))
    return added, unchanged


def written(text):
    found = re.search(r"(\d+) files written, \d+ unchanged, (\d+) removed", text)
    return int(found[1]) + int(found[2]) if found else None


def spread(values, digits=2, unit=" s"):
    values = [value for value in values if value is not None]
    if not values:
        return "–"
    return f"{statistics.median(values):.{digits}f}{unit} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def median(values):
    values = [value for value in values if value is not None]
    return statistics.median(values) if values else float("nan")


def distinct_blocks(content):
    """(fenced blocks, distinct ones) in the corpus' sources."""
    blocks = [block for path in Path(content).rglob("*.md") for block in re.findall(r"```\w*\n(.*?)```", path.read_text(), re.S)]
    return len(blocks), len(set(blocks))


def report(corpus, results, add_rows):
    ours, hugo = results["blogpager"], results.get("hugo", [])
    blocks = [code_blocks(found["output"]) for found in ours]
    total, highlighted, reused = blocks[-1]
    written, distinct = distinct_blocks(corpus.content)
    print(f"## {corpus.size:,} entries, {corpus.description}: {written:,} fenced blocks in the sources, {distinct:,} distinct; "
          f"{total:,} in the published pages, {highlighted:,} highlighted, {reused:,} reused "
          f"({len(ours)} clean builds each, median (range))\n")
    print("| clean build, nothing cached | blogpager | Hugo 0.168 | Hugo / blogpager |")
    print("|---|---:|---:|---:|")

    def row(label, key, digits=2, unit=" s", ratio=True):
        mine = [found[key] for found in ours]
        theirs = [found[key] for found in hugo]
        cells = f"| {label} | {spread(mine, digits, unit)} | {spread(theirs, digits, unit) if hugo else '–'} |"
        cells += f" {median(theirs) / median(mine):.2f}x |" if hugo and ratio and median(mine) else " |"
        print(cells)

    row("wall time", "wall")
    row("CPU seconds (user + system)", "cpu")
    row("user CPU seconds", "user")
    row("system CPU seconds", "sys")
    row("peak memory", "peak", 0, " MiB")
    row("page faults (minor)", "minflt", 0, "", ratio=False)
    row("waits (voluntary context switches)", "waits", 0, "", ratio=False)
    row("seconds some task waited on the disk (machine-wide)", "io_stall", ratio=False)
    own = [found["own_cpu"] for found in ours]
    helpers = [found["cpu"] - found["own_cpu"] for found in ours]
    print(f"\nblogpager's CPU seconds: its own process {spread(own)}, its Pygments helpers {spread(helpers)} "
          f"({median(helpers) / median([found['cpu'] for found in ours]):.0%} of the build's).")
    timings = [stages(found["output"]) for found in ours]
    if timings and timings[0]:
        names = list(timings[0])
        print("blogpager's stages (wall seconds, median): " + "; ".join(
            f"{name} {median([found.get(name) for found in timings]):.2f}" for name in names) + ".")
    if add_rows:
        added, unchanged = add_rows
        print(f"Rebuilds of the last output: a new entry {spread([seconds for seconds, _, _ in added])}, "
              f"{max(files for _, files, _ in added)} files written, peak {median([peak for _, _, peak in added]):.0f} MiB; "
              f"no change {spread([seconds for seconds, _ in unchanged])}, {max(files for _, files in unchanged)} files written.")
    print(flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--settle", type=float, help="seconds to wait before each build (default: 5 with the caches dropped, else 65)")
    parser.add_argument("--keep-caches", action="store_true", help="do not drop the kernel's caches before each build")
    parser.add_argument("--corpora", nargs="+", choices=["bench", "unique"], default=["bench", "unique"])
    parser.add_argument("--no-hugo", action="store_true")
    args = parser.parse_args()
    if not BLOGPAGER.is_file():
        sys.exit(f"cold_bench.py: error: no blogpager binary at {BLOGPAGER}: run `make build` first (`make bench` does), or name one in BLOGPAGER")
    tools = ["blogpager"] + (["hugo"] if HUGO and not args.no_hugo else [])
    dropping = not args.keep_caches and drop_caches()
    pause = args.settle if args.settle is not None else 5 if dropping else 65
    print(f"# clean builds with nothing cached: {versions()}; before each build its previous output deleted, the disk synced, "
          f"{'the kernel caches dropped, ' if dropping else 'the kernel caches kept, '}then {pause:.0f} s\n", flush=True)
    for name in args.corpora:
        with tempfile.TemporaryDirectory(prefix=f"bp-cold-{name}-") as temp:
            corpus = Corpus(name, Path(temp), args.size, unique=name == "unique")
            results = {tool: [] for tool in tools}
            last_out = None
            for number in range(args.runs):
                for tool in tools:
                    found, out = cold_build(tool, corpus, number, args.keep_caches, args.settle)
                    results[tool].append(found)
                    if tool == "blogpager":
                        last_out = out
            add_rows = rebuilds(corpus, last_out, args.runs) if name == args.corpora[0] else None
            report(corpus, results, add_rows)


if __name__ == "__main__":
    main()
