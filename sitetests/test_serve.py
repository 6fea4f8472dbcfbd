"""`blogpager serve` checked with real HTTP requests on 127.0.0.1: types, caching,
validators, gzip, traversal attempts, folders, 404s, HEAD, shutdown, and watch
mode with live reload."""
import gzip
import http.client
import json
import queue
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from helpers import BINARY, entry, run_build, write_archive
from serve_process import ServeProcess
from site_reader import load_index

SECRET = "top-secret-marker-9f1c"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("serve-site")
    write_archive(root / "content", 60)
    static = root / "content" / "static"
    (static / "img").mkdir(parents=True)
    (static / "img" / "dot.png").write_bytes(bytes.fromhex("89504e470d0a1a0a") + b"\0" * 64)
    (static / "fonts").mkdir()
    (static / "fonts" / "body.woff2").write_bytes(b"wOF2" + b"\0" * 64)
    run_build(root / "content", root / "out")
    # Things a server must never hand out: a file beside the output, and links to it.
    (root / "secret.txt").write_text(SECRET)
    (root / "outside").mkdir()
    (root / "outside" / "secret.txt").write_text(SECRET)
    (root / "out" / "leak.txt").symlink_to(root / "secret.txt")
    (root / "out" / "leak-folder").symlink_to(root / "outside")
    (root / "out" / "inside-link.json").symlink_to(root / "out" / "index.json")
    return root


@pytest.fixture(scope="module")
def server(site):
    with ServeProcess(site / "out") as process:
        yield process


