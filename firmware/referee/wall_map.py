"""A hand's start on the table: the live wall in draw order, from the wall map of the set in
play and the break, as the referee follows it (``HandStart``).

The wall map (``firmware.tiles.wall.WallReads``) says which tag landed in each stack of each
side; ``firmware.tiles.wall_order.draw_order`` puts the stacks in draw order from the
break. The deal takes the first 4 × 13 + 1 tiles; with a dead wall (riichi) the last
``2 × dead_wall_stacks`` tiles are set apart; each flower laid aside at the deal took one
replacement from the rule set's replacement end. A tile the map has no read for (or whose
tag the registry does not know) is None: the referee learns it when it shows up in a zone.

The dead wall, counted from the break (its last stack in draw order first): the first two
stacks are the replacement tiles, upper tile first (riichi_rcr_beijing.md §1: replacements
from the far end of the dead wall); the third stack's upper tile is the first dora
indicator, the next stacks' upper tiles the indicators each kong reveals, and the lower
tiles under them the ura indicators.
"""

from firmware.referee.kinds import KindError, parse_kind
from firmware.referee.start import DeadWall, HandStart
from firmware.tiles.wall_order import draw_order

DEALT = 4 * 13 + 1


def draw_order_kinds(wall, registry, wall_break) -> list[int | None]:
    """Every tile of the wall map as a kind, in draw order (None where unread or unknown)."""
    if wall is None:
        return []

    def kind(uid):
        tile = registry.lookup(uid) if uid else None
        try:
            return parse_kind(tile.kind) if tile is not None else None
        except KindError:
            return None

    stacks = [[(kind(lower), kind(upper)) for lower, upper in wall.side(side)] for side in range(4)]
    return draw_order(stacks, wall_break)


def hand_start(order: list, rule_set, dealer: int, dealt_flowers: int = 0, round_wind: str = "E",
               honba: int = 0, riichi_sticks: int = 0) -> HandStart:
    """The start the referee needs, from the tiles in draw order (missing ones unknown)."""
    order = list(order) + [None] * max(0, rule_set.tile_set.tiles - len(order))
    live, dead = order[DEALT:], None
    if rule_set.dead_wall_stacks:
        split = len(live) - 2 * rule_set.dead_wall_stacks
        live, dead = live[:split], dead_wall(live[split:])
    if dealt_flowers and rule_set.replacement_from == "tail":
        live = live[:len(live) - dealt_flowers]
    elif dealt_flowers and rule_set.replacement_from == "front":
        live = live[dealt_flowers:]
    return HandStart(dealer, tuple(live), round_wind, honba, riichi_sticks, dead)


def dead_wall(tiles: list) -> DeadWall:
    """The dead wall's tiles in draw order (each stack upper then lower) → its replacements
    and indicators (see the module docstring)."""
    stacks = [(tiles[at], tiles[at + 1]) for at in range(0, len(tiles) - 1, 2)][::-1]
    replacements = tuple(tile for stack in stacks[:2] for tile in stack)
    return DeadWall(replacements, tuple(upper for upper, _ in stacks[2:]), tuple(lower for _, lower in stacks[2:]))
