"""A stream large enough that index.json lists parts: the loader crosses them
in both directions and `?at=` costs the index, one part and one fragment."""
import time

import pytest

from browser_drivers import wait_for
from helpers import run_build, write_archive
from site_reader import load_index, load_root_index
from site_server import SiteServer
from test_jump import articles, open_at, top_of
from test_loader import (dom_urls, entry_in_view, expected_urls, load_newer_to_start, open_feed, scroll_down_to_end,
                         settle, wait_settled)

ENTRIES = 300


@pytest.fixture(scope="module")
def parted_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("parted-site")
    write_archive(root / "content", ENTRIES)
    # Pages of three entries: about a hundred pages, too many for one small index.json.
    (root / "blogpager.yml").write_text("title: Parts\npage_size: 3\n")
    run_build(root / "content", root / "out")
    return root / "out"


@pytest.fixture(scope="module")
def parted_server(parted_site):
    server = SiteServer(parted_site).start()
    yield server
    server.stop()


@pytest.fixture
def parted(engine_driver, parted_server):
    _, driver = engine_driver
    parted_server.reset()
    driver.get(parted_server.url + "/index.json")
    return driver


def parts_of(site):
    return load_root_index(site)["parts"]


def is_part(request):
    return request.startswith("/fragments/pages-") and request.endswith(".json")


def test_the_fixture_is_cut_into_parts(parted_site):
    parts = parts_of(parted_site)
    assert len(parts) >= 3 and all("url" in part for part in parts)


def test_scrolling_down_fetches_each_part_once(parted, parted_server, parted_site):
    expected = expected_urls(parted_site)
    open_feed(parted, parted_server.url + "/")
    assert [r for r in parted_server.requests if is_part(r)] == [parts_of(parted_site)[0]["url"]]
    parted_server.requests.clear()
    scroll_down_to_end(parted, expected)
    fetched = [r for r in parted_server.requests if is_part(r)]
    print(f"\n[{parted.name}] parts fetched while scrolling: {len(fetched)}")
    assert fetched == [part["url"] for part in parts_of(parted_site)[1:]]


def test_a_deep_link_in_the_oldest_part_reads_up_to_the_newest_without_moving(parted, parted_server, parted_site):
    expected = expected_urls(parted_site)
    pages = load_index(parted_site)["pages"]
    open_feed(parted, parted_server.url + pages[-2]["url"])
    largest_shift = load_newer_to_start(parted, expected, pages)
    print(f"\n[{parted.name}] largest shift {largest_shift:.3f} px")
    assert largest_shift < 1
    assert sorted(r for r in parted_server.requests if is_part(r)) == sorted(part["url"] for part in parts_of(parted_site))


def test_at_a_month_takes_the_index_one_part_and_one_fragment(parted, parted_server, parted_site):
    shown = articles(parted_site)
    expected, when = [a.url for a in shown], [a.times[0] for a in shown]
    at = when[len(when) * 2 // 3][:7]
    holding = next(part for part in parts_of(parted_site) if part["last"]["date"][:7] <= at)
    requests = open_at(parted, parted_server.url + "/?at=" + at)
    print(f"\n[{parted.name}] ?at={at}: {requests}")
    assert len(requests) == 3 and requests[0] == "/index.json" and requests[1] == holding["url"]
    assert requests[2].startswith("/fragments/") and requests[2].endswith(".html")
    target = next(url for url, date in zip(expected, when) if date[:7] <= at)
    assert abs(top_of(parted, target)) < 2


def test_an_entry_at_the_end_of_its_page_lands_at_the_top_before_the_next_page_comes(parted, parted_server, parted_site):
    """A page of three short entries ends long before the view does. The entry asked for is the
    last of its page; the pages around it come a second late. It is at the top from the first
    frame the reader sees, and stays there as they come."""
    shown = articles(parted_site)
    pages = load_index(parted_site)["pages"]
    days = {a.url: a.times[0][:10] for a in shown}
    urls = [a.url for a in shown]

    def last_of_its_day(page):
        at = next(i for i, a in enumerate(shown) if a.slug == page["last"]["slug"])
        return at > 0 and days[urls[at - 1]] > days[urls[at]]
    page = next(page for page in pages[len(pages) // 2:] if page["count"] == 3 and page["older"] and last_of_its_day(page))
    target = next(a.url for a in shown if a.slug == page["last"]["slug"])
    parted_server.slow = {other["fragment"]: 1.0 for other in pages if other is not page}
    open_at(parted, parted_server.url + "/?at=" + days[target])
    parted.execute_script("window.__bpFramesReset()")
    # The page ends too soon for the entry to reach the top without room below it.
    assert parted.execute_script(
        "return document.querySelector('.bp-feed').getBoundingClientRect().bottom") < parted.execute_script("return innerHeight")
    assert abs(top_of(parted, target)) < 2, entry_in_view(parted)
    assert wait_settled(parted, "older", 0) == "idle"
    assert dom_urls(parted).index(target) < len(dom_urls(parted)) - 1
    assert abs(top_of(parted, target)) < 2, entry_in_view(parted)
    frames = parted.execute_script("return window.__bpFrames")
    assert frames["max"] < 1, frames



def test_a_reload_at_the_end_of_a_short_page_puts_the_entry_back_before_the_next_page_comes(parted, parted_server, parted_site):
    """The reader is on the last entry of a page of three; the address names that page. After a
    reload, with the pages around it a second late, the entry is where it was from the first
    frame drawn, and stays there as they come."""
    shown = articles(parted_site)
    pages = load_index(parted_site)["pages"]
    page = next(page for page in pages[len(pages) // 2:] if page["count"] == 3 and page["older"])
    target = next(a for a in shown if a.slug == page["last"]["slug"])
    open_at(parted, parted_server.url + "/?at=" + target.times[0])
    wait_settled(parted, "older", 0)
    wait_for(parted, "return location.pathname === arguments[0]", 10, page["url"])
    time.sleep(0.5)  # the place is saved 200 ms after the last scroll
    # Where it is, to the fraction the engine left (the entry above may show a sliver of itself).
    before = top_of(parted, target.url)
    assert abs(before) < 2
    parted_server.slow = {other["fragment"]: 1.0 for other in pages if other is not page}
    parted.refresh()
    wait_for(parted, "return document.querySelector('.bp-feed[role=feed]')")
    assert parted.execute_script(
        "return document.querySelector('.bp-feed').getBoundingClientRect().bottom") < parted.execute_script("return innerHeight")
    assert abs(top_of(parted, target.url) - before) < 2, entry_in_view(parted)
    wait_for(parted, "return document.querySelectorAll('.bp-feed article').length > 3", 10)
    settle(parted)
    assert abs(top_of(parted, target.url) - before) < 2, entry_in_view(parted)
    frames = parted.execute_script("return window.__bpFrames")
    assert frames["max"] < 1, frames
