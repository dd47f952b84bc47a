"""Test helper: a play scenario played to the referee component as the table would: a real
tile registry (SQLite), tags in zones, the wall map of the set (``WallReads``) and the break.

``TagTable`` gives each zone report tags: the tags already in the zone stay, new tiles take
tags lying in no other zone where they can. ``wall_map`` lays the scenario's wall into stacks
so that drawing from the break gives the dealt tiles first, then the live wall, the dead wall
(riichi) and at the tail the tiles the deal's flowers were replaced with.
"""

from builder import split

from firmware import rulesets
from firmware.tiles.kinds import canonical_order
from firmware.tiles.registry import TileRegistry
from firmware.tiles.wall import WallReads
from firmware.tiles.wall_order import stacks_in_draw_order

DEALT = 4 * 13 + 1


def enrolled_registry(path) -> TileRegistry:
    """Set A, 144 tiles, readable tags: 0A000000 + the canonical position."""
    registry = TileRegistry(path)
    registry.enroll("A", [(f"0A{i:06X}", kind) for i, kind in enumerate(canonical_order(144))])
    return registry


class TagTable:
    def __init__(self, registry: TileRegistry):
        self.by_kind: dict[str, list[str]] = {}
        for tile in sorted(registry.tiles("A"), key=lambda tile: tile.uid):
            self.by_kind.setdefault(tile.kind, []).append(tile.uid)
        self.zones: dict[str, set[str]] = {}

    def tags(self, zone: str, tiles: str) -> frozenset[str]:
        wanted: dict[str, int] = {}
        for tile in split(tiles):
            wanted[tile] = wanted.get(tile, 0) + 1
        here = self.zones.get(zone, set())
        elsewhere = set().union(*(tags for name, tags in self.zones.items() if name != zone))
        chosen = set()
        for kind, count in wanted.items():
            mine = [uid for uid in self.by_kind[kind] if uid in here]
            free = [uid for uid in self.by_kind[kind] if uid not in here and uid not in elsewhere]
            rest = [uid for uid in self.by_kind[kind] if uid not in here and uid in elsewhere]
            chosen.update((mine + free + rest)[:count])
        self.zones[zone] = chosen
        return frozenset(chosen)


def draw_order(scenario: dict) -> list[str]:
    """Every tile of the set in draw order, as the scenario's start and deal imply."""
    dealt = [tile for event in scenario["events"][:9] for tile in split(event["tiles"])]
    flowers = sum(tile.endswith("f") for tile in dealt)
    dealt.sort(key=lambda tile: not tile.endswith("f"))  # the flowers were dealt; replacements came after
    start = scenario["start"]
    order = dealt[:DEALT] + list(start["wall"])
    dead = start.get("dead_wall")
    if dead:
        from_break = [tuple(dead["replacements"][:2]), tuple(dead["replacements"][2:4])]
        from_break += list(zip(dead["dora_indicators"], dead["ura_indicators"]))
        order += [tile for upper, lower in reversed(from_break) for tile in (upper, lower)]
    order += dealt[DEALT:][::-1][:flowers]
    return order


def wall_map(order: list[str], rules: str, wall_break, tags: TagTable) -> WallReads:
    """The wall map whose stacks, drawn from `wall_break`, give `order` (upper tile first);
    each tile gets a tag of its kind from the registry."""
    sizes = rulesets.get(rules).stacks_per_side
    labels = [[((side, n), (side, n)) for n in range(size)] for side, size in enumerate(sizes)]
    where = {}
    for at, (label, _) in enumerate(stacks_in_draw_order(labels, wall_break)):
        where[label] = (order[2 * at + 1], order[2 * at])  # (lower, upper)
    uses: dict[str, int] = {}

    def tag(kind: str) -> str:
        uses[kind] = uses.get(kind, 0) + 1
        return tags.by_kind[kind][uses[kind] - 1]

    slots, sides = [], []
    for side, size in enumerate(sizes):
        for n in range(size):
            lower, upper = where[(side, n)]
            slots += [tag(lower), tag(upper)]
            sides.append(side)
    return WallReads(tuple(slots), (), tuple(sides))
