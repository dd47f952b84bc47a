"""Tile kinds 0..33, the "mpsz" tile notation, and tile predicates shared by every rule set."""

import re

from firmware.rules.suit_table import Memo

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
TERMINALS_AND_HONOURS = (0, 8, 9, 17, 18, 26, *WINDS, *DRAGONS)
WIND_BY_LETTER = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}

N_KINDS = 34
SUIT_LETTERS = "mpsz"
_HONOUR_BASE = 27
_DIGITS = "0123456789"
_ONE_TILE = {f"{k % 9 + 1}{SUIT_LETTERS[k // 9]}": k for k in range(N_KINDS)}


class NotationError(ValueError):
    """Tile or meld text that cannot be read; the message quotes the offending text."""


def parse_tiles(text: str) -> list[int]:
    """Read "123m456p11z" into kinds, in writing order.

    Every digit must eventually be followed by a suit letter, so "123" alone is an error
    rather than a silent guess at the suit. Every scored record is parsed first, so this
    is kept cheap: the text is cut after each suit letter into "digits + letter" runs and
    each run is looked up in a memo; anything else is explained by `_reject`.
    """
    if not isinstance(text, str):
        raise NotationError(f"tile text must be a string, got {text!r}")
    *runs, tail = text.replace("m", "m,").replace("p", "p,").replace("s", "s,").replace("z", "z,").split(",")
    kinds: list[int] = []
    for run in runs:
        run_kinds = _RUN_KINDS[run]
        if run_kinds is None:
            _reject(text)
        kinds += run_kinds
    if tail:
        _reject(text)
    return kinds


# One valid run: ranks 1-9 of a suit or 1-7 of honours, then the suit letter.
_RUN = re.compile(r"[1-9]+[mps]|[1-7]+z")


def _run_kinds(run: str) -> tuple[int, ...] | None:
    """The kinds of one run such as "1123m", in writing order; None if it is no valid run."""
    if not _RUN.fullmatch(run):
        return None
    base = SUIT_LETTERS.index(run[-1]) * 9 - 1
    return tuple(base + int(digit) for digit in run[:-1])


_RUN_KINDS = Memo(_run_kinds, limit=4096)


def _reject(text: str) -> None:
    """Raise the NotationError naming the first thing wrong in tile text that is not valid."""
    pending: list[str] = []
    for char in text:
        if char in _DIGITS:
            pending.append(char)
        elif char in SUIT_LETTERS:
            if not pending:
                raise NotationError(f"suit letter {char!r} without digits in {text!r}")
            for digit in pending:
                _check_rank(int(digit), char, text)
            pending.clear()
        else:
            raise NotationError(f"unexpected character {char!r} in tile text {text!r}")
    raise NotationError(f"digits {''.join(pending)!r} without a suit letter in {text!r}")


def _check_rank(digit: int, suit_letter: str, text: str) -> None:
    """Reject rank 0 and 8z/9z."""
    limit = 7 if suit_letter == "z" else 9
    if not 1 <= digit <= limit:
        raise NotationError(f"no tile {digit}{suit_letter} (in {text!r})")


def parse_tile(text: str) -> int:
    """Read exactly one tile such as "5p"."""
    if type(text) is str and (kind := _ONE_TILE.get(text)) is not None:
        return kind
    kinds = parse_tiles(text)
    if len(kinds) != 1:
        raise NotationError(f"expected exactly one tile, got {text!r}")
    return kinds[0]


def format_tiles(kinds) -> str:
    """Write kinds in canonical notation: suits m, p, s, z, ranks ascending."""
    parts = []
    ordered = sorted(kinds)
    for index, letter in enumerate(SUIT_LETTERS):
        digits = "".join(str(k - index * 9 + 1) for k in ordered if k // 9 == index)
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def to_counts(kinds) -> list[int]:
    """Count kinds into a 34-long list (the form every analysis function takes)."""
    counts = [0] * N_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def suit(k: int) -> int | None:
    """0 for characters, 1 for dots, 2 for bamboo, None for honours."""
    return None if k >= _HONOUR_BASE else k // 9


def rank(k: int) -> int:
    """1..9 within a suit; 1..7 for honours (E S W N White Green Red)."""
    return k % 9 + 1


def is_honour(k: int) -> bool:
    return k >= _HONOUR_BASE


def is_terminal(k: int) -> bool:
    """A 1 or 9 of a suit (honours are not terminals)."""
    return k < _HONOUR_BASE and k % 9 in (0, 8)


def is_terminal_or_honour(k: int) -> bool:
    return k >= _HONOUR_BASE or k % 9 in (0, 8)
