"""Arrangements of complete hands, per shape, and the waits implied by where the winning tile sits."""

import pytest

from firmware.rules.decompose import (
    Arrangement,
    BlockKind,
    Shape,
    Wait,
    arrangements,
    is_complete,
    win_placements,
)
from firmware.rules.shapes import KNITTED_SETS, MCR_SHAPES, RIICHI_SHAPES
from firmware.rules.tiles import parse_tile, to_counts


def _tiles(block) -> tuple[int, ...]:
    """The kinds a concealed block holds."""
    if block.kind is BlockKind.CHOW:
        return (block.first, block.first + 1, block.first + 2)
    return (block.first,) * {BlockKind.PUNG: 3, BlockKind.KONG: 4, BlockKind.PAIR: 2}[block.kind]


def _readings(arrs):
    """Arrangements as comparable (shape, sorted (kind, first) blocks) tuples."""
    return sorted((a.shape.value, tuple(sorted((b.kind.value, b.first) for b in a.blocks))) for a in arrs)


def test_every_reading_is_listed_once(counts):
    found = arrangements(counts("11122233344455m"), (), RIICHI_SHAPES)
    assert _readings(found) == [
        ("standard", (("chow", 0), ("chow", 0), ("chow", 0), ("pair", 4), ("pung", 3))),
        ("standard", (("chow", 1), ("chow", 1), ("chow", 1), ("pair", 4), ("pung", 0))),
        ("standard", (("chow", 1), ("chow", 2), ("chow", 2), ("pair", 1), ("pung", 0))),
        ("standard", (("pair", 4), ("pung", 0), ("pung", 1), ("pung", 2), ("pung", 3))),
    ]
    assert all(len(a.blocks) == 5 and all(b.concealed and b.meld is None for b in a.blocks) for a in found)


def test_melds_become_blocks(counts, meld):
    melds = (meld("345m"), meld("[5555p]"), meld("777z"))
    found = arrangements(counts("678s11z"), melds, RIICHI_SHAPES)
    assert len(found) == 1
    blocks = found[0].blocks
    assert [(b.kind, b.first, b.concealed) for b in blocks] == [
        (BlockKind.CHOW, 23, True), (BlockKind.PAIR, 27, True),
        (BlockKind.CHOW, 2, False), (BlockKind.KONG, 13, True), (BlockKind.PUNG, 33, False),
    ]
    assert blocks[3].meld == melds[1]


def test_seven_pairs_with_four_of_a_kind(counts):
    hand = counts("1111m2233p4455s66z")
    mcr = arrangements(hand, (), {Shape.SEVEN_PAIRS})
    assert [a.shape for a in mcr] == [Shape.SEVEN_PAIRS]
    assert [b.first for b in mcr[0].blocks] == [0, 0, 10, 11, 21, 22, 32]
    assert arrangements(hand, (), {Shape.SEVEN_PAIRS}, riichi=True) == []


def test_seven_pairs_and_standard_together(counts):
    shapes = {a.shape for a in arrangements(counts("11223344556677m"), (), RIICHI_SHAPES)}
    assert shapes == {Shape.STANDARD, Shape.SEVEN_PAIRS}


def test_thirteen_orphans(counts):
    assert arrangements(counts("19m19p19s12345677z"), (), MCR_SHAPES) == [Arrangement(Shape.THIRTEEN_ORPHANS, ())]
    assert arrangements(counts("19m19p19s12345677z"), (), {Shape.STANDARD}) == []


def test_honours_knitted(counts):
    assert arrangements(counts("147m258p369s12345z"), (), MCR_SHAPES) == [Arrangement(Shape.HONOURS_KNITTED, ())]
    assert arrangements(counts("147m258p36s123456z"), (), MCR_SHAPES) == [Arrangement(Shape.HONOURS_KNITTED, ())]
    assert arrangements(counts("147m258p366s12345z"), (), MCR_SHAPES) == []
    assert arrangements(counts("147m258p369s12345z"), (), RIICHI_SHAPES) == []


def test_knitted_straight(counts, meld):
    found = arrangements(counts("147m258p369s11z567s"), (), MCR_SHAPES)
    assert [(a.shape, a.knitted) for a in found] == [(Shape.KNITTED_STRAIGHT, KNITTED_SETS[0])]
    assert [(b.kind, b.first) for b in found[0].blocks] == [(BlockKind.CHOW, 22), (BlockKind.PAIR, 27)]
    with_meld = arrangements(counts("147m258p369s55z"), (meld("999p"),), MCR_SHAPES)
    assert [b.kind for b in with_meld[0].blocks] == [BlockKind.PAIR, BlockKind.PUNG]


def test_wrong_tile_count_is_an_error(counts):
    with pytest.raises(ValueError, match="13 closed tiles with 0 melds; expected 14"):
        arrangements(counts("123m456p789s1122z"), (), RIICHI_SHAPES)


def test_incomplete_hand_has_no_arrangement(counts):
    assert arrangements(counts("123m456p789s11234z"), (), MCR_SHAPES) == []
    assert not is_complete(counts("123m456p789s11234z"), 0, MCR_SHAPES)


@pytest.mark.parametrize(
    "tiles, win, expected",
    [
        ("234m567p789s11z456s", "4s", [Wait.RYANMEN]),
        ("234m567p789s11z456s", "5s", [Wait.KANCHAN]),
        ("123m567p789s11z456s", "3m", [Wait.PENCHAN]),
        ("234m567p789s11z456s", "7s", [Wait.PENCHAN]),
        ("234m567p789s11z456s", "1z", [Wait.TANKI]),
        ("234m567p789s11z222s", "2s", [Wait.SHANPON]),
        ("123m567p789s11z456s", "1m", [Wait.RYANMEN]),
    ],
)
def test_win_placements(counts, tiles, win, expected):
    (arr,) = arrangements(counts(tiles), (), RIICHI_SHAPES)
    placements = win_placements(arr, parse_tile(win))
    assert [wait for _, wait in placements] == expected
    assert all(parse_tile(win) in _tiles(arr.blocks[index]) for index, _ in placements)


def test_win_placements_several_blocks_and_melds(counts, meld):
    # 2m sits in the 123m chow (closed wait 1-3) or in 234m (two-sided wait 34).
    (arr,) = arrangements(counts("123m234m11z"), (meld("777p"), meld("999s")), RIICHI_SHAPES)
    assert sorted(wait.value for _, wait in win_placements(arr, parse_tile("2m"))) == ["kanchan", "ryanmen"]
    assert win_placements(arr, parse_tile("7p")) == []
    (twice,) = arrangements(counts("123m123m11z"), (meld("777p"), meld("999s")), RIICHI_SHAPES)
    assert [wait for _, wait in win_placements(twice, parse_tile("1m"))] == [Wait.RYANMEN]


def test_arrangement_tiles_add_up(counts, meld):
    melds = (meld("+1111z"),)
    closed = counts("234456m678p22s")
    for arr in arrangements(closed, melds, MCR_SHAPES):
        held = to_counts(k for b in arr.blocks if b.meld is None for k in _tiles(b))
        assert held == closed
