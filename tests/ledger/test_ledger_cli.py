"""The ledger's commands as an operator runs them: the real `mjtable` in a subprocess, the
data and the config in a temporary folder."""

import csv
import io
import json
import re
import sqlite3

import pytest

from firmware.operator_pin import hash_pin
from hands import flag, mcr, move, result, riichi
from ledger_cli import PIN, config_in, mjtable


@pytest.fixture
def table(tmp_path):
    """A config with the PIN set and an MCR game started: the config's path."""
    config = config_in(tmp_path, hash_pin(PIN))
    done = mjtable("game", "new", "--rules", "mcr", "--players", "Ann,Bo,Cy,Di", "--config", str(config))
    assert done.returncode == 0, done.stderr
    return config


def show(config) -> dict:
    done = mjtable("game", "show", "--json", "--config", str(config))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_pin_set_writes_only_a_hash_and_changing_it_needs_the_current_one(tmp_path):
    config = config_in(tmp_path)
    done = mjtable("pin", "set", "--config", str(config), pin=None)
    assert done.returncode == 2 and "MJTABLE_NEW_PIN" in done.stderr
    assert mjtable("pin", "set", "--config", str(config), pin=None, new_pin="1357").returncode == 0
    stored = config.read_text().split('operator_pin = "', 1)[1].split('"', 1)[0]
    assert re.fullmatch(r"scrypt\$\d+\$\d+\$\d+\$[0-9a-f]{32}\$[0-9a-f]{64}", stored)  # no room for the PIN
    assert mjtable("pin", "set", "--config", str(config), pin="0000", new_pin="9999").returncode == 1
    assert mjtable("pin", "set", "--config", str(config), pin="1357", new_pin="9999").returncode == 0


def test_show_gives_the_position_scores_hands_and_standings(table):
    view = show(table)
    assert {"rules", "hand", "dealer", "honba", "sticks", "scores", "hands", "ended", "standings"} <= set(view)
    assert (view["rules"], view["hand"], view["dealer"], view["scores"], view["ended"]) == ("mcr", 1, 0, [0] * 4, False)
    assert view["players"] == ["Ann", "Bo", "Cy", "Di"]
    text = mjtable("game", "show", "--config", str(table)).stdout
    assert "hand 1 in play, E round, dealer seat 0" in text and "Ann" in text


def test_record_correct_and_resolve_change_the_game_with_the_pin(table):
    first = json.dumps(result(mcr(1, None, 12)))
    done = mjtable("game", "record", first, "--config", str(table))
    assert done.returncode == 0, done.stderr
    second = json.dumps(result(flags=[flag("F9", 3, "false_win")], end="cut"))
    assert mjtable("game", "record", "-", "--config", str(table), stdin=second).returncode == 0
    assert mjtable("game", "resolve", "F9", "--confirm", "--why", "seen", "--judge", "Wu",
                   "--config", str(table)).returncode == 0
    view = show(table)
    assert view["scores"] == [-20 + 20, 60 + 20, -20 + 20, -20 - 60]
    assert [h["hand"] for h in view["hands"]] == [1, 2] and view["hand"] == 3
    hand_one = view["hands"][0]["id"]
    fixed = json.dumps(result(mcr(2, 1, 8)))  # the judge: it was seat 2, on seat 1's discard
    done = mjtable("game", "correct", "1", "--result", fixed, "--why", "wrong winner", "--config", str(table))
    assert done.returncode == 0, done.stderr
    view = show(table)
    assert view["hands"][0]["id"] == hand_one and len(view["hands"][0]["corrections"]) == 1
    assert view["scores"] == [-8 + 20, -16 + 20, 32 + 20, -8 - 60]  # hand 2's penalty still applies
    assert mjtable("game", "correct", "2", "--void", "--why", "no offence", "--config", str(table)).returncode == 0
    assert show(table)["scores"] == [-8 + 20, -16 + 20, 32 + 20, -8 - 60]  # confirmed flags stand


def test_a_wrong_pin_is_refused_and_logged_and_nothing_is_recorded(table):
    outcome = json.dumps(result(mcr(1, None, 12)))
    done = mjtable("game", "record", outcome, "--config", str(table), pin="1111")
    assert done.returncode == 1 and "wrong PIN" in done.stderr and "wrong operator PIN (1 in a row)" in done.stderr
    assert show(table)["hands"] == []
    for _ in range(2):
        mjtable("game", "record", outcome, "--config", str(table), pin="1111")
    done = mjtable("game", "record", outcome, "--config", str(table))
    assert done.returncode == 1 and "try again in" in done.stderr  # locked out, even with the right PIN


