"""The table when a hand starts: dealer, winds, sticks, the live wall in draw order and, with
a dead wall, its replacement tiles and indicators (play-scenarios.md, ``start``).

A scenario gives these as JSON; on the table the component builds them from the wall map
and the break (``wall_map.py``). A tile the wall map could not name is None: the referee
then learns it from the zone that receives it.
"""

from dataclasses import dataclass

from firmware.referee.kinds import KindError, parse_kind

WINDS = "ESWN"
SEATS = 4


class StartError(ValueError):
    """A hand start that cannot be followed; the message names the key."""


@dataclass(frozen=True)
class DeadWall:
    """The kong replacements in the order they are drawn, and the dora and ura indicators
    (the first dora indicator shows from the start, one more per kong)."""

    replacements: tuple[int | None, ...]
    dora: tuple[int | None, ...]
    ura: tuple[int | None, ...]


@dataclass(frozen=True)
class HandStart:
    dealer: int
    wall: tuple[int | None, ...]
    round_wind: str = "E"
    honba: int = 0
    riichi_sticks: int = 0
    dead_wall: DeadWall | None = None

    def seat_wind(self, seat: int) -> str:
        return WINDS[(seat - self.dealer) % SEATS]

    @classmethod
    def from_scenario(cls, start) -> "HandStart":
        """A scenario's ``start`` object, checked; StartError names what is wrong."""
        if not isinstance(start, dict):
            raise StartError(f"start must be an object, got {start!r}")
        dealer = start.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < SEATS:
            raise StartError(f"start.dealer must be a seat 0-3, got {dealer!r}")
        wind = start.get("round_wind", "E")
        if wind not in tuple(WINDS):
            raise StartError(f"start.round_wind must be one of E, S, W, N, got {wind!r}")
        dead = start.get("dead_wall")
        return cls(dealer, _tiles(start.get("wall"), "start.wall"), wind, _count(start, "honba"),
                   _count(start, "riichi_sticks"), None if dead is None else _dead_wall(dead))


def _count(start: dict, key: str) -> int:
    value = start.get(key, 0)
    if type(value) is not int or value < 0:
        raise StartError(f"start.{key} must be a whole number >= 0, got {value!r}")
    return value


def _tiles(value, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise StartError(f"{where} must be a list of tiles, got {value!r}")
    try:
        return tuple(parse_kind(tile) for tile in value)
    except KindError as error:
        raise StartError(f"{where}: {error}") from None


def _dead_wall(dead) -> DeadWall:
    if not isinstance(dead, dict):
        raise StartError(f"start.dead_wall must be an object, got {dead!r}")
    return DeadWall(*(_tiles(dead.get(key), f"start.dead_wall.{key}")
                      for key in ("replacements", "dora_indicators", "ura_indicators")))
