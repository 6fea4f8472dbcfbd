"""The timeline: the stream's months on a rail, the one in view marked, in three engines.
Measured from outside: the month of the entry in view, the requests made, the slider's values."""
import datetime
import json
import time

from browser_drivers import wait_for
from site_reader import load_root_index
from test_loader import chat_server, expected_urls, open_feed, settle, state  # noqa: F401 (a fixture)

MONTH_IN_VIEW = """
    var list = document.querySelectorAll('.bp-feed [data-page] > [data-url]');
    for (var i = 0; i < list.length; i++) {
      if (list[i].getBoundingClientRect().bottom > 8) return list[i].getAttribute('data-date').slice(0, 7);
    }"""


def month_in_view_is(month):
    """A script that is true once the entry in view is of `month`."""
    return ("var list = document.querySelectorAll('.bp-feed [data-page] > [data-url]');"
            "for (var i = 0; i < list.length; i++) { if (list[i].getBoundingClientRect().bottom > 8)"
            f" return list[i].getAttribute('data-date').slice(0, 7) === '{month}'; }}")


def month_name(month):
    """`2016-05` as people write it in English: `May 2016`."""
    return datetime.date(int(month[:4]), int(month[5:]), 1).strftime("%B %Y")


def slider(browser):
    return browser.execute_script(
        "var r = document.querySelector('.bp-timeline'); return r && [r.getAttribute('role'), r.getAttribute('aria-valuenow'),"
        " r.getAttribute('aria-valuetext'), r.getAttribute('aria-valuemin'), r.getAttribute('aria-valuemax')]")


def archive_requests(server):
    return [r for r in server.requests if "/fragments/" in r or r.endswith("index.json")]


def test_the_index_lists_every_month_newest_first_in_a_small_root(site):
    index = load_root_index(site)
    months = index["months"]
    assert index["version"] == 3 and len(months) > 12
    assert [m[0] for m in months] == sorted((m[0] for m in months), reverse=True)
    assert sum(m[1] for m in months) == index["entries"]
    assert len((site / "index.json").read_bytes()) < 16_000


def test_the_keyboard_takes_the_stream_to_any_month_in_three_requests_at_most(browser, server, site):
    months = load_root_index(site)["months"]
    open_feed(browser, server.url + "/")
    role, now, text, low, high = slider(browser)
    assert (role, now, low, high) == ("slider", "0", "0", str(len(months) - 1))
    assert text == month_name(months[0][0]) == month_name(browser.execute_script(MONTH_IN_VIEW))
    browser.execute_script("document.querySelector('.bp-timeline').focus()")
    assert browser.execute_script("return document.activeElement.className") == "bp-timeline"
    server.requests.clear()
    browser.switch_to.active_element.send_keys("\ue010")  # End: the oldest month
    oldest = months[-1][0]
    # The oldest month's entries are on the screen (at the archive's end they may not reach its top).
    wait_for(browser, "return Array.from(document.querySelectorAll('.bp-feed [data-page] > [data-url]')).some(function (a) {"
                      " var box = a.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight &&"
                      f" a.getAttribute('data-date').slice(0, 7) === '{oldest}'; }})")
    settle(browser)
    assert slider(browser)[2] == month_name(oldest) and slider(browser)[1] == str(len(months) - 1)
    # One part (when the index has parts) and one fragment, then reading on loads the neighbours.
    travel = [r for r in archive_requests(server) if not r.endswith("index.json")][:2]
    assert len(travel) <= 3 and any("/fragments/" in r for r in travel)
    # PageUp: a year newer; Home: back to the newest month.
    browser.switch_to.active_element.send_keys("\ue00e")
    wait_for(browser, f"return document.querySelector('.bp-timeline').getAttribute('aria-valuenow') === '{len(months) - 13}'")
    browser.switch_to.active_element.send_keys("\ue011")
    wait_for(browser, month_in_view_is(months[0][0]))
    assert slider(browser)[1] == "0"


def test_the_marked_month_follows_the_reading(browser, server, site):
    open_feed(browser, server.url + "/")
    seen = set()
    for _ in range(12):
        browser.execute_script("window.scrollBy(0, Math.round(window.innerHeight * 0.9))")
        settle(browser)
        time.sleep(0.05)
        month = browser.execute_script(MONTH_IN_VIEW)
        assert slider(browser)[2] == month_name(month)
        seen.add(month)
    assert len(seen) >= 2, "the reading crossed a month"


