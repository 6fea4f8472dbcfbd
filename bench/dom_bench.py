#!/usr/bin/env python3
"""How many elements the document holds while a reader scrolls the whole archive, from the front
page to the end and back up, in headless Chromium: the loader gives far pages back to spacers, so
the bound does not grow with the archive. Prints the largest count for each archive size.

    .venv/bin/python bench/dom_bench.py [--sizes 300 3000]
"""
import argparse
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "sitetests"))
sys.path.insert(0, str(REPO / "sitetests" / "browser"))
os.environ.setdefault("BLOGPAGER", str(REPO / ".build" / "release" / "blogpager"))
from helpers import run_build, write_archive  # noqa: E402
from site_server import SiteServer  # noqa: E402
from browser_drivers import make_driver, wait_for  # noqa: E402

SETTLE = ("var done = arguments[arguments.length - 1];"
          "requestAnimationFrame(function () { requestAnimationFrame(done); });")


def largest_document(driver, url):
    """Scrolls a screen at a time to the end and back, noting the largest element count."""
    driver.get(url)
    wait_for(driver, "return document.querySelector('.bp-feed[role=feed]') && document.querySelector('.bp-status-older')")
    largest = 0
    for direction in (1, -1):
        for _ in range(20000):
            driver.execute_async_script(SETTLE)
            wait_for(driver, "return !document.querySelector('.bp-status[data-state=loading], .bp-page[data-reloading]')", 60)
            largest = max(largest, driver.execute_script("return document.getElementsByTagName('*').length"))
            edge = "older" if direction > 0 else "newer"
            done = driver.execute_script(
                f"return document.querySelector('.bp-status-{edge}').getAttribute('data-state') === 'end' && "
                + ("window.scrollY + innerHeight >= document.documentElement.scrollHeight - 2" if direction > 0 else "window.scrollY <= 0"))
            if done:
                break
            driver.execute_script(f"window.scrollBy(0, {direction} * Math.round(innerHeight * 0.9))")
    return largest


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 3000])
    arguments = parser.parse_args()
    driver = make_driver("chromium")
    try:
        print("DOM bound while reading the whole archive down and back up (headless Chromium, 1024x768)")
        for size in arguments.sizes:
            with tempfile.TemporaryDirectory() as folder:
                root = Path(folder)
                write_archive(root / "content", size)
                run_build(root / "content", root / "out")
                server = SiteServer(root / "out").start()
                try:
                    print(f"  {size:>6} entries: at most {largest_document(driver, server.url + '/')} elements")
                finally:
                    server.stop()
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
