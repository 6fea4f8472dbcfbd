"""Helpers shared by the site tests and the browser tests: they run the real `blogpager` binary."""
import datetime
import hashlib
import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BINARY = Path(os.environ.get("BLOGPAGER", REPO / ".build" / "debug" / "blogpager")).resolve()
# The Python that runs Pygments and Pagefind for blogpager: builds run in other folders, so its path is made absolute.
if os.environ.get("BLOGPAGER_PYTHON"):
    os.environ["BLOGPAGER_PYTHON"] = str(Path(os.environ["BLOGPAGER_PYTHON"]).absolute())


def run_build(content, out, *args, check=True, env=None):
    """Runs `blogpager build content out args...` (with `env` added to the environment) and returns the completed process."""
    result = subprocess.run(
        [str(BINARY), "build", str(content), str(out), *map(str, args)],
        capture_output=True, text=True, cwd=Path(content).parent, env=env and dict(os.environ, **env),
    )
    if check and result.returncode != 0:
        raise AssertionError(f"build failed ({result.returncode}):\n{result.stderr}")
    return result


def write_files(root, files):
    """Writes {relative path: text or bytes} below root, making folders as needed."""
    for name, data in files.items():
        path = Path(root) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data) if isinstance(data, bytes) else path.write_text(data, encoding="utf-8")


def tree_digest(folder):
    """{relative path: sha256} of every file below folder."""
    folder = Path(folder)
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*")) if path.is_file()
    }


BUILD_RECORDS = {".blogpager/last-build", ".blogpager/render-cache", ".blogpager/static-files", ".blogpager/entry-cache",
                 ".blogpager/python"}


def without_build_record(digest):
    """A tree_digest without the build records (the last build's fingerprint, its
    render cache, its static files' sources, the Python it started), which hold inode numbers and times of
    this machine's files: two folders built alike differ only there."""
    return {path: value for path, value in digest.items() if path not in BUILD_RECORDS}


def site_digest(folder):
    return without_build_record(tree_digest(folder))


def entry(title, date=None, slug=None, tags=None, body="Body text.", extra=""):
    lines = ["---", f"title: {title}"]
    if date:
        lines.append(f"date: {date}")
    if slug:
        lines.append(f"slug: {slug}")
    if tags:
        lines.append("tags: [" + ", ".join(tags) + "]")
    if extra:
        lines.append(extra)
    lines += ["---", "", body, ""]
    return "\n".join(lines)


def png(width, height):
    """A plain grey PNG of the given size: a real image the build reads the size of."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x99" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def write_archive(content, count, start_day=0, images=False, code=False):
    """A fixture blog: count entries over the years, some sharing a date, English and Japanese;
    with `images`, every seventh entry shows a picture of the site's own (no size in the Markdown);
    with `code`, every fifth English one has a block of Python with line numbers and a marked line."""
    content = Path(content)
    content.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        day = start_day + index // 2  # two entries a day: equal dates are common
        date = (datetime.date(2010, 1, 1) + datetime.timedelta(days=day * 5)).isoformat()
        offset = ["+09:00", "-07:00", "Z"][index % 3]
        time = f"{date}T{8 + index % 3:02d}:00:00{offset}"
        japanese = index % 5 == 0
        title = f"記事 {index}" if japanese else f"Entry {index}"
        body = ("これは本文です。\n\n二段落目。" if japanese else f"Paragraph one of entry {index}.\n\nParagraph two.")
        if code and index % 5 == 2:
            body += (f"\n\n```python {{linenos=true,hl_lines=[2]}}\ndef entry_{index}(items):\n"
                     f"    return [item * {index} for item in items if item]  # a comment\n```")
        if images and index % 7 == 3:
            picture = content / "static" / "images" / f"picture-{index}.png"
            picture.parent.mkdir(parents=True, exist_ok=True)
            picture.write_bytes(png(320, 90 + index % 4 * 40))
            body += f"\n\n![Picture {index}](/images/picture-{index}.png)"
        (content / f"entry-{index:04d}.md").write_text(entry(title, time, tags=["t%d" % (index % 4)], body=body))


def run_on_a_terminal(args, cwd=None):
    """Runs `blogpager args...` with its standard error on a pseudo-terminal, as a person runs it:
    (exit status, what the terminal was sent, standard output)."""
    import pty
    primary, secondary = pty.openpty()
    process = subprocess.Popen([str(BINARY), *map(str, args)], cwd=cwd, stdout=subprocess.PIPE, stderr=secondary)
    os.close(secondary)
    shown = b""
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    stdout, _ = process.communicate()
    os.close(primary)
    return process.returncode, shown.decode(), stdout.decode()
