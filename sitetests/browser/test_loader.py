"""The two-way loader in real browsers: the same tests in Chromium, WebKitGTK and Firefox ESR."""
import time
from pathlib import Path

import pytest

from browser_drivers import ENGINES, make_driver, wait_for
from site_reader import file_for_url, load_index, parse

DOM_BOUND = 900  # elements in the whole document, whatever the archive's length (the README says so too)


FIRST_IN_VIEW = """
    var list = document.querySelectorAll('.bp-feed [data-page] > [data-url]');
    for (var i = 0; i < list.length; i++) {
      var box = list[i].getBoundingClientRect();
      if (box.bottom > 0) return [list[i].getAttribute('data-url'), box.top];
    }"""


def entry_in_view(driver):
    """[URL, top] of the first entry in view: what must not move."""
    return driver.execute_script(FIRST_IN_VIEW)


def scroll_to_top_noting_entry_in_view(driver):
    """Scrolls to position 0 and notes the entry in view in the same task, before any load can run."""
    return driver.execute_script("window.scrollTo(0, 0);" + FIRST_IN_VIEW)


def expected_urls(site, folder=""):
    urls = []
    for page in load_index(site, folder)["pages"]:
        urls += [a.url for a in parse(file_for_url(site, page["fragment"])).articles]
    return urls


def open_feed(driver, url):
    driver.get(url)
    wait_for(driver, "return document.querySelector('.bp-feed[aria-busy]') && document.querySelector('.bp-status-older')")
    driver.execute_script(
        "window.__bpLoads = 0; document.querySelector('.bp-feed').addEventListener('blogpager:pageload', function () { window.__bpLoads++; });")


def state(driver, direction):
    return driver.execute_script(f"return document.querySelector('.bp-status-{direction}').getAttribute('data-state')")


def dom_urls(driver):
    return driver.execute_script("return Array.from(document.querySelectorAll('.bp-feed [data-page] > [data-url]')).map(function (a) { return a.getAttribute('data-url'); });")


def node_count(driver):
    return driver.execute_script("return document.getElementsByTagName('*').length")


def check_window(urls, expected):
    """The articles in the DOM are unique and a contiguous run of the archive, in order."""
    assert len(urls) == len(set(urls)), "an entry is shown twice"
    if urls:
        start = expected.index(urls[0])
        assert urls == expected[start:start + len(urls)], "entries out of order or a gap"


def wait_settled(driver, direction, loads_before, timeout=20):
    """Waits for the next page load in `direction`, or for its end or an error."""
    script = (f"var s = document.querySelector('.bp-status-{direction}').getAttribute('data-state');"
              f"return (window.__bpLoads > {loads_before} && s !== 'loading') || s === 'end' || s === 'error' ? s : null;")
    return wait_for(driver, script, timeout)


# Two frames, then no page loading, then everything a scrolling step checks, in one round trip:
# a reader's scroll through the archive is hundreds of steps in each of three browsers.
SETTLED_VIEW = """
var done = arguments[arguments.length - 1];
function state(direction) { var s = document.querySelector('.bp-status-' + direction); return s && s.getAttribute('data-state'); }
function report() {
  if (document.querySelector('.bp-status[data-state=loading], [data-page][data-reloading]')) { setTimeout(report, 20); return; }
  done({urls: Array.from(document.querySelectorAll('.bp-feed [data-page] > [data-url]')).map(function (a) { return a.getAttribute('data-url'); }),
        nodes: document.getElementsByTagName('*').length, older: state('older'), newer: state('newer'), scrollY: window.scrollY,
        atBottom: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2});
}
requestAnimationFrame(function () { requestAnimationFrame(report); });
"""


def settled_view(driver):
    """Lets observers run (two frames) and waits until no page is loading or reloading; then the
    entries in the DOM, its size, both loaders' states and the scroll position."""
    return driver.execute_async_script(SETTLED_VIEW)


def settle(driver):
    """Lets observers run (two frames), then waits until no page is loading or reloading."""
    settled_view(driver)


