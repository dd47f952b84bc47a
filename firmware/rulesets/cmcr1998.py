"""The 1998 Chinese Mahjong Competition Rules (seed 002, ../shared/rules/cmcr1998.md)."""

from firmware.rulesets.declaration import RuleSet, TileSet

RULE_SET = RuleSet(
    name="cmcr1998", title="Chinese Mahjong Competition Rules (1998)",
    tile_set=TileSet(honours=True, flowers=True), stacks_per_side=(18, 18, 18, 18),
    dice_throws=2, break_count="sum_of_throws", replacement_from="tail", dead_wall_stacks=0,
    calls=frozenset({"chi", "pon", "kong"}), multiple_winners=False,   # 只准一家和牌
    scorer="firmware.rules.cmcr1998", profiles=("cmcr1998",))
