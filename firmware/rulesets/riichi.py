"""Riichi: RCR with the Beijing club's settings (seed 003, ../shared/rules/riichi_rcr_beijing.md)."""

from firmware.rulesets.declaration import RuleSet, TileSet

RULE_SET = RuleSet(
    name="riichi", title="Riichi (RCR, Beijing club settings)",
    tile_set=TileSet(honours=True, flowers=False), stacks_per_side=(17, 17, 17, 17),
    dice_throws=1, break_count="sum_of_throws", replacement_from="dead_wall", dead_wall_stacks=7,
    calls=frozenset({"chi", "pon", "kong"}), multiple_winners=False,   # seed: no multiple ron
    scorer="firmware.rules.riichi", profiles=("rcr", "tenhou"))
