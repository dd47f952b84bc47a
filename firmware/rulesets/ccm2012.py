"""Chinese Competitive Mahjong 2012 (seed 001, ../shared/rules/ccm2012.md).

The seed gives no dice procedure for its built-in dice, so the table throws as MCR does
(common.md §3). The seed's fan table is missing: the scorer reads fans with MCR's table.
"""

from firmware.rulesets.declaration import RuleSet, TileSet

RULE_SET = RuleSet(
    name="ccm2012", title="Chinese Competitive Mahjong (2012)",
    tile_set=TileSet(honours=True, flowers=True), stacks_per_side=(18, 18, 18, 18),
    dice_throws=2, break_count="sum_of_throws", replacement_from="tail", dead_wall_stacks=0,
    calls=frozenset({"chi", "pon", "kong"}), multiple_winners=True,
    scorer="firmware.rules.ccm2012", profiles=("ccm2012",))
