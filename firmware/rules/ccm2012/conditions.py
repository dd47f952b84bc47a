"""The win conditions CCM 2012 adds to an MCR hand record's context, read and checked.

The MCR keys (winds, `flowers`, `last_of_kind`, `kong_related`, `last_wall_tile`) are read
by firmware.rules.mcr; the add-ons of §6 need a few more facts, each optional:

| key | default | meaning |
|---|---|---|
| `flower_replacement` | false | self-drawn on the replacement for a flower (补花和牌) |
| `final_round` | `last_wall_tile` | won in the hand's last lap, each player's last tile (seed line 149) |
| `win_tile_apart` | true | a self-drawn winning tile was set apart (单放, seed line 109) |
| `flower_kongs` | 0 | flower kongs (花杠) among the winner's flowers, four flowers each |
| `earthly_hand`, `earthly_hand_declared` | false | 地和, and whether it was declared (AMB-1) |
"""

from typing import NamedTuple

from firmware.rules.mcr.situation import ContextError

_FLAGS = ("flower_replacement", "win_tile_apart", "earthly_hand", "earthly_hand_declared")


class Conditions(NamedTuple):
    """The CCM-only facts of a declared win."""

    flower_replacement: bool
    final_round: bool
    win_tile_apart: bool
    flower_kongs: int
    earthly_hand: bool
    earthly_hand_declared: bool


def read_conditions(context: dict, self_drawn: bool) -> Conditions:
    """Read the CCM keys of a context MCR has already accepted, raising ContextError that
    names a bad key or an impossible combination."""
    flower_replacement, win_tile_apart, earthly, declared = (
        _flag(context, key, default) for key, default in zip(_FLAGS, (False, True, False, False)))
    last_wall_tile = context.get("last_wall_tile", False)
    final_round = _flag(context, "final_round", last_wall_tile)
    if last_wall_tile and not final_round:
        raise ContextError("context final_round is false but last_wall_tile is true: "
                           "the last tile is in the final round")
    flowers, flower_kongs = context.get("flowers", 0), context.get("flower_kongs", 0)
    if type(flower_kongs) is not int or not 0 <= 4 * flower_kongs <= flowers:
        raise ContextError(f"context flower_kongs must be an integer 0..{flowers // 4} (four of the {flowers} "
                           f"flowers each), got {flower_kongs!r}")
    if flower_replacement and not (self_drawn and flowers):
        raise ContextError("context flower_replacement needs a self-drawn win and at least one flower")
    if flower_replacement and context.get("kong_related"):
        raise ContextError("context flower_replacement and kong_related are both true: the winning tile replaced "
                           "a flower or a kong, not both (a kong's replacement that is a flower is a flower's)")
    return Conditions(flower_replacement, final_round, win_tile_apart, flower_kongs, earthly, declared)


def _flag(context: dict, key: str, default: bool) -> bool:
    value = context.get(key, default)
    if type(value) is not bool:
        raise ContextError(f"context {key} must be true or false, got {value!r}")
    return value
