"""Browser fixtures: one site of several hundred entries, served on 127.0.0.1,
read by the same tests in Chromium, WebKitGTK and Firefox ESR."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers import run_build, write_archive  # noqa: E402
from site_server import SiteServer  # noqa: E402

from browser_drivers import ENGINES, make_driver  # noqa: E402

ENTRIES = 300


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("browser-site")
    write_archive(root / "content", ENTRIES, images=True, code=True)
    run_build(root / "content", root / "out")
    return root / "out"


@pytest.fixture(scope="session")
def server(site):
    server = SiteServer(site).start()
    yield server
    server.stop()


@pytest.fixture(params=ENGINES, scope="module")
def engine_driver(request):
    driver = make_driver(request.param)
    driver.set_script_timeout(30)
    yield request.param, driver
    driver.quit()


@pytest.fixture
def browser(engine_driver, server):
    engine, driver = engine_driver
    server.reset()
    driver.get(server.url + "/archive/")  # a page of the site without a stream: forget the place left off
    driver.execute_script("localStorage.clear()")
    driver.get(server.url + "/index.json")  # leave the previous test's page and history state
    return driver
