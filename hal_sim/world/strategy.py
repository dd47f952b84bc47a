"""How a simulated player chooses: greedy, by the fewest tiles from ready (shanten).

Counts are the rules core's 34 kinds. A discard is the tile whose removal leaves the lowest
shanten, ties going to the tile least worth keeping (an isolated honour before a terminal
before a tile with neighbours); a call or a kong is made when it brings the hand nearer
(or, for a kong, no farther). Where a complete hand can fall below the rule set's minimum,
the player choosing between discards that leave it ready takes one with a wait the engine
would pay (``HandPlay`` asks the engine; ``nearest_discards`` gives the choices), and a hand
mostly of one suit goes for a flush (``flush_suit``). The shanten of the core
(``firmware.rules.shanten``) is pure and is what a player's judgement is here; whether a
complete hand may be declared is the rules engine's word, not this module's.
"""

from itertools import compress

from firmware.rules.shanten import shanten, shanten_changed, waits
from firmware.rules.shapes import RIICHI_SHAPES, Shape

SHAPES = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS})
"""What the players aim for: four sets and a pair, or seven pairs."""
SUITED = 27
FLUSH_AT = 10
"""Tiles of one suit and honours, melds included, from which a player who must reach a
minimum goes for a flush (混一色 Half Flush is 6 fan, 清一色 Full Flush 24): it lets the other
suits go first and claims nothing of them. Purely greedy players reach MCR's 8 late and
mostly by luck (和绝张 Last Tile was the largest fan of a quarter of their wins). From 10
tiles their hands on the table top fell from 60.5 to 58.4 discards (300 hands on each of
eight seeds); from 9 or 11, on two seeds, by under 1."""


def distance(counts, n_melds: int, riichi: bool = False) -> int:
    """Shanten of a 13 − 3·melds (or 14 − 3·melds) tile hand: 0 = ready, −1 = complete."""
    return shanten(counts, n_melds, SHAPES, riichi=riichi)


def flush_suit(counts, melds) -> int | None:
    """The suit (0, 1, 2: m, p, s) a hand goes for as a flush, or None: ``counts`` are its
    standing tiles, ``melds`` each meld's kinds. It is the suit held most (the first of equals),
    when that suit and the honours make ``FLUSH_AT`` tiles and no meld is of another suit."""
    held = [sum(counts[base:base + 9]) for base in (0, 9, 18)]
    honours = sum(counts[SUITED:])
    meld_suits = set()
    for kinds in melds:
        for kind in kinds:
            if kind < SUITED:
                held[kind // 9] += 1
                meld_suits.add(kind // 9)
            else:
                honours += 1
    suit = held.index(max(held))
    if meld_suits - {suit} or held[suit] + honours < FLUSH_AT:
        return None
    return suit


def keep_value(counts, kind: int) -> int:
    """How much a tile helps: its copies, and for a suited tile its neighbours one and two away."""
    if kind >= SUITED:
        return 3 * counts[kind]
    rank = kind % 9
    value = 3 * counts[kind] + (0 if rank in (0, 8) else 1)
    # Neighbours within the suit only (read one by one: no row of the suit is built).
    if rank >= 1:
        value += 2 * counts[kind - 1] + (counts[kind - 2] if rank >= 2 else 0)
    if rank <= 7:
        value += 2 * counts[kind + 1] + (counts[kind + 2] if rank <= 6 else 0)
    return value


def nearest_discards(counts, n_melds: int, allowed=None, riichi: bool = False) -> tuple[list[int], int]:
    """(kinds, shanten after discarding one of them): the held kinds among ``allowed`` (all
    held kinds when None) whose discard leaves the hand nearest to ready."""
    if allowed is None:
        held = list(compress(range(34), counts))  # the held kinds, picked in C: a turn's first step
    else:
        held = [kind for kind in sorted(allowed) if counts[kind]]
    after = shanten_changed(counts, n_melds, SHAPES, held, -1, riichi=riichi)
    lowest = min(after)
    return [k for k, s in zip(held, after) if s == lowest], lowest


def best_discard(counts, n_melds: int, allowed=None, riichi: bool = False) -> tuple[int, int]:
    """(kind, shanten after discarding it) for the best discard among ``allowed`` kinds held
    (all held kinds when None)."""
    kinds, lowest = nearest_discards(counts, n_melds, allowed, riichi)
    return least_useful(counts, kinds), lowest


def by_usefulness(counts, kinds) -> list[int]:
    """``kinds`` in the order a player lets them go: the least worth keeping first."""
    return sorted(kinds, key=lambda kind: (keep_value(counts, kind), kind))


def least_useful(counts, kinds) -> int:
    """The held kind among ``kinds`` least worth keeping (no shanten: for tiles that must go)."""
    return min((keep_value(counts, kind), kind) for kind in kinds if counts[kind])[1]


def wait_kinds(counts, n_melds: int, riichi: bool) -> list[int]:
    """The kinds a hand between discards waits on; a kind the hand already holds four of is no
    wait (the riichi seed's 形式听牌 exception, read the same way everywhere)."""
    found = waits(counts, n_melds, RIICHI_SHAPES if riichi else SHAPES, riichi=riichi)
    return [kind for kind in found if counts[kind] < 4]


def may_complete(counts, kind: int) -> bool:
    """Whether a tile of ``kind`` may complete the hand of ``counts`` (in one of ``SHAPES``): in
    a complete hand each tile lies beside another of its set or pair, a copy or, in a run, the
    kind one rank nearer the run's middle; a tile with none in ``counts`` cannot complete it.
    A few lookups, where a win check costs a shanten."""
    if counts[kind]:
        return True
    rank = kind % 9
    return kind < SUITED and bool(rank >= 2 and counts[kind - 1] or rank <= 6 and counts[kind + 1])


def chi_pairs(counts, kind: int) -> list[tuple[int, int]]:
    """The two held kinds that make a run with ``kind`` (suited only)."""
    if kind >= SUITED:
        return []
    rank = kind % 9
    pairs = [(kind + a, kind + b) for a, b in ((-2, -1), (-1, 1), (1, 2))
             if 0 <= rank + a and rank + b <= 8]
    return [(a, b) for a, b in pairs if counts[a] and counts[b]]


def after_call(counts, n_melds: int, used, riichi: bool) -> int:
    """Shanten after claiming a tile with the ``used`` kinds from the hand, then discarding."""
    for kind in used:
        counts[kind] -= 1
    _, after = best_discard(counts, n_melds + 1, riichi=riichi)
    for kind in used:
        counts[kind] += 1
    return after


def kong_keeps(counts, n_melds: int, used, riichi: bool) -> bool:
    """Whether laying ``used`` (four of a kind from a drawn hand, or the fourth tile of a
    pung) into a kong leaves the hand no farther from ready than the best discard would."""
    _, now = best_discard(counts, n_melds, riichi=riichi)
    for kind in used:
        counts[kind] -= 1
    kept = distance(counts, n_melds + (len(used) == 4), riichi) <= now
    for kind in used:
        counts[kind] += 1
    return kept
