"""The Beijing club's penalty ladder and offences (seed 003), as data the table and the scorer look up."""

from dataclasses import dataclass

# Seed 003 item 4: four tiers (2000, 6000, 12000, 48000), the same for dealer and non-dealer;
# only the offender loses points. The amounts below are taken from them.
WARNING = 0


@dataclass(frozen=True)
class Penalty:
    """What an offence costs: points by occurrence in the hanchan (the last repeats) and whether the hand goes dead.

    `points` (), with `dead_hand`, is a dead hand (停和) and nothing else. `forfeit` is the
    late-arrival loss of the hanchan (ranking -30000, game points 25000).
    """

    offence: str
    points: tuple[int, ...]
    dead_hand: bool = False
    forfeit: bool = False

    def for_occurrence(self, n: int) -> int:
        """Points taken for the n-th (1-based) occurrence in the current hanchan."""
        if not self.points:
            return 0
        return self.points[min(n, len(self.points)) - 1]


PENALTIES = {p.offence: p for p in (
    Penalty("late_up_to_5_min", (2000,)),
    Penalty("late_5_to_10_min", (6000,)),
    Penalty("late_10_to_15_min", (12000,)),
    Penalty("late_over_15_min", (48000,), forfeit=True),
    Penalty("draw_before_discard", (WARNING, 2000, 6000, 12000)),
    Penalty("draw_wrong_place_untouched", (WARNING, 2000)),
    Penalty("draw_wrong_place_touched", (), dead_hand=True),
    Penalty("call_without_standard_word", (WARNING, 2000)),
    Penalty("discard_before_showing_meld", (WARNING,)),
    Penalty("called_tile_not_taken", (), dead_hand=True),
    Penalty("false_call", (), dead_hand=True),
    Penalty("riichi_without_saying_it", (WARNING, 2000)),
    Penalty("noten_riichi", (12000,)),
    Penalty("wait_changing_kong_after_riichi", (12000,)),
    Penalty("shuffled_unshown_riichi_hand", (WARNING, 12000)),
    Penalty("win_shown_without_call", (), dead_hand=True),
    Penalty("false_win", (12000,), dead_hand=True),
    Penalty("declared_score_too_high", (WARNING, 2000)),
    Penalty("naming_discards", (WARNING,)),
    Penalty("untidy_discards_or_melds", (WARNING,)),
)}


def false_win_note() -> str:
    """The sanction a false-win verdict states in its message."""
    penalty = PENALTIES["false_win"]
    return f"a declared win here is a false win (错和): -{penalty.points[0]} points and a dead hand"
