"""MCR hand payments and penalties as data (seed 000 §5 and §7; ../shared/rules/mcr.md).

Seats are 0..3 in any fixed order; amounts are what each seat gains (+) or pays (−).
The 1998 rules (``firmware.rules.cmcr1998``) reuse the payment formula and the penalty ladder.
"""

from dataclasses import dataclass

BASE_POINTS = 8  # 底分: every loser's share
SEATS = 4

# 空吃/空碰/空杠, drawing early, pung after 3 s: per hand, warning then −5, −10, −20; the seed's
# "以此类推" is read as doubling capped at the scale's top (mcr.md AMB-7).
CALL_LADDER = (0, 5, 10, 20, 40, 60)
# Late arrival: up to 10 min, up to 15 min; later forfeits the game (game score 0).
LATE_PENALTY = ((10, 10), (15, 20))


@dataclass(frozen=True)
class Offence:
    """A declared win that does not stand: what it is called and what it costs.

    `pay_each`: paid to each other player; `dead_hand`: no right to win this hand (停和);
    `disqualified`: the player is out of the event.
    """

    zh: str
    en: str
    pay_each: int
    dead_hand: bool = True
    disqualified: bool = False


INVALID_WIN = Offence("错和", "invalid win", 10)  # under 8 points, or a tile that does not complete the hand
FALSE_WIN = Offence("诈和", "false win", 20)  # the hand was not ready
WRONG_COUNT = Offence("相公", "wrong tile count", 0)  # dead hand, keeps paying normally


def offence_for(status: str, shanten_before_win: int | None) -> Offence | None:
    """The MCR offence a failed win declaration commits (seed 000 §7), None for a win."""
    if status == "below_min" or (status == "not_win" and shanten_before_win == 0):
        return INVALID_WIN
    if status == "not_win":
        return FALSE_WIN
    if status == "bad_tile_count":
        return WRONG_COUNT
    return None


def win_payments(winner: int, discarder: int | None, points: int) -> list[int]:
    """Gains per seat for a win worth `points` (fans plus flowers).

    Self-drawn (discarder None): each other seat pays 8 + points. On a discard (a robbed
    kong counts as the kong declarer's discard) the discarder pays 8 + points and each
    other loser 8.
    """
    _check_seat(winner)
    if discarder is not None:
        _check_seat(discarder)
        if discarder == winner:
            raise ValueError(f"seat {winner} cannot win on its own discard")
    paid = [0] * SEATS
    for seat in range(SEATS):
        if seat != winner:
            owes = BASE_POINTS + points if discarder in (None, seat) else BASE_POINTS
            paid[seat] -= owes
            paid[winner] += owes
    return paid


def penalty_payments(offender: int, offence: Offence) -> list[int]:
    """Gains per seat when `offender` pays `offence.pay_each` to each other seat."""
    _check_seat(offender)
    return [-offence.pay_each * (SEATS - 1) if seat == offender else offence.pay_each for seat in range(SEATS)]


def ladder_penalty(nth: int, ladder: tuple[int, ...] = CALL_LADDER) -> int:
    """Deduction for the `nth` (1-based) repeat of an offence within a hand; 0 means a warning."""
    if nth < 1:
        raise ValueError(f"offence count starts at 1, got {nth}")
    return ladder[min(nth, len(ladder)) - 1]


def late_penalty(minutes_late: float) -> int | None:
    """Deduction for arriving late; None means the game is forfeited (game score 0)."""
    for limit, deduction in LATE_PENALTY:
        if minutes_late <= limit:
            return deduction if minutes_late > 0 else 0
    return None


def _check_seat(seat: int) -> None:
    if seat not in range(SEATS):
        raise ValueError(f"seat must be 0..{SEATS - 1}, got {seat!r}")
