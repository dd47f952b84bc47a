"""`mjtable run` end to end: starts, says ready, and SIGTERM/SIGINT leave every output safe."""

import signal
import socket
import subprocess
import time

import pytest
from cli_runner import MJTABLE, config_with, env, mjtable

FAST_VENUE = "[venue]\npress_delay_s = 0.2\n"


def _start(config, **extra_env) -> subprocess.Popen:
    return subprocess.Popen([*MJTABLE, "run", "--config", str(config)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env(**extra_env))


def _read_until(proc: subprocess.Popen, text: str, timeout_s: float = 20) -> list[str]:
    lines, deadline = [], time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip())
        if text in line:
            return lines
    proc.kill()
    raise AssertionError(f"{text!r} never came; got {lines}")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_run_reports_ready_and_a_signal_mid_motion_leaves_outputs_safe(tmp_path, signum):
    proc = _start(config_with(tmp_path, FAST_VENUE))
    lines = _read_until(proc, "ready")
    assert any("idle" in line for line in lines)
    _read_until(proc, "collecting.opening")  # the hatch motor is running now
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert out.strip().endswith("stopped: every output safe")


def test_sighup_reloads_settings_for_the_next_set_and_keeps_them_on_a_bad_file(tmp_path):
    config = config_with(tmp_path, "")
    proc = _start(config)
    try:
        _read_until(proc, "ready")
        config.write_text(config.read_text().replace('rules = "mcr"', 'rules = "riichi"'))
        proc.send_signal(signal.SIGHUP)
        _read_until(proc, "settings reloaded: rules riichi, from the next set")
        config.write_text(config.read_text().replace('rules = "riichi"', 'rules = "go"'))
        proc.send_signal(signal.SIGHUP)
        _read_until(proc, "settings not reloaded")
    finally:
        proc.terminate()
        proc.communicate(timeout=20)
    assert proc.returncode == 0


def test_run_tells_systemd_it_is_ready(tmp_path):
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.settimeout(20)
        proc = _start(config_with(tmp_path, ""), NOTIFY_SOCKET=address)
        try:
            assert sock.recv(64) == b"READY=1"
        finally:
            proc.terminate()
            proc.communicate(timeout=20)
        assert sock.recv(64) == b"STOPPING=1"


@pytest.mark.parametrize("extra, message", [
    ("[controller]\ntick_ms = 100\n", "[controller] tick_ms: unknown option"),
    ("[controller]\nlift_travel_s = \"long\"\n", "[controller] lift_travel_s: must be a number"),
    ("[venue]\nplay_s = 99999\n", "[venue] play_s: must be at most 3600"),
    ("[lamp]\nwatts = 1\n", "[lamp] is not a known section"),
])
def test_bad_config_fails_fast_naming_section_and_key(tmp_path, extra, message):
    result = mjtable("run", "--config", str(config_with(tmp_path, extra)), timeout=30)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_bad_backend_name_is_refused(tmp_path):
    config = tmp_path / "table.toml"
    config.write_text('[table]\nbackend = "abacus"\n')
    result = mjtable("run", "--config", str(config), timeout=30)
    assert result.returncode == 2 and "[table] backend: no installed backend 'abacus'" in result.stderr


def test_missing_config_file_is_named(tmp_path):
    result = mjtable("run", "--config", str(tmp_path / "nope.toml"), timeout=30)
    assert result.returncode == 2 and "nope.toml: config file not found" in result.stderr
