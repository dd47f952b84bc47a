"""定缺, the declared void suit: what breaks it in a win, what makes a 花猪 at the draw, and the marker tile.

Seed line 17 only forbids a win holding all three suits, and line 39 makes a 花猪 of a
hand holding three suits. With `void_suit_binding` (brief AMB-4, the default) the declared
suit binds: a single tile of it spoils a win and makes a 花猪.
"""

from firmware.rules.sichuan.settings import SichuanSettings
from firmware.rules.tiles import format_tiles

SUIT_NAMES = ("m", "p", "s")


_NONE_OF_A_SUIT = (0,) * 9


def suit_count(counts: tuple) -> int:
    """How many of the three suits a 34-count tuple holds."""
    return ((counts[0:9] != _NONE_OF_A_SUIT) + (counts[9:18] != _NONE_OF_A_SUIT)
            + (counts[18:27] != _NONE_OF_A_SUIT))


def void_problem(counts: tuple, void_suit: int, binding: bool) -> str | None:
    """Why tiles holding `counts` (a 34-count tuple) break the void-suit rule, or None when they keep it."""
    if binding:
        if counts[9 * void_suit:9 * void_suit + 9] == _NONE_OF_A_SUIT:
            return None
        held = [k for k in range(9 * void_suit, 9 * void_suit + 9) if counts[k]]
        return (f"holds {format_tiles(held)} of the declared void suit {SUIT_NAMES[void_suit]} "
                f"(定缺 binds, brief AMB-4)")
    if suit_count(counts) == 3:
        return "holds all three suits (seed line 17: 必须缺门)"
    return None


def is_flower_pig(counts, void_suit: int, binding: bool) -> bool:
    """花猪 at the draw (seed line 39): the hand breaks the void-suit rule."""
    return void_problem(counts, void_suit, binding) is not None


def first_discard_allowed(marker: int | None, discard: int, settings: SichuanSettings) -> bool:
    """Whether `discard` may be the first discard of a player whose void-suit marker is the tile
    `marker` (None: a 定缺卡 card was laid instead, seed line 94). With the brief's reading
    (AMB-11, `marker_is_first_discard`) a marker tile is revealed by discarding it first."""
    return marker is None or not settings.marker_is_first_discard or discard == marker
