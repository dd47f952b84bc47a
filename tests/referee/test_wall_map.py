"""The hand's start from the wall map: the deal's 53 tiles off the front, the dead wall off the
end, the flowers' replacements off the tail — worked out by hand on labelled walls."""

from firmware import rulesets
from firmware.referee.wall_map import DEALT, dead_wall, hand_start


def test_the_dead_wall_counted_from_the_break():
    """Draw order ends ... K-6 up, K-6 lo, ..., K up, K lo (K: the last stack counted, by the
    break). Replacements: K up, K lo, K-1 up, K-1 lo; indicators: the upper tiles of K-2 ...
    K-6, ura the lower ones (riichi_rcr_beijing.md §1)."""
    tiles = [f"{stack}{half}" for stack in ("K6", "K5", "K4", "K3", "K2", "K1", "K0") for half in ("u", "l")]
    dead = dead_wall(tiles)
    assert dead.replacements == ("K0u", "K0l", "K1u", "K1l")
    assert dead.dora == ("K2u", "K3u", "K4u", "K5u", "K6u")
    assert dead.ura == ("K2l", "K3l", "K4l", "K5l", "K6l")


def test_riichi_live_wall_lies_between_the_deal_and_the_dead_wall():
    order = list(range(136))
    start = hand_start(order, rulesets.get("riichi"), dealer=2)
    assert start.wall == tuple(range(DEALT, 136 - 14)) and start.dealer == 2
    assert start.dead_wall.replacements == (134, 135, 132, 133)


def test_flowers_laid_aside_at_the_deal_took_their_replacements_from_the_tail():
    start = hand_start(list(range(144)), rulesets.get("mcr"), dealer=0, dealt_flowers=3, round_wind="S")
    assert start.wall == tuple(range(DEALT, 141)) and start.round_wind == "S" and start.dead_wall is None


def test_a_wall_map_short_of_reads_leaves_those_tiles_unknown():
    start = hand_start([5] * 60, rulesets.get("sichuan"), dealer=1)
    assert start.wall[:7] == (5,) * 7 and start.wall[7:] == (None,) * (108 - 60) and len(start.wall) == 108 - DEALT
