"""The tests' own reading of a hand record (../shared/spec/hand-records.md), independent of the firmware.

The differential tests build each oracle's input from the raw record with this module,
never with the firmware's parsers, so that a bug in `Hand.from_record`, `parse_tiles` or
`Meld.from_record` cannot hide by feeding the oracle the same wrong hand. It is kept
small and strict: a record it cannot read raises `RecordError`.

Kinds are the spec's internal index: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s,
27-33 = 1z-7z (East, South, West, North, White, Green, Red).
"""

from typing import NamedTuple

SUITS = "mpsz"
HONOURS = tuple(range(27, 34))
ORPHANS = (0, 8, 9, 17, 18, 26, *HONOURS)
MELD_TYPES = ("chi", "pon", "kan_open", "kan_added", "kan_closed")
SOURCES = ("left", "opposite", "right")
WINDS = "ESWN"
# The riichi win-condition flags every riichi record's context carries (spec, "Riichi records").
RIICHI_FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")
# Each suit of a knitted straight takes one of the rank classes 1-4-7, 2-5-8, 3-6-9, a different one per suit.
KNITTED_SETS = tuple(
    tuple(sorted(9 * suit + start + step for suit, start in enumerate(order) for step in (0, 3, 6)))
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)


class RecordError(ValueError):
    """The record breaks the spec's notation or meld rules."""


def kinds(text: str) -> list[int]:
    """ "123m456p11z" -> [0, 1, 2, 12, 13, 14, 27, 27], in writing order."""
    if not isinstance(text, str):
        raise RecordError(f"tile text must be a string: {text!r}")
    found, digits = [], ""
    for char in text:
        if char.isdigit():
            digits += char
            continue
        if char not in SUITS or not digits:
            raise RecordError(f"bad tile text {text!r}")
        top = 7 if char == "z" else 9
        for digit in digits:
            if not 1 <= int(digit) <= top:
                raise RecordError(f"no tile {digit}{char} in {text!r}")
            found.append(9 * SUITS.index(char) + int(digit) - 1)
        digits = ""
    if digits:
        raise RecordError(f"digits without a suit in {text!r}")
    return found


def kind(text: str) -> int:
    """The kind of exactly one tile, e.g. "5p" -> 13."""
    found = kinds(text)
    if len(found) != 1:
        raise RecordError(f"expected one tile, got {text!r}")
    return found[0]


def write(tiles) -> str:
    """Kinds in the spec's canonical notation: suits m, p, s, z, ranks ascending."""
    out = ""
    for index, letter in enumerate(SUITS):
        digits = "".join(str(k % 9 + 1) for k in sorted(tiles) if k // 9 == index)
        out += digits + letter if digits else ""
    return out


def counts(tiles) -> list[int]:
    """A 34-long list of how many of each kind."""
    found = [0] * 34
    for k in tiles:
        found[k] += 1
    return found


class Meld(NamedTuple):
    """A declared set as the record writes it: `type` is the record's string, `tiles` its kinds (sorted)."""

    type: str
    tiles: tuple[int, ...]
    called: int | None
    source: str | None

    @property
    def claimed(self) -> bool:
        """Taken from another player (every meld but a concealed kong)."""
        return self.type != "kan_closed"


def read_meld(obj: dict) -> Meld:
    """One meld object, checked against the spec's shapes."""
    meld_type = obj.get("type")
    if meld_type not in MELD_TYPES:
        raise RecordError(f"unknown meld type {meld_type!r}")
    tiles = tuple(sorted(kinds(obj.get("tiles", ""))))
    size = 4 if meld_type.startswith("kan") else 3
    first = tiles[0] if tiles else -1
    if len(tiles) != size:
        raise RecordError(f"{meld_type} needs {size} tiles: {obj!r}")
    if meld_type == "chi":
        if first >= 27 or first % 9 > 6 or tiles != (first, first + 1, first + 2):
            raise RecordError(f"chi must be a run of one suit: {obj!r}")
    elif len(set(tiles)) != 1:
        raise RecordError(f"{meld_type} must be copies of one tile: {obj!r}")
    if meld_type == "kan_closed":
        if "called" in obj or "from" in obj:
            raise RecordError(f"kan_closed takes neither called nor from: {obj!r}")
        return Meld(meld_type, tiles, None, None)
    called, source = kind(obj.get("called")), obj.get("from")
    if called not in tiles or source not in SOURCES or (meld_type == "chi" and source != "left"):
        raise RecordError(f"bad called/from in {obj!r}")
    return Meld(meld_type, tiles, called, source)


class RawHand(NamedTuple):
    """What a record declares: the concealed tiles before the win, the melds, the winning tile, how it was won."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win: int
    self_drawn: bool
    context: dict

    @property
    def closed(self) -> list[int]:
        """Counts of the concealed tiles plus the winning tile."""
        return counts(self.concealed + (self.win,))

    @property
    def every(self) -> list[int]:
        """Counts over the whole hand, a kong counting its four tiles."""
        return counts(self.concealed + (self.win,) + tuple(k for meld in self.melds for k in meld.tiles))

    @property
    def concealed_hand(self) -> bool:
        return not any(meld.claimed for meld in self.melds)


def read(record: dict) -> RawHand:
    """The hand a record declares (RecordError when its notation or melds break the spec)."""
    win_by = record.get("win_by")
    if win_by not in ("discard", "self_draw"):
        raise RecordError(f"bad win_by {win_by!r}")
    return RawHand(tuple(kinds(record.get("concealed", ""))), tuple(read_meld(m) for m in record.get("melds", [])),
                   kind(record.get("win_tile")), win_by == "self_draw", record.get("context", {}))


def precheck(record: dict) -> str | None:
    """The spec's pre-check, as the tests read it: "invalid_tiles" for bad notation, a malformed
    meld or a fifth copy of a kind; "bad_tile_count" when the concealed tiles do not fit the
    melds; None for a well-formed hand. (Which wins when both fail: the copies, as the corpora show.)"""
    try:
        hand = read(record)
    except RecordError:
        return "invalid_tiles"
    if max(hand.every) > 4:
        return "invalid_tiles"
    if len(hand.melds) > 4 or len(hand.concealed) != 13 - 3 * len(hand.melds):
        return "bad_tile_count"
    return None
