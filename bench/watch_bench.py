#!/usr/bin/env python3
"""What a rebuild costs under `blogpager serve --watch` after one change, beside
a full build of the same corpus (1,000 and 10,000 entries by default).

Times are the build's own, as the watcher prints them (load, read the changed
entries, render, write), without the 200 ms polling and settling delay.

    python3 bench/watch_bench.py [--sizes 1000 10000] [--runs 5]
"""
import argparse
import os
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
sys.path.insert(0, str(REPO / "sitetests"))
# The release binary, also for the serve helper (it reads BLOGPAGER when imported).
os.environ.setdefault("BLOGPAGER", str(REPO / ".build" / "release" / "blogpager"))
from corpus import entry_path, entry_text, write_corpus  # noqa: E402
from serve_process import ServeProcess  # noqa: E402

BINARY = Path(os.environ["BLOGPAGER"])
BUILT = r"^built (\d+) entries .*: (\d+) files written, (\d+) unchanged, (\d+) removed \(([\d.]+) s\), (\d+) entries read"


def full_build(content, out):
    started = time.monotonic()
    subprocess.run([str(BINARY), "build", str(content), str(out), "--quiet"], check=True, cwd=content.parent)
    return time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    print("| entries | full build s (median) | change | rebuild s (median, range) | entries read | files written | rebuild/full |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    for size in args.sizes:
        work = Path(tempfile.mkdtemp(prefix="blogpager-watch-bench-"))
        try:
            content = work / "content"
            write_corpus(content, size)
            fulls = []
            for run in range(3):
                fulls.append(full_build(content, work / f"full-{run}"))
                shutil.rmtree(work / f"full-{run}")
            full = statistics.median(fulls)

            server = ServeProcess(work / "out", "--watch", content, cwd=work).start(timeout=600)
            changes = {
                "edit one old entry": lambda run: entry_path(content, size // 3).write_text(
                    entry_text(size // 3, count=size) + f"\nOne more sentence, edit {run}.\n"),
                "add one new entry": lambda run: (content / "new" / f"new-{run}.md").write_text(
                    entry_text(size + run, count=size).replace(f"entry-{size + run:06d}", f"new-entry-{run}")),
            }
            (content / "new").mkdir()
            for name, change in changes.items():
                rows = []
                for run in range(args.runs):
                    change(run)
                    line = server.wait_for_line(BUILT, timeout=600)
                    match = re.search(BUILT, line)
                    rows.append((float(match.group(5)), int(match.group(6)), int(match.group(2))))
                    time.sleep(0.3)
                times = sorted(row[0] for row in rows)
                median = statistics.median(times)
                print(f"| {size:,} | {full:.2f} | {name} | {median:.3f} ({times[0]:.3f}–{times[-1]:.3f}) | "
                      f"{rows[-1][1]} | {rows[-1][2]} | {median / full:.0%} |", flush=True)
            server.stop()
        finally:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
