"""No input crashes or hangs a build: seeded, reproducible mutations of entries and configs
(`fuzz_inputs.py`), each site built from its root. Every build exits 0 or 1, never by a signal;
every refusal is one line in compiler form naming a file with line and column; every build that
succeeds has a valid index.json; none outlives a generous watchdog. The slowest shapes' figures
are printed by `make bench` (bench/limits_bench.py), not checked here."""
import html
import json
import os
import re
import shutil
import subprocess
from urllib.parse import urlsplit

import jsonschema
import pytest

from fuzz_inputs import cases
from helpers import BINARY, REPO

SEED = int(os.environ.get("BLOGPAGER_FUZZ_SEED", "20261202"))
SITES = int(os.environ.get("BLOGPAGER_FUZZ_SITES", "400"))
WATCHDOG_SECONDS = 60
LOCATED = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning|note): .+$")
SUMMARY = re.compile(r"^error: build failed with \d+ errors?; .+$")
SCHEMA = json.loads((REPO / "docs" / "index.schema.json").read_text())


def write_site(root, files):
    for path, data in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def check_build(root, out, highlight):
    args = [str(BINARY), "build", str(root), str(out)] + ([] if highlight else ["--no-highlight"])
    try:
        result = subprocess.run(args, capture_output=True, timeout=WATCHDOG_SECONDS, cwd=root)
    except subprocess.TimeoutExpired:
        return f"still running after {WATCHDOG_SECONDS} s"
    stderr = result.stderr.decode("utf-8", "replace")
    if result.returncode not in (0, 1):
        return f"exit {result.returncode}:\n{stderr[-3000:]}"
    if result.returncode == 1:
        lines = [line for line in stderr.splitlines() if line]
        if not lines or not SUMMARY.match(lines[-1]):
            return f"a refusal without its summary line:\n{stderr[-3000:]}"
        errors = [line for line in lines[:-1] if ": error: " in line or line.startswith("error:")]
        if not errors:
            return f"a refusal that names no error:\n{stderr[-3000:]}"
        for line in lines[:-1]:
            if not LOCATED.match(line):
                return f"a line not in compiler form: {line[:300]!r}"
            path = LOCATED.match(line)["path"]
            if not (root / path).exists() and not os.path.exists(path):
                return f"a finding names no file of the site: {line[:300]!r}"
        return None
    index = out / "index.json"
    if not index.exists():
        # A site whose every language is in a folder of its own: the root leads to the default one's, which has it.
        front = out / "index.html"
        target = re.search(r'http-equiv="refresh" content="0; url=([^"]*)"', front.read_text(encoding="utf-8")) if front.exists() else None
        # Its path may start with the site's base path, which out/ does not hold.
        segments = [part for part in urlsplit(html.unescape(target[1])).path.split("/") if part] if target else []
        for start in range(len(segments) + 1):
            if out.joinpath(*segments[start:], "index.json").exists():
                index = out.joinpath(*segments[start:], "index.json")
                break
    if not index.exists():
        return "a build that succeeded wrote no index.json"
    try:
        jsonschema.validate(json.loads(index.read_text()), SCHEMA)
    except (ValueError, jsonschema.ValidationError) as error:
        return f"index.json is not valid: {error}"
    return None


def test_mutated_sites_never_crash_hang_or_lie(tmp_path):
    failures = []
    for number, kind, role, files in cases(SEED, SITES):
        root = tmp_path / f"site-{number}"
        write_site(root, files)
        problem = check_build(root, tmp_path / f"out-{number}", highlight=number % 5 == 0)
        if problem:
            failures.append(f"case {number} ({kind}, mutated {role}; BLOGPAGER_FUZZ_SEED={SEED}): {problem}")
            keep = tmp_path.parent / "fuzz-failures" / f"case-{number}"
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(root, keep)
        else:
            shutil.rmtree(root)
            shutil.rmtree(tmp_path / f"out-{number}", ignore_errors=True)
    assert not failures, f"{len(failures)} of {SITES} sites:\n" + "\n\n".join(failures[:15])
