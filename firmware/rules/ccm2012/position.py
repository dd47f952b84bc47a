"""The game position a hand is settled in: chips, dealer, 倍打, and the end of a game (seed 001).

Each player starts a game with 100 points in chips (line 142). The dealer keeps the deal
after winning, and from then on the scoring is doubled, without compounding, for as long
as the dealer keeps it (倍打, lines 74 and 121). A game ends when two players have no
points left (line 123), and must not end in a way that leaves anyone but the player who
caused the end first (禁止非胜式局结, lines 124-126).
"""

from dataclasses import dataclass

from firmware.rules.ccm2012.events import SEATS
from firmware.rules.ccm2012.settings import Doubling
from firmware.rules.ccm2012.transfers import Reason, Transfer

STARTING_CHIPS = 100
CHIP_SET = ((50, 1), (10, 4), (2, 5))  # (value, how many): 1×50 + 4×10 + 5×2 (lines 40, 142)
_KONG_REASONS = frozenset((Reason.MELDED_KONG, Reason.ADDED_KONG, Reason.CONCEALED_KONG, Reason.FLOWER_KONG))


@dataclass(frozen=True)
class Position:
    """Chips per seat, the dealer's seat, how many times in a row the dealer has kept the
    deal by winning, and whether this is the game's last scheduled hand (its win ends the game)."""

    chips: tuple[int, ...] = (STARTING_CHIPS,) * SEATS
    dealer: int = 0
    dealer_repeats: int = 0
    final_hand: bool = False

    def __post_init__(self):
        if len(self.chips) != SEATS or any(type(c) is not int or c < 0 for c in self.chips):
            raise ValueError(f"chips must be {SEATS} whole numbers of points, none below 0, got {self.chips!r}")
        if self.dealer not in range(SEATS) or type(self.dealer_repeats) is not int or self.dealer_repeats < 0:
            raise ValueError(f"dealer must be a seat and repeats a count, got {self.dealer!r}, {self.dealer_repeats!r}")

    def multiplier(self, doubling: Doubling) -> int:
        """×2 while the dealer repeats (倍打), never more: "不再加倍计分" (line 121)."""
        return doubling.factor if self.dealer_repeats else 1


def next_position(position: Position, chips: tuple[int, ...], dealer_won: bool,
                  final_hand: bool = False) -> Position:
    """The position of the next hand: a dealer who won keeps the deal (连庄) and 倍打 goes
    on; a draw or anyone else's win passes the deal (移庄) and ends it (lines 74, 113)."""
    if dealer_won:
        return Position(chips, position.dealer, position.dealer_repeats + 1, final_hand)
    return Position(chips, (position.dealer + 1) % SEATS, 0, final_hand)


def ends_game(chips) -> bool:
    """Two players without points end the game ("两家无分即告结束", line 123)."""
    return sum(c <= 0 for c in chips) >= 2


def single_leader(chips, seat: int) -> bool:
    """True when `seat` holds strictly more points than every other seat."""
    return all(chips[seat] > c for other, c in enumerate(chips) if other != seat)


def after_game(chips, deferred: tuple[Transfer, ...]) -> tuple[int, ...]:
    """Game scores once the points held outside the table (挂于盘外) are added (line 126).

    Held penalties always count. A held kong counts only if its declarer finished first
    on the table: "本次杠牌不得分，除非杠牌方自己成为局结第一名" (line 90).
    """
    scores = list(chips)
    for t in deferred:
        if t.reason in _KONG_REASONS and not single_leader(chips, t.payee):
            continue
        scores[t.payer] -= t.points
        if t.payee is not None:
            scores[t.payee] += t.points
    return tuple(scores)
