"""Tile kinds as the referee counts them: the core's 34 kinds and the eight flowers after them.

A zone's inventory is a tuple of 42 counts; the scenario notation is the hand-record one
with flowers written ``1f``–``8f`` (play-scenarios.md). Parsing is memoised: the same
inventory text comes back often (a zone reported again, the final inventory).
"""

from functools import lru_cache

from firmware.rules.tiles import N_KINDS

N = N_KINDS + 8
FLOWER = N_KINDS
"""The first flower's index (1f); 1f..8f are 34..41."""
EMPTY = (0,) * N
_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": FLOWER}
_TOP = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_LETTERS = "mpsz"


class KindError(ValueError):
    """Tile text that names no tile; the message quotes it."""


def parse_counts(text: str) -> tuple[int, ...]:
    """Counts of every kind in ``text`` ("123m47f"); KindError naming the text otherwise."""
    if not isinstance(text, str):
        raise KindError(f"tiles must be a string like '123m45p', got {text!r}")
    return _parse(text)


@lru_cache(maxsize=4096)
def _parse(text: str) -> tuple[int, ...]:
    counts, digits = [0] * N, []
    for char in text:
        if char.isdigit():
            digits.append(int(char))
            continue
        base, top = _BASE.get(char), _TOP.get(char)
        if base is None or not digits or not all(1 <= d <= top for d in digits):
            raise KindError(f"{text!r} is not a tile list (mpsz digits, flowers 1f-8f)")
        for digit in digits:
            counts[base + digit - 1] += 1
        digits = []
    if digits:
        raise KindError(f"{text!r} ends with digits but no suit letter")
    return tuple(counts)


def parse_kind(text: str) -> int:
    """One tile ("5m", "3f") as its kind index."""
    counts = parse_counts(text)
    if sum(counts) != 1:
        raise KindError(f"{text!r} is not one tile")
    return counts.index(1)


def name(kind: int) -> str:
    """The tile text of one kind: 0 -> "1m", 34 -> "1f"."""
    if kind >= FLOWER:
        return f"{kind - FLOWER + 1}f"
    return f"{kind % 9 + 1}{_LETTERS[kind // 9]}"


def format_counts(counts) -> str:
    """Counts (34 or 42 of them) as tile text, suits in m p s z f order, ranks ascending."""
    parts = []
    for letter, first, last in _RANGES:
        digits = "".join(_DIGITS[kind - first] * counts[kind] for kind in range(first, min(last, len(counts)))
                         if counts[kind])
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


_RANGES = tuple((letter, base, base + _TOP[letter]) for letter, base in _BASE.items())
_DIGITS = "123456789"


def format_kinds(kinds) -> str:
    counts = [0] * N
    for kind in kinds:
        counts[kind] += 1
    return format_counts(counts)


def is_flower(kind: int) -> bool:
    return kind >= FLOWER
