"""Differential tests of the analysis core against the two oracles, on hypothesis-generated deals.

Deals are drawn from the 136-tile multiset with 0-4 melds; a third of them come from a
few kinds only (so four-of-a-kind and fifth-copy waits occur) or around a knitted set.
Melds are drawn as raw record objects: the core gets them through `Meld.from_record`, the
oracles through the tests' own reader (record_reader.read_meld, mcr_oracle.pack), so a
slip in the firmware's meld reading cannot reach both sides. Tile counts are the tests'
own (record_reader.counts).
"""

import MahjongGB
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.shanten import Shanten
from mcr_oracle import code, pack
from record_reader import HONOURS, KNITTED_SETS, ORPHANS, counts, read_meld, write

from firmware.rules.decompose import arrangements
from firmware.rules.melds import Meld
from firmware.rules.shanten import is_complete, shanten, waits
from firmware.rules.shapes import MCR_SHAPES, RIICHI_SHAPES, Shape

MELD_CHOICES = [("chi", k) for k in range(27) if k % 9 <= 6] + [
    (meld_type, k) for meld_type in ("pon", "kan_open", "kan_added", "kan_closed") for k in range(34)
]
CLOSED_SETS = [choice for choice in MELD_CHOICES if choice[0] in ("chi", "pon")]
GB_KIND = {code(k): k for k in range(34)}
GB_SHAPE_FUNCTIONS = (
    MahjongGB.RegularShanten,
    MahjongGB.SevenPairsShanten,
    MahjongGB.ThirteenOrphansShanten,
    MahjongGB.HonorsAndKnittedTilesShanten,
    MahjongGB.KnittedStraightShanten,
)
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _meld_record(meld_type: str, k: int) -> dict:
    """A raw meld object of the spec (who supplied it does not matter to shanten or arrangements)."""
    tiles = [k, k + 1, k + 2] if meld_type == "chi" else [k] * (3 if meld_type == "pon" else 4)
    if meld_type == "kan_closed":
        return {"type": meld_type, "tiles": write(tiles)}
    return {"type": meld_type, "tiles": write(tiles), "called": write([k]),
            "from": "left" if meld_type == "chi" else "opposite"}


def _tiles(meld: dict) -> list[int]:
    return list(read_meld(meld).tiles)


@st.composite
def deals(draw, extra: int = 0):
    """(raw melds, concealed kinds): 13-3n concealed tiles (plus `extra` drawn ones) beside n melds."""
    left = [4] * 34
    melds = []
    for meld_type, k in draw(st.lists(st.sampled_from(MELD_CHOICES), max_size=4)):
        meld = _meld_record(meld_type, k)
        tiles = _tiles(meld)
        if all(left[t] >= tiles.count(t) for t in tiles):
            for t in tiles:
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
    """(raw melds, closed kinds) where the closed kinds are built as sets and a pair, the last one drawn at random."""
    melds, _ = draw(deals())
    left = [4 - n for n in counts(k for meld in melds for k in _tiles(meld))]
    closed = []
    blocks = draw(st.lists(st.sampled_from(CLOSED_SETS), min_size=4 - len(melds), max_size=4 - len(melds)))
    for meld_type, k in blocks + [(None, draw(st.sampled_from(range(34))))]:
        tiles = (k, k) if meld_type is None else tuple(_tiles(_meld_record(meld_type, k)))
        assume(all(left[t] >= tiles.count(t) for t in tiles))
        for t in tiles:
            left[t] -= 1
        closed.extend(tiles)
    return melds, draw(st.permutations(closed))


@st.composite
def special_wins(draw):
    """Closed 14-tile hands of the non-standard shapes (seven pairs may repeat a kind), shuffled."""
    orphans = ORPHANS
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


def _gb_packs(melds) -> tuple:
    """Packs for MahjongShanten, from the raw melds by the tests' own reader."""
    return tuple(pack(read_meld(meld)) for meld in melds)


def _core_melds(melds) -> tuple:
    """The core's melds, read by the firmware from the same raw objects."""
    return tuple(Meld.from_record(meld) for meld in melds)


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
    expected = MahjongGB.MahjongShanten(pack=_gb_packs(melds), hand=tuple(code(k) for k in concealed))
    assert shanten(counts(concealed), len(melds), MCR_SHAPES) == expected


@FAST
@given(deals())
def test_mcr_waits_match_pymahjonggb(deal):
    melds, concealed = deal
    ours = waits(counts(concealed), len(melds), MCR_SHAPES)
    assert ours == _gb_waits(melds, concealed)


@FAST
@given(deals())
def test_riichi_shanten_matches_mahjong(deal):
    melds, concealed = deal
    held = counts(concealed)
    assert shanten(held, len(melds), RIICHI_SHAPES, riichi=True) == Shanten.calculate_shanten(held)


@FAST
@given(deals(extra=1))
def test_riichi_shanten_and_completeness_after_a_draw(deal):
    melds, tiles = deal
    held = counts(tiles)
    assert shanten(held, len(melds), RIICHI_SHAPES, riichi=True) == Shanten.calculate_shanten(held)
    assert is_complete(held, len(melds), RIICHI_SHAPES, riichi=True) == Agari.is_agari(held)


def _block_tiles(block) -> list[int]:
    """The kinds of a concealed block of the core, counted by the test."""
    size = {"pung": 3, "kong": 4, "pair": 2}
    return [block.first + i for i in range(3)] if block.kind.value == "chow" else [block.first] * size[block.kind.value]


@FAST
@given(st.one_of(deals(extra=1), winning_deals(), special_wins()))
def test_arrangements_exist_exactly_for_complete_hands(deal):
    raw_melds, tiles = deal
    melds, held = _core_melds(raw_melds), counts(tiles)
    found = arrangements(held, melds, MCR_SHAPES)
    assert bool(found) == is_complete(held, len(melds), MCR_SHAPES)
    for arr in found:
        if arr.shape in (Shape.THIRTEEN_ORPHANS, Shape.HONOURS_KNITTED):
            assert arr.blocks == () and not melds
            continue
        placed = [k for block in arr.blocks if block.meld is None for k in _block_tiles(block)] + list(arr.knitted)
        assert counts(placed) == held
        assert [block.meld for block in arr.blocks if block.meld is not None] == list(melds)


@FAST
@given(st.one_of(deals(extra=1), winning_deals(), special_wins()))
def test_mcr_completeness_matches_pymahjonggb_waits(deal):
    raw_melds, tiles = deal
    complete = is_complete(counts(tiles), len(raw_melds), MCR_SHAPES)
    assert complete == (tiles[-1] in _gb_waits(raw_melds, tiles[:-1]))
    assert complete == bool(arrangements(counts(tiles), _core_melds(raw_melds), MCR_SHAPES))


@FAST
@given(winning_deals())
def test_built_winning_hands_are_complete_for_both_oracles(deal):
    raw_melds, tiles = deal
    held = counts(tiles)
    assert is_complete(held, len(raw_melds), RIICHI_SHAPES, riichi=True) and Agari.is_agari(held)
    assert arrangements(held, _core_melds(raw_melds), RIICHI_SHAPES, riichi=True)


@FAST
@given(special_wins())
def test_riichi_completeness_of_special_shapes_matches_mahjong(deal):
    _, tiles = deal
    held = counts(tiles)
    assert is_complete(held, 0, RIICHI_SHAPES, riichi=True) == Agari.is_agari(held)
    assert bool(arrangements(held, (), RIICHI_SHAPES, riichi=True)) == Agari.is_agari(held)
