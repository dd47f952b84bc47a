"""`mjtable run` as systemd runs it, with a real notify socket (a unix datagram socket this
test binds and passes as NOTIFY_SOCKET): READY=1 once running, WATCHDOG=1 every half of
WATCHDOG_USEC while the control loop runs, none once it stalls (``hooks:stall_on_usr1`` hangs
it) — after which this test does systemd's part (WatchdogSignal=SIGABRT, then
Restart=on-failure) and the restarted table is ready again. SIGTERM leaves the ledger's log
whole: what was acknowledged is on the disk after the stop."""

import json
import signal
import socket
import subprocess
import time
import urllib.request

import pytest

from firmware.cli.run import watchdog_interval_s

from table_config_fast import PIN, fast_config
from table_run import MJTABLE, TableRun, env

WATCHDOG_USEC = 1_000_000
pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def notify(tmp_path):
    path = str(tmp_path / "notify.socket")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(path)
        yield path, sock


def messages(sock, seconds: float) -> list[str]:
    """Every datagram received during ``seconds``."""
    got, deadline = [], time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            got.append(sock.recv(256).decode())
        except TimeoutError:
            break
    return got


def until(sock, message: str, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        sock.settimeout(deadline - time.monotonic())
        if sock.recv(256).decode() == message:
            return
    raise AssertionError(f"{message} never came")


def test_ready_pings_while_healthy_none_once_stalled_and_ready_again_after_the_restart(
        tmp_path, notify):
    path, sock = notify
    config = fast_config(tmp_path)
    extra = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": str(WATCHDOG_USEC)}
    table = TableRun(config, hooks=("hooks:stall_on_usr1",), **extra)
    try:
        until(sock, "READY=1")
        healthy = messages(sock, 2.6)
        assert healthy.count("WATCHDOG=1") >= 4, healthy  # every 0.5 s
        table.signal(signal.SIGUSR1)
        messages(sock, 0.6)  # a ping already on its way
        assert "WATCHDOG=1" not in messages(sock, 3 * WATCHDOG_USEC / 1e6)
    finally:
        table.signal(signal.SIGABRT)  # what systemd does when WatchdogSec passes
        assert table.proc.wait(timeout=20) == -signal.SIGABRT
    restarted = TableRun(config, **extra)  # Restart=on-failure
    try:
        until(sock, "READY=1")
        assert "WATCHDOG=1" in messages(sock, 1.2)
    finally:
        assert restarted.stop() == 0


@pytest.mark.parametrize("environ, interval", [
    ({}, None), ({"WATCHDOG_USEC": "0"}, None), ({"WATCHDOG_USEC": "x"}, None),
    ({"WATCHDOG_USEC": "10000000"}, 5.0),
    ({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "1"}, None),
])
def test_the_watchdog_is_fed_only_when_systemd_asks_this_process(environ, interval):
    assert watchdog_interval_s(environ) == interval


def test_sigterm_leaves_what_was_acknowledged_on_the_disk(tmp_path):
    config = fast_config(tmp_path)
    table = TableRun(config)
    body = json.dumps({"pin": PIN, "who": "Wu", "why": "evening starts", "rules": "riichi"}).encode()
    request = urllib.request.Request(table.url + "api/actions/new_game", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        answer = json.load(response)
    assert answer["ok"] and answer["recorded_in"] == "ledger"
    assert table.stop() == 0
    assert table.lines[-1] == "stopped: every output safe"
    shown = subprocess.run([*MJTABLE, "game", "show", "--json", "--config", str(config)],
                           capture_output=True, text=True, timeout=60, env=env())
    game = json.loads(shown.stdout)
    assert (game["rules"], game["last_event"]) == ("riichi", answer["event_id"])
