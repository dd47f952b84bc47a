"""The page's guard, against a running table over real HTTP: the PIN is kept only as a salted
hash, an action without the PIN is refused and changes nothing, twenty wrong PINs in a row
are slowed (a lockout that holds even for the right PIN) and each is logged, and the server
will not listen beyond loopback unless the config says so."""

import json
import re
import subprocess
import urllib.error
import urllib.request

import pytest

from firmware.display.actions import FIELDS

from table_config_fast import PIN, fast_config, free_port
from table_run import MJTABLE, TableRun, env

pytestmark = pytest.mark.timeout(180)
WHO = {"who": "Wu", "why": "testing the guard"}


def post(url: str, action: str, body) -> tuple[int, dict]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(f"{url}api/actions/{action}", data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.load(error)


def next_rules(url: str) -> str:
    with urllib.request.urlopen(f"{url}api/view", timeout=30) as response:
        return json.load(response)["view"]["table"]["next_rules"]["name"]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    run = TableRun(fast_config(tmp_path_factory.mktemp("guarded")))
    yield run
    run.stop()


def test_the_pin_is_kept_only_as_a_salted_hash(tmp_path):
    # PINs that no hex digest, port or timestamp can spell by chance (a bare "7351" can).
    right, wrongs = "pin-7351", ("pin-1111", "pin-2222")
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    paths = [fast_config(tmp_path / name, pin=None) for name in ("a", "b")]
    for path in paths:
        done = subprocess.run([*MJTABLE, "pin", "set", "--config", str(path)], capture_output=True,
                              text=True, timeout=60, env=env(MJTABLE_NEW_PIN=right))
        assert done.returncode == 0, done.stderr
    stored = [re.search(r'^operator_pin = "([^"]*)"', p.read_text(), re.M).group(1) for p in paths]
    assert all(s.startswith("scrypt$") for s in stored) and stored[0] != stored[1]  # salted
    table = TableRun(paths[0])
    try:
        for wrong in wrongs:
            assert post(table.url, "change_rules", {**WHO, "rules": "riichi", "pin": wrong})[0] == 403
        assert post(table.url, "change_rules", {**WHO, "rules": "riichi", "pin": right})[0] == 200
    finally:
        table.stop()
    kept = [paths[0].read_text(), *(f.read_text() for f in (tmp_path / "a").rglob("*.json"))]
    assert not any(pin in text for text in kept for pin in (right, *wrongs))


@pytest.mark.parametrize("action", FIELDS)
def test_an_action_without_the_pin_is_refused_and_changes_nothing(table, action):
    status, answer = post(table.url, action, {**WHO, "rules": "riichi", "hand": 1,
                                               "flag_id": "f1", "void": True})
    assert (status, answer["ok"]) == (401, False)
    assert answer["message"]["en"] == "the operator PIN is required"
    assert next_rules(table.url) == "mcr"


def test_twenty_wrong_pins_in_a_row_are_slowed_and_logged(table):
    answers = [post(table.url, "change_rules", {**WHO, "rules": "riichi", "pin": f"{9000 + n}"})
               for n in range(20)]
    assert [status for status, _ in answers] == [403] * 20
    said = [answer["message"]["en"] for _, answer in answers]
    assert said[:2] == ["wrong PIN"] * 2 and said[2].startswith("wrong PIN; the next try in")
    locked = [re.fullmatch(r"3 wrong PINs in a row: try again in (\d+) s", text) for text in said[3:]]
    assert all(locked) and all(int(m.group(1)) > 0 for m in locked)
    status, answer = post(table.url, "change_rules", {**WHO, "rules": "riichi", "pin": PIN})
    assert status == 403 and "try again in" in answer["message"]["en"]  # even the right one waits
    assert next_rules(table.url) == "mcr"
    refusals = [line for line in table.errors if "action change_rules refused" in line]
    assert len(refusals) >= 21 and len([line for line in table.errors
                                        if "wrong operator PIN" in line]) == 3


def test_the_server_listens_beyond_loopback_only_when_configured(tmp_path):
    config = fast_config(tmp_path, options={"display": {"bind": "0.0.0.0"}})
    done = subprocess.run([*MJTABLE, "run", "--config", str(config)], capture_output=True,
                          text=True, timeout=60, env=env())
    assert done.returncode == 2
    assert "[display] bind: 0.0.0.0 reaches beyond this machine" in done.stderr
    assert "open_to_network = true" in done.stderr
    port = free_port()
    opened = fast_config(tmp_path, port, {"display": {"bind": "0.0.0.0", "open_to_network": True}})
    table = TableRun(opened)
    try:
        assert table.url == f"http://0.0.0.0:{port}/"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30) as response:
            assert response.read() == b"ok"
    finally:
        table.stop()