def request(server, path, method="GET", headers=None):
    """A raw request: the path goes out exactly as written, no normalisation."""
    parts = urlsplit(server.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.putrequest(method, path, skip_accept_encoding=True)
    for name, value in (headers or {}).items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def index(site):
    return load_index(site / "out")


def hashed_asset(site, stem, ext):
    return next(p.name for p in (site / "out" / "assets").iterdir() if re.fullmatch(rf"{stem}\.[0-9a-f]{{16}}\.{ext}", p.name))


def test_types_and_cache_headers(server, site):
    fragment = index(site)["pages"][0]["fragment"]
    expected = {
        "/": ("text/html; charset=utf-8", "no-cache"),
        "/index.json": ("application/json; charset=utf-8", "no-cache"),
        fragment: ("text/html; charset=utf-8", "public, max-age=31536000, immutable"),
        "/assets/" + hashed_asset(site, "blogpager", "js"): ("text/javascript; charset=utf-8", "public, max-age=31536000, immutable"),
        "/assets/" + hashed_asset(site, "blogpager", "css"): ("text/css; charset=utf-8", "public, max-age=31536000, immutable"),
        "/assets/blogpager.js": ("text/javascript; charset=utf-8", "no-cache"),
        "/assets/favicon.svg": ("image/svg+xml; charset=utf-8", "no-cache"),
        "/img/dot.png": ("image/png", "no-cache"),
        "/fonts/body.woff2": ("font/woff2", "no-cache"),
    }
    for path, (content_type, cache_control) in expected.items():
        status, headers, body = request(server, path)
        assert status == 200, path
        assert headers["content-type"] == content_type, path
        assert headers["cache-control"] == cache_control, path
        assert headers["x-content-type-options"] == "nosniff"
        assert int(headers["content-length"]) == len(body)
    status, _, body = request(server, "/index.json")
    assert body == (site / "out" / "index.json").read_bytes()


def test_etag_and_last_modified_give_304(server, site):
    status, headers, body = request(server, "/index.json")
    etag, modified = headers["etag"], headers["last-modified"]
    assert status == 200 and etag.startswith('"') and modified.endswith(" GMT")
    for validators in [
        {"If-None-Match": etag},
        {"If-None-Match": "W/" + etag},
        {"If-None-Match": f'"nope", {etag}'},
        {"If-None-Match": "*"},
        {"If-Modified-Since": modified},
        {"If-Modified-Since": "Fri, 01 Jan 2100 00:00:00 GMT"},
    ]:
        status, headers304, body = request(server, "/index.json", headers=validators)
        assert status == 304, validators
        assert body == b""
        assert headers304["etag"] == etag and headers304["cache-control"] == "no-cache"
    for validators in [
        {"If-None-Match": '"something-else"'},
        {"If-Modified-Since": "Thu, 01 Jan 1970 00:00:00 GMT"},
        # If-None-Match decides when both are sent (RFC 9110 13.2.2).
        {"If-None-Match": '"something-else"', "If-Modified-Since": modified},
    ]:
        status, _, body = request(server, "/index.json", headers=validators)
        assert status == 200 and len(body) > 0, validators


def test_gzip_when_accepted_and_only_then(server, site):
    original = (site / "out" / "index.html").read_bytes()
    status, headers, body = request(server, "/", headers={"Accept-Encoding": "br, gzip;q=0.8"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == original
    assert int(headers["content-length"]) == len(body) < len(original) / 2
    gzip_etag = headers["etag"]

    status, headers, body = request(server, "/")
    assert "content-encoding" not in headers and body == original
    assert headers["etag"] != gzip_etag  # two representations, two tags
    assert request(server, "/", headers={"Accept-Encoding": "gzip;q=0"})[2] == original
    assert request(server, "/", headers={"If-None-Match": gzip_etag, "Accept-Encoding": "gzip"})[0] == 304

    status, headers, body = request(server, "/img/dot.png", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in headers  # images are already compressed


@pytest.mark.parametrize("path", [
    "/../secret.txt", "/../../../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/etc/passwd",
    "/.%2e/secret.txt", "/%2e%2e%2fsecret.txt", "/assets/..%2f..%2fsecret.txt", "/..%5csecret.txt",
    "/assets/../../secret.txt", "//../secret.txt", "/etc/passwd", "//etc/passwd", "/leak.txt",
    "/leak-folder/secret.txt", "/leak-folder/", "/.blogpager/manifest.json", "/%00", "/index.html%00.txt",
    "http://127.0.0.1/../secret.txt",
])
def test_nothing_outside_the_folder_is_served(server, path):
    status, _, body = request(server, path)
    assert status in (400, 403, 404), (path, status)
    assert SECRET.encode() not in body and b"root:" not in body


def test_a_symlink_inside_the_folder_is_served(server, site):
    status, _, body = request(server, "/inside-link.json")
    assert status == 200 and body == (site / "out" / "index.json").read_bytes()


def test_folders_redirect_to_their_slash_and_are_never_listed(server, site):
    page_url = index(site)["pages"][1]["url"]
    status, headers, _ = request(server, page_url.rstrip("/") + "?x=1")
    assert status == 301 and headers["location"] == page_url + "?x=1"
    status, headers, body = request(server, page_url)
    assert status == 200 and body == (site / "out" / page_url.strip("/") / "index.html").read_bytes()
    status, _, body = request(server, "/fragments/")
    assert status == 404 and b".html" not in body


def test_not_found_uses_the_sites_404_page_when_there_is_one(server, site, tmp_path):
    status, headers, body = request(server, "/no/such/page/")
    assert status == 404 and headers["content-type"] == "text/html; charset=utf-8"
    assert b"Not found" in body

    content = tmp_path / "content"
    write_archive(content, 3)
    (content / "static").mkdir()
    (content / "static" / "404.html").write_text("<!doctype html><title>Lost</title><p>Our own lost page.</p>")
    run_build(content, tmp_path / "out")
    with ServeProcess(tmp_path / "out") as other:
        status, headers, body = request(other, "/nothing-here")
        assert status == 404 and b"Our own lost page." in body
        assert headers["cache-control"] == "no-cache"


def test_a_site_with_a_base_path_is_served_under_it_too(tmp_path):
    """`base_url: https://example.org/blog/` (a GitHub project site): the pages link `/blog/...`
    while the files sit at the output's root; both addresses answer, as a host at that path would."""
    content = tmp_path / "content"
    write_archive(content, 5)
    (tmp_path / "blogpager.yml").write_text("title: Under a path\nbase_url: https://example.org/blog/\n")
    run_build(content, tmp_path / "out")
    entry = next(p for p in (tmp_path / "out" / "posts").iterdir())
    # The pages link the fingerprinted copy (`blogpager.<hash>.css`), not the plain one beside it.
    stylesheet = next(p.name for p in (tmp_path / "out" / "assets").iterdir() if p.name.endswith(".css") and p.name.count(".") == 2)
    with ServeProcess(tmp_path / "out") as other:
        status, _, body = request(other, "/blog/")
        assert status == 200 and b"<title>Under a path</title>" in body and f'href="/blog/assets/{stylesheet}"'.encode() in body
        for path in [f"/blog/posts/{entry.name}/", f"/blog/assets/{stylesheet}", "/blog/index.json", f"/posts/{entry.name}/"]:
            assert request(other, path)[0] == 200, path
        status, headers, _ = request(other, "/blog")
        assert status == 301 and headers["location"] == "/blog/"
        assert request(other, "/blog/no/such/page/")[0] == 404
        assert request(other, "/blogs/")[0] == 404


def test_head_answers_like_get_without_a_body(server):
    for path in ["/", "/index.json", "/no/such/file"]:
        get_status, get_headers, get_body = request(server, path)
        head_status, head_headers, head_body = request(server, path, method="HEAD")
        assert head_status == get_status and head_body == b""
        assert head_headers["content-length"] == str(len(get_body))
        for name in ["content-type", "cache-control", "etag", "last-modified"]:
            assert head_headers.get(name) == get_headers.get(name), (path, name)


def test_other_methods_are_refused(server):
    status, headers, _ = request(server, "/index.json", method="POST")
    assert status == 405 and headers["allow"] == "GET, HEAD"


def test_listens_on_loopback_only_by_default(server):
    assert urlsplit(server.url).hostname == "127.0.0.1"
    port = urlsplit(server.url).port
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    probe.connect(("10.254.254.254", 1))  # no packet is sent; this only picks the outgoing address
    own_address = probe.getsockname()[0]
    probe.close()
    if own_address.startswith("127."):
        pytest.skip("this machine has no address but loopback")
    with pytest.raises(OSError):
        socket.create_connection((own_address, port), timeout=2).close()


def test_a_port_in_use_is_a_clear_error(site):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        result = subprocess.run([str(BINARY), "serve", str(site / "out"), "--port", str(port)],
                                capture_output=True, text=True, timeout=30)
    finally:
        taken.close()
    assert result.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}: the port is in use" in result.stderr
    assert "Fatal error" not in result.stderr and "Stack dump" not in result.stderr


def test_a_missing_folder_is_a_clear_error(tmp_path):
    result = subprocess.run([str(BINARY), "serve", str(tmp_path / "nope"), "--port", "0"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 1 and "error: no such folder" in result.stderr


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_stops_cleanly_on_a_signal(site, sig):
    process = ServeProcess(site / "out").start()
    assert request(process, "/")[0] == 200
    assert process.stop(sig) == 0


def test_without_watch_pages_are_served_as_built(server, site):
    _, _, body = request(server, "/")
    assert body == (site / "out" / "index.html").read_bytes()
    assert request(server, "/_blogpager/events")[0] == 404


class EventStream:
    """Reads a Server-Sent Events stream in a thread; events land in a queue."""

    def __init__(self, url):
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        self.connection.request("GET", "/_blogpager/events")
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("content-type").startswith("text/event-stream")
        self.events = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        name, data = None, []
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].strip())
                elif line == "" and name:
                    self.events.put((name, json.loads("\n".join(data)) if data else None))
                    name, data = None, []
        except Exception:  # the test closed the connection: the stream is over
            pass
        self.events.put(("closed", None))

    def next(self, timeout=30):
        return self.events.get(timeout=timeout)

    def close(self):
        # Shut the socket first: the reading thread holds the buffered reader until data arrives.
        self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


@pytest.fixture
def watched(tmp_path):
    root = tmp_path
    write_archive(root / "content", 30)
    process = ServeProcess(root / "out", "--watch", root / "content", cwd=root).start()
    yield root, process
    assert process.stop(signal.SIGINT) == 0


def edit(path, old, new):
    path.write_text(path.read_text().replace(old, new))


def test_watch_rebuilds_on_an_edit_and_the_page_is_told_to_reload(watched):
    root, server = watched
    target = root / "content" / "entry-0007.md"
    entry_folder = next((root / "out").rglob("entry-0007"))
    entry_url = "/" + entry_folder.relative_to(root / "out").as_posix() + "/"
    status, _, body = request(server, entry_url)
    assert status == 200 and b'<script src="/_blogpager/live-reload.js" defer></script></body>' in body
    fragment = index(root)["pages"][0]["fragment"]
    assert b"live-reload" not in request(server, fragment)[2]  # fragments stay as built

    stream = EventStream(server.url)
    edit(target, "Paragraph one of entry 7.", "Paragraph one of entry 7, edited while serving.")
    assert stream.next() == ("reload", [])
    server.wait_for_line(r"^built 30 entries .* 1 entry read")
    assert b"edited while serving" in request(server, entry_url)[2]
    stream.close()


def test_a_bad_edit_keeps_the_last_good_site_and_reports_its_errors(watched):
    root, server = watched
    before = request(server, "/index.json")[2]
    stream = EventStream(server.url)
    (root / "content" / "broken.md").write_text("---\ntitle: Broken\ndate: not a date\n---\nBody\n")
    name, lines = stream.next()
    assert name == "failure"
    assert any(re.match(r".*broken\.md:3:7: error: ", line) for line in lines), lines
    server.wait_for_line(r"broken\.md:3:7: error: ")
    server.wait_for_line(r"still serving the last good site")
    status, _, body = request(server, "/index.json")
    assert status == 200 and body == before

    late = EventStream(server.url)  # a page opened now learns of the failure at once
    assert late.next()[0] == "failure"

    (root / "content" / "broken.md").write_text(entry("Fixed", "2009-06-01T00:00:00Z"))
    assert stream.next() == ("reload", [])
    assert late.next() == ("reload", [])
    server.wait_for_line(r"^built 31 entries")
    assert json.loads(request(server, "/index.json")[2])["entries"] == 31
    stream.close()
    late.close()
