"""`mjtable tiles` end to end: the real CLI in a subprocess, reads from the simulated head."""

import random
import subprocess
import sys

import pytest

from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.pn532_device import SimPn532


def mjtable(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "firmware.cli", "tiles", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def station(set_id, tiles=144):
    done = subprocess.run([sys.executable, "-m", "hal_sim.rfid.enrolment", "--set", set_id,
                           "--tiles", str(tiles)], capture_output=True, text=True, timeout=120,
                          check=True)
    return done.stdout


@pytest.fixture(scope="module")
def reads_a():
    return station("A")


@pytest.fixture
def registry(tmp_path, reads_a):
    path = tmp_path / "tiles.sqlite"
    done = mjtable("enroll", "--set", "A", "--registry", str(path), "-", stdin=reads_a)
    assert (done.returncode, done.stdout) == (0, f"set A: 144 tiles enrolled in {path}\n")
    return path


def test_enrolled_from_the_simulator_then_a_wall_verifies(registry, reads_a):
    done = mjtable("verify", "--tiles", "144", "--registry", str(registry), "-", stdin=reads_a)
    assert (done.returncode, done.stdout) == (0, "set A: 144 tiles verified\n")


def test_a_missing_tile_is_named_and_exits_1(registry, reads_a):
    lines = reads_a.splitlines()
    wall = "\n".join(lines[:4] + lines[5:])  # the fifth tile fed is the first 2m
    done = mjtable("verify", "--tiles", "144", "--registry", str(registry), "-", stdin=wall)
    assert (done.returncode, done.stdout) == (1, "missing 2m\n")


def test_a_missed_read_is_counted_not_missing(registry, reads_a):
    wall = reads_a.replace(reads_a.splitlines()[7], "-")
    done = mjtable("verify", "--tiles", "144", "--registry", str(registry), "--json", "-",
                   stdin=wall)
    assert done.returncode == 0 and '"unconfirmed": 1' in done.stdout


@pytest.mark.parametrize("text, message", [
    ("0A000001 7p extra\n", "<stdin>:1: expected 'UID [KIND]', got '0A000001 7p extra'"),
    ("# header\nnot-hex\n", "<stdin>:2: 'not-hex' is not a tag UID"),
    ("0A000001 9z\n", "<stdin>:1: '9z' is not a tile kind"),
    ("0A000001\n" * 3, "-: 3 reads; a set has 144, 136, 108 tiles"),
    ("0A000001 1m\n0A000002\n", "-: give a kind on every line or on none"),
    ("-\n", "-: enrolment needs every tile read"),
])
def test_bad_enrolment_input_is_refused_naming_the_line(tmp_path, text, message):
    done = mjtable("enroll", "--set", "B", "--registry", str(tmp_path / "t.sqlite"), "-",
                   stdin=text)
    assert done.returncode == 2
    assert done.stderr.startswith("mjtable tiles enroll: " + message)


def test_verify_needs_an_existing_registry(tmp_path):
    done = mjtable("verify", "--tiles", "108", "--registry", str(tmp_path / "none.sqlite"), "-",
                   stdin="")
    assert done.returncode == 2 and "no tile registry at" in done.stderr
    assert not (tmp_path / "none.sqlite").exists()


def test_capture_reads_a_real_port_until_the_count():
    """The table-side capture tool on the pty of a simulated PN532, tiles fed one by one."""
    device = SimPn532(LineFaults(), random.Random(4), in_step=False)
    capture = subprocess.Popen([sys.executable, "-m", "drivers.rfid.capture", "--port",
                                device.path, "--count", "2", "--timeout-s", "10"],
                               stdout=subprocess.PIPE, text=True)
    uids = ["0A000010", "0A000011"]
    for uid in uids:
        device.tile_enters(bytes.fromhex(uid))
        for _ in range(3):
            device.serve_one(timeout_s=5)
    out, _ = capture.communicate(timeout=30)
    device.close()
    assert (capture.returncode, out.split()) == (0, uids)
