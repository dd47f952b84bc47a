"""Rule profiles: the places where readings of the MCR fan table differ, as data.

`wmo` follows the WMO text (seed 000), `mil` the MIL supplementary rules as implemented
by pymahjonggb; the 1998 table (seed 002) declares its own in ``firmware.rules.cmcr1998``.
Only two readings differ:
- a self-drawn hand that is concealed by definition (九莲宝灯, 连七对, 十三幺, 四暗刻, 七对,
  七星不靠, 全不靠): seed 000 lines 182/184/185/190/198/199/213 say "自摸加计不求人"
  (不求人, 4); MIL and the 1998 table count only 自摸 (1) (mcr.md AMB-4);
- one melded + one concealed kong: seed 000 line 239 "一明杠与一暗杠计6分" (6); MIL has
  the 明暗杠 fan worth 5; the 1998 text is silent, so 明杠 + 暗杠 = 3 (cmcr1998.md AMB-A).
"""

from dataclasses import dataclass, field

from firmware.rules.mcr.fans import FANS, F

CONCEALED_BY_DEFINITION = (F.NINE_GATES, F.SEVEN_SHIFTED_PAIRS, F.THIRTEEN_ORPHANS, F.FOUR_CONCEALED_PUNGS,
                           F.SEVEN_PAIRS, F.GREATER_HONORS_AND_KNITTED, F.LESSER_HONORS_AND_KNITTED)
_CONCEALED_BY_DEFINITION = frozenset(CONCEALED_BY_DEFINITION)


@dataclass(frozen=True)
class Profile:
    """One reading of the fan table.

    `concealed_self_draw_scores_fully_concealed`: a self-drawn hand concealed by
    definition scores 不求人 instead of 自摸. `mixed_kongs_points`: points of 明暗杠 for
    one melded + one concealed kong, or None to count 明杠 + 暗杠 instead.
    """

    name: str
    concealed_self_draw_scores_fully_concealed: bool
    mixed_kongs_points: int | None
    points: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self):
        """`points[fan]`: points of one instance of each fan under this profile."""
        points = [fan.points for fan in FANS]
        if self.mixed_kongs_points is not None:
            points[F.CONCEALED_KONG_AND_MELDED_KONG] = self.mixed_kongs_points
        object.__setattr__(self, "points", tuple(points))

    def adjust_self_draw(self, table: dict[int, int]) -> None:
        """A self-drawn hand concealed by definition: 不求人 or 自摸, as the profile reads it.

        Called for self-drawn hands only, before the exclusions, so 妙手回春 / 杠上开花 can
        still take 自摸 off.
        """
        if not _CONCEALED_BY_DEFINITION.isdisjoint(table):
            fully = self.concealed_self_draw_scores_fully_concealed
            table.pop(F.SELF_DRAWN if fully else F.FULLY_CONCEALED_HAND, None)
            table[F.FULLY_CONCEALED_HAND if fully else F.SELF_DRAWN] = 1


WMO = Profile("wmo", concealed_self_draw_scores_fully_concealed=True, mixed_kongs_points=6)
MIL = Profile("mil", concealed_self_draw_scores_fully_concealed=False, mixed_kongs_points=5)
