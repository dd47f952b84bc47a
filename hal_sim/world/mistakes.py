"""The players' mistakes: every offence of ../shared/spec/play-scenarios.md, made with tiles and
buttons the way a careless player makes it, when the hand gives the chance.

A hand holds at most one mistake (the world plans it: ``plan_for``); the hand's players make
it at the first chance from the planned discard on, and the hand is cut there. How each
shows to the table:

| offence | what the player does |
|---|---|
| ``false_win`` | presses win on a discard its hand does not complete |
| ``below_minimum`` | presses win on a complete hand worth less than the minimum |
| ``no_yaku`` | presses win on a complete hand without a yaku |
| ``furiten`` | in riichi, lets its winning draw go by (discards it), then presses win on a discard completing a wait that lies in its own discards |
| ``riichi_not_ready`` | presses riichi, then discards a tile that leaves its hand not ready |
| ``wrong_count`` | takes two tiles from the wall at its draw (one move: hand two tiles up) |
| ``wrong_call`` | claims the discard with two tiles that make no set with it |
| ``call_not_allowed`` | chows where the rule set has no chow, or chows or pungs after its riichi |
| ``void_suit`` | pungs a discard of its void suit, or presses win holding a void-suit tile |

Each one is chosen so that it is the only offence the move commits (the spec's order for a
declared win: void suit, false win, below the minimum, no yaku, furiten).
"""

from dataclasses import dataclass

from firmware.rules.shanten import is_complete

from hal_sim.world import strategy
from hal_sim.world.records import win_record
from hal_sim.world.tabletop import kind_of

OFFENCES = ("false_win", "below_minimum", "no_yaku", "furiten", "riichi_not_ready",
            "wrong_count", "wrong_call", "call_not_allowed", "void_suit")
STATUS_OFFENCE = {"not_win": "false_win", "below_min": "below_minimum", "no_yaku": "no_yaku",
                  "void_suit_violation": "void_suit"}
"""A declared win's engine status → the offence declaring it is."""
LATEST_START = 24
"""A planned mistake waits for a discard drawn from 0..LATEST_START − 1."""


@dataclass(frozen=True)
class Slip:
    """One mistake to make: ``action`` is ``win`` (press win), ``riichi`` (press riichi, then
    discard ``tiles[0]``), ``draw`` (take ``count`` tiles from the wall) or a meld type (claim
    ``tiles[0]``, the discard of ``giver``, with ``tiles[1:]`` from the hand)."""

    offence: str
    seat: int
    action: str
    tiles: tuple = ()
    detail: str = ""
    giver: int | None = None
    count: int = 0


def offences_of(customs) -> tuple[str, ...]:
    """The offences a rule set's players can commit (by what it asks of them)."""
    has = {"below_minimum": customs.minimum, "no_yaku": customs.yaku,
           "furiten": customs.furiten, "riichi_not_ready": customs.riichi,
           "call_not_allowed": customs.riichi or "chi" not in customs.calls,
           "void_suit": customs.void_suit}
    return tuple(offence for offence in OFFENCES if has.get(offence, True))


def plan_for(rng, rate: float, offences) -> tuple[str | None, int]:
    """(offence, first discard it may come at) for a new hand; (None, 0) for a clean one."""
    if not offences or rng.random() >= rate:
        return None, 0
    return rng.choice(offences), rng.randrange(LATEST_START)


def find_slip(play, moment: str, seat: int, **facts) -> Slip | None:
    """The planned mistake, if this moment gives it its chance: ``draw`` (``seat`` is about to
    draw), ``self_drawn`` (its complete hand was refused: ``result``), ``discard`` (it is about
    to discard ``kind``), ``claims`` (``seat`` has discarded ``tile``)."""
    offence = play.slip
    if offence is None or play.discarded < play.slip_from:
        return None
    if moment == "draw":
        return _draw_two(play, seat) if offence == "wrong_count" else None
    if moment == "self_drawn":
        found = STATUS_OFFENCE.get(facts["result"]["status"])
        return Slip(offence, seat, "win", detail="declared a refused self-drawn hand") \
            if found == offence else None
    if moment == "discard":
        return _riichi_not_ready(play, seat) if offence == "riichi_not_ready" else None
    for offset in (1, 2, 3):
        taker = (seat + offset) % 4
        if not play.seats[taker].won:
            slip = CLAIM_SLIPS.get(offence, _none)(play, taker, seat, facts["tile"])
            if slip is not None:
                return slip
    return None


def lets_win_go(play, seat: int) -> bool:
    """Whether a seat in riichi that drew its winning tile lets it go, to make the planned
    furiten mistake later (the tile lands in its own discards, a wait it then wins on)."""
    return (play.slip == "furiten" and play.discarded >= play.slip_from
            and play.seats[seat].in_riichi)


def _none(*_args) -> None:
    return None


def _draw_two(play, seat: int) -> Slip | None:
    if play.wall.live() < 2:
        return None
    return Slip("wrong_count", seat, "draw", count=2, detail="took two tiles at its draw")


