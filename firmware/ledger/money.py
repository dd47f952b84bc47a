"""Points moving between seats, the riichi sticks on the table, and the zero-sum proof.

Every payment of a hand is a ``Transfer`` from a payer to a payee: a seat, the ``POOL`` (the
riichi sticks lying on the table) or nobody (a deduction-only penalty). So the points on the
table — the four scores plus the pool — change by exactly what was deducted (less what a
judge awarded by hand), and the ledger checks that after every hand. Rules packages that give per-seat nets (MCR's payments, the
riichi draw settlement) are turned into transfers by ``from_net``, which refuses a net that
does not sum to zero.
"""

from dataclasses import dataclass

SEATS = 4
POOL = "pool"
"""The riichi sticks on the table, as a payer or payee of points."""


class ZeroSumError(ValueError):
    """Payments that create or lose points; the message names the hand and the figures."""


@dataclass(frozen=True)
class Transfer:
    """``payer`` pays ``points`` to ``payee`` (None: deducted, nobody gains) for ``reason``; a
    payer of None is a judge's award from nobody (an adjustment of one seat's score)."""

    payer: int | str | None
    payee: int | str | None
    points: int
    reason: str

    def as_json(self) -> dict:
        return {"payer": self.payer, "payee": self.payee, "points": self.points,
                "reason": self.reason}


def from_net(net, reason: str, where: str) -> list[Transfer]:
    """Per-seat gains as transfers, each loser paying the gainers in seat order.

    ZeroSumError naming ``where`` when the gains do not sum to zero."""
    net = list(net)
    if len(net) != SEATS or sum(net) != 0:
        raise ZeroSumError(f"{where}: {reason} gains {net} do not sum to zero")
    owed = [[seat, -points] for seat, points in enumerate(net) if points < 0]
    transfers = []
    for payee, gain in enumerate(net):
        while gain > 0:
            payer = owed[0]
            paid = min(gain, payer[1])
            transfers.append(Transfer(payer[0], payee, paid, reason))
            gain -= paid
            payer[1] -= paid
            if payer[1] == 0:
                owed.pop(0)
    return transfers


@dataclass(frozen=True)
class Balance:
    """What a list of transfers does: each seat's gain, the pool's, and the points deducted."""

    gains: tuple[int, ...]
    pool: int
    deducted: int

    @classmethod
    def of(cls, transfers) -> "Balance":
        gains, pool, deducted = [0] * SEATS, 0, 0
        for t in transfers:
            if t.points < 0:
                raise ZeroSumError(f"a transfer of {t.points} points ({t.reason}) is negative")
            if t.payer == POOL:
                pool -= t.points
            elif t.payer is None:
                deducted -= t.points
            else:
                gains[t.payer] -= t.points
            if t.payee is None:
                deducted += t.points
            elif t.payee == POOL:
                pool += t.points
            else:
                gains[t.payee] += t.points
        return cls(tuple(gains), pool, deducted)

    def check(self, where: str) -> None:
        """The proof: scores and pool change by minus what was deducted, to the point."""
        if sum(self.gains) + self.pool + self.deducted != 0:
            raise ZeroSumError(f"{where}: the transfers are not zero-sum: seats {list(self.gains)}, "
                               f"pool {self.pool}, deducted {self.deducted}")
