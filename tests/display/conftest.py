"""Fixtures of the display's tests: a browser (headless Chromium) and the screenshots folder."""

import pytest

from browser import artefacts_dir, open_browser, require_browser


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    require_browser()
    driver = open_browser(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def screenshots():
    """``shoot(driver, name)`` saves the page as ``<name>.png`` among the test artefacts."""
    folder = artefacts_dir()

    def shoot(driver, name: str):
        path = folder / f"{name}.png"
        driver.save_screenshot(str(path))
        return path

    return shoot
