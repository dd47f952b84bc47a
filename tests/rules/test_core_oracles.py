"""Differential tests of the analysis core against the two oracles, on hypothesis-generated deals.

Deals are drawn from the 136-tile multiset with 0-4 melds; a third of them come from a
few kinds only (so four-of-a-kind and fifth-copy waits occur) or around a knitted set.
"""

import MahjongGB
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.shanten import Shanten
from mcr_oracle import code

from firmware.rules.decompose import arrangements
from firmware.rules.melds import Meld, MeldType
from firmware.rules.shanten import is_complete, shanten, waits
from firmware.rules.shapes import KNITTED_SETS, MCR_SHAPES, RIICHI_SHAPES, Shape
from firmware.rules.tiles import to_counts

HONOURS = tuple(range(27, 34))
MELD_CHOICES = [(MeldType.CHI, k) for k in range(27) if k % 9 <= 6] + [
    (meld_type, k) for meld_type in (MeldType.PON, MeldType.KAN_OPEN, MeldType.KAN_CLOSED) for k in range(34)
]
GB_KIND = {code(k): k for k in range(34)}
GB_SHAPE_FUNCTIONS = (
    MahjongGB.RegularShanten,
    MahjongGB.SevenPairsShanten,
    MahjongGB.ThirteenOrphansShanten,
    MahjongGB.HonorsAndKnittedTilesShanten,
    MahjongGB.KnittedStraightShanten,
)
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _meld(meld_type: MeldType, k: int) -> Meld:
    if meld_type is MeldType.CHI:
        return Meld(meld_type, (k, k + 1, k + 2), k, "left")
    if meld_type is MeldType.PON:
        return Meld(meld_type, (k,) * 3, k, "right")
    if meld_type is MeldType.KAN_OPEN:
        return Meld(meld_type, (k,) * 4, k, "opposite")
    return Meld(meld_type, (k,) * 4, None, None)


@st.composite
def deals(draw, extra: int = 0):
    """(melds, concealed kinds): 13-3n concealed tiles (plus `extra` drawn ones) beside n melds."""
    left = [4] * 34
    melds = []
    for meld_type, k in draw(st.lists(st.sampled_from(MELD_CHOICES), max_size=4)):
        meld = _meld(meld_type, k)
        if all(left[t] >= meld.tiles.count(t) for t in meld.tiles):
            for t in meld.tiles:
                left[t] -= 1
            melds.append(meld)
    palette = draw(st.one_of(
        st.just(tuple(range(34))),
        st.lists(st.sampled_from(range(34)), min_size=4, max_size=7, unique=True),
        st.sampled_from(KNITTED_SETS).map(lambda kinds: kinds + HONOURS),
    ))
    size = 13 - 3 * len(melds) + extra
    pool = [k for k in palette for _ in range(left[k])]
    if len(pool) < size:
        pool = [k for k in range(34) for _ in range(left[k])]
    return tuple(melds), draw(st.permutations(pool))[:size]


@st.composite
def winning_deals(draw):
    """(melds, closed kinds) where the closed kinds are built as sets and a pair, the last one drawn at random."""
    melds, _ = draw(deals())
    left = [4 - n for n in to_counts(k for meld in melds for k in meld.tiles)]
    closed = []
    blocks = draw(st.lists(st.sampled_from(MELD_CHOICES[:-34]), min_size=4 - len(melds), max_size=4 - len(melds)))
    for meld_type, k in blocks + [(None, draw(st.sampled_from(range(34))))]:
        tiles = (k, k) if meld_type is None else _meld(meld_type, k).tiles[:3]
        assume(all(left[t] >= tiles.count(t) for t in tiles))
        for t in tiles:
            left[t] -= 1
        closed.extend(tiles)
    return melds, draw(st.permutations(closed))


@st.composite
def special_wins(draw):
    """Closed 14-tile hands of the non-standard shapes (seven pairs may repeat a kind), shuffled."""
    orphans = (0, 8, 9, 17, 18, 26) + HONOURS
    knitted = draw(st.sampled_from(KNITTED_SETS))
    pairs = draw(st.lists(st.sampled_from(range(34)), min_size=7, max_size=7))
    assume(max(pairs.count(k) for k in pairs) <= 2)
    tiles = draw(st.sampled_from([
        [k for k in pairs for _ in range(2)],
        list(orphans) + [draw(st.sampled_from(orphans))],
        draw(st.permutations(knitted + HONOURS))[:14],
        list(knitted) + [k for k in draw(st.sampled_from([(27, 27, 27), (18, 19, 20), (30, 30, 30)]))] + [33, 33],
    ]))
    return (), draw(st.permutations(tiles))


