"""Sichuan bloody battle (seed 004, ../shared/rules/sichuan_bloody.md).

108 tiles make 54 stacks, which do not split evenly into four walls; the brief (common.md §3,
"assumed") alternates 14 and 13, starting with the dealer's wall.
"""

from firmware.rulesets.declaration import RuleSet, TileSet

RULE_SET = RuleSet(
    name="sichuan", title="Sichuan bloody battle (血战到底)",
    tile_set=TileSet(honours=False, flowers=False), stacks_per_side=(14, 13, 14, 13),
    dice_throws=1, break_count="lower_die", replacement_from="front", dead_wall_stacks=0,
    calls=frozenset({"pon", "kong"}), multiple_winners=True,
    scorer="firmware.rules.sichuan", profiles=("tmt2016",))
