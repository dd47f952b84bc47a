"""Memoised per-suit tables: how far one suit's counts are from n sets (+ a pair), and its exact splits.

A suit is keyed by the tuple of its nine counts (honours: seven). Results are kept on first
use, so a hand costs four dictionary lookups once its suits have been seen; a suited pattern's
vector comes from the file of every pattern's vector (``suit_file``), worked out ahead of time
by ``suit_vector``, and the few patterns outside that file are computed here.
"""

from functools import cache, lru_cache
from operator import add, itemgetter

from firmware.rules import suit_file

SETS = 5  # 0..4 sets per suit
INF = 99
_STRICT_CAP, _LOOSE_CAP = suit_file.CAPS
_ALONE = tuple(0 if index == 0 else INF for index in range(2 * SETS))

# Blocks in a split, as (code, offset within the suit).
CHOW, PUNG, PAIR = 0, 1, 2


@lru_cache(maxsize=1 << 17)  # sub-results only; whole suits are kept in the Memo tables below
def _distance(suffix: tuple, from_prev: int, from_prev2: int, runs: bool, cap: int) -> tuple:
    """Fewest tiles to add to `suffix` to hold s sets and p pairs, as a vector indexed p*5+s.

    Scans the suit tile by tile: at each kind choose how many chows start here, whether a
    pung and whether the pair sit here; the demand on the kind (those plus the chows
    started one and two kinds earlier) beyond the copies held is the cost. `cap` bounds
    the demand on one kind: 4 forbids waiting on a fifth copy, a large cap allows it.
    """
    if not suffix:
        return _ALONE
    held, rest = suffix[0], suffix[1:]
    best = [INF] * (2 * SETS)
    # Chows still running over this kind are sets too, and a hand has at most four.
    free = SETS - 1 - from_prev - from_prev2
    for chows in range(free + 1 if runs and len(suffix) >= 3 else 1):
        sub = _distance(rest, chows, from_prev, runs, cap)
        for pung in (0, 1) if chows < free else (0,):
            for pair in (0, 1):
                demand = from_prev + from_prev2 + chows + 3 * pung + 2 * pair
                if demand > cap:
                    continue
                _relax(best, sub, max(0, demand - held), chows + pung, pair)
    return tuple(best)


def _relax(best: list, sub: tuple, cost: int, sets: int, pair: int) -> None:
    """Fold `sub` shifted by `sets` sets and `pair` pairs, plus `cost`, into `best`."""
    for has_pair in range(2 - pair):
        for count in range(SETS - sets):
            value = sub[has_pair * SETS + count] + cost
            index = (has_pair + pair) * SETS + count + sets
            if value < best[index]:
                best[index] = value


class Memo(dict):
    """A dict that fills a missing key by calling `compute(key)`.

    It starts afresh once it holds `limit` keys, so a long-running table cannot grow it
    without bound (a suit has a few hundred thousand possible patterns; play meets few).
    """

    def __init__(self, compute, limit: int = 200_000):
        super().__init__()
        self.compute = compute
        self.limit = limit

    def __missing__(self, key):
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.compute(key)
        return value


_vectors: list[tuple] = []
_vector_ids: dict[tuple, int] = {}


def _intern(vector: tuple) -> int:
    """Give each distinct distance vector a small int, so merges can be memoised by int keys."""
    found = _vector_ids.get(vector)
    if found is None:
        found = _vector_ids[vector] = len(_vectors)
        _vectors.append(vector)
    return found


def _merge_terms() -> tuple:
    """The min-plus sum of two vectors as index lists: for each index p*5+s of the sum, every
    (index in a, index in b) whose sets add up to s and pairs to p, flattened into one list for
    a and one for b, and each sum index's slice of them."""
    from_a, from_b, slices = [], [], []
    for index in range(2 * SETS):
        pairs, sets = divmod(index, SETS)
        start = len(from_a)
        for pair_a in range(pairs + 1):
            for sets_a in range(sets + 1):
                from_a.append(pair_a * SETS + sets_a)
                from_b.append((pairs - pair_a) * SETS + sets - sets_a)
        slices.append(slice(start, len(from_a)))
    return itemgetter(*from_a), itemgetter(*from_b), tuple(slices)


_FROM_A, _FROM_B, _SUM_SLICES = _merge_terms()


def _merge(key: int) -> int:
    """Min-plus combine two vectors (ids packed as a << 20 | b): sets add up, at most one pair.

    Every term is picked and added at once (``_merge_terms``), not one ``_relax`` each: a merge
    is the work of every suit pattern play has not met with that hand's other suits yet.
    Twenty bits are ample: random play meets under 200 distinct vectors.
    """
    sums = list(map(add, _FROM_A(_vectors[key >> 20]), _FROM_B(_vectors[key & 0xFFFFF])))
    return _intern(tuple([min(INF, *sums[part]) for part in _SUM_SLICES]))


def suit_vector(pattern: tuple, cap: int) -> tuple:
    """A suited pattern's distance vector, computed (``suit_file`` holds it for most patterns)."""
    return _distance(pattern, 0, 0, True, cap)


