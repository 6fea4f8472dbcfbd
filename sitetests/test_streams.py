"""Tag and month streams: each is a stream like the main one (same index format, same
invariants), holding exactly its entries; and the pages that list them."""
import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from helpers import REPO, run_build, write_archive
from site_reader import file_for_url, load_index, page_facts, parse, stream_folders
from test_site_contract import check_index_schema, fragment_articles, sort_key, walk_full_pages


@pytest.fixture(scope="module")
def tagged_site(tmp_path_factory):
    """350 entries over nine years, four tags, three offsets."""
    root = tmp_path_factory.mktemp("tagged")
    write_archive(root / "content", 350)
    run_build(root / "content", root / "out")
    return root / "out"


def expected_members(out):
    """From the main stream and the entry pages: which entries each stream must hold, in order."""
    main = fragment_articles(out, load_index(out))
    members = {"": [a.url for a in main]}
    for article in main:
        for href in parse(file_for_url(out, article.url)).articles[0].tag_links:
            folder = unquote(href).strip("/")
            members.setdefault(folder, []).append(article.url)
        year, month = article.times[0][:4], article.times[0][5:7]
        members.setdefault(f"archive/{year}/{month}", []).append(article.url)
    return members


@pytest.mark.parametrize("site", ["sample_site", "tagged_site"])
class TestStreams:
    def test_there_is_a_stream_per_tag_and_per_month(self, site, request):
        out = request.getfixturevalue(site)
        assert set(stream_folders(out)) == set(expected_members(out))
        kinds = {load_index(out, folder)["stream"]["kind"] for folder in stream_folders(out)}
        assert kinds == {"main", "tag", "month"}

    def test_every_stream_index_is_valid_and_chained(self, site, request):
        out = request.getfixturevalue(site)
        for folder in stream_folders(out):
            check_index_schema(out, folder)
            index = load_index(out, folder)
            kind = "main" if not folder else "tag" if folder.startswith("tags/") else "month"
            assert index["stream"]["kind"] == kind
            assert unquote(index["stream"]["url"]) == "/" + folder + ("/" if folder else "")
            pages = index["pages"]
            assert pages[0]["url"] == index["stream"]["url"] and pages[0]["newer"] is None and pages[-1]["older"] is None
            for newer, older in zip(pages, pages[1:]):
                assert newer["older"] == older["id"] and older["newer"] == newer["id"]
            assert len({page["id"] for page in pages}) == len(pages)
            assert index["entries"] == sum(page["count"] for page in pages)
            for page in pages:
                assert unquote(page["fragment"]).startswith("/" + folder + ("/" if folder else "") + "fragments/")

    def test_every_stream_holds_exactly_its_entries_once_in_order(self, site, request):
        out = request.getfixturevalue(site)
        members = expected_members(out)
        for folder in stream_folders(out):
            articles = fragment_articles(out, load_index(out, folder))
            assert articles == sorted(articles, key=sort_key), folder
            assert [a.url for a in articles] == members[folder], folder

    def test_every_stream_reads_the_same_without_javascript(self, site, request):
        out = request.getfixturevalue(site)
        for folder in stream_folders(out):
            index = load_index(out, folder)
            seen = walk_full_pages(out, index["stream"]["url"])
            assert [a.url for a in seen] == [a.url for a in fragment_articles(out, index)], folder
            front = parse(file_for_url(out, index["stream"]["url"]))
            assert len(front.articles) >= min(index["entries"], index["page_size"])


def collect(path):
    """The page's facts, with its <a> links as (href, class) pairs."""
    facts = page_facts(path)
    facts.anchor_pairs = [(a.get("href"), a.get("class")) for a in facts.anchors]
    return facts


def test_the_tags_page_lists_every_tag_with_its_count(tagged_site):
    page = collect(tagged_site / "tags" / "index.html")
    listed = [href for href, _ in page.anchor_pairs if href and href.startswith("/tags/") and href != "/tags/"]
    folders = [f for f in stream_folders(tagged_site) if f.startswith("tags/")]
    assert sorted(listed) == sorted("/" + f + "/" for f in folders)
    text = " ".join(page.text)
    for folder in folders:
        count = load_index(tagged_site, folder)["entries"]
        assert f"({count})" in text
    assert sum(load_index(tagged_site, f)["entries"] for f in folders) == 350


def test_the_archive_page_lists_months_and_opens_the_main_stream_at_each(tagged_site):
    page = collect(tagged_site / "archive" / "index.html")
    months = [f for f in stream_folders(tagged_site) if f.startswith("archive/")]
    month_links = [href for href, cls in page.anchor_pairs if href and href.startswith("/archive/") and href != "/archive/" and cls is None]
    assert month_links == ["/" + f + "/" for f in sorted(months, reverse=True)]
    stream_links = [href for href, cls in page.anchor_pairs if cls == "month-stream"]
    assert len(stream_links) == len(months)
    for folder, link in zip(sorted(months, reverse=True), stream_links):
        parts = urlsplit(link)
        assert parts.query == "at=" + folder[len("archive/"):].replace("/", "-")
        # Without JavaScript the link lands on the full page holding the month's newest entry, at it.
        target = collect(file_for_url(tagged_site, parts.path))
        assert unquote(parts.fragment) in target.ids
        newest = fragment_articles(tagged_site, load_index(tagged_site, folder))[0]
        assert any(href == newest.url for href, _ in target.anchor_pairs)


def test_month_pages_link_the_months_around_them(tagged_site):
    months = sorted((f for f in stream_folders(tagged_site) if f.startswith("archive/")), reverse=True)
    middle = collect(tagged_site / months[5] / "index.html")
    hrefs = [href for href, _ in middle.anchor_pairs]
    assert "/" + months[4] + "/" in hrefs and "/" + months[6] + "/" in hrefs
    assert "/" + months[0] + "/" not in [href for href, cls in collect(tagged_site / months[0] / "index.html").anchor_pairs if cls == "month-newer"]


def test_tags_differing_in_case_and_spacing_share_one_stream(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    for number, tag in enumerate(["Web Dev", "web dev", "web-dev", "C++", "日本語"]):
        (content / f"e{number}.md").write_text(
            f"---\ntitle: E{number}\ndate: 2020-01-0{number + 1}\ntags: [\"{tag}\"]\n---\n\nText.\n")
    run_build(content, tmp_path / "out")
    folders = [f for f in stream_folders(tmp_path / "out") if f.startswith("tags/")]
    assert sorted(folders) == sorted(["tags/web-dev", "tags/c++", "tags/日本語"])
    index = load_index(tmp_path / "out", "tags/web-dev")
    assert index["entries"] == 3 and index["stream"]["name"] in ("Web Dev", "web dev", "web-dev")
    assert index["stream"]["url"] == "/tags/web-dev/"
    assert load_index(tmp_path / "out", "tags/日本語")["stream"]["url"] == "/tags/%E6%97%A5%E6%9C%AC%E8%AA%9E/"
