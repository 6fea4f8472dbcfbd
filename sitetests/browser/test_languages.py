"""A blog in two languages in three engines: each language's archive read both ways holds its
own entries alone, the menu of languages leads from one to the other, and search on a page
finds the words of its own language only (Pagefind's index per language), in that language's words."""
import datetime

import pytest

from browser_drivers import wait_for
from helpers import entry, run_build
from site_server import SiteServer
from test_loader import expected_urls, open_feed, scroll_down_to_end, scroll_up_to_start, state
from test_search import search

ENTRIES = 36


@pytest.fixture(scope="module")
def languages_site(tmp_path_factory):
    """36 English entries, a French translation of every other one and a French entry of its own, search on."""
    root = tmp_path_factory.mktemp("languages")
    content = root / "content"
    content.mkdir()
    for number in range(ENTRIES):
        date = (datetime.date(2015, 1, 1) + datetime.timedelta(days=number * 9)).isoformat()
        (content / f"entry-{number:02d}.md").write_text(entry(f"Entry {number}", date, body=f"English paragraph {number}.\n\nAnother one."))
        if number % 2 == 0:
            (content / f"entry-{number:02d}.fr.md").write_text(entry(f"Billet {number}", date, body=f"Paragraphe français {number}.\n\nUn autre."))
    (content / "phare.fr.md").write_text(entry("Le phare", "2015-03-03", body="Le gardien du phare et sa lampe tintinnabulante."))
    (content / "lighthouse.md").write_text(entry("The lighthouse", "2015-03-03", body="The keeper and his zanzibarite lamp."))
    (root / "blogpager.yml").write_text("title: Two tongues\nlanguage: en\nsearch: true\nlanguages:\n  fr:\n    title: Deux langues\n")
    result = run_build(content, root / "out")
    assert "search index made" in result.stdout, result.stdout + result.stderr
    server = SiteServer(root / "out").start()
    yield root / "out", server
    server.stop()


@pytest.mark.parametrize("folder", ["", "fr"])
def test_each_languages_archive_reads_both_ways_with_its_own_entries_alone(browser, languages_site, folder):
    out, server = languages_site
    expected = expected_urls(out, folder)
    assert len(expected) == (ENTRIES + 1 if folder == "" else ENTRIES // 2 + 1)
    assert all(url.startswith("/fr/") == (folder == "fr") for url in expected)
    open_feed(browser, server.url + "/" + (folder + "/" if folder else ""))
    assert state(browser, "newer") == "end"
    scroll_down_to_end(browser, expected)
    scroll_up_to_start(browser, expected)
    assert browser.execute_script("return document.documentElement.lang") == (folder or "en")
    # The loader speaks the page's language.
    end = "Vous êtes arrivé au début des archives." if folder == "fr" else "You have reached the beginning of the archive."
    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_for(browser, "return document.querySelector('.bp-status-older').textContent.indexOf(arguments[0]) >= 0", 20, end)


def test_the_menu_of_languages_leads_to_the_other_archive(browser, languages_site):
    out, server = languages_site
    open_feed(browser, server.url + "/")
    browser.execute_script("document.querySelector('.site-languages a[hreflang=\"fr\"]').click()")
    wait_for(browser, "return location.pathname === '/fr/' && document.querySelector('.bp-feed[role=feed]')")
    assert browser.execute_script("return document.querySelector('.site-languages a[aria-current]').textContent") == "Français"


def test_search_finds_the_words_of_the_pages_own_language_only(browser, languages_site):
    out, server = languages_site
    open_feed(browser, server.url + "/fr/")
    assert search(browser, "tintinnabulante") == "1 billet trouvé."
    assert search(browser, "zanzibarite") == "Aucun billet trouvé."
    open_feed(browser, server.url + "/")
    assert search(browser, "zanzibarite") == "1 entry found."
    assert search(browser, "tintinnabulante") == "No entries found."
