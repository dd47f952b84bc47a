"""The systemd units pass `systemd-analyze verify` (the service's ExecStart pointed at this
checkout's `mjtable`, the one line that differs off the table) and say what the service
promises: notify with a watchdog, restarted on failure, its own user, hardened, only its data
directory writable."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from table_run import REPO

UNITS = REPO / "systemd"
INSTALLED = "/opt/mjtable/.venv/bin/mjtable"


def settings(unit: str) -> dict[str, list[str]]:
    """Every ``Key=value`` of a unit file, values in order (a key may repeat)."""
    found: dict[str, list[str]] = {}
    for line in (UNITS / unit).read_text().splitlines():
        if match := re.match(r"^(\w+)=(.*)$", line):
            found.setdefault(match.group(1), []).append(match.group(2))
    return found


KIOSK_NEEDS = {"/usr/bin/cage": "cage", "/usr/bin/chromium": "chromium", "/usr/bin/curl": "curl"}
"""What the kiosk unit runs: verify checks each is there, as on the table."""


def test_the_units_pass_systemd_analyze_verify(tmp_path):
    analyze = shutil.which("systemd-analyze")
    missing = ([] if analyze else ["systemd"]) + [package for path, package in KIOSK_NEEDS.items()
                                                  if not Path(path).exists()]
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must verify the units, but {', '.join(missing)} is not installed")
        pytest.skip(f"to verify the units: apt-get install {' '.join(missing)}")
    here = Path(sys.executable).parent / "mjtable"
    service = (UNITS / "mjtable.service").read_text().replace(INSTALLED, str(here))
    (tmp_path / "mjtable.service").write_text(service)
    shutil.copy(UNITS / "mjtable-kiosk.service", tmp_path)
    done = subprocess.run([analyze, "verify", str(tmp_path / "mjtable.service"),
                           str(tmp_path / "mjtable-kiosk.service")],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")


def test_the_service_is_supervised_hardened_and_writes_only_its_data():
    unit = settings("mjtable.service")
    assert unit["Type"] == ["notify"] and unit["NotifyAccess"] == ["main"]
    assert unit["WatchdogSec"] == ["10s"] and unit["Restart"] == ["on-failure"]
    assert unit["ExecStart"] == [f"{INSTALLED} run --config /etc/mjtable/table.toml"]
    assert unit["User"] == ["mjtable"] and unit["RestartPreventExitStatus"] == ["2"]
    for key, value in (("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"),
                       ("PrivateTmp", "yes"), ("ProtectHome", "yes"),
                       ("ReadWritePaths", "/var/lib/mjtable"), ("StateDirectory", "mjtable"),
                       ("CapabilityBoundingSet", ""), ("KillSignal", "SIGTERM")):
        assert unit[key] == [value], key


def test_the_kiosk_opens_the_page_the_service_serves():
    kiosk = settings("mjtable-kiosk.service")
    page = re.search(r"http://127\.0\.0\.1:(\d+)/$", kiosk["ExecStart"][0])
    assert page and "--kiosk" in kiosk["ExecStart"][0]
    default = (REPO / "config" / "table.toml").read_text()
    assert re.search(rf"^\[display\][^\[]*^port = {page.group(1)}\b", default, re.M | re.S)
    assert kiosk["User"] == ["kiosk"] and kiosk["Wants"] == ["mjtable.service"]
