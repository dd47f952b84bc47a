"""Headless Chromium (Debian's chromium and chromium-driver) driven by Selenium, for the
page's tests; screenshots go to ``$MJTABLE_ARTEFACTS`` (default: a folder in the system's
temporary directory), never into the checkout.

On a developer machine without Chromium the browser tests are skipped, saying what to
install; in CI (``CI=true``) a missing browser fails them."""

import os
import tempfile
import time
from pathlib import Path

import pytest

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
ARTEFACTS_VARIABLE = "MJTABLE_ARTEFACTS"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--window-size=1280,900")


def require_browser() -> None:
    missing = [str(path) for path in (CHROMIUM, DRIVER) if not path.exists()]
    if not missing:
        return
    reason = (f"headless Chromium is not installed ({', '.join(missing)} missing): "
              f"apt-get install chromium chromium-driver")
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run the browser tests, but {reason}")
    pytest.skip(reason)


def artefacts_dir() -> Path:
    folder = Path(os.environ.get(ARTEFACTS_VARIABLE)
                  or Path(tempfile.gettempdir()) / "mjtable-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_browser(profile_dir: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile_dir}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)


def wait_until(check, timeout_s: float = 30.0, what: str = "the page"):
    """``check()``'s first truthy value, polled; AssertionError naming ``what`` after timeout."""
    deadline, last = time.monotonic() + timeout_s, None
    while time.monotonic() < deadline:
        try:
            last = check()
        except Exception as exc:  # noqa: BLE001 - the page may be between two drawings
            last = exc
        else:
            if last:
                return last
        time.sleep(0.1)
    raise AssertionError(f"{what} did not come within {timeout_s} s (last: {last!r})")