def _suited(pattern: tuple, cap: int) -> int:
    vector = suit_file.lookup(pattern, cap)
    return _intern(suit_vector(pattern, cap) if vector is None else vector)


_MERGED = Memo(_merge)
_SUITED = {strict: Memo(lambda key, cap=cap: _suited(key, cap))
           for strict, cap in ((True, _STRICT_CAP), (False, _LOOSE_CAP))}
_HONOURS = {strict: Memo(lambda key, cap=cap: _intern(_distance(key, 0, 0, False, cap)))
            for strict, cap in ((True, _STRICT_CAP), (False, _LOOSE_CAP))}


def hand_distance(counts: tuple, sets: int, strict: bool) -> int:
    """Fewest tiles to add to a 34-count tuple to hold `sets` sets and one pair."""
    suited, honours = _SUITED[strict], _HONOURS[strict]
    merged = _MERGED
    mp = merged[suited[counts[0:9]] << 20 | suited[counts[9:18]]]
    mps = merged[mp << 20 | suited[counts[18:27]]]
    return _vectors[merged[mps << 20 | honours[counts[27:34]]]][SETS + sets]


def _one_changed(table: Memo, step: int) -> Memo:
    """A suit pattern -> for each of its kinds, the id in ``table`` of the pattern with one copy
    of that kind added (``step`` 1) or taken away (``step`` -1; None where none is held)."""

    def compute(pattern: tuple) -> tuple:
        ids = []
        for offset, held in enumerate(pattern):
            changed = list(pattern)
            changed[offset] += step
            ids.append(table[tuple(changed)] if held + step >= 0 else None)
        return tuple(ids)

    return Memo(compute)


_CHANGED = {(strict, step): (_one_changed(_SUITED[strict], step), _one_changed(_HONOURS[strict], step))
            for strict in (True, False) for step in (1, -1)}


def hand_distances_changed(counts: tuple, sets: int, strict: bool, kinds, step: int) -> list[int]:
    """``hand_distance`` of ``counts`` with one copy of each of ``kinds`` added (``step`` 1) or
    taken away (``step`` -1, held kinds only), in the order of ``kinds``.

    Changing one kind leaves the other three suits as they were: their vectors are merged once
    (suits merge as a min-plus sum, so the order they are merged in does not change the vector),
    the changed suit's vector comes from its pattern's row in ``_CHANGED``, and each change
    costs one merge.
    """
    suited, honours = _SUITED[strict], _HONOURS[strict]
    changed_suited, changed_honours = _CHANGED[strict, step]
    merged = _MERGED
    man, pin, sou, honour = counts[0:9], counts[9:18], counts[18:27], counts[27:34]
    m, p, s, h = suited[man], suited[pin], suited[sou], honours[honour]
    mp, sh = merged[m << 20 | p], merged[s << 20 | h]
    others = (merged[p << 20 | sh], merged[m << 20 | sh], merged[mp << 20 | h], merged[mp << 20 | s])
    rows = (changed_suited[man], changed_suited[pin], changed_suited[sou], changed_honours[honour])
    return [_vectors[merged[others[kind // 9] << 20 | rows[kind // 9][kind % 9]]][SETS + sets]
            for kind in kinds]


# suit pattern -> for each rank class r (ranks r+1, r+4, r+7), how many of its three kinds are held.
KNIT_HELD = Memo(lambda pattern: tuple((pattern[r] > 0) + (pattern[r + 3] > 0) + (pattern[r + 6] > 0) for r in range(3)))


@cache
def splits(pattern: tuple, runs: bool) -> tuple:
    """Every distinct way to split a suit exactly into sets and at most one pair.

    Each split is a tuple of (code, offset) blocks. The lowest held kind must start a
    block; taking its pung, then its pair, then the chows it starts, in that order,
    lists each multiset of blocks once.
    """
    start = next((offset for offset, held in enumerate(pattern) if held), None)
    if start is None:
        return ((),)
    held = pattern[start]
    found = []
    for pung in range(held // 3 + 1):
        for pair in (0, 1):
            chows = held - 3 * pung - 2 * pair
            if chows < 0:
                continue
            rest = _take(pattern, start, 3 * pung + 2 * pair, chows, runs)
            if rest is None:
                continue
            blocks = ((PUNG, start),) * pung + ((PAIR, start),) * pair + ((CHOW, start),) * chows
            found.extend(blocks + tail for tail in splits(rest, runs)
                         if pair == 0 or all(code != PAIR for code, _ in tail))
    return tuple(found)


def _take(pattern: tuple, start: int, same: int, chows: int, runs: bool):
    """The pattern left after removing `same` copies at `start` and `chows` chows from it, or None."""
    rest = list(pattern)
    rest[start] -= same + chows
    if chows:
        if not runs or start + 2 >= len(pattern) or rest[start + 1] < chows or rest[start + 2] < chows:
            return None
        rest[start + 1] -= chows
        rest[start + 2] -= chows
    return tuple(rest)
