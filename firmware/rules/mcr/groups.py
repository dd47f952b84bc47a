"""Fans made by relations between the sets of a standard hand: chow groups and pung groups.

Sets are given by their lowest kind (0..33). The counting principles (seed 000 §3.8.2:
non-split, non-identical, account-once) decide which of the related-set fans may stand
together; the results are memoised per sorted group of sets, never per whole hand.
Where several readings tie, sets are tried in pymahjonggb's tile order (characters,
bamboo, dots, winds, Red, Green, White), so the `mil` profile picks the same fans.
"""

from functools import lru_cache

from firmware.rules.mcr.fans import F
from firmware.rules.tiles import DRAGONS, GREEN, RED, WHITE, WINDS

_SUIT_RANK = {0: 0, 2: 1, 1: 2}  # characters, bamboo, dots in pymahjonggb's order
_DRAGON_RANK = {RED: 1, GREEN: 2, WHITE: 3}


def reference_order(k: int) -> int:
    """Sort key putting kinds in pymahjonggb's order, which decides ties between readings."""
    if k < 27:
        return _SUIT_RANK[k // 9] * 16 + k % 9
    if k in _DRAGON_RANK:
        return 5 * 16 + _DRAGON_RANK[k]
    return 4 * 16 + k - 26


def _two_chows(a: int, b: int) -> int | None:
    """一般高, 喜相逢, 连六 or 老少副 between two chows (first tiles a, b), if any."""
    if a // 9 != b // 9:
        return F.MIXED_DOUBLE_CHOW if a % 9 == b % 9 else None
    if abs(a - b) == 3:
        return F.SHORT_STRAIGHT
    if {a % 9, b % 9} == {0, 6}:
        return F.TWO_TERMINAL_CHOWS
    return F.PURE_DOUBLE_CHOW if a == b else None


def _three_chows(a: int, b: int, c: int) -> int | None:
    """A fan made by three chows in pymahjonggb order a <= b <= c, if any."""
    suits = {a // 9, b // 9, c // 9}
    ranks = sorted((a % 9, b % 9, c % 9))
    if len(suits) == 3:
        if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
            return F.MIXED_SHIFTED_CHOWS
        if ranks[0] == ranks[2]:
            return F.MIXED_TRIPLE_CHOW
        return F.MIXED_STRAIGHT if ranks == [0, 3, 6] else None
    if len(suits) != 1:
        return None
    a, b, c = sorted((a, b, c))
    if b - a == c - b == 3:
        return F.PURE_STRAIGHT
    if b - a == c - b and b - a in (1, 2):
        return F.PURE_SHIFTED_CHOWS
    return F.PURE_TRIPLE_CHOW if a == c else None


def _four_chows(chows: tuple[int, ...]) -> int | None:
    a, b, c, d = sorted(chows)
    if len({k // 9 for k in chows}) != 1:
        return None
    if b - a == c - b == d - c and b - a in (1, 2):
        return F.FOUR_PURE_SHIFTED_CHOWS
    return F.QUADRUPLE_CHOW if a == d else None


_PAIR_FAN_PRIORITY = (F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)


def _limit_pair_fans(found: list[int], limit: int) -> tuple[int, ...]:
    """Account-once: keep at most `limit` two-chow fans, dropping repeats first, 老少副 first."""
    tally = {fan: found.count(fan) for fan in _PAIR_FAN_PRIORITY}
    excess = max(0, len(found) - limit)
    for keep in (1, 0):
        for fan in reversed(_PAIR_FAN_PRIORITY):
            cut = min(excess, max(0, tally[fan] - keep))
            tally[fan] -= cut
            excess -= cut
    return tuple(fan for fan in _PAIR_FAN_PRIORITY for _ in range(tally[fan]))


def _extra_chow(used: tuple[int, ...], extra: int) -> tuple[int, ...]:
    """The one two-chow fan the fourth chow may still make with a used one (account-once)."""
    made = {_two_chows(k, extra) for k in used}
    return next(((fan,) for fan in _PAIR_FAN_PRIORITY if fan in made), ())


def _trios(sets: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each three of the sets with what is left, leaving out the last set first."""
    if len(sets) < 3:
        return []
    return [(sets[:skip] + sets[skip + 1:], sets[skip:skip + 1]) for skip in range(len(sets) - 1, -1, -1)
            ] if len(sets) == 4 else [(sets, ())]


@lru_cache(maxsize=None)
def chow_fans(chows: tuple[int, ...]) -> tuple[int, ...]:
    """Fans among 2-4 chows, `chows` sorted in reference order."""
    if len(chows) == 4 and (fan := _four_chows(chows)) is not None:
        return (fan,)
    for trio, rest in _trios(chows):
        if (fan := _three_chows(*trio)) is not None:
            return (fan,) + (_extra_chow(trio, rest[0]) if rest else ())
    pairs = [[_two_chows(chows[i], chows[j]) for j in range(len(chows))] for i in range(len(chows))]
    found = [pairs[i][j] for i in range(len(chows)) for j in range(i + 1, len(chows)) if pairs[i][j]]
    if len(chows) == 4:
        lonely = sum(all(pairs[i][j] is None for j in range(4) if j != i) for i in range(4))
        return _limit_pair_fans(found, max(0, 3 - lonely))
    return _limit_pair_fans(found, len(chows) - 1)


def _two_pungs(a: int, b: int) -> int | None:
    if a < 27 and b < 27:
        return F.DOUBLE_PUNG if a % 9 == b % 9 else None
    if a in DRAGONS and b in DRAGONS:
        return F.TWO_DRAGON_PUNGS
    return None


def _three_pungs(a: int, b: int, c: int) -> int | None:
    trio = (a, b, c)
    if max(trio) < 27:
        ranks = sorted(k % 9 for k in trio)
        if len({k // 9 for k in trio}) == 3:
            if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
                return F.MIXED_SHIFTED_PUNGS
            return F.TRIPLE_PUNG if ranks[0] == ranks[2] else None
        low, mid, high = sorted(trio)
        return F.PURE_SHIFTED_PUNGS if low + 1 == mid and mid + 1 == high and low // 9 == high // 9 else None
    if all(k in WINDS for k in trio) and len(set(trio)) == 3:
        return F.BIG_THREE_WINDS
    return F.BIG_THREE_DRAGONS if set(trio) == set(DRAGONS) else None


def _four_pungs(pungs: tuple[int, ...]) -> int | None:
    low, *_rest, high = sorted(pungs)
    if high < 27 and low // 9 == high // 9 and sorted(pungs) == list(range(low, low + 4)):
        return F.FOUR_PURE_SHIFTED_PUNGS
    return F.BIG_FOUR_WINDS if set(pungs) == set(WINDS) else None


@lru_cache(maxsize=None)
def pung_fans(pungs: tuple[int, ...]) -> tuple[int, ...]:
    """Fans among 2-4 pungs or kongs, `pungs` sorted in reference order."""
    if len(pungs) == 4 and (fan := _four_pungs(pungs)) is not None:
        return (fan,)
    for skip, (trio, rest) in enumerate(_trios(pungs)):
        if (fan := _three_pungs(*trio)) is not None:
            return (fan,) + (_free_pung(pungs, len(pungs) - 1 - skip) if rest else ())
    found = (_two_pungs(pungs[i], pungs[j]) for i in range(len(pungs)) for j in range(i + 1, len(pungs)))
    return tuple(fan for fan in found if fan is not None)


def _free_pung(pungs: tuple[int, ...], free: int) -> tuple[int, ...]:
    """The fourth pung may pair once with one of the three already used."""
    for i, k in enumerate(pungs):
        if i != free and (fan := _two_pungs(k, pungs[free])) is not None:
            return (fan,)
    return ()
