"""Stability and determinism: what a change to the content rewrites under out/."""
import shutil
from pathlib import Path

import pytest

from helpers import entry, run_build, site_digest, tree_digest, without_build_record, write_archive
from site_reader import load_index

ENTRIES = 300


def kind_of(path):
    """What a file under out/ is, by where it is."""
    if path.startswith(".blogpager/"):
        return "manifest"
    if path.startswith("tags/") or path.startswith("archive/"):
        if path in ("tags/index.html", "archive/index.html"):
            return "archive pages"
        return "tag streams" if path.startswith("tags/") else "month streams"
    if path in ("feed.xml", "feed.json") or path.startswith("sitemap"):
        return "feeds"
    if path.startswith("fragments/"):
        return "fragments"
    if path == "index.html" or path.startswith("page/"):
        return "list pages"
    if path == "index.json":
        return "index"
    if path.endswith("index.html"):
        return "entry pages"
    return "other"


KINDS = ["fragments", "list pages", "entry pages", "index", "tag streams", "month streams", "archive pages", "feeds", "manifest", "other"]


def changed_files(before, after):
    """Paths added, removed or with other bytes, by kind."""
    paths = {p for p in set(before) | set(after) if before.get(p) != after.get(p)}
    kinds = dict.fromkeys(KINDS, 0)
    for path in paths:
        kinds[kind_of(path)] += 1
    return len(paths), kinds


def pages_changed(before_index, after_index):
    """Pages of the new index whose fragment did not exist before (new or rewritten)."""
    old = {page["fragment"] for page in before_index["pages"]}
    return sum(1 for page in after_index["pages"] if page["fragment"] not in old)


@pytest.fixture
def site(tmp_path):
    write_archive(tmp_path / "content", ENTRIES)
    # With a base_url, so the feeds and the sitemap are part of every measure.
    (tmp_path / "blogpager.yml").write_text("title: Stability\nbase_url: https://example.org/\n")
    run_build(tmp_path / "content", tmp_path / "out")
    return tmp_path


def rebuild_and_measure(site, change, label):
    before, before_index = tree_digest(site / "out"), load_index(site / "out")
    change(site / "content")
    run_build(site / "content", site / "out")
    after, after_index = tree_digest(site / "out"), load_index(site / "out")
    total, kinds = changed_files(before, after)
    pages = pages_changed(before_index, after_index)
    print(f"\n{label}: {total} files changed {kinds}; pages rewritten: {pages} of {len(after_index['pages'])}")
    # The same content built clean gives the same bytes.
    clean = site / "clean"
    if clean.exists():
        shutil.rmtree(clean)
    run_build(site / "content", clean)
    assert site_digest(clean) == without_build_record(after), "clean and incremental builds differ"
    return total, kinds, pages


def test_a_no_change_rebuild_rewrites_nothing(site):
    total, _, pages = rebuild_and_measure(site, lambda content: None, "no change")
    assert total == 0 and pages == 0


def test_publishing_a_new_entry_touches_only_the_head(site):
    def publish(content):
        (content / "new.md").write_text(entry("Brand new", "2024-01-01T10:00:00Z", tags=["t1"]))
    total, kinds, pages = rebuild_and_measure(site, publish, "new entry")
    assert pages <= 2
    # head fragment(s) and the removed old one, the front page, the new entry and its older neighbour, the index.
    assert kinds["fragments"] <= 3 and kinds["list pages"] <= 3 and kinds["entry pages"] == 2 and kinds["index"] == 1
    # The same at the head of its tag's stream; a new month stream (fragment, page, index) and the
    # month before it, whose pages now link it; the tag and month lists; both feeds and the sitemap.
    assert kinds["tag streams"] <= 6 and kinds["month streams"] <= 8 and kinds["archive pages"] == 2
    assert kinds["feeds"] == 3
    assert total <= 30


def test_publishing_touches_only_the_streams_of_the_new_entry(site):
    before = tree_digest(site / "out")
    (site / "content" / "new.md").write_text(entry("Brand new", "2024-01-01T10:00:00Z", tags=["t1"]))
    run_build(site / "content", site / "out")
    after = tree_digest(site / "out")
    changed = {p for p in set(before) | set(after) if before.get(p) != after.get(p)}
    assert not [p for p in changed if p.startswith("tags/t0/") or p.startswith("tags/t2/") or p.startswith("tags/t3/")]
    months = {"/".join(p.split("/")[:3]) for p in changed if p.startswith("archive/") and p != "archive/index.html"}
    # the new month, and the month before it (its "next month" link)
    assert len(months) == 2 and "archive/2024/01" in months


def test_a_back_dated_entry_touches_its_page_and_at_most_one_neighbour(site):
    def backdate(content):
        (content / "late.md").write_text(entry("Found in a drawer", "2010-06-15T12:30:00Z"))
    total, kinds, pages = rebuild_and_measure(site, backdate, "back-dated entry")
    assert pages <= 2
    # itself and the two entries it now sits between (more only when its page splits)
    assert kinds["entry pages"] <= 3 + 2 * 10
    # Not among the latest entries: the feeds stay as they were; the sitemap lists it.
    assert kinds["feeds"] == 1
    assert total <= 45


def test_editing_an_old_entry_touches_its_page_and_its_entry_page(site):
    def edit(content):
        path = content / "entry-0101.md"
        path.write_text(path.read_text().replace("Paragraph one", "The first paragraph"))
    total, kinds, pages = rebuild_and_measure(site, edit, "edit old entry (summary)")
    assert pages == 1
    # the new fragment (the old one goes), the page's full HTML, the entry page, the index,
    # the list of our files (.blogpager/files) and the build records (last-build, render-cache, entry-cache);
    # and the same four files in each stream it is in (its tag, its month).
    assert kinds == {"fragments": 2, "list pages": 1, "entry pages": 1, "index": 1, "tag streams": 4, "month streams": 4,
                     "archive pages": 0, "feeds": 0, "manifest": 4, "other": 0}


def test_editing_text_outside_the_summary_touches_only_the_entry_page(site):
    def edit(content):
        path = content / "entry-0101.md"
        path.write_text(path.read_text().replace("Paragraph two.", "Paragraph two, corrected."))
    total, kinds, pages = rebuild_and_measure(site, edit, "edit old entry (body)")
    # The entry page, the list of our files (a digest of each) and the three build records.
    assert pages == 0 and total == 5 and kinds["entry pages"] == 1 and kinds["manifest"] == 4


def test_deleting_an_entry_touches_its_page_and_at_most_one_neighbour(site):
    total, kinds, pages = rebuild_and_measure(site, lambda content: (content / "entry-0150.md").unlink(), "delete entry")
    assert pages <= 2
    assert kinds["fragments"] + kinds["list pages"] + kinds["entry pages"] + kinds["index"] <= 12
    assert kinds["tag streams"] <= 10 and kinds["month streams"] <= 10
    assert total <= 40


def test_equal_dates_never_reorder_between_builds(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    for slug in ["zeta", "alpha", "mu", "日本", "Beta"]:
        (content / f"{slug}.md").write_text(entry(slug, "2020-02-02T10:00:00+09:00"))
    (content / "same-instant.md").write_text(entry("same", "2020-02-02T01:00:00Z"))
    run_build(content, tmp_path / "a")
    first = load_index(tmp_path / "a")
    assert first["pages"][0]["first"]["slug"] == "Beta"
    for name in ["b", "c"]:
        run_build(content, tmp_path / name)
        assert site_digest(tmp_path / name) == site_digest(tmp_path / "a")