@pytest.mark.parametrize("text, message", [
    ("{nope", "RESULT is not JSON"),
    (json.dumps({"wins": [], "end": "later"}), "end must be one of win, draw, cut"),
    (json.dumps(result(mcr(1, 1, 12))), "wins[0].from must be the discarder's seat"),
    (json.dumps(result(mcr(0, None, 9), mcr(1, None, 9))), "one winner a hand"),
    (json.dumps(result(dict(mcr(0, None, 9), result={"status": "below_min"}))), "is 'below_min', not a win"),
])
def test_a_bad_result_is_refused_naming_what_is_wrong(table, text, message):
    done = mjtable("game", "record", text, "--config", str(table))
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_correcting_a_hand_that_does_not_exist_or_without_a_reason_is_refused(table):
    done = mjtable("game", "correct", "4", "--void", "--why", "x", "--config", str(table))
    assert done.returncode == 2 and "there is no hand 4: this game has 0 recorded hands" in done.stderr
    mjtable("game", "record", json.dumps(result()), "--config", str(table))
    done = mjtable("game", "correct", "1", "--void", "--why", " ", "--config", str(table))
    assert done.returncode == 2 and "say why" in done.stderr


def test_seats_and_end_are_recorded_and_a_new_game_follows(table):
    assert mjtable("game", "seats", "--players", "Ann,Bo,Cy,Ed", "--why", "substitute", "--config",
                   str(table)).returncode == 0
    assert show(table)["players"] == ["Ann", "Bo", "Cy", "Ed"]
    done = mjtable("game", "end", "--why", "time called by the chief judge", "--config", str(table))
    assert done.returncode == 0 and show(table)["ended"] is True
    refused = mjtable("game", "record", json.dumps(result()), "--config", str(table))
    assert refused.returncode == 2 and "game new" in refused.stderr
    assert mjtable("game", "new", "--rules", "riichi", "--config", str(table)).returncode == 0
    assert (show(table)["rules"], show(table)["scores"], show(table)["games"]) == ("riichi", [25000] * 4, 2)


def test_exports_for_tournament_software(table):
    mjtable("game", "record", json.dumps(result(mcr(1, 0, 16))), "--config", str(table))
    exported = json.loads(mjtable("game", "export", "--config", str(table)).stdout)
    assert [e["kind"] for e in exported["events"]] == ["game_started", "hand_recorded"]
    assert all(len(e["hash"]) == 64 for e in exported["events"])
    rows = list(csv.DictReader(io.StringIO(mjtable("game", "export", "--format", "csv", "--config", str(table)).stdout)))
    assert rows[0]["winners"] == "1" and [rows[0][f"gain_{s}"] for s in range(4)] == ["-24", "40", "-8", "-8"]
    assert rows[-1]["hand"] == "final" and rows[-1]["standing"] == "0 4 1.5 1.5"
    done = mjtable("game", "export", "--format", "mjai", "--config", str(table))
    assert done.returncode == 2 and "mjai is riichi's log format" in done.stderr


def test_a_riichi_game_exports_as_mjai_lines(tmp_path):
    config = config_in(tmp_path, hash_pin(PIN))
    mjtable("game", "new", "--rules", "riichi", "--config", str(config))
    outcome = result(riichi(1, 0, 3900, han=3, fu=30, yaku=[{"name": "Riichi", "han": 1}]),
                     moves=[move(1, "riichi"), move(1, "discard", "7z"), move(0, "draw", "3p"),
                            move(0, "discard", "3p"), move(1, "win", "3p", 0)])
    assert mjtable("game", "record", json.dumps(outcome), "--config", str(config)).returncode == 0
    lines = [json.loads(line) for line in mjtable("game", "export", "--format", "mjai", "--config",
                                                  str(config)).stdout.splitlines()]
    assert [line["type"] for line in lines] == ["start_game", "start_kyoku", "reach", "dahai", "reach_accepted",
                                                "tsumo", "dahai", "hora", "end_kyoku", "end_game"]
    assert lines[3]["pai"] == "C" and lines[7]["pai"] == "3p" and lines[7]["deltas"] == [-3900, 4900, 0, 0]
    assert lines[-1]["scores"] == [21100, 28900, 25000, 25000]


def test_accept_on_the_command_line_keeps_the_good_events_and_records_the_decision(table):
    mjtable("game", "record", json.dumps(result(mcr(1, None, 12))), "--config", str(table))
    mjtable("game", "record", json.dumps(result(mcr(2, None, 12))), "--config", str(table))
    data = table.parent / "ledger"
    with sqlite3.connect(data / "events.sqlite") as db:
        db.execute("DELETE FROM events WHERE id = 3")
    refused = mjtable("game", "show", "--config", str(table))
    assert refused.returncode == 1 and "event 3 is missing" in refused.stderr and "--upto 2" in refused.stderr
    done = mjtable("log", "accept", "--upto", "2", "--why", "SD card torn", "--config", str(table))
    assert done.returncode == 0, done.stderr
    assert (data / "damaged" / "events-1.sqlite").exists()
    view = show(table)
    assert view["scores"] == [-20, 60, -20, -20] and view["log_decisions"][0]["upto"] == 2
    assert mjtable("log", "verify", "--config", str(table)).returncode == 0


def test_show_on_an_empty_folder_says_there_is_no_game(tmp_path):
    config = config_in(tmp_path)
    done = mjtable("game", "show", "--config", str(config))
    assert done.returncode == 0 and "no game on this log" in done.stdout
    assert not (tmp_path / "ledger").exists()
