"""Wall map and set check: what is named, what is only counted, and the controller check."""

import pytest
from tile_sets import enrolled, set_pairs, uid_of

from firmware.controller.checks import CycleReport
from firmware.events import ReaderFault, StackDelivered, TileAtHead, TileRead
from firmware.layout import layout_for
from firmware.tiles.checker import TileCheck
from firmware.tiles.verify import verify_wall
from firmware.tiles.wall import WallCollector, WallReads


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    registry = enrolled(tmp_path_factory.mktemp("reg") / "tiles.sqlite")
    yield registry
    registry.close()


def wall_of(uids, missed=0):
    return WallReads(tuple(uids) + (None,) * missed)


def a_set(n=144, without=()):
    return [uid for uid, _ in set_pairs("A", n) if uid not in without]


def test_collector_pairs_reads_with_pulses_and_drops_repeat_reads():
    collector = WallCollector()
    for event in [TileAtHead(), TileRead("01", "head"), TileRead("01", "head"),  # same tile
                  TileAtHead(),                                                    # missed
                  TileAtHead(), TileRead("03", "head"),
                  TileRead("09", "zone-E-hand"),                                   # not the head
                  TileRead("04", "head"), TileAtHead(),                            # read early
                  StackDelivered(2), TileRead("05", "head"), TileRead("06", "head")]:
        collector.take(event)
    wall = collector.wall()
    assert wall.slots == ("01", None, "03", "04")
    assert wall.unpulsed == ("05", "06")
    assert wall.side_tiles == (0, 0, 2, 0)
    assert wall.side(2) == [("01", None)] and wall.side(0) == []
    assert WallCollector().wall() == WallReads(())


@pytest.mark.parametrize("n", [144, 136, 108])
def test_a_complete_set_verifies(registry, n):
    check = verify_wall(registry, wall_of(a_set(n)), n)
    assert check.ok and check.set_id == "A" and check.summary() == f"set A: {n} tiles verified"


def test_a_missing_tile_is_named(registry):
    check = verify_wall(registry, wall_of(a_set(without={uid_of("A", "7p")})), 144)
    assert check.missing_named == ("7p",)
    assert check.summary() == "missing 7p"


def test_missed_reads_make_unread_tiles_unconfirmed_not_missing(registry):
    unread = {uid_of("A", "7p"), uid_of("A", "3f")}
    check = verify_wall(registry, wall_of(a_set(without=unread), missed=2), 144)
    assert check.ok and check.unconfirmed == 2
    assert check.summary() == "set A: 144 tiles verified (2 by count only)"


def test_a_missing_tile_among_missed_reads_lists_the_candidates(registry):
    unread = {uid_of("A", "7p"), uid_of("A", "2s")}
    check = verify_wall(registry, wall_of(a_set(without=unread), missed=1), 144)
    assert check.missing_named == ()
    assert check.summary() == "missing 1 of: 7p, 2s"


def test_foreign_tags_are_named(registry):
    uids = a_set(136) + [uid_of("B", "5z"), "DEADBEEF", uid_of("A", "2f")]
    summary = verify_wall(registry, wall_of(uids), 136).summary()
    assert summary == (f"tile of set B: 5z (tag {uid_of('B', '5z')}); unknown tag DEADBEEF; "
                       f"2f is not used with 136 tiles (tag {uid_of('A', '2f')})")


def test_a_tag_at_two_positions_is_a_duplicate(registry):
    uids = a_set(108)
    uids.insert(50, uids[0])
    assert verify_wall(registry, wall_of(uids), 108).summary() == (
        f"1m (tag {uids[0]}) read at wall positions 1, 51")


def test_an_extra_unread_tile_is_reported(registry):
    summary = verify_wall(registry, WallReads(tuple(a_set(108)) + (None,)), 108).summary()
    assert summary == "1 tile(s) more than a 108-tile set passed the head, unread"


