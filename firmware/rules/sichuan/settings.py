"""The Sichuan rule switches as one frozen value: every ambiguity of the brief is a named setting.

The defaults are the brief's (../shared/rules/sichuan_bloody.md, "[AMB-n]"); profile
`tmt2016` is exactly these defaults. A venue that reads the seed another way builds its own
value with `dataclasses.replace(TMT2016, ...)` and passes it to the scorer and to `settle`.
"""

from dataclasses import dataclass

_CHOICES = {
    "dealer_after_no_win": ("repeat", "next"),
    "kong_shot_moves": ("last_kong", "all_kongs"),
    "kong_shot_multiple_ron": ("first_winner", "split"),
    "flower_pig_payees": ("every_other", "non_pigs"),
    "absent_pair_score": ("mean_of_top_two", "mean_of_table_sums"),
}


@dataclass(frozen=True)
class SichuanSettings:
    """What the table applies where the seed is silent or unclear.

    The walls (AMB-1, 14/13/14/13 stacks) are the machine's, declared with the rule set in
    ``firmware/rulesets/sichuan.py``; where the live wall starts (AMB-3, the stack after the
    counted ones) is the table's wall-break rule, ``firmware/wall_break.py``.

    - `dealer_after_no_win` (AMB-2): after a hand nobody won, "repeat" (the dealer deals
      again) or "next" (the next seat counter-clockwise deals).
    - `void_suit_binding` (AMB-4): the declared void suit binds (any tile of it spoils a
      win and makes a 花猪 at the draw); False keeps only the seed's "not all three suits".
    - `kong_shot_moves` (AMB-5): on 杠上炮, "last_kong" moves the income of the kong just
      made, "all_kongs" every kong income the discarder still holds.
    - `kong_shot_multiple_ron` (AMB-5): with several winners on that discard,
      "first_winner" gives it to the first winner counter-clockwise from the discarder,
      "split" shares it (the odd points going counter-clockwise from that winner).
    - `robbing_kong_fan`, `last_tile_fan`, `heavenly_earthly` (AMB-6): 抢杠和 +1 fan,
      海底 +1 fan, 天和/地和 as a 6-fan (×32) base; all off by default.
    - `cap_fan` (AMB-7): highest fan paid (5 = ×16 per payer); None for no cap.
    - `flower_pig_each`, `flower_pig_payees` (AMB-8): a 花猪 pays this much to "every_other"
      player (winners included: 3 × 16 = the seed's 48) or to the "non_pigs" only.
    - `time_up_keeps_instant` (AMB-9): a hand stopped by time-up is void; True keeps the
      kong and win payments already made (the end-of-hand checks never run).
    - `absent_pair_score` (AMB-10): with two players present no game is played and each
      gets "mean_of_top_two" (the mean of every table's first and second scores) or
      "mean_of_table_sums" (the mean over tables of first + second).
    - `marker_is_first_discard` (AMB-11): a void-suit marker laid as a tile is revealed as
      that player's first discard; False lets the player keep it in the hand.
    - `base_points`: 底分 (seed line 61: 1).
    """

    name: str = "tmt2016"
    base_points: int = 1
    dealer_after_no_win: str = "repeat"
    void_suit_binding: bool = True
    kong_shot_moves: str = "last_kong"
    kong_shot_multiple_ron: str = "first_winner"
    robbing_kong_fan: bool = False
    last_tile_fan: bool = False
    heavenly_earthly: bool = False
    cap_fan: int | None = 5
    flower_pig_each: int = 16
    flower_pig_payees: str = "every_other"
    time_up_keeps_instant: bool = False
    absent_pair_score: str = "mean_of_top_two"
    marker_is_first_discard: bool = True

    def __post_init__(self):
        """Refuse a value the engine could not apply, naming the setting."""
        for key, choices in _CHOICES.items():
            if getattr(self, key) not in choices:
                raise ValueError(f"{key} must be one of {', '.join(choices)}, got {getattr(self, key)!r}")
        if self.cap_fan is not None and (type(self.cap_fan) is not int or self.cap_fan < 1):
            raise ValueError(f"cap_fan must be a whole number of fan, at least 1, or None; got {self.cap_fan!r}")
        if type(self.base_points) is not int or self.base_points < 1:
            raise ValueError(f"base_points must be a positive whole number, got {self.base_points!r}")
        if type(self.flower_pig_each) is not int or self.flower_pig_each < 0:
            raise ValueError(f"flower_pig_each must be a whole number of points, got {self.flower_pig_each!r}")

    def points(self, fan: int) -> int:
        """What one payer pays for a hand of `fan` fan: 底分 × 2^(fan−1) (seed line 63), capped."""
        return self.base_points << (self.capped(fan) - 1)

    def capped(self, fan: int) -> int:
        """`fan` limited to `cap_fan`."""
        return fan if self.cap_fan is None else min(fan, self.cap_fan)


TMT2016 = SichuanSettings()
SETTINGS_BY_PROFILE = {TMT2016.name: TMT2016}
