"""A large stream's index: a small index.json that lists immutable parts of pages."""
from pathlib import Path

import pytest

from helpers import entry, run_build, tree_digest, write_archive
from site_reader import load_index, load_root_index
from test_site_contract import check_index_schema, fragment_articles, sort_key

ENTRIES = 900
ROOT_LIMIT = 16_000


@pytest.fixture
def large_site(tmp_path):
    write_archive(tmp_path / "content", ENTRIES)
    # Pages of two entries: some 450 pages, far too many for one small file.
    (tmp_path / "blogpager.yml").write_text("title: Parts\npage_size: 2\n")
    run_build(tmp_path / "content", tmp_path / "out")
    return tmp_path


def part_files(out):
    return {path: digest for path, digest in tree_digest(out).items() if path.startswith("fragments/pages-")}


def test_the_root_is_small_and_the_parts_hold_every_entry_once_in_order(large_site):
    out = large_site / "out"
    root = check_index_schema(out)
    size = (out / "index.json").stat().st_size
    print(f"\nindex.json: {size} bytes, {len(root['parts'])} parts")
    assert size < ROOT_LIMIT
    assert len(root["parts"]) > 1 and all("url" in part for part in root["parts"])
    index = load_index(out)
    assert sum(part["count"] for part in root["parts"]) == len(index["pages"])
    assert sum(part["entries"] for part in root["parts"]) == root["entries"] == ENTRIES
    pages = index["pages"]
    assert pages[0]["newer"] is None and pages[-1]["older"] is None
    for newer, older in zip(pages, pages[1:]):
        assert newer["older"] == older["id"] and older["newer"] == newer["id"]
    offset = 0
    for part in root["parts"]:
        run = pages[offset:offset + part["count"]]
        assert part["first"] == run[0]["first"] and part["last"] == run[-1]["last"]
        offset += part["count"]
    articles = fragment_articles(out, index)
    assert len(articles) == ENTRIES
    assert [sort_key(a) for a in articles] == sorted(sort_key(a) for a in articles)


def test_publishing_replaces_only_the_newest_part(large_site):
    before = part_files(large_site / "out")
    (large_site / "content" / "new.md").write_text(entry("New", "2025-01-01T09:00:00Z"))
    run_build(large_site / "content", large_site / "out")
    after = part_files(large_site / "out")
    newest = load_root_index(large_site / "out")["parts"][0]["url"].lstrip("/")
    assert set(after) - set(before) == {newest}
    assert len(set(before) - set(after)) == 1
    assert all(after[path] == digest for path, digest in before.items() if path in after)


def test_a_back_dated_entry_replaces_only_the_parts_around_it(large_site):
    before = part_files(large_site / "out")
    (large_site / "content" / "old.md").write_text(entry("Old", "2012-06-01T09:00:00Z"))
    run_build(large_site / "content", large_site / "out")
    after = part_files(large_site / "out")
    print(f"\nback-dated: {len(set(after) - set(before))} of {len(after)} parts replaced")
    # A page split there may also move or drop the boundary of one neighbouring part.
    assert 1 <= len(set(after) - set(before)) <= 2 and 1 <= len(set(before) - set(after)) <= 2
