"""The binary allocates through jemalloc, which Package.swift links in place of glibc's malloc: with
glibc's, a rebuild of 10,000 entries took about 8% longer (docs/benchmarks.md, thirty-second round).
A link that lost it would build the same site, only slower, so no other test would notice."""
import sys

import pytest

from helpers import entry, run_build


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="jemalloc is linked on Linux only")
def test_the_binary_allocates_through_jemalloc(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "first.md").write_text(entry("First", date="2024-01-02"))
    # jemalloc reads MALLOC_CONF and, asked to, prints its statistics at exit; glibc's malloc ignores it.
    result = run_build(content, tmp_path / "out", env={"MALLOC_CONF": "stats_print:true"})
    assert "Begin jemalloc statistics" in result.stderr
    assert (tmp_path / "out" / "index.html").is_file()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="jemalloc is linked on Linux only")
def test_the_binary_gives_jemalloc_its_settings(tmp_path):
    # Freed pages go back after half a second (CAllocatorSettings): without it a clean build's peak
    # was 117-134 MiB, not 105-112 (docs/benchmarks.md, issue 84). jemalloc says where each setting came from.
    content = tmp_path / "content"
    content.mkdir()
    (content / "first.md").write_text(entry("First", date="2024-01-02"))
    result = run_build(content, tmp_path / "out", env={"MALLOC_CONF": "confirm_conf:true"})
    assert 'global variable malloc_conf): "dirty_decay_ms:500,muzzy_decay_ms:0"' in result.stderr
    assert "Set conf value: dirty_decay_ms:500" in result.stderr