def test_side_counts_are_checked_for_a_set_of_the_right_size(registry):
    wall = WallReads(tuple(a_set(108)), stack_sides=(0,) * 14 + (1, 3) * 12 + (2,) * 16)
    summary = verify_wall(registry, wall, 108, side_tiles=(28, 26, 28, 26)).summary()
    assert summary == ("side S has 24 tiles, expects 26; side W has 32 tiles, expects 28; "
                       "side N has 24 tiles, expects 26")


def test_a_set_enrolled_without_flowers_cannot_play_a_144_game(registry, tmp_path):
    partial = enrolled(tmp_path / "t.sqlite")
    partial.enroll("A", set_pairs("A", 136))
    check = verify_wall(partial, wall_of(a_set(136)), 144, "A")
    assert check.issues[0].text == "set A has 136 tiles enrolled for a 144-tile game"
    partial.close()


def report(tiles_seen=144, rules="mcr", cycle=1):
    return CycleReport(cycle, rules, tiles_seen, layout_for(rules).stacks_per_side)


def fed(check, events):
    """``check`` after a new set whose stacking events were ``events``."""
    check.new_set()
    for event in events:
        check.take(event)
    return check


def events_for(uids):
    for uid in uids:
        yield TileAtHead()
        yield TileRead(uid, "head")


def test_the_cycle_check_stops_the_table_naming_the_tile(registry):
    check = fed(TileCheck(registry), events_for(a_set(without={uid_of("A", "9s")})))
    failure = check(report())
    assert (failure.code, failure.detail) == ("E511", "missing 9s")
    assert check.status() == {"sets_verified": 0, "failures": 1, "acknowledged": 0,
                               "missing_named": ["9s"]}


def test_after_the_operator_reset_the_same_findings_are_accepted_once(registry):
    check = fed(TileCheck(registry), events_for(a_set() + ["DEADBEEF"]))
    extra = report(tiles_seen=145)
    assert check(extra).detail == "unknown tag DEADBEEF"
    assert check(extra) is None and check.acknowledged == 1
    assert check(report(tiles_seen=145, cycle=2)).detail == "unknown tag DEADBEEF"


def test_after_the_operator_put_the_tile_back_the_cycle_verifies(registry):
    check = TileCheck(registry)
    short = [uid for uid in a_set() if uid != uid_of("A", "9s")]
    assert fed(check, events_for(short))(report(tiles_seen=143)).detail == "missing 9s"
    for event in events_for([uid_of("A", "9s")]):  # put back: it passes the head too
        check.take(event)
    assert check(report()) is None
    assert check.status() == {"sets_verified": 1, "failures": 1, "acknowledged": 0,
                               "missing_named": ["9s"]}


def test_warn_policy_records_but_does_not_stop(registry):
    check = fed(TileCheck(registry, on_failure="warn"), events_for(a_set() + ["DEADBEEF"]))
    assert check(report(tiles_seen=145)) is None
    assert check.status()["failures"] == 1


def test_a_reader_fault_stops_the_table_with_its_reason(registry):
    check = fed(TileCheck(registry), events_for(a_set()))
    check.take(ReaderFault("head", "no answer for 5 tries"))  # outside the stacking of a set
    failure = check(report())
    assert (failure.code, failure.detail) == ("E514", "RFID reader head: no answer for 5 tries")


def test_an_unknown_policy_is_refused(registry):
    with pytest.raises(ValueError, match="on_failure must be one of stop, warn, got 'ignore'"):
        TileCheck(registry, on_failure="ignore")


def test_the_wall_map_puts_each_stack_on_the_side_it_landed():
    collector = WallCollector()
    for n in range(6):
        collector.take(TileAtHead())
        collector.take(TileRead(f"0A00000{n}", "head"))
        if n % 2:
            collector.take(StackDelivered((3, 1, 3)[n // 2]))
    wall = collector.wall()
    assert wall.side(3) == [("0A000000", "0A000001"), ("0A000004", "0A000005")]
    assert wall.side(1) == [("0A000002", "0A000003")]
    assert wall.side_tiles == (0, 2, 0, 4)
