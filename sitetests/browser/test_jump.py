"""Opening a stream at a date (`?at=`) from the cursor index alone, in the three engines."""
from urllib.parse import unquote, urlsplit

from browser_drivers import wait_for
from site_reader import file_for_url, load_index, parse
from test_loader import check_window, dom_urls, entry_in_view, expected_urls, scroll_to_top_noting_entry_in_view, state, wait_settled

import pytest


def articles(site):
    found = []
    for page in load_index(site)["pages"]:
        found += parse(file_for_url(site, page["fragment"])).articles
    return found


def top_of(driver, url):
    return driver.execute_script(
        "return document.querySelector('.bp-feed [data-page] > [data-url=\"' + CSS.escape(arguments[0]) + '\"]').getBoundingClientRect().top", url)


def open_at(driver, url):
    driver.get(url)
    wait_for(driver, "return window.__bpReadyRequests && document.querySelector('.bp-feed[role=feed]')")
    driver.execute_script(
        "window.__bpLoads = 0; document.querySelector('.bp-feed').addEventListener('blogpager:pageload', function () { window.__bpLoads++; });")
    return driver.execute_script("return window.__bpReadyRequests")


@pytest.mark.parametrize("where", ["middle", "oldest", "day"])
def test_at_a_month_opens_the_stream_there_in_at_most_three_requests(browser, server, site, where):
    all_articles = articles(site)
    months = sorted({a.times[0][:7] for a in all_articles}, reverse=True)
    at = {"middle": months[len(months) // 2], "oldest": months[-1], "day": all_articles[200].times[0][:10]}[where]
    expected = next(a.url for a in all_articles if a.times[0][: len(at)] <= at)
    requests = open_at(browser, server.url + "/?at=" + at)
    print(f"\n[{browser.name}] ?at={at}: {requests}")
    assert len(requests) <= 3 and requests[0] == "/index.json"
    # The wanted entry is at the top of the view (scroll offsets are whole pixels, layout is not).
    assert abs(top_of(browser, expected)) < 2, entry_in_view(browser)
    # From there, newer entries load above without moving the one in view, and the window stays whole.
    if state(browser, "newer") != "end":
        loads = browser.execute_script("return window.__bpLoads")
        anchor, before = scroll_to_top_noting_entry_in_view(browser)
        assert wait_settled(browser, "newer", loads) != "error"
        after = browser.execute_script(
            "return document.querySelector('.bp-feed [data-page] > [data-url=\"' + CSS.escape(arguments[0]) + '\"]').getBoundingClientRect().top", anchor)
        assert abs(after - before) < 1
    check_window(dom_urls(browser), expected_urls(site))


def test_the_archive_links_open_the_main_stream_at_the_month(browser, server, site):
    browser.get(server.url + "/archive/")
    links = browser.execute_script("return Array.from(document.querySelectorAll('a.month-stream')).map(function (a) { return a.getAttribute('href'); })")
    link = links[len(links) // 2]
    at = urlsplit(link).query[len("at="):]
    expected = next(a.url for a in articles(site) if a.times[0][:7] <= at)
    requests = open_at(browser, server.url + link)
    assert len(requests) <= 3
    assert abs(top_of(browser, expected)) < 2, entry_in_view(browser)
