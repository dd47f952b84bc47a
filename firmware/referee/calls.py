"""What tiles put in a meld area make: a chi, pon or kong on the claimed discard, a kong of
one's own, or nothing (a wrong call); and whether tiles still to be read could complete one.

A zone report may miss a tile, so a meld area that gained two tiles of a run may yet show
the third; but tiles that no set could hold (1m and 4m with the claimed 4m) are a wrong call
already, whatever comes next.
"""

from firmware.rules.tiles import suit

RUN, SAME, KONG = "chi", "pon", "kan_open"


def kinds_of(counts) -> list[int]:
    return [kind for kind in range(34) if counts[kind]]


def claimed_set(counts, claimed: int) -> str | None:
    """"chi", "pon" or "kan_open" when `counts` (34) with the claimed tile among them is a
    set, None when it is none."""
    total, kinds = sum(counts), kinds_of(counts)
    if kinds == [claimed] and total in (3, 4):
        return SAME if total == 3 else KONG
    if total == 3 and len(kinds) == 3 and claimed in kinds and _run(kinds):
        return RUN
    return None


def _run(kinds: list[int]) -> bool:
    first = kinds[0]
    return suit(first) is not None and kinds == [first, first + 1, first + 2] and suit(first + 2) == suit(first)


def could_complete(counts, claimed: int) -> bool:
    """Whether more tiles of the same meld could still make a set with the claimed tile."""
    total = sum(counts)
    for candidate in _sets_with(claimed):
        if total < sum(candidate.values()) and all(counts[k] <= candidate.get(k, 0) for k in kinds_of(counts)):
            return True
    return False


def _sets_with(claimed: int) -> list[dict[int, int]]:
    sets = [{claimed: 3}, {claimed: 4}]
    if suit(claimed) is not None:
        for first in (claimed - 2, claimed - 1, claimed):
            if first >= 0 and suit(first) == suit(claimed) and first + 2 < 27 and suit(first + 2) == suit(claimed):
                sets.append({first: 1, first + 1: 1, first + 2: 1})
    return sets


def call_guess(counts, caller: int, discarder: int) -> str:
    """What a call that makes no set was most likely meant as (for its penalty, and for what
    the caller does next): a melded kong when it lays four tiles (only a kong does; the
    caller then takes its replacement, a draw its wrong call owes it, not a second offence),
    a chi from the previous player when its tiles are not all alike, else a pon."""
    if sum(counts) == 4:
        return KONG
    return RUN if (discarder + 1) % 4 == caller and len(kinds_of(counts)) > 1 else SAME
