"""`mjtable replay` as a judge runs it: the real CLI over a log holding a hand written by hand.

The hand (riichi, dealer seat 0) is built here tile by tile: the dealt hands, the dealer's
first discard, a chi, a flag raised between two moves, a self-drawn win. What the replay
must show — the order of the lines, the zones after each discard, the dealt hands and the
chi's consumed tiles in mjai — follows from that hand, worked out below.
"""

import json

import pytest

from firmware.operator_pin import hash_pin
from hands import flag, result, riichi
from ledger_cli import PIN, config_in, mjtable

HANDS = {"hand.0": "123m456p789s1112z", "hand.1": "234m567p78s11223z", "hand.2": "345m678p78s33445z",
         "hand.3": "456m789p22s55667z"}
"""After the dealer's first discard (4z): the dealt hands are these, the dealer's with 4z back."""


def zones(**changed) -> dict:
    empty = {f"melds.{seat}": "" for seat in range(4)} | {"pond": ""}
    return HANDS | empty | changed


def timed(t: float, seat: int, kind: str, tile: str, frm=None, **more) -> dict:
    return {"t": t, "seat": seat, "move": kind, "tile": tile, "from": frm, **more}


def hand_result() -> dict:
    moves = [timed(10.0, 0, "discard", "4z"), timed(10.4, 1, "draw", "9s"), timed(10.8, 1, "discard", "9s"),
             timed(11.5, 2, "chi", "9s", 1, tiles="789s"), timed(11.9, 2, "discard", "5z"),
             timed(12.3, 3, "draw", "3z"), timed(12.7, 3, "win", "3z")]
    discards = [{"seat": 0, "tile": "4z", "zones": zones(pond="4z")},
                {"seat": 1, "tile": "9s", "zones": zones(pond="9s4z")},
                {"seat": 2, "tile": "5z", "zones": zones(**{"hand.2": "345m678p3344z", "melds.2": "789s",
                                                            "pond": "45z"})}]
    raised = flag("H1-F1", 1, "wrong_count", t=10.6, hand="234m567p789s11223z", why="a tile too many")
    sensed = [{"t": 2.0, "zone": "hand.0", "tags": 14, "in": [["0A000077", "4z"]]},  # the deal, cut short
              {"t": 10.11, "zone": "hand.0", "tags": 13, "out": ["0A000077"]},
              {"t": 10.11, "zone": "pond", "tags": 1, "in": [["0A000077", "4z"]]},
              {"t": 12.5, "seat": 3, "button": "win"}]
    return result(riichi(3, None, main=2000, additional=1000), flags=[raised], moves=moves, discards=discards,
                  sensed=sensed)


@pytest.fixture
def data(tmp_path):
    config = config_in(tmp_path, hash_pin(PIN))
    assert mjtable("game", "new", "--rules", "riichi", "--config", str(config)).returncode == 0
    done = mjtable("game", "record", json.dumps(hand_result()), "--config", str(config))
    assert done.returncode == 0, done.stderr
    return tmp_path / "ledger"


def test_the_text_shows_each_move_each_discards_zones_and_the_flag_where_it_was_raised(data):
    done = mjtable("replay", str(data))
    assert done.returncode == 0, done.stderr
    lines = [line.strip() for line in done.stdout.splitlines()]
    at = {text: next(i for i, line in enumerate(lines) if text in line) for text in (
        "seat 0 discard 4z", "seat 1 draw 9s", "FLAG H1-F1: seat 1 wrong_count", "seat 1 discard 9s",
        "seat 2 chi 9s (789s) from seat 1", "seat 3 win 3z", "win: seat 3, self-drawn")}
    assert list(at.values()) == sorted(at.values())  # the flag (t 10.6) between the draw and the discard
    assert "+0.0 s" in lines[at["seat 0 discard 4z"]] and "+2.7 s" in lines[at["seat 3 win 3z"]]
    after_first = lines[at["seat 0 discard 4z"] + 1: at["seat 0 discard 4z"] + 6]
    assert after_first == [f"seat {seat}: {HANDS[f'hand.{seat}']}" for seat in range(4)] + ["pond: 4z"]
    assert "seat 2: 345m678p3344z | melds 789s" in lines
    assert "not yet decided" in lines[at["FLAG H1-F1: seat 1 wrong_count"]]
    # A non-dealer's self-draw: the dealer pays main, each other seat additional.
    assert "payments [-2000, -1000, -1000, 4000]" in done.stdout


