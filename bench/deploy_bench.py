#!/usr/bin/env python3
"""`blogpager deploy` of a 10,000-entry site: the first deploy, then one new post, to a local folder
and to S3 (moto's server on loopback, when the virtualenv has it). For each: seconds, files and
bytes sent, and the rclone calls made (by command: one listing a deploy).

    python3 bench/deploy_bench.py [--size 10000]
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from build_bench import BLOGPAGER  # noqa: E402
from corpus import entry_path, entry_text, write_corpus  # noqa: E402

CONFIG = "title: Bench\nbase_url: https://example.org/\npage_size: 10\n"


def rclone_shim(folder, log):
    """An `rclone` first on the PATH that notes each command, then runs the real one."""
    real = shutil.which("rclone")
    if not real:
        sys.exit("deploy_bench.py: error: rclone is not installed (Debian: apt-get install rclone; make bench installs it)")
    shim = folder / "rclone"
    shim.write_text(f'#!/bin/sh\necho "$1" >> "{log}"\nexec "{real}" "$@"\n')
    shim.chmod(0o755)
    return {**os.environ, "PATH": f"{folder}:{os.environ['PATH']}"}


def deploy(out, remote, env, log):
    log.write_text("")
    start = time.monotonic()
    result = subprocess.run([str(BLOGPAGER), "deploy", str(out), remote], capture_output=True, text=True, env=env)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"deploy failed:\n{result.stderr}")
    found = re.search(r"(\d+) files sent \(([\d.]+) MB\), (\d+) unchanged", result.stdout)
    calls = {}
    for line in log.read_text().split():
        calls[line] = calls.get(line, 0) + 1
    return seconds, int(found[1]), float(found[2]), int(found[3]), calls


def moto(env):
    """moto's S3 server on a free port, with a bucket: (the remote, the process); None without moto."""
    server_binary = REPO / ".venv" / "bin" / "moto_server"
    if not server_binary.exists():
        return None
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([str(server_binary), "-H", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    remote = f':s3,provider=Other,access_key_id=bench,secret_access_key=benchsecret,region=us-east-1,endpoint="http://127.0.0.1:{port}":blog'
    env.pop("AWS_CA_BUNDLE", None)
    for _ in range(100):
        if subprocess.run(["rclone", "mkdir", remote], env=env, capture_output=True).returncode == 0:
            return remote, process
        time.sleep(0.1)
    process.terminate()
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=10_000)
    args = parser.parse_args()
    if not BLOGPAGER.is_file():
        sys.exit(f"deploy_bench.py: error: no blogpager binary at {BLOGPAGER}: run `make build` first (`make bench` does)")
    with tempfile.TemporaryDirectory(prefix="bp-deploy-") as temp:
        work = Path(temp)
        content, out = work / "content", work / "out"
        write_corpus(content, args.size)
        (work / "blogpager.yml").write_text(CONFIG)
        subprocess.run([str(BLOGPAGER), "build", str(content), str(out), "--quiet"], cwd=work, check=True)
        log = work / "rclone-calls.txt"
        env = rclone_shim(work, log)
        remotes = [("a local folder", str(work / "remote"))]
        server = moto(env)
        if server:
            remotes.append(("S3 (moto on loopback)", server[0]))
        rows = []
        for name, remote in remotes:
            first = deploy(out, remote, env, log)
            new = entry_path(content, args.size)
            new.parent.mkdir(parents=True, exist_ok=True)
            new.write_text(entry_text(args.size, count=args.size))
            built = subprocess.run([str(BLOGPAGER), "build", str(content), str(out)], cwd=work, capture_output=True, text=True, check=True)
            written = re.search(r"(\d+) files written, \d+ unchanged, (\d+) removed", built.stdout)
            added = deploy(out, remote, env, log)
            nothing = deploy(out, remote, env, log)
            new.unlink()
            subprocess.run([str(BLOGPAGER), "build", str(content), str(out), "--quiet"], cwd=work, check=True)
            rows.append((name, first, added, nothing, int(written[1]), int(written[2])))
        if server:
            server[1].terminate()
    print(f"## blogpager deploy, {args.size:,} entries\n")
    print("| to | first deploy | a new post: build wrote | deploy | sent | rclone calls | nothing changed |")
    print("|---|---:|---:|---:|---:|---|---:|")
    for name, first, added, nothing, written, removed in rows:
        calls = ", ".join(f"{command} {count}" for command, count in sorted(added[4].items()))
        print(f"| {name} | {first[0]:.2f} s, {first[1]:,} files, {first[2]:.1f} MB | {written} files ({removed} removed) | {added[0]:.2f} s | "
              f"{added[1]} files, {added[2]:.1f} MB | {calls} | {nothing[0]:.2f} s, {nothing[1]} files |")
    print("\nThe removed files stay on the remote through --keep-removed (a day): only the files the build wrote go up.\n", flush=True)


if __name__ == "__main__":
    main()
