"""The players' judgement (``hal_sim.world.strategy``) against the rules core it stands on."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from firmware.rules.shanten import is_complete
from hal_sim.world import strategy

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