def test_discards_that_name_only_the_zones_they_changed_replay_as_every_zone(data, tmp_path):
    """The referee writes each discard's zones that changed since the discard before (every
    zone at the first): the same hand written so replays line for line as written whole."""
    whole = hand_result()
    changed, before = [], {}
    for discard in whole["discards"]:
        changed.append(discard | {"zones": {zone: tiles for zone, tiles in discard["zones"].items()
                                            if before.get(zone) != tiles}})
        before = discard["zones"]
    assert [len(d["zones"]) for d in changed] == [9, 1, 3]
    (tmp_path / "changed").mkdir()
    config = config_in(tmp_path / "changed", hash_pin(PIN))
    assert mjtable("game", "new", "--rules", "riichi", "--config", str(config)).returncode == 0
    done = mjtable("game", "record", json.dumps(whole | {"discards": changed}), "--config", str(config))
    assert done.returncode == 0, done.stderr
    shown = mjtable("replay", str(tmp_path / "changed" / "ledger"))
    assert shown.returncode == 0, shown.stderr
    assert _without_ids(shown.stdout) == _without_ids(mjtable("replay", str(data)).stdout)


def _without_ids(text: str) -> list[str]:
    """The replay's lines, less those naming the log's own folder, ids and clock stamps."""
    return [line for line in text.splitlines() if "event" not in line and "ledger" not in line]


def test_sensed_shows_each_report_and_press_in_time_among_the_moves(data):
    done = mjtable("replay", str(data), "--sensed")
    assert done.returncode == 0, done.stderr
    lines = [line.strip() for line in done.stdout.splitlines()]
    shown = ["-8.0 s  read hand.0: 14 tags, +4z(0A000077)", "+0.0 s  seat 0 discard 4z",
             "+0.1 s  read hand.0: 13 tags, -4z(0A000077)", "+0.1 s  read pond: 1 tags, +4z(0A000077)",
             "+0.4 s  seat 1 draw 9s", "+2.3 s  seat 3 draw 3z", "+2.5 s  pressed: seat 3 win",
             "+2.7 s  seat 3 win 3z"]
    at = [lines.index(line) for line in shown]
    assert at == sorted(at)
    plain = mjtable("replay", str(data)).stdout
    assert "read hand.0" not in plain and "pressed:" not in plain


def test_mjai_has_the_dealt_hands_and_the_chis_own_tiles(data):
    done = mjtable("replay", str(data / "events.sqlite"), "--format", "mjai")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    start = next(line for line in lines if line["type"] == "start_kyoku")
    assert start["tehais"][0] == "1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S N".split()
    assert start["tehais"][1] == "2m 3m 4m 5p 6p 7p 7s 8s E E S S W".split()
    chi = next(line for line in lines if line["type"] == "chi")
    assert chi == {"type": "chi", "actor": 2, "pai": "9s", "consumed": ["7s", "8s"], "target": 1}


def test_a_hand_the_log_lacks_and_a_folder_with_no_log_are_named(data, tmp_path):
    done = mjtable("replay", str(data), "--hand", "2")
    assert done.returncode == 2 and "there is no hand 2: the game has 1 recorded hands" in done.stderr
    done = mjtable("replay", str(tmp_path / "nowhere"))
    assert done.returncode == 2 and "no event log here" in done.stderr
    done = mjtable("replay", str(data), "--format", "mjai", "--game", "2")
    assert done.returncode == 2 and "there is no game 2" in done.stderr


def test_the_flags_of_a_hand_cut_short_follow_the_games_hands(data):
    from firmware.ledger.book import Book
    book = Book(data)  # as the table writes each flag when it is raised
    book.write("flag_raised", {"table_hand": 1, "flag": flag("H1-F1", 1, "wrong_count", t=10.6)})
    book.write("flag_raised", {"table_hand": 2, "flag": flag("H2-F1", 3, "false_win", t=4.5,
                                                             why="no drawn tile")})
    book.close()  # ... and then the power went: hand 2 was never recorded
    done = mjtable("replay", str(data))
    assert done.returncode == 0, done.stderr
    lines = [line.strip() for line in done.stdout.splitlines()]
    cut = lines.index("flags of hands cut short before their result was recorded (1):")
    assert lines[cut + 1] == "table hand 2, event 4:"  # 1 the game, 2 hand 1, 3 and 4 the flags
    assert lines[cut + 2].startswith("+4.5 s  FLAG H2-F1: seat 3 false_win")
    assert '"why": "no drawn tile"' in lines[cut + 3]
    assert sum("FLAG H1-F1" in line for line in lines) == 1  # shown in its recorded hand only
    shown = json.loads(mjtable("replay", str(data), "--format", "json").stdout)
    assert [(f["table_hand"], f["flag"]["id"]) for f in shown["unrecorded_flags"]] == [(2, "H2-F1")]
