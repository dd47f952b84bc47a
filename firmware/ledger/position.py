"""Where a game stands between two hands: scores, dealer, round, honba, sticks, and its end.

One frozen value per point of the game, so a correction several hands back recomputes the
positions after it from the one before it, and a replay of the log gives the same values.
"""

from dataclasses import dataclass, replace

from firmware.ledger.money import SEATS, Balance, Transfer

WINDS = "ESWN"


@dataclass(frozen=True)
class Position:
    """The game before its next hand.

    ``hands``: hands recorded so far (the hand in play is ``hands + 1``); ``counted``: those
    that counted (a hand cut short or voided by the time limit does not); ``passes``: times
    the deal has moved to the next seat (four make a round); ``repeats``: hands in a row the
    dealer has kept the deal (倍打, renchan); ``pool``: points lying on the table (riichi
    sticks); ``deducted``: points removed by deduction-only penalties so far; ``hands_left``:
    after time was called, the hands still to play (None: time not called); ``ended``: why the
    game ended, None while it goes on; ``counts``: offences so far in a penalty ladder's scope,
    as ((seat, offence), n); ``held``: points held outside the table until the game ends (CCM)."""

    scores: tuple[int, ...]
    dealer: int = 0
    hands: int = 0
    counted: int = 0
    passes: int = 0
    repeats: int = 0
    honba: int = 0
    pool: int = 0
    deducted: int = 0
    hands_left: int | None = None
    ended: str | None = None
    counts: tuple[tuple[tuple[int, str], int], ...] = ()
    held: tuple[Transfer, ...] = ()

    @property
    def hand(self) -> int:
        return self.hands + 1

    @property
    def round(self) -> int:
        return self.passes // SEATS

    @property
    def round_wind(self) -> str:
        return WINDS[self.round % SEATS]

    def total(self) -> int:
        """Points on the table plus those deducted: constant through a game (zero-sum)."""
        return sum(self.scores) + self.pool + self.deducted

    def paid(self, transfers) -> "Position":
        """This position after ``transfers``, with their zero-sum proof checked."""
        balance = Balance.of(transfers)
        return replace(self, scores=tuple(s + g for s, g in zip(self.scores, balance.gains)),
                       pool=self.pool + balance.pool, deducted=self.deducted + balance.deducted)

    def occurrence(self, seat: int, offence: str) -> tuple[int, "Position"]:
        """The nth time ``seat`` commits ``offence`` in the ladder's scope (1 = the first)."""
        counts = dict(self.counts)
        n = counts.get((seat, offence), 0) + 1
        counts[(seat, offence)] = n
        return n, replace(self, counts=tuple(sorted(counts.items())))

