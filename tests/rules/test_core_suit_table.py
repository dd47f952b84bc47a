"""The per-suit tables: distances, exact splits, and the bounded memo behind them."""

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.rules.suit_table import (CHOW, INF, PAIR, PUNG, SETS, Memo, _intern, _merge, _vectors,
                                       hand_distance, splits)
from firmware.rules.tiles import parse_tiles, to_counts


def _counts(text):
    return tuple(to_counts(parse_tiles(text)))


def test_memo_fills_and_starts_afresh_at_its_limit():
    calls = []
    memo = Memo(lambda key: calls.append(key) or key * 2, limit=2)
    assert memo[1] == 2 and memo[1] == 2 and calls == [1]
    memo[2]
    memo[3]
    assert sorted(memo) == [3] and calls == [1, 2, 3]


def test_hand_distance():
    assert hand_distance(_counts("123m456p789s11z222s"), 4, False) == 0
    assert hand_distance(_counts("123m456p789s1z"), 3, False) == 1
    assert hand_distance(_counts(""), 0, False) == 2
    # Four 5s: the pair needs a fifth copy unless it moves elsewhere.
    assert hand_distance(_counts("999m888p999p5555s"), 4, False) == 1
    assert hand_distance(_counts("999m888p999p5555s"), 4, True) == 2


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, INF), min_size=2 * SETS, max_size=2 * SETS),
       st.lists(st.integers(0, INF), min_size=2 * SETS, max_size=2 * SETS))
def test_merge_is_the_min_plus_sum_of_the_vectors(a, b):
    expected = [INF] * (2 * SETS)
    for pair_a in range(2):
        for sets_a in range(SETS):
            for pair_b in range(2 - pair_a):
                for sets_b in range(SETS - sets_a):
                    index = (pair_a + pair_b) * SETS + sets_a + sets_b
                    value = a[pair_a * SETS + sets_a] + b[pair_b * SETS + sets_b]
                    expected[index] = min(expected[index], value)
    assert _vectors[_merge(_intern(tuple(a)) << 20 | _intern(tuple(b)))] == tuple(expected)


def test_splits_of_a_pure_suit():
    assert splits((1, 1, 1, 0, 0, 0, 0, 0, 0), True) == (((CHOW, 0),),)
    assert splits((3, 1, 1, 0, 0, 0, 0, 0, 0), True) == (((PAIR, 0), (CHOW, 0)),)
    assert splits((1, 1, 1, 0, 0, 0, 0), False) == ()
    assert set(splits((3, 3, 3, 0, 0, 0, 0, 0, 0), True)) == {
        ((PUNG, 0), (PUNG, 1), (PUNG, 2)),
        ((CHOW, 0), (CHOW, 0), (CHOW, 0)),
    }


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9))
def test_splits_are_distinct_and_exact(pattern):
    found = splits(tuple(pattern), True)
    assert len(found) == len({tuple(sorted(split)) for split in found})
    for split in found:
        used = [0] * 9
        for code, offset in split:
            for k in ((offset, offset + 1, offset + 2) if code == CHOW else (offset,) * (3 if code == PUNG else 2)):
                used[k] += 1
        assert used == pattern and sum(code == PAIR for code, _ in split) <= 1
