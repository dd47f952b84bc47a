"""Themes for generated hands: which sets and pairs a generated hand draws from.

Uniformly random sets almost never make the rarer patterns (all green, four winds, all
terminals, upper/middle/lower tiles, terminal chows around a pair of fives, ...), so a
generated hand first picks a theme, which narrows the sets and pairs it may take. Sets
are ("chow", first kind) or ("pung", kind); kinds as in record_reader.
"""

from record_reader import HONOURS, ORPHANS

WINDS_KINDS, DRAGONS_KINDS = tuple(range(27, 31)), (31, 32, 33)
GREEN_KINDS = (19, 20, 21, 23, 25, 32)  # 2 3 4 6 8 of bamboo and Green (6z)
_RANGES = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 2, 3, 4), (6, 7, 8, 9), (2, 4, 6, 8))


def _suited(suits, ranks) -> list[int]:
    return [9 * s + r - 1 for s in suits for r in ranks]


def _chows_within(suits, ranks) -> list[int]:
    """First kinds of the chows all of whose ranks lie in `ranks`."""
    return [9 * s + r - 1 for s in suits for r in ranks if r <= 7 and r + 1 in ranks and r + 2 in ranks]


def theme(rng) -> tuple[str, list[int], list[int], list[int]]:
    """(name, chow firsts, pung kinds, pair kinds) for one generated hand."""
    name = rng.choices(("mixed", "one_suit", "honours", "outside", "range", "five", "green", "terminal_chows",
                        "straight"), (8, 3, 2, 2, 2, 1, 1, 1, 1))[0]
    suits = rng.sample(range(3), rng.randint(1, 3))
    if name == "mixed":
        pool = _suited(suits, range(1, 10)) + (list(HONOURS) if rng.random() < 0.5 else [])
        return name, _suited(suits, range(1, 8)), pool, pool
    if name == "one_suit":
        suit = [rng.randrange(3)]
        pool = _suited(suit, range(1, 10))
        extra = list(HONOURS) if rng.random() < 0.3 else []
        return name, _suited(suit, range(1, 8)), pool + extra, pool + extra
    if name == "honours":
        honours = rng.choice((WINDS_KINDS, DRAGONS_KINDS, HONOURS))
        pool = list(honours) + (_suited(suits[:1], range(1, 10)) if rng.random() < 0.5 else [])
        return name, _suited(suits[:1], range(1, 8)) if len(pool) > 7 else [], pool, list(honours)
    if name == "outside":
        pool = [k for k in ORPHANS if k >= 27 or k // 9 in suits] if rng.random() < 0.6 else _suited(suits, (1, 9))
        return name, _suited(suits, (1, 7)) if rng.random() < 0.5 else [], pool, pool
    if name == "range":
        ranks = rng.choice(_RANGES)
        pool = _suited(suits, ranks)
        return name, _chows_within(suits, ranks), pool, pool
    if name == "five":
        return name, _suited(suits, (3, 4, 5)), _suited(suits, (5,)), _suited(suits, (5,))
    if name == "straight":  # chows 123 / 456 / 789 (清龙, 花龙, 三色三步高 ...)
        pool = _suited(suits, range(1, 10))
        return name, _suited(rng.sample(range(3), 3), (1, 4, 7)), pool, pool
    if name == "green":
        return name, [19], list(GREEN_KINDS), list(GREEN_KINDS)
    # terminal chows (一色/三色双龙会): 123 and 789 chows around a pair of fives
    return name, _suited(suits, (1, 7)), [], _suited(suits, (5,))


_ANY_CHOW = [k for k in range(27) if k % 9 <= 6]


def _fits(left: list[int], kind: str, first: int) -> bool:
    if kind == "chow":
        return min(left[first:first + 3]) >= 1
    return left[first] >= 3


def sets_and_pair(rng, chow_share: float = 0.5, n_sets: int = 4, left=None) -> tuple[list[tuple[str, int]], int]:
    """`n_sets` sets and a pair of one theme, within the copies `left` (four of each kind unless
    given). A set or pair the theme cannot fit any more is taken from any kind that still fits,
    so this always succeeds, whatever the random source draws."""
    left = list(left) if left is not None else [4] * 34
    _name, chows, pungs, pairs = theme(rng)
    pair = rng.choice([k for k in pairs if left[k] >= 2] or [k for k in range(34) if left[k] >= 2])
    left[pair] -= 2
    sets = []
    for _ in range(n_sets):
        want_chow = bool(chows) and (not pungs or rng.random() < chow_share)
        wanted = [("chow", k) for k in chows] if want_chow else [("pung", k) for k in pungs]
        fitting = [s for s in wanted if _fits(left, *s)] or [
            s for s in [("chow", k) for k in _ANY_CHOW] + [("pung", k) for k in range(34)] if _fits(left, *s)]
        kind, first = rng.choice(fitting)
        for k in ([first, first + 1, first + 2] if kind == "chow" else [first] * 3):
            left[k] -= 1
        sets.append((kind, first))
    return sets, pair
