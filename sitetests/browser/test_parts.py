"""A stream large enough that index.json lists parts: the loader crosses them
in both directions and `?at=` costs the index, one part and one fragment."""
import pytest

from helpers import run_build, write_archive
from site_reader import load_index, load_root_index
from site_server import SiteServer
from test_jump import articles, open_at, top_of
from test_loader import (check_window, dom_urls, expected_urls, open_feed, scroll_down_to_end,
                         scroll_to_top_noting_entry_in_view, state, wait_settled)

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
    largest_shift = 0.0
    for _ in range(len(pages)):
        if state(parted, "newer") == "end":
            break
        loads = parted.execute_script("return window.__bpLoads")
        anchor, top = scroll_to_top_noting_entry_in_view(parted)
        assert wait_settled(parted, "newer", loads) != "error", "a load failed"
        if parted.execute_script("return window.__bpLoads") > loads:
            largest_shift = max(largest_shift, abs(top_of(parted, anchor) - top))
            check_window(dom_urls(parted), expected)
    print(f"\n[{parted.name}] largest shift {largest_shift:.3f} px")
    assert state(parted, "newer") == "end" and expected[0] in dom_urls(parted)
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