def _gb_pack(meld: Meld) -> tuple:
    """A pack for MahjongShanten, which reads only the kind of pack and its tile (the middle one of a chow)."""
    kind = "CHI" if meld.is_chow else "GANG" if meld.is_kong else "PENG"
    return (kind, code(meld.tiles[1]), 0 if meld.is_concealed else 1)


def _gb_waits(melds, concealed) -> list[int]:
    """Union of the useful tiles of every GB shape that is ready (the per-shape calls take no melds)."""
    hand = tuple(code(k) for k in concealed)
    functions = GB_SHAPE_FUNCTIONS if not melds else GB_SHAPE_FUNCTIONS[:1] + GB_SHAPE_FUNCTIONS[4:] * (len(melds) == 1)
    found = set()
    for function in functions:
        ready, useful = function(hand=hand)
        if ready == 0:
            found.update(GB_KIND[name] for name in useful)
    return sorted(found)


@FAST
@given(deals())
def test_mcr_shanten_matches_pymahjonggb(deal):
    melds, concealed = deal
    expected = MahjongGB.MahjongShanten(pack=tuple(_gb_pack(m) for m in melds), hand=tuple(code(k) for k in concealed))
    assert shanten(to_counts(concealed), len(melds), MCR_SHAPES) == expected


@FAST
@given(deals())
def test_mcr_waits_match_pymahjonggb(deal):
    melds, concealed = deal
    ours = waits(to_counts(concealed), len(melds), MCR_SHAPES)
    assert ours == _gb_waits(melds, concealed)


@FAST
@given(deals())
def test_riichi_shanten_matches_mahjong(deal):
    melds, concealed = deal
    counts = to_counts(concealed)
    assert shanten(counts, len(melds), RIICHI_SHAPES, riichi=True) == Shanten.calculate_shanten(counts)


@FAST
@given(deals(extra=1))
def test_riichi_shanten_and_completeness_after_a_draw(deal):
    melds, tiles = deal
    counts = to_counts(tiles)
    assert shanten(counts, len(melds), RIICHI_SHAPES, riichi=True) == Shanten.calculate_shanten(counts)
    assert is_complete(counts, len(melds), RIICHI_SHAPES, riichi=True) == Agari.is_agari(counts)


@FAST
@given(st.one_of(deals(extra=1), winning_deals(), special_wins()))
def test_arrangements_exist_exactly_for_complete_hands(deal):
    melds, tiles = deal
    counts = to_counts(tiles)
    found = arrangements(counts, melds, MCR_SHAPES)
    assert bool(found) == is_complete(counts, len(melds), MCR_SHAPES)
    for arr in found:
        if arr.shape in (Shape.THIRTEEN_ORPHANS, Shape.HONOURS_KNITTED):
            assert arr.blocks == () and not melds
            continue
        held = [k for block in arr.blocks if block.meld is None for k in block.tiles] + list(arr.knitted)
        assert to_counts(held) == counts
        assert [block.meld for block in arr.blocks if block.meld is not None] == list(melds)


@FAST
@given(st.one_of(deals(extra=1), winning_deals(), special_wins()))
def test_mcr_completeness_matches_pymahjonggb_waits(deal):
    melds, tiles = deal
    complete = is_complete(to_counts(tiles), len(melds), MCR_SHAPES)
    assert complete == (tiles[-1] in _gb_waits(melds, tiles[:-1]))
    assert complete == bool(arrangements(to_counts(tiles), melds, MCR_SHAPES))


@FAST
@given(winning_deals())
def test_built_winning_hands_are_complete_for_both_oracles(deal):
    melds, tiles = deal
    counts = to_counts(tiles)
    assert is_complete(counts, len(melds), RIICHI_SHAPES, riichi=True) and Agari.is_agari(counts)
    assert arrangements(counts, melds, RIICHI_SHAPES, riichi=True)


@FAST
@given(special_wins())
def test_riichi_completeness_of_special_shapes_matches_mahjong(deal):
    _, tiles = deal
    counts = to_counts(tiles)
    assert is_complete(counts, 0, RIICHI_SHAPES, riichi=True) == Agari.is_agari(counts)
    assert bool(arrangements(counts, (), RIICHI_SHAPES, riichi=True)) == Agari.is_agari(counts)
