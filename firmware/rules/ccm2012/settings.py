"""The brief's ambiguities AMB-1..AMB-8 (../shared/rules/ccm2012.md §10) as named settings.

The seed leaves these points open, so each is a frozen dataclass whose defaults are the
brief's readings; a venue that reads the rulebook otherwise passes its own `Settings`.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class EarthlyHand:
    """AMB-1: "地和 must be declared immediately" (seed line 97) against "ready needs no
    declaration". Off by default, as the brief leaves it unimplemented. On: a win whose
    context says `earthly_hand` stands only if the context also says `earthly_hand_declared`."""

    must_be_declared: bool = False


@dataclass(frozen=True)
class WinShares:
    """AMB-2: what each loser pays, in multiples of the hand value V. Seed line 103 says a
    deal-in pays double; that the others pay nothing on a discard and V each on a
    self-draw is the brief's reading."""

    self_draw_each: int = 1
    discarder: int = 2
    others_on_discard: int = 0


@dataclass(frozen=True)
class KongDealIn:
    """AMB-3: "因杠牌点炮" (seed line 103) — the kong's owner alone pays `multiple` × V.
    Default: the robbed kong only; `after_kong_discard` also covers the discard made
    right after the discarder's own kong."""

    multiple: int = 3
    after_kong_discard: bool = False


@dataclass(frozen=True)
class Doubling:
    """AMB-4: 倍打 doubles the win payments; "全面翻倍" (seed line 121) suggests kong and
    追牌 payments double too, the brief's default."""

    factor: int = 2
    covers_kongs_and_chase: bool = True


SEASONS = ("春", "夏", "秋", "冬")
PLANTS = ("梅", "兰", "竹", "菊")


@dataclass(frozen=True)
class FlowerKong:
    """AMB-5: the seed never defines 花杠. Default: all four seasons or all four plants in
    one player's hand. `extra_replacement`: whether the declaration draws one more tile
    beyond each flower's own replacement (the seed is silent; read here as no, since the
    flowers were replaced one by one when shown, seed line 92)."""

    groups: tuple[tuple[str, ...], ...] = (SEASONS, PLANTS)
    extra_replacement: bool = False

    def forms_kong(self, flowers) -> bool:
        """True when the shown `flowers` (names such as "春") hold a whole group."""
        held = set(flowers)
        return any(held.issuperset(group) for group in self.groups)


@dataclass(frozen=True)
class DangerLiability:
    """AMB-6: the garbled "五张相关牌" (seed line 133) and "一家支付三家分" (lines 132-133).
    Default: a hung tile's related tiles are its rank ±`span` in its suit (five tiles away
    from the ends), every wind for a wind, every dragon for a dragon; whoever is liable
    under the flush-danger or hung-tile rule pays `pays_for_all_three` × V."""

    span: int = 2
    pays_for_all_three: int = 3


@dataclass(frozen=True)
class OrganiserTables:
    """AMB-7: amounts the seed's missing chapters held, supplied by the organiser: penalty
    points by offence code (penalties.py). None of them is known, so by default a
    penalty costs only what the seed itself states (相公, a penalty tile)."""

    penalty_points: tuple[tuple[str, int], ...] = ()

    def points_for(self, offence: str) -> int | None:
        """The organiser's deduction for `offence`, or None when it gave none."""
        return dict(self.penalty_points).get(offence)


@dataclass(frozen=True)
class ConcealedBonus:
    """AMB-8: 门清 and 不求人 are one add-on in the seed (line 150). Default: a hand with no
    chow, pung or melded kong (concealed kongs allowed) scores it won either way;
    `on_discard` False keeps it for self-drawn hands only."""

    on_discard: bool = True


@dataclass(frozen=True)
class Settings:
    """Every open point of the rule set, one field per ambiguity."""

    earthly_hand: EarthlyHand = field(default_factory=EarthlyHand)  # AMB-1
    win_shares: WinShares = field(default_factory=WinShares)  # AMB-2
    kong_deal_in: KongDealIn = field(default_factory=KongDealIn)  # AMB-3
    doubling: Doubling = field(default_factory=Doubling)  # AMB-4
    flower_kong: FlowerKong = field(default_factory=FlowerKong)  # AMB-5
    danger: DangerLiability = field(default_factory=DangerLiability)  # AMB-6
    organiser: OrganiserTables = field(default_factory=OrganiserTables)  # AMB-7
    concealed_bonus: ConcealedBonus = field(default_factory=ConcealedBonus)  # AMB-8


DEFAULT = Settings()
