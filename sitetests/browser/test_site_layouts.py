"""The archive inside a Jekyll site's own layouts (its `blog/index.html` lends it its layout): it
loads older entries down to the oldest and newer ones back up, from its front page and from a page
in the middle, without the entry in view moving, in Chromium, WebKitGTK and Firefox ESR."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from helpers import run_build, write_files  # noqa: E402
from site_reader import load_index  # noqa: E402
from site_server import SiteServer  # noqa: E402
from test_loader import (DOM_BOUND, expected_urls, load_newer_to_start, open_feed, scroll_down_to_end,  # noqa: E402
                         scroll_up_to_start, state)

POSTS = 160

LAYOUTS = {
    "_config.yml": "title: In its own layouts\nurl: https://example.org\npaginate: 8\npaginate_path: /blog/page:num/\n"
                   "plugins: [jekyll-paginate]\ndefaults:\n  - scope:\n      type: posts\n    values:\n      layout: post\n",
    "_layouts/base.html": "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{{ page.title }} | {{ site.title }}</title>\n"
                          "<style>body { font: 18px/1.5 serif; max-width: 40rem; margin: 0 auto; } header.site { height: 4rem; }</style>\n</head>\n"
                          "<body>\n<header class=\"site\"><a href=\"{{ '/' | relative_url }}\">{{ site.title }}</a></header>\n<main>{{ content }}</main>\n"
                          "<footer>{{ site.posts.size }} posts</footer>\n</body>\n</html>\n",
    "_layouts/page.html": "---\nlayout: base\n---\n<h1>{{ page.title }}</h1>\n{{ content }}\n",
    "_layouts/post.html": "---\nlayout: base\n---\n<article class=\"post\"><h1>{{ page.title }}</h1>{{ content }}</article>\n",
    "index.html": "---\nlayout: base\ntitle: Home\n---\n<p>Welcome.</p>\n",
    "blog/index.html": "---\nlayout: page\ntitle: Writing\n---\n{% for post in paginator.posts %}<p>{{ post.title }}</p>{% endfor %}\n",
}


def posts():
    files = {}
    for number in range(POSTS):
        day = f"2020-{1 + number // 28:02d}-{1 + number % 28:02d}"
        paragraphs = "\n\n".join(f"Paragraph {line} of post {number}, " + "words " * (8 + (number * 7 + line) % 40) for line in range(1 + number % 4))
        files[f"_posts/{day}-post-{number}.md"] = f"---\ntitle: Post {number}\n---\n{paragraphs}\n"
    return files


@pytest.fixture(scope="module")
def layouts_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("site-layouts")
    write_files(root / "site", {**LAYOUTS, **posts()})
    run_build(root / "site", root / "out")
    return root / "out"


@pytest.fixture(scope="module")
def layouts_server(layouts_site):
    server = SiteServer(layouts_site).start()
    yield server
    server.stop()


@pytest.fixture
def driver(engine_driver, layouts_server):
    _, driver = engine_driver
    driver.get(layouts_server.url + "/")
    driver.execute_script("localStorage.clear()")
    return driver


def test_the_archive_in_the_sites_layout_loads_down_to_the_oldest_and_back(driver, layouts_server, layouts_site):
    expected = expected_urls(layouts_site, "blog")
    assert len(expected) == POSTS
    open_feed(driver, layouts_server.url + "/blog/")
    assert driver.execute_script("return document.querySelector('header.site') !== null && document.querySelector('h1').textContent") == "Writing"
    assert state(driver, "newer") == "end"
    assert scroll_down_to_end(driver, expected) < DOM_BOUND
    assert scroll_up_to_start(driver, expected) < DOM_BOUND


def test_a_page_in_the_middle_loads_newer_entries_above_without_moving_the_one_in_view(driver, layouts_server, layouts_site):
    expected = expected_urls(layouts_site, "blog")
    pages = load_index(layouts_site, "blog")["pages"]
    open_feed(driver, layouts_server.url + pages[len(pages) // 2]["url"])
    largest_shift = load_newer_to_start(driver, expected, pages)
    assert largest_shift < 1