def scroll_down_to_end(driver, expected):
    """Scrolls down a screen at a time, like a reader, checking the DOM at every step: every entry
    from the first one shown now (pages far above may have been given back already) to the oldest appears."""
    seen, biggest = set(), 0
    shown = dom_urls(driver)
    expected = expected[expected.index(shown[0]):] if shown else expected
    for _ in range(2000):
        view = settled_view(driver)
        check_window(view["urls"], expected)
        seen.update(view["urls"])
        biggest = max(biggest, view["nodes"])
        if view["older"] == "error":
            raise AssertionError("a load failed")
        if view["atBottom"] and view["older"] == "end":
            break
        driver.execute_script("window.scrollBy(0, Math.round(window.innerHeight * 0.9))")
    assert state(driver, "older") == "end"
    assert seen == set(expected), f"{len(set(expected) - seen)} entries never appeared"
    assert expected[-1] in dom_urls(driver), "the oldest entry is shown at the end"
    return biggest


def load_newer_to_start(driver, expected, pages):
    """From a page deep in the stream, scrolls to the top again and again, each time noting the entry in view
    before a newer page can load; once it has, checks the DOM and how far that entry moved. The largest move."""
    largest_shift = 0.0
    for _ in range(len(pages)):
        if state(driver, "newer") == "end":
            break
        loads = driver.execute_script("return window.__bpLoads")
        anchor, top = scroll_to_top_noting_entry_in_view(driver)
        assert wait_settled(driver, "newer", loads) != "error"
        if driver.execute_script("return window.__bpLoads") > loads:
            after = driver.execute_script(
                "return document.querySelector('.bp-feed [data-page] > [data-url=\"' + CSS.escape(arguments[0]) + '\"]').getBoundingClientRect().top", anchor)
            largest_shift = max(largest_shift, abs(after - top))
            check_window(dom_urls(driver), expected)
    assert state(driver, "newer") == "end" and expected[0] in dom_urls(driver)
    return largest_shift


def scroll_up_to_start(driver, expected):
    """Scrolls up a screen at a time back to the newest entry, checking the DOM at every step."""
    biggest = 0
    for _ in range(2000):
        view = settled_view(driver)
        check_window(view["urls"], expected)
        biggest = max(biggest, view["nodes"])
        if view["scrollY"] <= 0 and view["newer"] == "end":
            break
        driver.execute_script("window.scrollBy(0, -Math.round(window.innerHeight * 0.9))")
    assert state(driver, "newer") == "end" and expected[0] in dom_urls(driver)
    return biggest


def test_the_front_page_opens_at_its_top_once_the_loader_is_ready(browser, server):
    # The status above the newest entries says so at the height it was drawn with: nothing scrolls the page away from its top.
    open_feed(browser, server.url + "/")
    settle(browser)
    assert state(browser, "newer") == "end"
    assert browser.execute_script("return window.scrollY") == 0


def test_scrolling_from_the_front_page_shows_every_entry_once_in_order(browser, server, site):
    expected = expected_urls(site)
    open_feed(browser, server.url + "/")
    assert state(browser, "newer") == "end", "the front page is the newest"
    server.requests.clear()
    biggest = scroll_down_to_end(browser, expected)
    archive_requests = [r for r in server.requests if r.startswith("/fragments/") or r == "/index.json"]
    back = scroll_up_to_start(browser, expected)
    print(f"\n[{browser.name}] read {len(expected)} entries with {len(archive_requests)} requests; "
          f"max DOM elements {biggest} down, {back} back up")
    assert biggest < DOM_BOUND and back < DOM_BOUND
    assert len(archive_requests) <= len(load_index(site)["pages"]) + 2