def test_a_click_on_the_rail_opens_the_month_under_it(browser, server, site):
    months = load_root_index(site)["months"]
    open_feed(browser, server.url + "/")
    expected = expected_urls(site)
    # The middle of the rail, where the entries' middle month is.
    browser.execute_script("""
        var rail = document.querySelector('.bp-timeline'), box = rail.getBoundingClientRect();
        var y = box.top + box.height / 2, x = box.left + box.width / 2;
        ['pointerdown', 'pointerup'].forEach(function (type) {
          rail.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, bubbles: true, pointerId: 1, isPrimary: true }));
        });""")
    wait_for(browser, "return document.querySelector('.bp-timeline').getAttribute('aria-valuenow') !== '0'")
    now = int(slider(browser)[1])
    target = months[now][0]
    wait_for(browser, month_in_view_is(target))
    assert 0 < now < len(months) - 1
    # The middle month by entries: about half the archive is newer.
    newer = sum(m[1] for m in months[:now])
    assert abs(newer - len(expected) / 2) <= max(m[1] for m in months) + 1
    assert state(browser, "newer") in ("idle", "loading") and state(browser, "older") in ("idle", "loading")


def test_a_mouse_drag_along_the_rail_opens_the_month_where_it_is_let_go(browser, server, site):
    """A real pointer (WebDriver's actions): pressed near the rail's top, dragged three quarters
    down, let go; the stream opens at the month under the pointer."""
    from selenium.webdriver.common.action_chains import ActionChains

    months = load_root_index(site)["months"]
    open_feed(browser, server.url + "/")
    rail = browser.find_element("css selector", ".bp-timeline")
    height = rail.size["height"]
    # Offsets are from the rail's centre.
    ActionChains(browser).move_to_element_with_offset(rail, 0, -height // 2 + 4).click_and_hold() \
        .move_by_offset(0, height // 2).move_by_offset(0, height // 4 - 4).release().perform()
    wait_for(browser, "return document.querySelector('.bp-timeline').getAttribute('aria-valuenow') !== '0'")
    now = int(slider(browser)[1])
    assert len(months) // 2 < now < len(months) - 1, (now, len(months))
    wait_for(browser, month_in_view_is(months[now][0]), 20)
    assert "at=" + months[now][0] in browser.current_url


def test_the_front_page_offers_to_continue_where_the_reader_left_off(browser, server, site):
    months = load_root_index(site)["months"]
    open_feed(browser, server.url + "/")
    assert not browser.find_elements("css selector", ".bp-continue"), "nothing to continue on a first visit"
    # Read far into the archive: the timeline's End, then a little way up.
    browser.execute_script("document.querySelector('.bp-timeline').focus()")
    browser.switch_to.active_element.send_keys("\ue010")
    wait_for(browser, f"return document.querySelector('.bp-timeline').getAttribute('aria-valuenow') === '{len(months) - 1}'")
    settle(browser)
    browser.execute_script("window.scrollBy(0, -Math.round(innerHeight * 1.5))")
    settle(browser)
    time.sleep(0.5)
    place = json.loads(browser.execute_script("return localStorage.getItem('blogpager:place:/index.json')"))
    # Come back to the front page another day: the place is offered, with its month.
    browser.get(server.url + "/index.json")
    open_feed(browser, server.url + "/")
    wait_for(browser, "return document.querySelector('.bp-continue')")
    go = browser.find_element("css selector", ".bp-continue-go")
    assert go.text == f"Continue where you left off ({month_name(place['date'][:7])})"
    cls = browser.execute_script("return window.__bpCLS")
    assert cls is None or round(cls, 2) == 0.00, "the notice moves nothing"
    go.click()
    wait_for(browser, "var a = document.querySelector('.bp-feed [data-page] > [data-url=\"' + CSS.escape(arguments[0]) + '\"]');"
                      " return a && Math.abs(a.getBoundingClientRect().top) < 2", 20, place["entry"])
    assert not browser.find_elements("css selector", ".bp-continue")
    # Kept the moment the reader arrives (a reader who leaves at once is offered it again).
    kept = json.loads(browser.execute_script("return localStorage.getItem('blogpager:place:/index.json')") or "null")
    assert kept and kept["entry"] == place["entry"]
    # Dismissed, it is not offered again.
    browser.get(server.url + "/index.json")
    open_feed(browser, server.url + "/")
    wait_for(browser, "return document.querySelector('.bp-continue')")
    browser.find_element("css selector", ".bp-continue-close").click()
    assert browser.execute_script("return localStorage.getItem('blogpager:place:/index.json')") is None
    browser.get(server.url + "/index.json")
    open_feed(browser, server.url + "/")
    settle(browser)
    assert not browser.find_elements("css selector", ".bp-continue")


def entry_of_month_on_screen(month):
    """A script that is true once an entry of `month` is on the screen (at the archive's end the
    last month's entries may not reach the top)."""
    return ("return Array.from(document.querySelectorAll('.bp-feed [data-page] > [data-url]')).some(function (a) {"
            " var box = a.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight &&"
            f" a.getAttribute('data-date').slice(0, 7) === '{month}'; }})")


def press(browser, key):
    browser.execute_script("document.querySelector('.bp-timeline').focus()")
    browser.switch_to.active_element.send_keys(key)


def test_a_tag_stream_has_its_own_months_and_travels_within_the_tag(browser, server, site):
    index = load_root_index(site, "tags/t1")
    months = index["months"]
    tag_entries = set(expected_urls(site, "tags/t1"))
    open_feed(browser, server.url + index["stream"]["url"])
    role, now, text, low, high = slider(browser)
    assert (role, now, high) == ("slider", "0", str(len(months) - 1)) and text == month_name(months[0][0])
    press(browser, "\ue010")  # End
    wait_for(browser, entry_of_month_on_screen(months[-1][0]))
    settle(browser)
    shown = browser.execute_script("return Array.from(document.querySelectorAll('.bp-feed [data-page] > [data-url]')).map(function (a) { return a.getAttribute('data-url'); })")
    assert shown and set(shown) <= tag_entries, "only the tag's entries"
    assert "at=" + months[-1][0] in browser.current_url and "/tags/t1/" in browser.current_url


def test_a_month_archive_shows_the_sites_months_and_opens_the_main_stream_at_another(browser, server, site):
    main = load_root_index(site)["months"]
    own = main[len(main) // 2][0]
    folder = "archive/" + own.replace("-", "/")
    index = load_root_index(site, folder)
    assert index["stream"]["kind"] == "month" and index["stream"]["timeline"] == "/index.json"
    open_feed(browser, server.url + index["stream"]["url"])
    wait_for(browser, "return document.querySelector('.bp-timeline')")
    role, now, text, low, high = slider(browser)
    assert high == str(len(main) - 1) and text == month_name(own) and now == str(len(main) // 2)
    press(browser, "\ue011")  # Home: the newest month, which is in the main stream
    wait_for(browser, "return location.pathname === '/' && location.search === '?at=" + main[0][0] + "'")
    wait_for(browser, entry_of_month_on_screen(main[0][0]))


def test_in_oldest_first_order_home_is_the_newest_month_and_end_the_oldest(browser, chat_server):
    server, site = chat_server
    months = load_root_index(site)["months"]
    open_feed(browser, server.url + "/")
    settle(browser)
    # The rail reads like the stream: the oldest month at its top, the reader at the newest, below.
    role, now, text, low, high = slider(browser)
    assert now == str(len(months) - 1) and text == month_name(months[0][0])
    top = browser.execute_script("return document.querySelector('.bp-timeline-year').textContent")
    assert top == months[-1][0][:4], "the oldest year at the top"
    press(browser, "\ue010")  # End: the oldest month
    wait_for(browser, entry_of_month_on_screen(months[-1][0]))
    wait_for(browser, "return document.querySelector('.bp-timeline').getAttribute('aria-valuenow') === '0'")
    press(browser, "\ue011")  # Home: the newest month again
    wait_for(browser, entry_of_month_on_screen(months[0][0]))
    assert slider(browser)[2] == month_name(months[0][0])


def test_on_a_narrow_screen_the_rail_covers_no_text(browser, server, site):
    # A phone-wide view: the stream in a 380 px frame (not every engine's driver resizes its window).
    browser.get(server.url + "/archive/")
    browser.execute_script("document.body.innerHTML = '<iframe src=\"/\" width=\"380\" height=\"700\" style=\"border:0\"></iframe>'")
    browser.switch_to.frame(browser.find_element("css selector", "iframe"))
    try:
        wait_for(browser, "return document.querySelector('.bp-timeline') && innerWidth === 380")
        overlap = browser.execute_script("""
            var rail = document.querySelector('.bp-timeline').getBoundingClientRect();
            var text = Array.from(document.querySelectorAll('.bp-feed article p, .bp-feed article h2'));
            return [rail.width, text.filter(function (t) { var b = t.getBoundingClientRect(); return b.right > rail.left + 0.5 && b.bottom > rail.top && b.top < rail.bottom; }).length];""")
        assert 0 < overlap[0] <= 24 and overlap[1] == 0, overlap
        # A year label would not fit: the compact rail has none.
        assert browser.execute_script("return Array.from(document.querySelectorAll('.bp-timeline-year')).every(function (y) { return y.getBoundingClientRect().width === 0; })")
    finally:
        browser.switch_to.default_content()
