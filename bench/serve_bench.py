#!/usr/bin/env python3
"""`blogpager serve` under load beside nginx, in one run, on loopback.

Builds a 300-entry site with the release binary, serves it with blogpager and
with nginx (same folder, same headers: types, Cache-Control, ETag, gzip), and
drives each with wrk on a fragment and on index.json. Prints requests/s,
latency percentiles and errors, and the ratio blogpager/nginx.

    python3 bench/serve_bench.py [--seconds 30] [--connections 64]
"""
import argparse
import gzip
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "sitetests"))
from helpers import write_archive  # noqa: E402

BINARY = Path(os.environ.get("BLOGPAGER", REPO / ".build" / "release" / "blogpager"))

NGINX_CONF = """
worker_processes {workers};
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    types {{ text/javascript js; }}
    default_type application/octet-stream;
    charset utf-8;
    charset_types text/html text/css text/javascript application/json application/xml image/svg+xml;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    open_file_cache max=10000 inactive=60s;
    open_file_cache_valid 1s;
    gzip_static on;
    gzip_vary on;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {root};
        location ~ "\\.[0-9a-f]{{16}}\\.[a-z0-9]+$" {{
            add_header Cache-Control "public, max-age=31536000, immutable";
            add_header X-Content-Type-Options nosniff;
        }}
        location / {{
            add_header Cache-Control "no-cache";
            add_header X-Content-Type-Options nosniff;
        }}
    }}
}}
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(port, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listening on {port}")


def headers_of(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def wrk(port, path, seconds, connections, threads):
    result = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency",
         "-H", "Accept-Encoding: gzip", f"http://127.0.0.1:{port}{path}"],
        capture_output=True, text=True, check=True)
    out = result.stdout

    def latency(label):
        match = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    errors = 0
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if socket_errors:
        errors += sum(int(n) for n in socket_errors.groups())
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non_2xx:
        errors += int(non_2xx.group(1))
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": latency("50"), "p90": latency("90"), "p99": latency("99"),
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),
        "errors": errors,
    }


def median_run(rows):
    """The run with the median requests/s (its latencies go with it)."""
    return sorted(rows, key=lambda row: row["rps"])[len(rows) // 2]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=int(os.environ.get("BENCH_SECONDS", "30")),
                        help="load time per server and target, split into --rounds alternating runs")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="blogpager-serve-bench-"))
    work.chmod(0o755)  # nginx workers run as another user
    processes = []
    try:
        write_archive(work / "content", 300)
        subprocess.run([str(BINARY), "build", str(work / "content"), str(work / "out"), "--quiet"], check=True, cwd=work)
        # nginx serves the same bytes; gzip_static needs the .gz files beside them.
        shutil.copytree(work / "out", work / "nginx-root", ignore=shutil.ignore_patterns(".blogpager"))
        for file in (work / "nginx-root").rglob("*"):
            if file.suffix in {".html", ".json", ".js", ".css", ".svg", ".xml"}:
                (file.parent / (file.name + ".gz")).write_bytes(gzip.compress(file.read_bytes(), 9, mtime=0))

        ours = free_port()
        processes.append(subprocess.Popen([str(BINARY), "serve", str(work / "out"), "--port", str(ours)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        theirs = free_port()
        conf = work / "nginx.conf"
        conf.write_text(NGINX_CONF.format(tmp=work, port=theirs, root=work / "nginx-root", workers=os.cpu_count()))
        processes.append(subprocess.Popen(["nginx", "-c", str(conf), "-p", str(work)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_until_up(ours)
        wait_until_up(theirs)

        index = json.loads((work / "out" / "index.json").read_text())
        targets = [("fragment", index["pages"][0]["fragment"]), ("index.json", "/index.json")]
        for _, path in targets:
            for port in (ours, theirs):
                status, headers, body = headers_of(port, path)
                assert status == 200 and headers.get("content-encoding") == "gzip", (port, path, headers)
            ours_body = gzip.decompress(headers_of(ours, path)[2])
            assert ours_body == gzip.decompress(headers_of(theirs, path)[2]), path

        nginx_version = subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr.strip()
        print(f"wrk -t{args.threads} -c{args.connections}, {args.rounds} alternating runs of {max(1, args.seconds // args.rounds)} s per server, "
              f"Accept-Encoding: gzip, on 127.0.0.1; "
              f"{os.cpu_count()} cores shared by client and server; {nginx_version} with {os.cpu_count()} workers")
        print()
        each = max(1, args.seconds // args.rounds)
        print("| target | server | requests/s, median (range) | p50 ms | p90 ms | p99 ms | errors | blogpager/nginx |")
        print("|---|---|---:|---:|---:|---:|---:|---:|")
        for name, path in targets:
            wrk(ours, path, 3, args.connections, args.threads)  # warm up both the same way
            wrk(theirs, path, 3, args.connections, args.threads)
            # Alternate short runs so that the machine's drift falls on both alike.
            runs = {"blogpager": [], "nginx": []}
            for _ in range(args.rounds):
                runs["blogpager"].append(wrk(ours, path, each, args.connections, args.threads))
                runs["nginx"].append(wrk(theirs, path, each, args.connections, args.threads))
            medians = {label: median_run(rows) for label, rows in runs.items()}
            for label in ("blogpager", "nginx"):
                row = medians[label]
                spread = "–".join(f"{r['rps'] / 1000:.0f}k" for r in sorted(runs[label], key=lambda r: r["rps"])[::max(1, args.rounds - 1)])
                errors = sum(r["errors"] for r in runs[label])
                ratio = f"{medians['blogpager']['rps'] / medians['nginx']['rps']:.2f}" if label == "blogpager" else ""
                print(f"| {name} | {label} | {row['rps']:,.0f} ({spread}) | {row['p50']:.2f} | {row['p90']:.2f} | {row['p99']:.2f} | {errors} | {ratio} |",
                      flush=True)
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        if os.environ.get("BENCH_KEEP"):
            print("kept", work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
