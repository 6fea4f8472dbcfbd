"""`blogpager serve --watch` in real browsers: an edit reloads the open page, a bad
edit shows its errors over the last good page, and the fix reloads again."""
import signal

import pytest

from browser_drivers import wait_for
from helpers import write_archive
from serve_process import ServeProcess


@pytest.fixture(scope="module")
def watched(tmp_path_factory):
    root = tmp_path_factory.mktemp("live-reload")
    write_archive(root / "content", 24)
    process = ServeProcess(root / "out", "--watch", root / "content", cwd=root).start()
    yield root, process
    assert process.stop(signal.SIGINT) == 0


def test_an_edit_reloads_the_page_and_a_bad_edit_shows_an_overlay(engine_driver, watched):
    engine, driver = engine_driver
    root, server = watched
    entry_folder = next((root / "out").rglob("entry-0003"))
    url = server.url + "/" + entry_folder.relative_to(root / "out").as_posix() + "/"
    source = root / "content" / "entry-0003.md"
    original = source.read_text()
    try:
        driver.get(url)
        wait_for(driver, "return document.documentElement.dataset.blogpagerLiveReload === 'open'")
        driver.execute_script("window.__sameDocument = true;")

        source.write_text(original.replace("Paragraph two.", f"Paragraph two, edited in {engine}."))
        wait_for(driver, f"return !window.__sameDocument && document.body && document.body.textContent.includes('edited in {engine}')")

        wait_for(driver, "return document.documentElement.dataset.blogpagerLiveReload === 'open'")
        source.write_text(original.replace("title:", "title: [unclosed"))
        overlay = wait_for(driver, "var o = document.getElementById('blogpager-build-errors'); return o && o.textContent")
        assert "entry-0003.md:" in overlay and "error:" in overlay
        assert "last good site" in overlay
        assert f"edited in {engine}" in driver.execute_script("return document.body.textContent")

        driver.execute_script("window.__sameDocument = true;")
        source.write_text(original.replace("Paragraph two.", f"Paragraph two, fixed in {engine}."))
        wait_for(driver, f"return !window.__sameDocument && document.body && document.body.textContent.includes('fixed in {engine}')")
        assert driver.execute_script("return document.getElementById('blogpager-build-errors')") is None
    finally:
        source.write_text(original)
        server.wait_for_line(r"^built 24 entries")
