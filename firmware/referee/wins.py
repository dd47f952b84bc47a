"""Declared wins: what the win is on, the facts the table saw, the rule set's verdict and
score, and — for a win that does not stand — the one flag it earns.

A ``win`` button is a self-draw when the seat has just drawn; otherwise it claims the tile
of a kong just added to a pung (only such a tile can be robbed, common.md §4) or the last
discard. Wins on one discard are gathered until the next event: where several may win
(the declaration's ``multiple_winners``) every standing one wins, otherwise the first
counter-clockwise from the discarder (the head bump). A declared win is flagged at most
once, by the first that applies of void_suit, false_win, below_minimum, no_yaku, furiten:
the scorer's verdicts come in that order, and furiten is asked for only once the hand has
stood without it.
"""

from collections.abc import Callable
from typing import NamedTuple

from firmware.referee.kinds import format_counts, format_kinds, name
from firmware.referee.start import SEATS
from firmware.rules.play import WinFacts

SUITS = "mps"


class Claim(NamedTuple):
    """A declared win on a tile others may also claim: its standing entry (None if it does
    not stand) and how to raise its flag (None if it stands)."""

    seat: int
    source: int
    tile: int
    entry: dict | None
    raise_flag: Callable[[], None] | None


def declared(ref, seat: int) -> None:
    """`seat` pressed win."""
    s = ref.seats[seat]
    if ref.holder == seat and s.drawn_by in ("wall", "kong", "flower", "deal"):
        # The dealt hand's fourteenth tile is never seen drawn (play-scenarios.md: no win on
        # the dealt hand): a tile it holds stands in for it.
        tile = s.drawn if s.drawn is not None else next((kind for kind in range(34) if s.hand[kind]), None)
        if tile is None:
            ref.flag(seat, "false_win", {"hand": "", "why": "no tile seen in the seat's hand"})
            return
        entry, raise_flag = _judge(ref, seat, tile, None, robbed=False)
        if entry is not None:
            _commit(ref, [(entry, tile)], None)
        else:
            raise_flag()
        return
    robbable = ref.robbable
    if robbable is not None and robbable[0] != seat:
        if robbable[2] == "kan_added":
            ref.pending_wins.append(Claim(seat, robbable[0], robbable[1],
                                          *_judge(ref, seat, robbable[1], robbable[0], robbed=True)))
        else:
            ref.flag(seat, "false_win", {"tile": name(robbable[1]), "from": robbable[0],
                                         "why": "only a tile added to an exposed pung can be robbed"})
        return
    last = ref.last_discard
    if last is None or last.seat == seat:
        ref.flag(seat, "false_win", {"hand": format_counts(s.hand), "why": "no drawn tile and no discard to win on"})
        return
    ref.pending_wins.append(Claim(seat, last.seat, last.kind, *_judge(ref, seat, last.kind, last.seat, robbed=False)))


def resolve(ref) -> None:
    """The wins declared on one tile, once the next event shows no more are coming: where
    several may win, each in the order pressed; else the head bump, counter-clockwise from
    the discarder, the first that stands taking it (a claim it bumps is not judged)."""
    claims, ref.pending_wins = ref.pending_wins, []
    if not claims:
        return
    several = ref.rule_set.multiple_winners
    if not several:
        claims.sort(key=lambda claim: (claim.seat - claim.source) % SEATS)
    standing = []
    for claim in claims:
        if claim.entry is None:
            claim.raise_flag()
            continue
        standing.append((claim.entry, claim.tile))
        if not several:
            break
    if standing:
        _commit(ref, standing, claims[0].source)


def _judge(ref, seat: int, tile: int, source: int | None, robbed: bool):
    """Score the declared win: (its entry, None) if it stands, else (None, what raises its flag)."""
    s, self_drawn = ref.seats[seat], source is None
    concealed = list(s.hand[:34])
    if self_drawn:
        concealed[tile] -= 1
    facts = _facts(ref, seat, tile, source, robbed)
    record = {"concealed": format_counts(concealed), "melds": [meld.record(seat) for meld in s.melds],
              "win_tile": name(tile), "win_by": "self_draw" if self_drawn else "discard",
              "context": ref.play.context(facts)}
    result = ref.rule_set.score(record, ref.profile)
    status = result.get("status")
    offence = None if status == "win" else ref.play.verdicts.get(status, "false_win")
    if offence is None and not self_drawn and ref.play.furiten_context is not None:
        with_evidence = ref.rule_set.score(record | {"context": record["context"] | ref.play.furiten_context(facts)},
                                           ref.profile)
        if with_evidence.get("status") == "furiten":
            offence, result = "furiten", with_evidence
    if offence is None and s.dead:
        offence = "false_win"
        result = dict(result, message="the seat's hand is dead (停和): it has no right to win this hand")
    if offence is None:
        return {"seat": seat, "win_by": record["win_by"], "from": source, "result": result}, None
    evidence = {"hand": record["concealed"], "melds": record["melds"], "win_tile": record["win_tile"],
                "win_by": record["win_by"], "from": source, "status": result.get("status"),
                "message": result.get("message")}
    return None, lambda: ref.flag(seat, offence, evidence, {"result": result})


