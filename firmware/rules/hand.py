"""A winning hand as declared at the table, and the pre-check every rule set runs before scoring."""

from dataclasses import dataclass, field

from firmware.rules.melds import Meld
from firmware.rules.tiles import NotationError, format_tiles, parse_tile, parse_tiles, to_counts

WIN_BY = ("discard", "self_draw")
MAX_MELDS = 4


class HandError(ValueError):
    """A record that cannot be scored; `status` is the record status it maps to."""

    def __init__(self, status: str, message: str):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True, init=False)
class Hand:
    """Concealed tiles before the win, declared melds, the winning tile and how it was won."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    self_drawn: bool
    # Counted once at construction, since the pre-check and every rule set's scorer need
    # them; plain attributes (a property costs more than the read it serves). Read only.
    closed_tuple: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Counts of the concealed tiles plus the winning tile (melds excluded)."""
    all_tuple: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Counts over the whole hand, a kong contributing all four tiles."""

    def __init__(self, concealed: tuple[int, ...], melds: tuple[Meld, ...], win_tile: int, self_drawn: bool):
        """Store the fields and count the tiles. Written out rather than generated: one
        update of the instance dict instead of six frozen-dataclass attribute sets, since
        every scored record builds a Hand."""
        counts = to_counts(concealed)
        counts[win_tile] += 1
        closed = tuple(counts)
        if melds:
            for meld in melds:
                tiles = meld.tiles
                if tiles[0] == tiles[-1]:
                    counts[tiles[0]] += len(tiles)
                else:
                    for k in tiles:
                        counts[k] += 1
            every = tuple(counts)
        else:
            every = closed
        self.__dict__.update(concealed=concealed, melds=melds, win_tile=win_tile, self_drawn=self_drawn,
                             closed_tuple=closed, all_tuple=every)

    @property
    def closed_counts(self) -> list[int]:
        """`closed_tuple` as a fresh list, for callers that change it."""
        return list(self.closed_tuple)

    @property
    def is_concealed_hand(self) -> bool:
        """True when nothing was claimed from another player (concealed kongs allowed)."""
        return all(meld.is_concealed for meld in self.melds)

    @classmethod
    def from_record(cls, record: dict) -> "Hand":
        """Parse a hand record and run the pre-check, raising HandError with the record status.

        Malformed tiles or melds and a fifth copy of a kind are `invalid_tiles`; a wrong
        number of concealed tiles for the melds is `bad_tile_count`. The copies check runs
        first; no public corpus record fails both, so the order is a free choice there.
        """
        if not isinstance(record, dict):
            raise HandError("invalid_tiles", f"a hand record must be an object, got {type(record).__name__}")
        try:
            concealed = tuple(parse_tiles(record.get("concealed", "")))
            win_tile = parse_tile(record.get("win_tile", ""))
            melds = record.get("melds", _NO_MELDS)
            if not isinstance(melds, list):
                raise NotationError(f"melds must be a list, got {melds!r}")
            melds = tuple(map(Meld.from_record, melds)) if melds else ()
        except NotationError as error:
            raise HandError("invalid_tiles", str(error)) from None
        win_by = record.get("win_by")
        if win_by not in WIN_BY:
            raise HandError("invalid_context", f"win_by must be one of {', '.join(WIN_BY)}, got {win_by!r}")
        hand = cls(concealed, melds, win_tile, win_by == "self_draw")
        # Both checks test cheaply here and say what is wrong only on failure.
        if not _ALLOWED_COPIES.issuperset(hand.all_tuple):
            _reject_copies(hand.all_tuple)
        if len(concealed) != 13 - 3 * len(melds) or len(melds) > MAX_MELDS:
            _reject_count(concealed, melds)
        return hand


_ALLOWED_COPIES = frozenset(range(5))
_NO_MELDS: list = []  # read only: the default of a record without melds


def _reject_copies(all_counts: tuple[int, ...]) -> None:
    """Name the kinds held more than four times over the concealed tiles, the winning tile and the melds."""
    over = [k for k, n in enumerate(all_counts) if n > 4]
    raise HandError("invalid_tiles", f"more than 4 copies of {format_tiles(over)}")


def _reject_count(concealed: tuple[int, ...], melds: tuple[Meld, ...]) -> None:
    """Say why the number of concealed tiles does not fit the melds."""
    n_melds = len(melds)
    if n_melds > MAX_MELDS:
        raise HandError("bad_tile_count", f"{n_melds} melds; a hand has at most {MAX_MELDS}")
    raise HandError(
        "bad_tile_count",
        f"{len(concealed)} concealed tiles with {n_melds} melds; expected {13 - 3 * n_melds}",
    )
