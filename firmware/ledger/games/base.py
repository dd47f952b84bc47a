"""What every rule set's game does between hands, and the pieces they share.

A rule set's game (one subclass per rules package, in this package) answers: where a game
starts (``start``), what one hand pays and what its confirmed flags cost (``settle``), who
deals next (in ``settle``'s answer), when the game is over (``ended``), what is paid when it
ends (``closing``) and how the players rank (``standings``). The ledger calls nothing else,
so it never asks which rule set it keeps.
"""

from dataclasses import dataclass, field, replace
from fractions import Fraction

from firmware.ledger.money import SEATS, Transfer
from firmware.ledger.position import Position

TIES = ("split", "seat_order")
"""How tied players share ranks: ``split`` shares the points of the ranks they span equally;
``seat_order`` ranks them by seat, counter-clockwise from the first dealer (East)."""


@dataclass(frozen=True)
class Setup:
    """A game as it was started: rules and profile, the players' names (None: unnamed), how
    ties are shared, the time limit (None: none) and the seat that dealt first."""

    rules: str
    profile: str | None
    players: tuple[str | None, ...]
    ties: str = "split"
    time_limit_min: float | None = None
    first_dealer: int = 0


@dataclass
class Settled:
    """What one hand did: its transfers (payments and penalties, in order), the position the
    next hand starts from (before the transfers), notes for the record, and penalties made."""

    transfers: list[Transfer]
    position: Position
    notes: list[str] = field(default_factory=list)
    penalties: list[dict] = field(default_factory=list)


class GameRules:
    """The base: a game of seats that pay each other; subclasses fill in a rule set's rules."""

    package = None
    """The rules package (a module) this game plays; the ledger finds a game by it."""
    start_score = 0
    voids_hand_at_time = True
    """At the time limit the hand in play is void and the game ends; False: it is played out
    and ``hands_after_time`` more follow."""
    hands_after_time = 0
    time_limit_min: float | None = None
    stick_points = 0
    """Points a riichi stick stands for (0: the rule set has no sticks)."""
    mjai = False
    """Whether the game can be written as mjai (riichi's log format)."""
    ladder_scope = "hand"
    """Where a penalty ladder's count starts again: every ``hand`` (MCR, Sichuan) or only with
    the ``game`` (riichi: "per hanchan")."""

    def start(self, setup: Setup) -> Position:
        return Position(scores=(self.start_score,) * SEATS, dealer=setup.first_dealer)

    def settle(self, position: Position, result: dict, flags: list[dict], setup: Setup) -> Settled:
        raise NotImplementedError

    def void(self, position: Position, flags: list[dict], setup: Setup) -> Settled:
        """A hand that counts for nothing (cut short, or past the time limit): the same dealer
        deals again; confirmed flags still cost what they cost."""
        return self.penalize(Settled([], position), flags, setup)

    def penalize(self, settled: Settled, flags: list[dict], setup: Setup) -> Settled:
        """Add each confirmed flag's penalty (``penalty``) to a hand's settlement."""
        position = settled.position
        for flag in flags:
            transfers, note, position = self.penalty(flag, position, setup)
            settled.transfers.extend(transfers)
            settled.penalties.append({"flag": flag["id"], "seat": flag["seat"],
                                      "offence": flag["offence"], "points": sum(t.points for t in transfers
                                                                               if t.payer == flag["seat"]),
                                      "note": note})
        settled.position = position
        return settled

    def penalty(self, flag: dict, position: Position, setup: Setup) -> tuple[list[Transfer], str, Position]:
        """(transfers, a note naming the rule, the position with the ladder counted)."""
        return [], "no point penalty in this rule set's data", position

    def ended(self, position: Position) -> str | None:
        return None

    def closing(self, position: Position, setup: Setup) -> list[Transfer]:
        """What is paid when the game ends (riichi sticks to the leader, CCM held points)."""
        return []

    def standings(self, scores: tuple[int, ...], setup: Setup) -> list[dict]:
        """Rank, by score, and each seat's score; subclasses add their standard score."""
        return [{"seat": seat, "player": setup.players[seat], "score": scores[seat],
                 "rank": rank} for seat, rank in ranks(scores, setup)]

    def sticks(self, position: Position) -> int:
        return position.pool // self.stick_points if self.stick_points else 0

    def honba(self, position: Position) -> int:
        return position.honba

    def doubled(self, position: Position) -> bool:
        """Whether the next hand scores double (CCM's 倍打 while the dealer repeats)."""
        return False


def passed(position: Position) -> Position:
    """The deal moves to the next seat counter-clockwise."""
    return replace(position, dealer=(position.dealer + 1) % SEATS, passes=position.passes + 1,
                   repeats=0)


def kept(position: Position) -> Position:
    """The dealer deals again."""
    return replace(position, repeats=position.repeats + 1)


def order(scores, setup: Setup) -> list[int]:
    """Seats from the highest score down; equal scores by seat from the first dealer."""
    return sorted(range(SEATS), key=lambda s: (-scores[s], (s - setup.first_dealer) % SEATS))


def ranks(scores, setup: Setup) -> list[tuple[int, int]]:
    """(seat, rank 1..4) best first; tied seats share the best rank of their group under
    ``split``, and take successive ranks by seat under ``seat_order``."""
    ordered = order(scores, setup)
    result = []
    for position, seat in enumerate(ordered):
        tied_above = (setup.ties == "split" and position > 0
                      and scores[ordered[position - 1]] == scores[seat])
        result.append((seat, result[-1][1] if tied_above else position + 1))
    return result


def shares(scores, setup: Setup, by_rank) -> dict[int, Fraction]:
    """Each seat's share of ``by_rank`` (points for rank 1..4): tied seats split the points of
    the ranks they span under ``split``; ``seat_order`` gives each its own rank's points."""
    ordered = order(scores, setup)
    result = {}
    start = 0
    while start < SEATS:
        end = start
        while (setup.ties == "split" and end + 1 < SEATS
               and scores[ordered[end + 1]] == scores[ordered[start]]):
            end += 1
        share = Fraction(sum(by_rank[start:end + 1]), end - start + 1)
        for place in range(start, end + 1):
            result[ordered[place]] = share
        start = end + 1
    return result


def number(value: Fraction) -> int | float:
    """A share as JSON shows it: a whole number when it is one."""
    return int(value) if value.denominator == 1 else float(value)
