"""The memoised per-suit readings agree with reading the core's arrangements block by block.

`read_hand` joins per-suit parts (each split read once for every winning kind of its
suit) instead of visiting every block; whatever it returns must be what `read_blocks`
finds in the core's standard arrangements of the same hand, and its screen for the other
shapes must never rule out one the core finds.
"""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mcr_records import random_record
from record_reader import precheck

from firmware.rules.decompose import arrangements, meld_blocks
from firmware.rules.hand import Hand
from firmware.rules.mcr.readings import read_hand
from firmware.rules.mcr.standard import Blocks, read_blocks
from firmware.rules.shapes import MCR_SHAPES, Shape


def _canonical(reading) -> tuple:
    chows, pungs, *rest = reading
    return (tuple(sorted(chows)), tuple(sorted(pungs)), *rest)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_readings_match_the_core_arrangements(rng):
    record = random_record(rng)
    assume(precheck(record) is None)  # a fifth copy: the pre-check refuses it before any reading
    hand = Hand.from_record(record)
    readings, other_shapes = read_hand(hand, meld_blocks(hand.melds))
    found = arrangements(hand.closed_tuple, hand.melds, MCR_SHAPES)
    expected = [read_blocks(arr.blocks, hand.win_tile, hand.self_drawn) for arr in found
                if arr.shape is Shape.STANDARD]
    assert sorted(_canonical(r) for r, _parts in readings) == sorted(_canonical(r) for r in expected)
    if any(arr.shape is not Shape.STANDARD for arr in found):
        assert other_shapes


def test_a_pung_completed_by_a_discard_is_exposed_unless_a_chow_can_take_the_tile():
    def concealed_pungs(concealed, win, win_by="discard"):
        hand = Hand.from_record({"concealed": concealed, "win_tile": win, "win_by": win_by})
        (reading, _parts), = read_hand(hand, ())[0]
        return Blocks(*reading).concealed

    assert concealed_pungs("111m999p789s1122z", "2z") == 2  # 22z waits with 11z: exposed by the discard
    assert concealed_pungs("111m999p789s1122z", "2z", "self_draw") == 3
    assert concealed_pungs("11123m55p789s111z", "1m") == 2  # 111m stays concealed: 1m completes 123m as well
