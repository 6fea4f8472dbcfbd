"""The output contract on the sample blog and on a fixture of several hundred entries."""
import json
from datetime import datetime
from pathlib import Path

import jsonschema
import pytest

from helpers import REPO, run_build, write_archive
from referencing import Registry, Resource

from site_reader import RFC3339, file_for_url, load_index, load_part, load_root_index, parse

SCHEMA = json.loads((REPO / "docs" / "index.schema.json").read_text())
PART_SCHEMA = json.loads((REPO / "docs" / "part.schema.json").read_text())
# part.schema.json refers to index.schema.json's page definition.
REGISTRY = Registry().with_resource(SCHEMA["$id"], Resource.from_contents(SCHEMA))


def check_index_schema(out, folder=""):
    """index.json as written, and each part file it lists, against their schemas."""
    root = load_root_index(out, folder)
    jsonschema.validate(root, SCHEMA)
    part_validator = jsonschema.Draft202012Validator(PART_SCHEMA, registry=REGISTRY)
    for part in root["parts"]:
        if "url" in part:
            part_validator.validate(load_part(out, part["url"]))
    return root


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("fixture")
    write_archive(root / "content", 350)
    run_build(root / "content", root / "out")
    return root / "out"


def sort_key(article):
    instant = datetime.fromisoformat(article.times[0])
    return (-instant.timestamp(), article.slug.encode("utf-8"))


def fragment_articles(out, index):
    articles = []
    for page in index["pages"]:
        parsed = parse(file_for_url(out, page["fragment"]))
        assert len(parsed.articles) == page["count"]
        assert parsed.articles[0].slug == page["first"]["slug"]
        assert parsed.articles[-1].slug == page["last"]["slug"]
        assert parsed.articles[0].times[0] == page["first"]["date"]
        assert parsed.articles[-1].times[0] == page["last"]["date"]
        articles += parsed.articles
    return articles


def walk_full_pages(out, start="/"):
    """Follows rel=next from a stream's front page like a reader without JavaScript; returns the articles seen."""
    seen, url, visited = [], start, set()
    while url:
        assert url not in visited, f"rel=next loops back to {url}"
        visited.add(url)
        page = parse(file_for_url(out, url))
        seen += page.articles
        assert page.link_rel.get("next") == page.anchor_rel.get("next"), "visible link and <link rel> agree"
        url = page.link_rel.get("next")
    return seen


@pytest.mark.parametrize("site", ["sample_site", "fixture_site"])
class TestContract:
    def test_index_is_valid_against_the_schema(self, site, request):
        check_index_schema(request.getfixturevalue(site))
        index = load_index(request.getfixturevalue(site))
        assert index["entries"] == sum(page["count"] for page in index["pages"])

    def test_the_chain_runs_from_the_head_to_the_oldest_page(self, site, request):
        pages = load_index(request.getfixturevalue(site))["pages"]
        assert pages[0]["newer"] is None and pages[-1]["older"] is None
        for newer, older in zip(pages, pages[1:]):
            assert newer["older"] == older["id"] and older["newer"] == newer["id"]
        assert len({page["id"] for page in pages}) == len(pages)
        assert pages[0]["url"] == "/"

    def test_fragments_hold_every_entry_once_in_order(self, site, request):
        out = request.getfixturevalue(site)
        index = load_index(out)
        articles = fragment_articles(out, index)
        urls = [article.url for article in articles]
        assert len(urls) == index["entries"] == len(set(urls))
        assert articles == sorted(articles, key=sort_key)

    def test_full_pages_hold_every_entry_once_in_order(self, site, request):
        out = request.getfixturevalue(site)
        index = load_index(out)
        seen = walk_full_pages(out)
        assert [a.url for a in seen] == [a.url for a in fragment_articles(out, index)]

    def test_every_article_has_a_time_and_a_title_linking_its_entry_page(self, site, request):
        out = request.getfixturevalue(site)
        for article in fragment_articles(out, load_index(out)):
            assert article.slug
            assert article.times and RFC3339.match(article.times[0])
            assert article.links == [article.url]
            entry_page = parse(file_for_url(out, article.url))
            assert [a.slug for a in entry_page.articles] == [article.slug]
            assert entry_page.articles[0].times[0] == article.times[0]

    def test_pages_are_linked_both_ways_without_javascript(self, site, request):
        out = request.getfixturevalue(site)
        index = load_index(out)
        by_id = {page["id"]: page for page in index["pages"]}
        for page in index["pages"][1:]:
            parsed = parse(file_for_url(out, page["url"]))
            assert parsed.link_rel.get("prev") == by_id[page["newer"]]["url"]
            if page["older"]:
                assert parsed.link_rel.get("next") == by_id[page["older"]]["url"]
            else:
                assert "next" not in parsed.link_rel

    def test_the_front_page_shows_at_least_a_page_size(self, site, request):
        out = request.getfixturevalue(site)
        index = load_index(out)
        front = parse(out / "index.html")
        assert len(front.articles) >= min(index["entries"], index["page_size"])
        shown = [page["id"] for page in index["pages"][: len(index["front"])]]
        assert shown == index["front"]


