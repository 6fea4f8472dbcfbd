"""A reader of a deployed site while a deploy runs: the site served by `blogpager serve` from the
folder a deploy sends it to, a new post deployed (slowed to take seconds) while the reader, who
opened the site before it began, scrolls both ways and reloads. No fragment or index part it asks
for ever fails: the files it names go up before the indexes, and the old ones stay."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from helpers import BINARY, entry, run_build, write_archive, write_files  # noqa: E402
from serve_process import ServeProcess  # noqa: E402

# Every request the loader makes after the page loads, and those that failed.
WATCH_FETCH = """
if (!window.__bpFetchWatched) {
  window.__bpFetchWatched = true; window.__bpFetched = []; window.__bpFailed = [];
  var original = window.fetch;
  window.fetch = function (url, options) {
    return original(url, options).then(function (response) {
      (response.ok ? window.__bpFetched : window.__bpFailed).push(String(url) + ' ' + response.status);
      return response;
    }, function (error) { window.__bpFailed.push(String(url) + ' ' + error); throw error; });
  };
}
"""


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    root = tmp_path_factory.mktemp("deployed")
    content, out, remote = root / "content", root / "out", root / "remote"
    write_archive(content, 200)
    run_build(content, out)
    subprocess.run([str(BINARY), "deploy", str(out), str(remote)], check=True, capture_output=True)
    server = ServeProcess(remote).start()
    yield content, out, remote, server
    server.stop()


def read_both_ways(driver, rounds=3):
    """Scrolls to the bottom a few times (older pages), then back to the top (newer ones)."""
    for _ in range(rounds):
        driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        time.sleep(0.4)
    for _ in range(rounds):
        driver.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.4)


def up_to_the_start(driver, limit=40):
    """Scrolls up until the newest entry is on the page: every newer page fetched as its index names it."""
    for _ in range(limit):
        driver.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.35)
        failed = driver.execute_script("return window.__bpFailed")
        assert failed == [], failed
        if driver.execute_script("return document.querySelectorAll('.bp-feed [data-page]')[0].getAttribute('data-page') === arguments[0]",
                                 FRONT[0]):
            return
    raise AssertionError("the reader never reached the newest page")


FRONT = [None]


def test_a_reader_meets_no_failed_request_while_a_new_post_is_deployed(engine_driver, deployed):
    _, driver = engine_driver
    content, out, remote, server = deployed
    index = json.loads((remote / "index.json").read_text())
    pages = [page for part in index["parts"] for page in part.get("pages", [])]
    # This reader came before the deploy, to a page in the middle: it holds the index of then.
    driver.get(server.url + f"/page/{pages[len(pages) // 2]['id']}/")
    driver.execute_script(WATCH_FETCH)
    stamp = time.time_ns()
    write_files(content, {f"zz-new-{stamp}.md": entry(f"News {stamp}", date="2026-12-01", body="Just now.")})
    run_build(content, out)
    deploy = subprocess.Popen([str(BINARY), "deploy", str(out), str(remote)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=dict(os.environ, RCLONE_BWLIMIT="60k"))
    rounds = 0
    while deploy.poll() is None:
        driver.execute_script("window.scrollBy(0, (arguments[0] % 2 ? -1 : 1) * 1200)", rounds)
        time.sleep(0.3)
        rounds += 1
        assert rounds < 200, "the deploy did not end"
    _, errors = deploy.communicate()
    assert deploy.returncode == 0, errors.decode()
    assert rounds > 2, "the deploy ended before the reader read"
    # Up to the newest page its index names: the front page as it was before the new post, since replaced.
    FRONT[0] = pages[0]["id"]
    up_to_the_start(driver)
    assert driver.execute_script("return window.__bpFailed") == []
    fetched = driver.execute_script("return window.__bpFetched")
    assert any(pages[0]["fragment"] in url for url in fetched), fetched
    # A reader who comes now reads the new index, both ways, and finds the new post.
    driver.get(server.url + "/")
    driver.execute_script(WATCH_FETCH)
    assert f"News {stamp}" in driver.page_source
    read_both_ways(driver)
    assert driver.execute_script("return window.__bpFailed") == []
