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
    for uids, flagged in [(full, False), (short, False), (full, False), (short, False),
                          (short, True)]:
        watch.take(ZoneInventory(2, "hand", uids))
        assert (watch.check(2, drawn=False) is not None) == flagged
    assert watch.check(2, drawn=False).message().startswith("seat W holds 12 tiles")
    watch.take(ZoneInventory(2, "hand", full))
    assert watch.check(2, drawn=False) is None


def test_confirm_must_be_positive(registry):
    with pytest.raises(ValueError, match="confirm must be at least 1, got 0"):
        HandWatch(registry, confirm=0)