def test_the_sample_blog_is_real(sample_site):
    index = load_index(sample_site)
    assert index["entries"] >= 40
    articles = fragment_articles(sample_site, index)
    years = {article.times[0][:4] for article in articles}
    assert len(years) >= 3
    assert any(not article.slug.isascii() for article in articles), "a Japanese slug"
    assert any("%E" in article.url for article in articles), "percent-encoded in its URL"
    dates = [article.times[0][:10] for article in articles]
    assert len(dates) != len(set(dates)), "some entries share a date"
    assert not any(article.slug == "build-systems-draft" for article in articles), "the draft is left out"
    assert parse(sample_site / "index.html").html_lang == "en"


def test_drafts_are_built_when_asked(tmp_path):
    run_build(REPO / "content", tmp_path / "out", "--config", REPO / "blogpager.yml", "--drafts")
    slugs = [a.slug for a in fragment_articles(tmp_path / "out", load_index(tmp_path / "out"))]
    assert "build-systems-draft" in slugs


def test_front_matter_text_is_escaped_and_raw_html_stripped(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "x.md").write_text(
        '---\ntitle: "<img src=x onerror=alert(1)>"\ndate: 2020-01-01\nslug: x\n---\n\n'
        "<script>alert(1)</script>\n\n[link](javascript:alert(1))\n")
    run_build(content, tmp_path / "out")
    html = (tmp_path / "out" / "posts" / "x" / "index.html").read_text()
    assert "<img src=x" not in html and "<script>alert" not in html and "javascript:" not in html
    (tmp_path / "blogpager.yml").write_text("unsafe_html: true\n")
    run_build(content, tmp_path / "out")
    assert "<script>alert(1)</script>" in (tmp_path / "out" / "posts" / "x" / "index.html").read_text()


def test_static_files_are_copied_and_hugo_section_files_skipped(tmp_path):
    content = tmp_path / "content"
    (content / "static" / "images").mkdir(parents=True)
    (content / "static" / "images" / "cat.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (content / "static" / "CNAME").write_text("blog.example.org\n")
    (content / "posts").mkdir()
    (content / "posts" / "_index.md").write_text("---\ntitle: Posts\n---\n")
    (content / "posts" / "a.md").write_text("---\ntitle: A\ndate: 2020-01-01\n---\n![cat](/images/cat.svg)\n")
    run_build(content, tmp_path / "out")
    assert (tmp_path / "out" / "images" / "cat.svg").read_text().startswith("<svg")
    assert (tmp_path / "out" / "CNAME").exists()
    assert load_index(tmp_path / "out")["entries"] == 1
