"""The page keeps following the table across a restart of the service: its stream drops, the
page says so, and when the table is back (same address, a new run) it picks the stream up
again from a snapshot of the new run, with no reload."""

import pytest

from browser import wait_until
from table_config_fast import fast_config, free_port
from table_run import TableRun

pytestmark = pytest.mark.timeout(180)


def body(page, key: str):
    return page.execute_script(f"return document.body.dataset.{key}")


def test_the_page_resumes_its_stream_after_the_server_restarts(browser, tmp_path, screenshots):
    config = fast_config(tmp_path, free_port())
    first = TableRun(config)
    try:
        browser.get(first.url)
        wait_until(lambda: body(browser, "link") == "live", what="the live stream")
        boot = body(browser, "boot")
    finally:
        assert first.stop() == 0
    wait_until(lambda: body(browser, "link") == "offline", what="the page noticing the stop")
    second = TableRun(config)
    try:
        wait_until(lambda: body(browser, "boot") not in (None, boot), timeout_s=60,
                   what="the stream of the new run")
        resumed = body(browser, "eventId")
        assert resumed.startswith(body(browser, "boot") + "-")
        wait_until(lambda: body(browser, "eventId") != resumed, timeout_s=60,
                   what="events after the snapshot")
        assert body(browser, "link") == "live" and body(browser, "restarts") == "1"
        screenshots(browser, "table-after-restart")
    finally:
        assert second.stop() == 0