def _facts(ref, seat: int, tile: int, source: int | None, robbed: bool) -> WinFacts:
    s, wall, self_drawn = ref.seats[seat], ref.wall, source is None
    discard = ref.last_discard if not self_drawn and not robbed else None
    exposed = sum(meld.tiles.count(tile) for other in ref.seats for meld in other.melds if meld.type != "kan_closed")
    dora, ura = wall.indicators()
    won_on = (discard.seat, discard.index) if discard is not None else None
    sticks = ref.start.riichi_sticks + sum(other.riichi_at is not None and (other.index, other.riichi_at) != won_on
                                           for other in ref.seats)
    passed = s.passed[:-1] if discard is not None else s.passed
    after_riichi = s.passed_after_riichi
    if discard is not None and after_riichi:
        after_riichi = after_riichi[:-1]
    replacement = s.drawn_by if self_drawn and s.drawn_by in ("kong", "flower") else None
    return WinFacts(
        seat_wind=ref.start.seat_wind(seat), round_wind=ref.start.round_wind, self_drawn=self_drawn,
        flowers=len(s.flowers), last_of_kind=ref.pond[tile] + exposed - (not self_drawn) >= 3,
        wall_empty=wall.empty, last_live_draw=self_drawn and s.drawn_by == "wall" and wall.empty,
        last_discard=discard is not None and discard.last, replacement=replacement, robbed_kong=robbed,
        discard_after_kong=discard is not None and discard.after_kong,
        riichi=s.riichi_at is not None, double_riichi=s.double_riichi, ippatsu=s.ippatsu,
        first_draw=(self_drawn and seat != ref.start.dealer and s.draws == 1 and s.drawn_by == "wall"
                    and not s.discards and ref.calls == 0),
        dora_indicators=format_kinds(k for k in dora if k is not None),
        ura_indicators=format_kinds(k for k in ura if k is not None),
        honba=ref.start.honba, riichi_sticks=sticks, void_suit=None if s.void is None else SUITS[s.void],
        own_discards=format_kinds(s.discards), passed_since_discard=format_kinds(passed),
        passed_after_riichi=format_kinds(after_riichi))


def _commit(ref, won: list[tuple[dict, int]], source: int | None) -> None:
    """The standing wins (each with its winning tile) take effect: the hand ends, or
    (winners leaving play) goes on from the seat after the last winner."""
    for entry, tile in won:
        ref.wins.append(entry)
        ref.record(entry["seat"], "win", tile, source)
    if not ref.play.winners_leave:
        ref.over = ref.won_by_wins = True
        return
    seats = [entry["seat"] for entry, _ in won]
    for seat in seats:
        ref.seats[seat].out = True
    if sum(s.out for s in ref.seats) >= SEATS - 1:
        ref.over = ref.won_by_wins = True
        return
    if ref.robbable is not None and source is not None:
        _unmake_robbed_kong(ref)
    last = seats[-1] if source is None else max(seats, key=lambda seat: (seat - source) % SEATS)
    ref.holder, ref.replacing, ref.robbable = None, None, None
    ref.due, ref.open_discard = ref.next_in_play(last), False


def _unmake_robbed_kong(ref) -> None:
    """A robbed kong is not made: its pung stays a pung, and no replacement is owed."""
    seat, kind, _ = ref.robbable
    s = ref.seats[seat]
    at = next(i for i, meld in enumerate(s.melds) if meld.type == "kan_added" and meld.tiles[0] == kind)
    s.melds[at] = s.melds[at]._replace(type="pon", tiles=(kind,) * 3)  # the robbed tile stays where it lies
