"""The reference result of a scenario's win, in the hand-record format of its rule set.

MCR and, for the record only, cmcr1998 and ccm2012: pymahjonggb (MIL reading) through the
adapter of tests/rules; riichi: `mahjong` 2.1.0 with the RCR settings (rcr2016), the same
way. Sichuan has no reference library: its results are worked out by hand in the scenario
(sichuan-records.md's table) and written there.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

import mcr_oracle  # noqa: E402  (tests/rules is not a package)
import riichi_oracle  # noqa: E402

RCR2016 = {"fu_for_open_pinfu": True, "fu_for_pinfu_tsumo": False, "has_aka_dora": False,
           "has_double_yakuman": False, "has_open_tanyao": True, "kazoe_limit": "sanbaiman", "kiriage": False,
           "profile": "rcr2016", "renhou_as_yakuman": False}


def mcr(record: dict) -> dict:
    return mcr_oracle.oracle_result(record) | {"min_points": 8, "variant_notes": []}


def riichi(record: dict) -> dict:
    return riichi_oracle.oracle_result(record | {"rules": RCR2016}) | {"variant_notes": []}