def _riichi_not_ready(play, seat: int) -> Slip | None:
    hand = play.table.seats[seat]
    if (play.seats[seat].in_riichi or play.wall.live() < 4
            or any(meld.type != "kan_closed" for meld in hand.melds)):
        return None
    counts = play.table.counts(seat)
    for tile in sorted(hand.hand, key=kind_of):
        counts[kind_of(tile)] -= 1
        ready = strategy.wait_kinds(counts, len(hand.melds), riichi=True)
        counts[kind_of(tile)] += 1
        if not ready:
            return Slip("riichi_not_ready", seat, "riichi", (tile,),
                        f"riichi, then {tile.kind} leaving the hand not ready")
    return None


def _declared_status(play, taker: int, discarder: int, tile) -> str:
    record = win_record(play.table, taker, tile, play.situation(taker, False, discarder))
    return play.rule_set.score(record)["status"]


def _holds_void(play, seat: int) -> bool:
    void = play.seats[seat].void
    return void is not None and any(t.kind[1] == void for t in play.table.seats[seat].hand)


def _completes(play, taker: int, tile) -> bool:
    counts = play.table.counts(taker)
    counts[kind_of(tile)] += 1
    return is_complete(counts, len(play.table.seats[taker].melds), strategy.SHAPES)


def _win_slip(offence: str):
    """A win declared on a discard whose engine status is the offence's (a complete hand's,
    except for a false win)."""
    def slip(play, taker: int, discarder: int, tile) -> Slip | None:
        if _holds_void(play, taker) or (offence != "false_win") != _completes(play, taker, tile):
            return None
        if _declared_status(play, taker, discarder, tile) != _status_of(offence):
            return None
        return Slip(offence, taker, "win", detail=f"declared a win on {tile.kind}")
    return slip


def _status_of(offence: str) -> str:
    return next(status for status, found in STATUS_OFFENCE.items() if found == offence)


def _furiten(play, taker: int, discarder: int, tile) -> Slip | None:
    hand = play.table.seats[taker]
    waits = strategy.wait_kinds(play.table.counts(taker), len(hand.melds), riichi=True)
    if kind_of(tile) not in waits or not set(waits) & set(play.seats[taker].discards):
        return None
    if _declared_status(play, taker, discarder, tile) != "win":
        return None
    return Slip("furiten", taker, "win", detail=f"won on {tile.kind} with a wait it discarded")


def _void_suit(play, taker: int, discarder: int, tile) -> Slip | None:
    void = play.seats[taker].void
    hand = play.table.seats[taker].hand
    same = [t for t in hand if t.kind == tile.kind]
    if void is not None and tile.kind[1] == void and len(same) >= 2 and not play.seats[taker].won:
        return Slip("void_suit", taker, "pon", (tile, *same[:2]),
                    f"pung of {tile.kind}, its void suit", discarder)
    if _holds_void(play, taker):
        return Slip("void_suit", taker, "win", detail="declared a win holding its void suit")
    return None


def _wrong_call(play, taker: int, discarder: int, tile) -> Slip | None:
    seat = play.seats[taker]
    if seat.in_riichi or (seat.void is not None and tile.kind[1] == seat.void):
        return None
    hand = sorted(play.table.seats[taker].hand, key=kind_of)
    for i, first in enumerate(hand):
        for second in hand[i + 1:]:
            if not _is_set(sorted(map(kind_of, (tile, first, second)))):
                return Slip("wrong_call", taker, "wrong", (tile, first, second),
                            f"claimed {tile.kind} with {first.kind}{second.kind}", discarder)
    return None


def _is_set(kinds: list[int]) -> bool:
    a, b, c = kinds
    run = c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2
    return a == b == c or run


def _not_allowed(play, taker: int, discarder: int, tile) -> Slip | None:
    seat, hand = play.seats[taker], play.table.seats[taker].hand
    kind = kind_of(tile)
    counts = play.table.counts(taker)
    if seat.void is not None and tile.kind[1] == seat.void:
        return None
    if seat.in_riichi and counts[kind] >= 2:
        same = [t for t in hand if kind_of(t) == kind][:2]
        return Slip("call_not_allowed", taker, "pon", (tile, *same),
                    f"pung of {tile.kind} after its riichi", discarder)
    chow_barred = "chi" not in play.customs.calls or seat.in_riichi
    if taker == (discarder + 1) % 4 and chow_barred:
        for a, b in strategy.chi_pairs(counts, kind):
            own = [next(t for t in hand if kind_of(t) == k) for k in (a, b)]
            return Slip("call_not_allowed", taker, "chi", (tile, *own),
                        f"chow of {tile.kind}", discarder)
    return None


CLAIM_SLIPS = {"false_win": _win_slip("false_win"), "below_minimum": _win_slip("below_minimum"),
               "no_yaku": _win_slip("no_yaku"), "void_suit": _void_suit, "furiten": _furiten,
               "wrong_call": _wrong_call, "call_not_allowed": _not_allowed}
"""The mistakes made on another seat's discard."""
