"""The archive inside a Jekyll theme's own list, in Chromium, WebKitGTK and Firefox ESR: minima's `ul`
on its home page, a theme's paginated `ul`, a card grid, and a table with a row for each year that an
`assign` carries from post to post. From a page deep in the archive: older entries load down to the
oldest and newer ones back up, the entry in view never moving, the DOM bounded; the address bar names
the page at the reading line and a reload comes back to it; our stylesheet changes nothing of the
theme's look; no script error."""
import re
import sys
import time
from datetime import date, timedelta
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from browser_drivers import wait_for  # noqa: E402
from helpers import run_build, write_files  # noqa: E402
from site_reader import file_for_url, load_index  # noqa: E402
from site_server import SiteServer  # noqa: E402
from test_loader import (DOM_BOUND, load_newer_to_start, open_feed, scroll_down_to_end, scroll_up_to_start, settle)  # noqa: E402

POSTS = 90

BASE = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{{ page.title }} | {{ site.title }}</title>\n"
        "<style>body { font: 17px/1.5 sans-serif; max-width: 44rem; margin: 0 auto; } header.site { height: 4rem; } {{ layout.style }}</style>\n"
        "</head>\n<body>\n<header class=\"site\"><a href=\"{{ '/' | relative_url }}\">{{ site.title }}</a></header>\n<main>{{ content }}</main>\n"
        "<footer>{{ site.posts.size }} posts</footer>\n</body>\n</html>\n")

SITES = {
    "minima": ("", {
        "_config.yml": "title: Minima list\nurl: https://example.org\ntheme: minima\n",
        "index.md": "---\nlayout: home\n---\nWelcome.\n",
    }),
    "paginated-ul": ("blog", {
        "_config.yml": "title: A list\nurl: https://example.org\npaginate: 8\npaginate_path: /blog/page:num/\nplugins: [jekyll-paginate]\n",
        "_layouts/base.html": "---\nstyle: \"ul.posts { list-style: square; padding-left: 2rem; } li.item { margin: 0 0 1.2rem; }\"\n---\n" + BASE,
        "index.html": "---\nlayout: base\ntitle: Home\n---\n<p>Welcome.</p>\n",
        "blog/index.html": "---\nlayout: base\ntitle: Writing\n---\n<h1>Writing</h1>\n<ul class=\"posts\">\n{% for post in paginator.posts %}"
                           "<li class=\"item\"><a href=\"{{ post.url | relative_url }}\">{{ post.title }}</a> <time>{{ post.date | date: \"%Y-%m-%d\" }}</time>"
                           "<p>{{ post.excerpt | strip_html }}</p></li>\n{% endfor %}</ul>\n"
                           "{% if paginator.next_page %}<a class=\"older\" href=\"{{ paginator.next_page_path | relative_url }}\">Older</a>{% endif %}\n",
    }),
    "grid": ("", {
        "_config.yml": "title: Cards\nurl: https://example.org\n",
        "_layouts/base.html": "---\nstyle: \".cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 1rem; margin-bottom: 1rem; }"
                              " .card { border: 1px solid #999; padding: 0.75rem; min-height: 7rem; }\"\n---\n" + BASE,
        "index.html": "---\nlayout: base\ntitle: Home\n---\n{% include blogpager/timeline.html %}\n<div class=\"cards\">\n{% for post in site.posts %}<div class=\"card\"><h2><a href=\"{{ post.url }}\">"
                      "{{ post.title }}</a></h2><p>{{ post.date | date_to_string }}</p></div>\n{% endfor %}</div>\n",
    }),
    "table": ("blog", {
        "_config.yml": "title: Table\nurl: https://example.org\n",
        "_layouts/base.html": "---\nstyle: \"table.archive { width: 100%; border-collapse: collapse; } tr.year th { text-align: left; font-size: 1.4em; padding-top: 1em; }"
                              " td { padding: 0.4em; border-bottom: 1px solid #ccc; }\"\n---\n" + BASE,
        "index.html": "---\nlayout: base\ntitle: Home\n---\n<p>Welcome.</p>\n",
        "blog/index.html": "---\nlayout: base\ntitle: Archive\n---\n<table class=\"archive\">\n<thead><tr><th>Day</th><th>Post</th></tr></thead>\n<tbody>\n"
                           "{% for post in site.posts %}{% assign year = post.date | date: \"%Y\" %}{% if year != last_year %}"
                           "<tr class=\"year\"><th colspan=\"2\">{{ year }}</th></tr>{% assign last_year = year %}{% endif %}"
                           "<tr class=\"post\"><td>{{ post.date | date: \"%b %-d\" }}</td><td><a href=\"{{ post.url }}\">{{ post.title }}</a></td></tr>\n"
                           "{% endfor %}</tbody>\n</table>\n",
    }),
}


def posts():
    files = {}
    for number in range(POSTS):
        day = date(2019, 1, 5) + timedelta(days=23 * number)
        files[f"_posts/{day.isoformat()}-post-{number}.md"] = f"---\ntitle: Post {number}\n---\nThe words of post {number}. " + "More. " * (number % 9) + "\n"
    return files


@pytest.fixture(scope="module", params=sorted(SITES))
def theme_site(request, tmp_path_factory):
    folder, files = SITES[request.param]
    root = tmp_path_factory.mktemp("theme-" + request.param)
    write_files(root / "site", {**files, **posts()})
    run_build(root / "site", root / "out")
    server = SiteServer(root / "out").start()
    yield request.param, folder, root / "out", server
    server.stop()