def test_a_deep_link_scrolls_up_without_moving_the_entry_in_view_then_down(browser, server, site):
    expected = expected_urls(site)
    pages = load_index(site)["pages"]
    middle = pages[len(pages) // 2]
    open_feed(browser, server.url + middle["url"])
    largest_shift, prepends = 0.0, 0
    for _ in range(len(pages)):
        if state(browser, "newer") == "end":
            break
        loads = browser.execute_script("return window.__bpLoads")
        anchor, top = scroll_to_top_noting_entry_in_view(browser)
        if wait_settled(browser, "newer", loads) == "error":
            raise AssertionError("a load failed")
        if browser.execute_script("return window.__bpLoads") > loads:
            prepends += 1
            after = browser.execute_script(
                "return document.querySelector('.bp-feed [data-page] > [data-url=\"' + CSS.escape(arguments[0]) + '\"]').getBoundingClientRect().top", anchor)
            largest_shift = max(largest_shift, abs(after - top))
            check_window(dom_urls(browser), expected)
    print(f"\n[{browser.name}] {prepends} prepends, largest shift {largest_shift:.3f} px")
    assert state(browser, "newer") == "end"
    assert browser.execute_script("return window.__bpLoads") >= len(pages) // 2 - len(load_index(site)["front"]) + 1
    assert largest_shift < 1
    assert expected[0] in dom_urls(browser), "reached the newest entry"
    assert scroll_down_to_end(browser, expected) < DOM_BOUND


@pytest.mark.parametrize("where", ["middle", "near the newest", "oldest", "?at= a month", "a theme that scrolls smoothly"])
def test_a_deep_link_never_moves_the_entry_in_view_from_the_first_frame(browser, server, site, where):
    """Measured from the first frame the page paints, before any script of the loader's: the newer
    pages it prepends on arrival (the first among them) leave the entry in view where it was,
    from a page's own address, from `?at=YYYY-MM`, and under a theme's `scroll-behavior: smooth`."""
    index = load_index(site)
    pages = index["pages"]
    address = {"middle": pages[len(pages) // 2]["url"], "near the newest": pages[len(index["front"]) + 1]["url"],
               "oldest": pages[-1]["url"], "?at= a month": "/?at=" + index["months"][len(index["months"]) // 2][0],
               "a theme that scrolls smoothly": pages[len(pages) // 3]["url"]}[where]
    if where == "a theme that scrolls smoothly":
        server.theme_css = "html { scroll-behavior: smooth; }"
    browser.get(server.url + address)
    wait_for(browser, "return document.querySelector('.bp-status-newer') && document.querySelectorAll('.bp-feed > .bp-page').length >= 2")
    settle(browser)
    # Wait out the loads the page starts by itself, without touching the scroll position.
    time.sleep(0.5)
    settle(browser)
    frames = browser.execute_script("return window.__bpFrames")
    sections = browser.execute_script("return document.querySelectorAll('.bp-feed > .bp-page').length")
    print(f"\n[{browser.name}] {where}: {sections} pages shown, entry in view moved at most {frames['max']:.3f} px over {frames['frames']} frames")
    assert frames["frames"] > 5 and sections >= 2
    assert frames["max"] < 1


def test_no_layout_shift_over_the_first_load_and_the_whole_archive_both_ways(browser, server, site):
    """Chromium's Layout Instability API over the first load, a scroll down through the whole archive
    and back up: a cumulative layout shift of 0.00. (WebKitGTK and Firefox ESR have no such API;
    the frame-by-frame and per-prepend offsets above measure them.)"""
    expected = expected_urls(site)
    open_feed(browser, server.url + "/")
    if browser.execute_script("return window.__bpCLS") is None:
        pytest.skip(f"{browser.name} has no Layout Instability API")
    scroll_down_to_end(browser, expected)
    scroll_up_to_start(browser, expected)
    cls, shifts = browser.execute_script("return [window.__bpCLS, window.__bpShifts]")
    print(f"\n[{browser.name}] cumulative layout shift {cls:.4f} over {len(shifts)} shifts: {shifts[:5]}")
    assert round(cls, 2) == 0.00
    # The probe sees a shift when there is one: a block pushed in above what is shown.
    browser.execute_script("var d = document.createElement('div'); d.style.height = '300px';"
                           "document.querySelector('.bp-feed').prepend(d);")
    settle(browser)
    assert browser.execute_script("return window.__bpCLS") > 0.01


def test_content_above_that_changes_size_does_not_move_the_entry_in_view(browser, server, site):
    """What the build cannot size (a remote image, an embed) grows after the page is shown: when it
    is above the reading position, the entry in view stays where it was (measured every frame)."""
    pages = load_index(site)["pages"]
    open_feed(browser, server.url + pages[len(pages) // 2]["url"])
    settle(browser)
    # Read a little way into the page, so that entries sit above the one in view.
    browser.execute_script("window.scrollBy(0, Math.round(window.innerHeight * 0.6))")
    settle(browser)
    browser.execute_script("window.__bpFramesReset()")
    grown = browser.execute_script("""
        var list = document.querySelectorAll('.bp-feed [data-page] > [data-url]'), above = null;
        for (var i = 0; i < list.length; i++) if (list[i].getBoundingClientRect().bottom < 0) above = list[i];
        if (!above) return null;
        var box = document.createElement('div'); box.className = 'late-embed'; box.style.height = '0px';
        above.appendChild(box);
        // Each change lands at the start of a frame, as a frame-by-frame probe can only see what is
        // drawn if nothing changes between its measure and the paint.
        setTimeout(function () { requestAnimationFrame(function () { box.style.height = '240px'; }); }, 100);
        setTimeout(function () { requestAnimationFrame(function () { box.style.height = '40px'; }); }, 300);
        return above.getAttribute('data-url');""")
    assert grown, "an entry above the one in view"
    time.sleep(0.8)
    settle(browser)
    frames = browser.execute_script("return window.__bpFrames")
    print(f"\n[{browser.name}] content above grew and shrank: entry in view moved at most {frames['max']:.3f} px over {frames['frames']} frames")
    assert frames["frames"] > 10 and frames["max"] < 1


def test_a_failed_page_shows_retry_and_retry_loads_it_once(browser, server, site):
    expected = expected_urls(site)
    index = load_index(site)
    victim = index["pages"][len(index["front"]) + 1]
    server.fail_once.add(victim["fragment"])
    open_feed(browser, server.url + "/")
    for _ in range(10):
        if state(browser, "older") == "error":
            break
        loads = browser.execute_script("return window.__bpLoads")
        browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        wait_settled(browser, "older", loads)
    assert state(browser, "older") == "error"
    button = browser.find_element("css selector", ".bp-status-older button")
    assert button.text == "Retry"
    loads = browser.execute_script("return window.__bpLoads")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    assert wait_settled(browser, "older", loads) in ("idle", "end")
    assert victim["first"]["slug"] in browser.execute_script(
        "return Array.from(document.querySelectorAll('.bp-feed article')).map(function (a) { return a.dataset.slug; })")
    assert server.requests.count(victim["fragment"]) == 2, "the failed page and the retry, nothing else"
    scroll_down_to_end(browser, expected)




def test_the_address_follows_the_page_in_view_and_reload_and_back_return_there(browser, server, site):
    index = load_index(site)
    open_feed(browser, server.url + "/")
    for _ in range(4):
        loads = browser.execute_script("return window.__bpLoads")
        browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        wait_settled(browser, "older", loads)
    target_page = index["pages"][len(index["front"]) + 1]
    browser.execute_script("""
        var a = document.querySelector('.bp-page[data-page="' + arguments[0] + '"] article:nth-of-type(2)');
        a.scrollIntoView(); window.scrollBy(0, -40);""", target_page["id"])
    wait_for(browser, "return location.pathname === arguments[0]", 10, target_page["url"])
    time.sleep(0.5)  # the position is saved 200 ms after scrolling stops
    before = entry_in_view(browser)

    browser.refresh()
    wait_for(browser, "return document.querySelector('.bp-feed[role=feed]')")
    time.sleep(0.3)
    after = entry_in_view(browser)
    assert after[0] == before[0], "reload shows the same entry"
    assert abs(after[1] - before[1]) < 2

    link = browser.find_element("css selector", f'.bp-feed [data-page] > [data-url="{before[0]}"] .entry-title a')
    browser.execute_script("arguments[0].click()", link)
    wait_for(browser, "return location.pathname === arguments[0]", 10, before[0])
    browser.back()
    wait_for(browser, "return location.pathname === arguments[0] && document.querySelector('.bp-feed[role=feed]')", 10, target_page["url"])
    time.sleep(0.3)
    settle(browser)
    back = entry_in_view(browser)
    assert back[0] == before[0], "Back shows the same entry"
    assert abs(back[1] - before[1]) < 2
    # From the first frame drawn after Back, the loads that follow move nothing.
    frames = browser.execute_script("return window.__bpFrames")
    assert frames["url"] == before[0] and frames["max"] < 1, frames


def test_the_address_names_the_page_at_the_reading_line_not_the_last_lines_of_the_one_before(browser, server, site):
    """Scrolled so that the last lines of a page are at the top of the view and the next page fills
    the rest, the address names the next page: the one the reader is reading. A reload comes back there."""
    index = load_index(site)
    open_feed(browser, server.url + "/")
    for _ in range(4):
        loads = browser.execute_script("return window.__bpLoads")
        browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        wait_settled(browser, "older", loads)
    pages = index["pages"][len(index["front"]):]
    earlier, later = pages[1], pages[2]
    # The earlier page's last entry ends 60 px below the top of the view: the reading line is in the later page.
    browser.execute_script("""
        var last = document.querySelector('.bp-page[data-page="' + arguments[0] + '"] article:last-of-type');
        window.scrollBy(0, last.getBoundingClientRect().bottom - 60);""", earlier["id"])
    assert browser.execute_script("""
        var line = window.innerHeight / 3, list = document.querySelectorAll('.bp-feed [data-page] > [data-url]');
        for (var i = 0; i < list.length; i++) { if (list[i].getBoundingClientRect().bottom > line) return list[i].closest('.bp-page').dataset.page; }
        """) == later["id"]
    wait_for(browser, "return location.pathname === arguments[0]", 10, later["url"])
    time.sleep(0.5)  # the position is saved 200 ms after scrolling stops
    before = entry_in_view(browser)
    assert browser.execute_script("return location.pathname") == later["url"], "still the later page once scrolling stopped"

    browser.refresh()
    wait_for(browser, "return document.querySelector('.bp-feed[role=feed]')")
    time.sleep(0.3)
    settle(browser)
    after = entry_in_view(browser)
    assert after[0] == before[0], "reload shows the same entry at the top"
    assert abs(after[1] - before[1]) < 2


def test_no_console_errors_and_no_serious_accessibility_issue(browser, server, site):
    from selenium_axe_python import Axe

    if browser.name == "chrome":
        browser.get_log("browser")  # drop what earlier tests logged (their injected failures)
    open_feed(browser, server.url + "/")
    for _ in range(3):
        loads = browser.execute_script("return window.__bpLoads")
        browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        wait_settled(browser, "older", loads)
    assert browser.execute_script("return window.__bpErrors") == []
    if browser.name == "chrome":
        severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        assert severe == []
    feed = browser.execute_script("""
        var feed = document.querySelector('.bp-feed');
        return [feed.getAttribute('role'), feed.getAttribute('aria-busy')].concat(
            Array.from(feed.querySelectorAll('article')).map(function (a) {
                return [a.dataset.url, a.getAttribute('aria-posinset'), a.getAttribute('aria-setsize')]; }));""")
    expected = expected_urls(site)
    assert feed[:2] == ["feed", "false"]
    for url, position, size in feed[2:]:
        assert (position, size) == (str(expected.index(url) + 1), str(len(expected)))
    axe = Axe(browser)
    axe.inject()
    results = axe.run()
    serious = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    assert serious == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in serious]
    # Page Down moves the focus to the next article (the feed pattern's keyboard contract).
    first = browser.find_element("css selector", ".bp-feed article")
    browser.execute_script("arguments[0].focus()", first)
    position = int(first.get_dom_attribute("aria-posinset"))
    from selenium.webdriver.common.keys import Keys
    first.send_keys(Keys.PAGE_DOWN)
    assert browser.execute_script("return document.activeElement.getAttribute('aria-posinset')") == str(position + 1)


@pytest.mark.parametrize("engine", ENGINES)
def test_without_javascript_next_links_reach_the_oldest_entry(engine, server, site):
    expected = expected_urls(site)
    server.reset()
    if engine == "webkit":
        server.strip_scripts = True  # MiniBrowser has no switch for JavaScript: serve pages without scripts
        driver = make_driver(engine)
    else:
        driver = make_driver(engine, javascript=False)
    try:
        driver.get(server.url + "/")
        seen = []
        for _ in range(len(expected)):
            # Plain WebDriver commands only: with JavaScript off, scripts may not run at all.
            seen += [a.get_dom_attribute("data-url") for a in driver.find_elements("css selector", ".bp-feed article")]
            assert driver.find_elements("css selector", "html.bp-js") == []
            older = driver.find_elements("css selector", "a.pager-older")
            if not older:
                break
            page = driver.current_url
            older[0].click()
            # A click does not wait for the next document: wait until it is there and parsed down to
            # its pager, which comes after every entry of the page.
            deadline = time.time() + 10
            while time.time() < deadline:
                if driver.current_url != page and driver.find_elements("css selector", ".pager .pager-older"):
                    break
                time.sleep(0.02)
        assert seen == expected
    finally:
        driver.quit()
        server.strip_scripts = False


def test_new_entries_are_offered_and_shown_without_a_jump(browser, server, site):
    from helpers import entry, run_build

    expected_before = expected_urls(site)
    open_feed(browser, server.url + "/")
    browser.execute_script("window.scrollTo(0, 400)")
    settle(browser)
    before = entry_in_view(browser)
    # Publish while the page is open: the head page changes, the rest stays.
    slug = f"fresh-{browser.name.lower()}"
    (site.parent / "content" / f"{slug}.md").write_text(entry("Fresh news", "2025-06-01T10:00:00Z"))
    run_build(site.parent / "content", site)
    browser.execute_script("window.dispatchEvent(new Event('focus'))")
    text = wait_for(browser, "var b = document.querySelector('.bp-fresh'); return b && !b.hidden && b.textContent")
    assert text == "1 new entry"
    browser.execute_script("window.__bpFramesReset(); document.querySelector('.bp-fresh').click()")
    wait_for(browser, "return document.querySelector('.bp-feed article[data-slug=\"' + arguments[0] + '\"]')", 10, slug)
    settle(browser)
    after = entry_in_view(browser)
    assert after[0] == before[0] and abs(after[1] - before[1]) < 1, "the reader's entry did not move"
    frames = browser.execute_script("return window.__bpFrames")
    assert frames["frames"] > 1 and frames["max"] < 1, f"no frame showed it elsewhere: {frames}"
    urls = dom_urls(browser)
    assert f"/posts/{slug}/" in urls[:3], "the new entry is at the top (same-date entries order by slug)"
    check_window(urls, expected_urls(site))
    assert len(expected_urls(site)) == len(expected_before) + 1


@pytest.fixture(scope="module")
def chat_server(tmp_path_factory):
    """A site in oldest-first order: the newest entry sits at the bottom, as in a chat."""
    from helpers import run_build, write_archive
    from site_server import SiteServer

    root = tmp_path_factory.mktemp("chat")
    write_archive(root / "content", 120)
    (root / "blogpager.yml").write_text("title: Chat order\norder: oldest-first\n")
    run_build(root / "content", root / "out")
    server = SiteServer(root / "out").start()
    yield server, root / "out"
    server.stop()


def test_oldest_first_order_starts_at_the_newest_entry_at_the_bottom(browser, chat_server):
    server, site = chat_server
    expected = list(reversed(expected_urls(site)))  # oldest first
    open_feed(browser, server.url + "/")
    settle(browser)
    urls = dom_urls(browser)
    assert urls[-1] == expected[-1], "the newest entry is last"
    check_window(urls, expected)
    assert browser.execute_script(
        "return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2"), "starts at the bottom"
    assert state(browser, "newer") == "end"
    largest_shift, seen = 0.0, set(urls)
    for _ in range(len(expected)):
        if state(browser, "older") == "end":
            break
        loads = browser.execute_script("return window.__bpLoads")
        anchor, top = scroll_to_top_noting_entry_in_view(browser)
        wait_settled(browser, "older", loads)
        after = browser.execute_script(
            "return document.querySelector('.bp-feed [data-page] > [data-url=\"' + CSS.escape(arguments[0]) + '\"]').getBoundingClientRect().top", anchor)
        largest_shift = max(largest_shift, abs(after - top))
        urls = dom_urls(browser)
        check_window(urls, expected)
        seen.update(urls)
    assert state(browser, "older") == "end"
    # The last page may have come by itself (the sentinel still in range) after the last look.
    seen.update(dom_urls(browser))
    assert dom_urls(browser)[0] == expected[0], "the oldest entry is first"
    assert largest_shift < 1
    assert seen == set(expected)
