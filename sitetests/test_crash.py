"""A build killed at any moment, stopped by a signal, run twice at once or out of disk space
never wedges out/: the next build just works, with nothing deleted by hand, and the site it
leaves is the one a clean build makes."""
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from helpers import BINARY, entry, run_build, site_digest, write_archive

ENTRIES = 1000
MOMENTS = 12


# Every kill is tried under both ways a build runs (docs/internals.md, "Large archives").
EXECUTIONS = ["plain", "large-archive"]


def start_build(content, out, *args):
    return subprocess.Popen([str(BINARY), "build", str(content), str(out), *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=Path(content).parent)


def timed_build(content, out):
    started = time.monotonic()
    run_build(content, out)
    return time.monotonic() - started


def kill_at(content, out, seconds, *args):
    """Starts a build, kills it (SIGKILL, as a crash or an out-of-memory kill would) after `seconds`."""
    process = start_build(content, out, *args)
    time.sleep(seconds)
    process.kill()
    process.communicate()
    return process.returncode


@pytest.fixture(scope="module")
def blog(tmp_path_factory):
    """A blog of ENTRIES entries, a clean build of it, and the same blog after a day of writing."""
    root = tmp_path_factory.mktemp("crash")
    write_archive(root / "before", ENTRIES)
    (root / "blogpager.yml").write_text("title: Crash\nbase_url: https://example.org/\n")
    shutil.copytree(root / "before", root / "after")
    after = root / "after"
    # New entries at the head and in the middle, an edit, a deletion: a rebuild that writes a lot.
    for index in range(25):
        (after / f"new-{index}.md").write_text(entry(f"New {index}", f"2030-01-{index + 1:02d}T10:00:00Z", tags=["new"]))
    (after / "late.md").write_text(entry("Found in a drawer", "2012-06-15T12:30:00Z", tags=["t1"]))
    (after / "entry-0101.md").write_text((after / "entry-0101.md").read_text().replace("Paragraph one", "The first paragraph"))
    (after / "entry-0150.md").unlink()
    full = timed_build(root / "before", root / "clean-before")
    timed_build(root / "after", root / "clean-after")
    return root, full


def moments(duration):
    """MOMENTS times spread over a build of `duration` seconds, from its first instant to just past its end."""
    return [duration * 1.1 * (step + 0.5) / MOMENTS for step in range(MOMENTS)]


@pytest.mark.parametrize("execution", EXECUTIONS)
def test_a_first_build_killed_at_any_moment_is_followed_by_one_that_works(blog, execution):
    root, duration = blog
    expected = site_digest(root / "clean-before")
    for index, seconds in enumerate(moments(duration)):
        out = root / f"first-{execution}-{index}"
        kill_at(root / "before", out, seconds, "--execution", execution)
        result = run_build(root / "before", out, "--execution", execution, check=False)
        assert result.returncode == 0, f"killed after {seconds:.2f} s, the next build failed:\n{result.stderr}"
        assert site_digest(out) == expected, f"killed after {seconds:.2f} s, the next build left another site"
        assert not (out / ".blogpager" / "journal").exists()
        leftovers = [path for path in out.rglob("*.blogpager-tmp")]
        assert leftovers == [], f"temporary files left after a kill at {seconds:.2f} s: {leftovers[:3]}"
        shutil.rmtree(out)


@pytest.mark.parametrize("execution", EXECUTIONS)
def test_a_rebuild_killed_at_any_moment_is_followed_by_one_that_works(blog, execution):
    root, duration = blog
    expected = site_digest(root / "clean-after")
    for index, seconds in enumerate(moments(duration)):
        out = root / f"rebuild-{execution}-{index}"
        run_build(root / "before", out, "--execution", execution)
        # The rebuild is shorter than a full build: kill it within its own duration.
        kill_at(root / "after", out, seconds / 2, "--execution", execution)
        result = run_build(root / "after", out, "--execution", execution, check=False)
        assert result.returncode == 0, f"killed after {seconds / 2:.2f} s, the next build failed:\n{result.stderr}"
        assert site_digest(out) == expected, f"killed after {seconds / 2:.2f} s, the next build left another site"
        shutil.rmtree(out)


def test_a_folder_a_killed_build_left_is_never_taken_for_the_users(blog):
    """A file the user put in out/ stays theirs even when a killed build left the folder."""
    root, duration = blog
    out = root / "user-file"
    run_build(root / "before", out)
    (out / "CNAME").write_text("blog.example.org\n")
    kill_at(root / "after", out, duration / 4)
    run_build(root / "after", out)
    assert (out / "CNAME").read_text() == "blog.example.org\n"
    assert site_digest(out) == {**site_digest(root / "clean-after"), "CNAME": site_digest(out)["CNAME"]}


def test_two_builds_at_once_take_turns(blog):
    root, _ = blog
    out = root / "together"
    first = start_build(root / "before", out)
    second = start_build(root / "before", out)
    results = [process.communicate() + (process.returncode,) for process in (first, second)]
    assert [code for _, _, code in results] == [0, 0], results
    waited = [stderr for _, stderr, _ in results if "waiting for the build running as pid" in stderr]
    assert len(waited) <= 1
    assert site_digest(out) == site_digest(root / "clean-before")


def test_a_second_build_with_no_wait_fails_and_says_why(blog):
    root, duration = blog
    out = root / "no-wait"
    first = start_build(root / "before", out)
    # Until the first holds the lock (it takes it at once).
    time.sleep(min(0.3, duration / 4))
    second = subprocess.run([str(BINARY), "build", str(root / "before"), str(out), "--no-wait"],
                            capture_output=True, text=True, cwd=root)
    first.communicate()
    assert first.returncode == 0
    if second.returncode == 0:
        pytest.skip("the first build finished before the second started")
    assert second.returncode == 1
    assert f"error: another build is writing to this folder (pid {first.pid})" in second.stderr
    assert "was left as it was" in second.stderr
    assert site_digest(out) == site_digest(root / "clean-before")


@pytest.mark.parametrize("name, status", [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_signal_stops_the_build_at_a_safe_point_and_says_what_out_holds(blog, name, status):
    root, duration = blog
    stopped = 0
    for index, fraction in enumerate([0.3, 0.5, 0.7, 0.15]):
        out = root / f"{name}-{index}"
        process = start_build(root / "before", out)
        time.sleep(duration * fraction)
        process.send_signal(getattr(signal, name))
        _, stderr = process.communicate()
        if process.returncode == 0:
            continue  # it had finished
        stopped += 1
        assert process.returncode == status, stderr
        assert f"stopped by {name}: " in stderr
        last = stderr.strip().splitlines()[-1]
        if "was left as it was" in last:
            assert not out.exists() or not any(path.name != "lock" for path in out.rglob("*") if path.is_file())
        else:
            assert "holds part of this build" in last
        assert not (out / ".blogpager" / "journal").exists() or "holds part of this build" in last
        run_build(root / "before", out)
        assert site_digest(out) == site_digest(root / "clean-before")
    assert stopped > 0, "every build finished before its signal arrived"


@pytest.fixture
def small_disk(tmp_path):
    """A tmpfs of 4 MiB (the tests run as root); skipped where none can be mounted."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount_point)], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {result.stderr.strip() or result.returncode}")
    yield mount_point
    subprocess.run(["umount", "-l", str(mount_point)], check=False)


def test_a_full_disk_is_reported_truly_and_the_next_build_works(blog, small_disk):
    root, _ = blog
    out = small_disk / "out"
    result = run_build(root / "before", out, check=False)
    assert result.returncode == 1
    assert "No space left on device" in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    # It wrote files before the disk filled: it must not claim to have left out/ as it was.
    assert "was left as it was" not in last
    assert "holds part of this build" in last
    subprocess.run(["mount", "-o", "remount,size=64m", str(small_disk)], check=True)
    run_build(root / "before", out)
    assert site_digest(out) == site_digest(root / "clean-before")


def test_a_disk_full_before_the_first_write_leaves_out_as_it_was(blog, small_disk):
    root, _ = blog
    filler = small_disk / "filler"
    subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=64k"], capture_output=True)
    out = small_disk / "out"
    result = run_build(root / "before", out, check=False)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1].endswith("was left as it was")
    assert not out.exists()
    filler.unlink()
    subprocess.run(["mount", "-o", "remount,size=64m", str(small_disk)], check=True)
    run_build(root / "before", out)
    assert site_digest(out) == site_digest(root / "clean-before")
