"""Differential tests: our `mil` profile against pymahjonggb over generated winning hands.

Hands are built from random sets and a pair (some declared as melds), seven pairs,
thirteen orphans, honours-and-knitted and knitted-straight shapes, with random winds,
flowers and win flags. Set MCR_ORACLE_EXAMPLES to run more of them.
"""

import os
from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mcr_oracle import oracle_fans, oracle_shanten, our_fans

from firmware.rules.mcr import score_record
from firmware.rules.shapes import KNITTED_SETS
from firmware.rules.tiles import TERMINALS_AND_HONOURS, format_tiles

EXAMPLES = int(os.environ.get("MCR_ORACLE_EXAMPLES", "250"))
_WINDS = "ESWN"
_SOURCES = ("left", "opposite", "right")


@st.composite
def _sets_and_pair(draw):
    """Four sets and a pair from a random palette of suits and honours (so flushes etc. occur)."""
    suits = draw(st.lists(st.integers(0, 2), min_size=1, max_size=3, unique=True))
    honours = draw(st.booleans())
    kinds = [9 * s + r for s in suits for r in range(9)] + (list(range(27, 34)) if honours else [])
    sets = []
    for _ in range(4):
        if draw(st.booleans()):
            sets.append(("chow", 9 * draw(st.sampled_from(suits)) + draw(st.integers(0, 6))))
        else:
            sets.append(("pung", draw(st.sampled_from(kinds))))
    return sets, draw(st.sampled_from(kinds))


def _meld_record(draw, kind: str, first: int) -> tuple[dict, list[int]]:
    if kind == "chow":
        tiles = [first, first + 1, first + 2]
        called = draw(st.sampled_from(tiles))
        return {"type": "chi", "tiles": format_tiles(tiles), "called": format_tiles([called]), "from": "left"}, tiles
    meld_type = draw(st.sampled_from(("pon", "pon", "kan_open", "kan_added", "kan_closed")))
    tiles = [first] * (3 if meld_type == "pon" else 4)
    meld = {"type": meld_type, "tiles": format_tiles(tiles)}
    if meld_type != "kan_closed":
        meld.update(called=format_tiles([first]), **{"from": draw(st.sampled_from(_SOURCES))})
    return meld, tiles


@st.composite
def _standard(draw):
    sets, pair = draw(_sets_and_pair())
    n_melds = draw(st.sampled_from((0, 0, 1, 1, 2, 3, 4)))
    melds, all_tiles, closed = [], [], [pair, pair]
    for index, (kind, first) in enumerate(sets):
        if index < n_melds:
            meld, tiles = _meld_record(draw, kind, first)
            melds.append(meld)
        else:
            tiles = [first, first + 1, first + 2] if kind == "chow" else [first] * 3
            closed.extend(tiles)
        all_tiles.extend(tiles)
    assume(max(Counter(all_tiles + closed[:2]).values()) <= 4)
    return closed, melds


@st.composite
def _seven_pairs(draw):
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    kinds = [k for s in suits for k in range(9 * s, min(34, 9 * s + 9))]
    pairs = draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7))
    assume(max(Counter(pairs).values()) <= 2)
    return [k for k in pairs for _ in range(2)], []


@st.composite
def _special(draw):
    shape = draw(st.sampled_from(("orphans", "honours_knitted", "knitted_straight")))
    if shape == "orphans":
        return list(TERMINALS_AND_HONOURS) + [draw(st.sampled_from(TERMINALS_AND_HONOURS))], []
    knitted = list(draw(st.sampled_from(KNITTED_SETS)))
    if shape == "honours_knitted":
        pool = knitted + list(range(27, 34))
        dropped = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True))
        return [k for k in pool if k not in dropped], []
    sets, pair = draw(_sets_and_pair())
    kind, first = sets[0]
    if draw(st.booleans()):
        meld, tiles = _meld_record(draw, kind, first)
        assume(max(Counter(knitted + tiles + [pair, pair]).values()) <= 4)
        return knitted + [pair, pair], [meld]
    tiles = [first, first + 1, first + 2] if kind == "chow" else [first] * 3
    closed = knitted + tiles + [pair, pair]
    assume(max(Counter(closed).values()) <= 4)
    return closed, []


@st.composite
def winning_records(draw):
    closed, melds = draw(st.one_of(_standard(), _standard(), _standard(), _seven_pairs(), _special()))
    win = draw(st.sampled_from(closed))
    closed.remove(win)
    return {
        "concealed": format_tiles(closed), "melds": melds, "win_tile": format_tiles([win]),
        "win_by": draw(st.sampled_from(("discard", "self_draw"))),
        "context": {
            "seat_wind": draw(st.sampled_from(_WINDS)), "round_wind": draw(st.sampled_from(_WINDS)),
            "flowers": draw(st.integers(0, 8)), "last_of_kind": draw(st.booleans()),
            "kong_related": draw(st.booleans()), "last_wall_tile": draw(st.booleans()),
        },
    }


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(winning_records())
def test_generated_winning_hands_score_as_the_oracle_under_mil(record):
    result = score_record(record, "mil")
    assert result["status"] in ("win", "below_min"), result
    assert our_fans(result) == oracle_fans(record), record


@settings(max_examples=EXAMPLES // 2, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(winning_records(), st.data())
def test_another_winning_tile_is_judged_as_the_oracle_judges_it(record, data):
    """Declare the win on a random tile instead: the verdict (win or not, fans) and, when it
    is not a win, the shanten before it agree with the oracle."""
    record = dict(record, win_tile=format_tiles([data.draw(st.integers(0, 33))]))
    result = score_record(record, "mil")
    assume(result["status"] != "invalid_tiles")  # a fifth copy
    assert our_fans(result) == oracle_fans(record), record
    if result["status"] == "not_win":
        assert result["shanten_before_win"] == oracle_shanten(record)
