"""Search in three engines: the header's box on Pagefind's index, a result that lands in the
archive with the entry's neighbours loadable both ways, and an edit found by the next build."""
import pytest

from browser_drivers import wait_for
from helpers import entry, run_build, write_archive
from site_server import SiteServer
from test_loader import open_feed, settle, state

OLD_ENTRY = "content/lighthouse.md"


@pytest.fixture(scope="module")
def search_site(tmp_path_factory):
    """A blog with search on: one old entry holds a word no other has."""
    root = tmp_path_factory.mktemp("search")
    write_archive(root / "content", 90, code=True)
    (root / OLD_ENTRY).write_text(entry("The lighthouse keeper", "2010-04-10T09:00:00Z", tags=["sea"],
                                        body="A note about the zanzibarite lamp and its keeper.\n\nThe second paragraph."))
    (root / "blogpager.yml").write_text("title: Searchable\nsearch: true\n")
    result = run_build(root / "content", root / "out")
    assert "search index made" in result.stdout, result.stdout + result.stderr
    server = SiteServer(root / "out").start()
    yield root, server
    server.stop()


def search(browser, word):
    """Types `word` into the box (focused with `/`) and waits for the results' status."""
    browser.find_element("css selector", "body").send_keys("/")
    wait_for(browser, "return document.activeElement && document.activeElement.classList.contains('bp-search-input')")
    browser.execute_script("var i = document.querySelector('.bp-search-input'); i.value = ''; i.dispatchEvent(new Event('input'));")
    browser.switch_to.active_element.send_keys(word)
    return wait_for(browser, "var s = document.querySelector('.bp-search-status'); var p = document.querySelector('.bp-search-results');"
                             " return p && !p.hidden && s.textContent", 20)


EDGE = "var l = document.querySelectorAll('.bp-feed [data-page] > [data-url]'); return l[{}].getAttribute('data-url')"


def edge_entry(browser, which):
    """The URL of the first (`0`) or last (`l.length - 1`) entry shown."""
    return browser.execute_script(EDGE.format(which))


def results(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('.bp-search-result')).map(function (r) {"
        " return [r.querySelector('.bp-search-title').textContent, r.querySelector('.bp-search-title').getAttribute('href'),"
        " r.querySelector('.bp-search-excerpt').innerHTML]; })")


def test_a_word_of_one_old_entry_finds_it_and_lands_in_the_archive_around_it(browser, search_site):
    from selenium_axe_python import Axe

    root, server = search_site
    open_feed(browser, server.url + "/")
    assert search(browser, "zanzibarite") == "1 entry found."
    found = results(browser)
    assert found[0][0] == "The lighthouse keeper" and found[0][1].endswith("/lighthouse/")
    assert "<mark>zanzibarite</mark>" in found[0][2]
    # The box and its results pass axe, with highlighted code on the page behind them.
    axe = Axe(browser)
    axe.inject()
    serious = [v for v in axe.run()["violations"] if v.get("impact") in ("serious", "critical")]
    assert serious == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in serious]
    assert browser.execute_script("return window.__bpErrors") == []
    # Show in the archive: the main stream opens at the entry, which is at the top.
    browser.execute_script("document.querySelector('.bp-search-around').click()")
    wait_for(browser, "var a = document.querySelector('.bp-feed [data-page] > [data-url$=\"/lighthouse/\"]');"
                      " return location.search.indexOf('at=') >= 0 && a && Math.abs(a.getBoundingClientRect().top) < 2", 20)
    settle(browser)
    assert state(browser, "newer") != "end" and state(browser, "older") != "end", "an old entry has neighbours both ways"
    # Both ways load from there: newer entries come in above, older ones below.
    first = edge_entry(browser, "0")
    browser.execute_script("window.scrollTo(0, 0)")
    wait_for(browser, EDGE.format("0") + " !== arguments[0]", 20, first)
    settle(browser)
    last = edge_entry(browser, "l.length - 1")
    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_for(browser, EDGE.format("l.length - 1") + " !== arguments[0]", 20, last)


def test_an_edit_is_found_by_the_next_build_and_the_old_word_is_not(browser, search_site):
    root, server = search_site
    old, new = f"oldword{browser.name.lower()}", f"newword{browser.name.lower()}"
    page = root / "content" / f"edited-{browser.name.lower()}.md"
    page.write_text(entry("Edited", "2010-06-01T09:00:00Z", body=f"It says {old} here."))
    run_build(root / "content", root / "out")
    open_feed(browser, server.url + "/")
    assert search(browser, old) == "1 entry found."
    page.write_text(entry("Edited", "2010-06-01T09:00:00Z", body=f"It says {new} now."))
    result = run_build(root / "content", root / "out")
    assert "search index made" in result.stdout
    browser.refresh()
    wait_for(browser, "return document.querySelector('.bp-search-input')")
    assert search(browser, new) == "1 entry found."
    assert search(browser, old) == "No entries found."