@pytest.fixture
def driver(engine_driver, theme_site):
    _, driver = engine_driver
    _, _, _, server = theme_site
    driver.get(server.url + "/feed.xml")
    driver.execute_script("localStorage.clear()")
    return driver


def entries(out, folder):
    """Every entry of the stream, newest first, from its fragments: each entry's root element carries its URL and date."""
    urls = []
    for page in load_index(out, folder)["pages"]:
        urls += re.findall(r' data-url="([^"]+)" data-date=', file_for_url(out, page["fragment"]).read_text())
    return urls


def no_errors(driver):
    assert driver.execute_script("return window.__bpErrors") == []


def test_the_theme_list_holds_the_pages_in_the_themes_own_markup(theme_site):
    name, folder, out, _ = theme_site
    page = file_for_url(out, "/" + (folder + "/" if folder else "")).read_text()
    tag = {"minima": r'<ul class="post-list" data-page=', "paginated-ul": r'<ul class="posts" data-page=', "grid": r'<div class="cards" data-page=',
           "table": r'<tbody data-page='}[name]
    assert re.search(tag, page), page
    assert "bp-feed" in page and "<article" not in page
    if name == "table":
        # The year rows stay with the posts they head: one at the start of each year, wherever a page starts.
        assert re.search(r'<table class="archive bp-feed" data-index="/blog/index.json">', page)
        years = re.findall(r'<tr class="year"><th colspan="2">(\d+)</th></tr>', "".join(
            file_for_url(out, p["fragment"]).read_text() for p in load_index(out, folder)["pages"]))
        assert years == sorted(set(years), reverse=True)


def test_from_a_deep_link_it_loads_both_ways_without_a_jump(driver, theme_site):
    name, folder, out, server = theme_site
    expected = entries(out, folder)
    assert len(expected) == POSTS
    pages = load_index(out, folder)["pages"]
    open_feed(driver, server.url + pages[len(pages) // 2]["url"])
    largest_shift = load_newer_to_start(driver, expected, pages)
    assert largest_shift < 1, name
    assert scroll_down_to_end(driver, expected) < DOM_BOUND
    assert scroll_up_to_start(driver, expected) < DOM_BOUND
    # The DOM stays flat: every page a child of the feed, every entry a child of its page.
    assert driver.execute_script("return Array.from(document.querySelectorAll('.bp-feed [data-url][data-date]'))"
                                 ".every(function (e) { return e.parentElement.parentElement.classList.contains('bp-feed'); })")
    no_errors(driver)


# The entry the reader is reading: the first to start in the top third of the view, else the one across the line a third down.
def test_the_front_page_opens_at_its_top_and_our_rail_only_where_included(driver, theme_site):
    name, folder, out, server = theme_site
    open_feed(driver, server.url + "/" + (folder + "/" if folder else ""))
    settle(driver)
    assert driver.execute_script("return window.scrollY") == 0, name
    # Our rail of months comes only where the site's page or layouts include it (the grid's page does).
    rail = "return document.querySelector('.bp-timeline') !== null"
    if name == "grid":
        wait_for(driver, rail)
    assert driver.execute_script(rail) == (name == "grid")
    no_errors(driver)


READING_PAGE = """
    var line = window.innerHeight / 3, list = document.querySelectorAll('.bp-feed [data-page] > [data-url]');
    for (var i = 0; i < list.length; i++) { var box = list[i].getBoundingClientRect();
      if (box.bottom > 0 && ((box.top >= -1 && box.top < line) || box.bottom > line))
        return [list[i].closest('[data-page]').getAttribute('data-url'), list[i].getAttribute('data-url'), box.top]; }"""


def test_the_address_names_the_page_at_the_reading_line_and_a_reload_comes_back(driver, theme_site):
    name, folder, out, server = theme_site
    open_feed(driver, server.url + "/" + (folder + "/" if folder else ""))
    for _ in range(6):
        driver.execute_script("window.scrollBy(0, Math.round(window.innerHeight * 0.9))")
        settle(driver)
    time.sleep(0.5)  # the place is saved 200 ms after scrolling stops
    page_url, entry, top = driver.execute_script(READING_PAGE)
    assert driver.execute_script("return location.pathname") == page_url, name
    driver.refresh()
    wait_for(driver, "return document.querySelector('.bp-feed[aria-busy]')")
    time.sleep(0.3)
    settle(driver)
    after = driver.execute_script(
        "return document.querySelector('.bp-feed [data-page] > [data-url=\"' + CSS.escape(arguments[0]) + '\"]').getBoundingClientRect().top", entry)
    assert abs(after - top) < 2, name
    no_errors(driver)


STYLES = """
    var props = ['display', 'margin-top', 'margin-bottom', 'padding-left', 'font-size', 'font-family', 'color', 'list-style-type',
                 'grid-template-columns', 'border-top-width', 'background-color', 'width'];
    var entry = document.querySelector('.bp-feed [data-page] > [data-url]'), page = entry.parentElement;
    return [entry, page, entry.querySelector('a')].map(function (e) {
      var style = getComputedStyle(e); return props.map(function (p) { return style.getPropertyValue(p); }); });"""


def test_our_stylesheet_changes_nothing_of_the_themes_look(driver, theme_site):
    name, folder, out, server = theme_site
    open_feed(driver, server.url + "/" + (folder + "/" if folder else ""))
    with_ours = driver.execute_script(STYLES)
    driver.execute_script("document.querySelectorAll('link[href*=\"/assets/loader.\"]').forEach(function (l) { l.disabled = true; })")
    assert driver.execute_script("return document.querySelectorAll('link[href*=\"/assets/loader.\"]').length") == 1
    assert driver.execute_script(STYLES) == with_ours, name
    no_errors(driver)
