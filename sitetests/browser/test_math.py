"""`markdown: math: katex`: math drawn with KaTeX (Debian's libjs-katex, from assets/katex/) on the
pages whose articles hold it, again in every page of articles the loader adds, and not loaded at
all by a page without math."""
import pytest

from browser_drivers import wait_for
from site_server import SiteServer
from test_loader import expected_urls, open_feed, scroll_down_to_end

from helpers import run_build

ENTRIES = 30
MATH = "Euler's $e^{i\\pi} + 1 = 0$, then\n\n$$\n\\int_0^1 x_1 \\, dx = \\frac{1}{2}\n$$\n"


@pytest.fixture(scope="module")
def math_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("math-site")
    content = root / "content"
    content.mkdir()
    for index in range(ENTRIES):
        body = MATH if index % 5 == 0 else "Prices of five dollars and ten dollars, no math.\n"
        (content / f"entry-{index:02}.md").write_text(
            f"---\ntitle: Entry {index}\ndate: 2020-01-{index + 1:02}\n---\n{body}")
    (root / "blogpager.yml").write_text("title: Math\npage_size: 3\nlist_content: full\nmarkdown:\n  math: katex\n")
    run_build(content, root / "out", "--config", str(root / "blogpager.yml"))
    return root / "out"


@pytest.fixture(scope="module")
def math_server(math_site):
    server = SiteServer(math_site).start()
    yield server
    server.stop()


@pytest.fixture
def reader(engine_driver, math_server):
    _, driver = engine_driver
    math_server.reset()
    driver.get(math_server.url + "/index.json")
    return driver


# Every article with math now in the page (at least one) has both its formulas drawn.
DRAWN = ("var math = Array.from(document.querySelectorAll('.entry-body')).filter(b => !b.textContent.includes('dollars'));"
         "return math.length > 0 && math.every(b => b.querySelectorAll('.katex').length >= 2 && b.querySelector('.katex-display'))")


def test_an_entry_with_math_shows_it_drawn(reader, math_server):
    reader.get(math_server.url + "/posts/entry-00/")
    wait_for(reader, "return document.querySelectorAll('.entry-body .katex').length >= 2 && document.querySelector('.katex-display')")
    assert any(request.startswith("/assets/katex/fonts/") for request in math_server.requests)
    assert "$$" not in reader.execute_script("return document.querySelector('.entry-body .katex-display').textContent")


def test_a_page_without_math_loads_no_katex(reader, math_server):
    reader.get(math_server.url + "/posts/entry-01/")
    wait_for(reader, "return document.readyState === 'complete'")
    reader.execute_script("return new Promise(r => setTimeout(r, 300))")
    assert not any(request.startswith("/assets/katex/") for request in math_server.requests)


def test_articles_the_loader_adds_have_their_math_drawn(reader, math_server, math_site):
    open_feed(reader, math_server.url + "/")
    scroll_down_to_end(reader, expected_urls(math_site))
    wait_for(reader, DRAWN)
