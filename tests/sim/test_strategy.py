"""The players' judgement (``hal_sim.world.strategy``) against the rules core it stands on."""

import random
import sys
from dataclasses import dataclass
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from firmware import rulesets
from firmware.rules.shanten import is_complete
from firmware.rules.tiles import parse_tiles, to_counts
from firmware.tiles.kinds import FLOWERS, KINDS
from hal_sim.world import strategy
from hal_sim.world.hand import HandPlay
from hal_sim.world.log import WorldLog
from hal_sim.world.tabletop import TableTop
from hal_sim.world.wall import PlayWall

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
import mcr_oracle  # noqa: E402  (tests/rules is not a package)

SETS = [[kind] * 3 for kind in range(34)] + [[kind, kind + 1, kind + 2]
                                              for kind in range(27) if kind % 9 <= 6]


@st.composite
def complete_hands(draw):
    """(counts, melds) of a complete closed hand: sets and a pair (the other sets melded), or
    seven pairs (four of a kind counts as two)."""
    if draw(st.booleans()):
        kinds = [kind for _ in range(7) for kind in [draw(st.integers(0, 33))] * 2]
        melds = 0
    else:
        melds = draw(st.integers(0, 4))
        kinds = [kind for _ in range(4 - melds) for kind in draw(st.sampled_from(SETS))]
        kinds += [draw(st.integers(0, 33))] * 2
    counts = [kinds.count(kind) for kind in range(34)]
    assume(max(counts) <= 4)  # a set has four tiles of a kind
    return counts, melds


@settings(max_examples=500, deadline=None)
@given(complete_hands())
def test_every_tile_of_a_complete_hand_may_complete_the_rest(hand):
    counts, melds = hand
    assert is_complete(counts, melds, strategy.SHAPES)
    for kind in range(34):
        if counts[kind]:
            rest = list(counts)
            rest[kind] -= 1
            assert strategy.may_complete(rest, kind), (counts, kind)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=13))
def test_a_tile_that_may_not_complete_a_hand_does_not(kinds):
    counts = [min(4, kinds.count(kind)) for kind in range(34)]
    for kind in range(34):
        if not strategy.may_complete(counts, kind):
            counts[kind] += 1
            assert not is_complete(counts, 0, strategy.SHAPES)
            counts[kind] -= 1


@dataclass(eq=False)
class Tile:
    kind: str


MCR_READY = "123p4m4z678m789s777z"
"""Fourteen tiles, after the dealer's draw, with two discards that leave them ready.
Discarding the North (4z, the tile least worth keeping) waits on 4m alone: 箭刻 Dragon Pung 2 +
单钓将 Single Wait 1 + 门前清 Concealed Hand 2 = 5, below MCR's 8. Discarding 4m waits on the
North alone, and the hand then shows all five types (m, p, s, a wind, a dragon): 五门齐 All
Types 6 + 2 + 1 + 2 = 11."""


def _mcr_table(seat_tiles: str) -> tuple[TableTop, HandPlay]:
    """A full MCR wall, and seat 0 (the dealer) standing ``seat_tiles``; the hand's players."""
    rule_set = rulesets.get("mcr")
    tiles = [Tile(kind) for kind in KINDS[:34] for _ in range(4)] + [Tile(kind) for kind in FLOWERS]
    table = TableTop(PlayWall(tiles, rule_set))
    table.seats[0].stand([Tile(KINDS[kind]) for kind in parse_tiles(seat_tiles)])
    play = HandPlay(1, "mcr", 0, table, press=lambda seat, button: None, rng=random.Random(1),
                    log=WorldLog(), pace_s=1.0)
    return table, play


def _oracle_status(concealed: str, win_tile: str) -> str:
    record = {"concealed": concealed, "melds": [], "win_tile": win_tile, "win_by": "discard",
              "context": {"seat_wind": "E", "round_wind": "E", "flowers": 0,
                          "last_of_kind": False, "last_wall_tile": False, "kong_related": False}}
    return mcr_oracle.oracle_result(record)["status"]


def test_a_ready_mcr_player_keeps_the_wait_the_minimum_lets_it_win_on():
    # The two readings of the hand, from the oracle (pymahjonggb), not from our engine.
    assert _oracle_status("123p4m678m789s777z", "4m") == "below_min"
    assert _oracle_status("123p678m789s777z4z", "4z") == "win"
    table, play = _mcr_table(MCR_READY)
    counts = table.counts(0)
    assert strategy.least_useful(counts, strategy.nearest_discards(counts, 0)[0]) == KINDS.index("4z")
    assert KINDS[play._discard_choice(0)] == "4m"


def test_the_suit_a_hand_goes_for_as_a_flush():
    def counts(tiles):
        return to_counts(parse_tiles(tiles))
    # 9 manzu and 3 honours: 12 of 14, with a pair of 5p beside them.
    assert strategy.flush_suit(counts("123456789m123z55p"), []) == 0
    # 7 souzu and 2 honours in hand, a pung of 1z melded: 7 + 2 + 3 = 12.
    assert strategy.flush_suit(counts("1234567s23z19m"), [[27, 27, 27]]) == 2
    # The same tiles with a chow of pinzu melded instead: a meld of another suit.
    assert strategy.flush_suit(counts("1234567s23z19m"), [[9, 10, 11]]) is None
    # 6 pinzu and 3 honours: 9 of 14, one short.
    assert strategy.flush_suit(counts("123456p123z1479m"), []) is None


def test_an_mcr_player_going_for_a_flush_lets_the_other_suits_go_first():
    # Greedy by shanten alone, the hand keeps its pair of 5p and lets an isolated honour go;
    # nine manzu and three honours make it a flush hand (FLUSH_AT is 10), so the 5p goes.
    table, play = _mcr_table("123456789m123z55p")
    counts = table.counts(0)
    greedy = strategy.least_useful(counts, strategy.nearest_discards(counts, 0)[0])
    assert KINDS[greedy] in ("1z", "2z", "3z")
    assert KINDS[play._discard_choice(0)] == "5p"
    # It claims nothing of another suit, and still claims its own suit and honours.
    assert not play._may_call(0, KINDS.index("5p"))
    assert play._may_call(0, KINDS.index("4m"))
    assert play._may_call(0, KINDS.index("1z"))
