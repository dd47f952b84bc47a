"""MCR, the WMO competition rules (seed 000, ../shared/rules/mcr.md)."""

from firmware.rulesets.declaration import RuleSet, TileSet

RULE_SET = RuleSet(
    name="mcr", title="MCR (WMO competition rules)",
    tile_set=TileSet(honours=True, flowers=True), stacks_per_side=(18, 18, 18, 18),
    dice_throws=2, break_count="sum_of_throws", replacement_from="tail", dead_wall_stacks=0,
    calls=frozenset({"chi", "pon", "kong"}), multiple_winners=False,   # head bump (mcr.md §3)
    scorer="firmware.rules.mcr", profiles=("wmo", "mil"))
