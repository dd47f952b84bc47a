"""Hand counts per seat: 13, 14 after a draw, one more per kong, flowers set aside."""

import random

import pytest
from tile_sets import enrolled, uid_of

from firmware.events import ZoneInventory
from firmware.tiles.hands import HandWatch, count_hand
from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.zones import SimZoneRfid

SUITS = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    registry = enrolled(tmp_path_factory.mktemp("reg") / "tiles.sqlite")
    yield registry
    registry.close()


def tiles(*kinds, copy=0):
    return frozenset(uid_of("A", kind, copy) for kind in kinds)


def test_thirteen_then_fourteen_after_the_draw(registry):
    hand = tiles(*SUITS[:13])
    assert count_hand(registry, 0, hand, frozenset(), drawn=False).ok
    assert not count_hand(registry, 0, hand, frozenset(), drawn=True).ok
    assert count_hand(registry, 0, hand | tiles("9s"), frozenset(), drawn=True).ok


def test_a_kong_holds_one_more_and_flowers_do_not_count(registry):
    kong = frozenset(uid_of("A", "5z", n) for n in range(4))
    melds = kong | tiles("1f", "6f") | tiles("2m", "3m", "4m", copy=1)
    hand = tiles(*SUITS[:7])
    count = count_hand(registry, 2, hand | tiles("3f"), melds, drawn=False)
    assert (count.kongs, count.flowers, count.held, count.expected) == (1, 3, 14, 14)
    assert count.ok and count.message() == "seat W: 14 tiles"


def test_a_wrong_count_names_the_seat(registry):
    count = count_hand(registry, 3, tiles(*SUITS[:12]), frozenset(), drawn=False)
    assert count.message() == ("seat N holds 12 tiles (12 concealed, 0 in melds, 0 kong(s)), "
                               "expects 13")


def test_unknown_tags_still_count_as_tiles(registry):
    count = count_hand(registry, 1, tiles(*SUITS[:12]) | {"DEADBEEF"}, frozenset(), False)
    assert count.ok and count.unknown == ("DEADBEEF",)


def test_counts_from_the_zone_readers_over_their_ptys(registry):
    """Real inventories with missed reads and a neighbour's crosstalk: the counts are right."""
    inventories = {}
    zones = SimZoneRfid(LineFaults(miss_rate=0.1, crosstalk_rate=0.3, checksum_error_rate=0.01),
                        random.Random(5), rounds=6)
    zones.attach(lambda inv: inventories.__setitem__((inv.seat, inv.area), inv.uids))
    pool = [uid_of("A", kind, copy) for copy in range(4) for kind in SUITS]
    pung = {uid_of("A", "7z", copy) for copy in range(3)}
    for seat in range(4):
        zones.place(seat, "hand", pool[seat * 13:seat * 13 + 13 - 3 * (seat == 1)])
        zones.place(seat, "melds", pung if seat == 1 else ())
    zones.place(None, "pond", tiles("1z", "2z", "3z"))
    counts = []
    for seat in range(4):
        zones.inventory(seat, "hand")
        zones.inventory(seat, "melds")
        counts.append(count_hand(registry, seat, inventories[(seat, "hand")],
                                 inventories[(seat, "melds")], drawn=seat == 0))
    zones.close()
    assert [c.held for c in counts] == [13, 13, 13, 13]
    assert [c.ok for c in counts] == [False, True, True, True]
    assert counts[0].message().startswith("seat E holds 13 tiles") and "expects 14" in counts[0].message()


def test_a_count_is_flagged_only_when_it_stays_wrong(registry):
    """One inventory that missed a tag is not 相公; the same wrong count twice is."""
    watch = HandWatch(registry, confirm=2)
    full = tiles(*SUITS[:13])
    short = tiles(*SUITS[:12])
    results = [watch.take(ZoneInventory(2, "hand", uids))
               for uids in (full, short, full, short, short)]
    assert [found is not None for found in results] == [False, False, False, False, True]
    assert results[-1].message().startswith("seat W holds 12 tiles")
    assert watch.take(ZoneInventory(2, "hand", full)) is None


def test_confirm_must_be_positive(registry):
    with pytest.raises(ValueError, match="confirm must be at least 1, got 0"):
        HandWatch(registry, confirm=0)


def hand_of(seat: int, size: int) -> frozenset[str]:
    """``size`` distinct tiles for ``seat`` (copy ``seat`` of each kind, so seats never share)."""
    return frozenset(uid_of("A", kind, seat) for kind in SUITS[:size])


def play(watch: HandWatch, counts: dict[int, int]) -> dict[int, str]:
    """One inventory of each seat's hand area holding ``counts[seat]`` tiles; the flags."""
    flags = {}
    for seat, size in counts.items():
        found = watch.take(ZoneInventory(seat, "hand", hand_of(seat, size)))
        if found is not None:
            flags[seat] = found.message()
    return flags


def test_the_turn_passes_with_the_drawn_tile_and_nobody_is_flagged(registry):
    watch = HandWatch(registry, confirm=1)
    watch.new_hand(dealer=1)
    assert play(watch, {0: 13, 1: 14, 2: 13, 3: 13}) == {}
    assert play(watch, {1: 13, 2: 14, 0: 13, 3: 13}) == {}   # S discards, W draws
    assert play(watch, {2: 13, 3: 14, 0: 13, 1: 13}) == {}   # W discards, N draws


def test_a_seat_that_drew_one_too_many_is_flagged_while_the_dealer_holds_the_draw(registry):
    watch = HandWatch(registry, confirm=2)
    watch.new_hand(dealer=0)
    assert play(watch, {0: 14, 1: 13, 2: 14, 3: 13}) == {}
    assert play(watch, {0: 14, 1: 13, 2: 14, 3: 13}) == {
        2: "seat W holds 14 tiles (14 concealed, 0 in melds, 0 kong(s)), expects 13"}


def test_the_dealer_one_short_is_flagged(registry):
    watch = HandWatch(registry, confirm=1)
    watch.new_hand(dealer=3)
    assert play(watch, {3: 12}) == {
        3: "seat N holds 12 tiles (12 concealed, 0 in melds, 0 kong(s)), expects 13"}
