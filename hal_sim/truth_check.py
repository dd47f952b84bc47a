"""The referee's conclusions set against the world's truth, for ``mjtable sim --json``.

The referee (the ``[referee]`` component) raises ``FlagRaised`` as it sees an offence and
publishes ``HandResult`` at the end of each hand; the simulated world logs what really
happened (``hal_sim.world.log``). This module compares the two: each injected mistake with
the flags (a flag matches a mistake by hand, seat and offence), each true win with the
referee's (seat, how, from whom, and the result against the rules engine run on the true
record), each discard's true zones with the referee's reconstruction; and sums the points
the results give each seat. Without a referee every referee figure is None: nothing is
invented.
"""

import functools
import re
from collections import Counter
from dataclasses import dataclass, replace

from firmware import rulesets
from firmware.referee import pictures
from firmware.rules.ccm2012.events import Win as CcmWin
from firmware.rules.ccm2012.payments import settle
from firmware.rules.mcr.payments import win_payments

SCORE_READING = (
    "sum over the wins of what each result gives each seat: a result with a riichi cost - "
    "the discarder pays main + main_bonus, or on a self-draw the dealer main + main_bonus and "
    "each other seat additional + additional_bonus (riichi sticks, kyoutaku_bonus, left out); "
    "a result with points_per_payer (Sichuan) - the discarder pays it, or on a self-draw each "
    "seat not yet out; a result with a value V (addon_points, CCM 2012) - the CCM 2012 "
    "settlement of that win alone; otherwise a total (MCR, 1998) - the MCR payments, 8 + total "
    "from the discarder (every seat on a self-draw) and 8 from the others")


def miscalls(log, flags: list[tuple[int, dict]] | None) -> dict:
    """``injected``, ``flagged``, ``false_flags``, ``missed`` and ``by_kind``; ``flags`` are
    (hand, flag) pairs, None when no referee is configured."""
    injected = Counter((m.hand, m.seat, m.offence) for m in log.mistakes)
    kinds = Counter(m.offence for m in log.mistakes)
    if flags is None:
        return {"injected": sum(injected.values()), "flagged": None, "false_flags": None,
                "missed": None, "by_kind": {kind: {"injected": n, "flagged": None, "missed": None}
                                            for kind, n in sorted(kinds.items())}}
    raised = Counter((hand, flag.get("seat"), flag.get("offence")) for hand, flag in flags)
    matched = injected & raised
    false = raised - injected
    by_kind = {}
    for kind in sorted(kinds | Counter(offence for _, _, offence in false)):
        hit = sum(n for key, n in matched.items() if key[2] == kind)
        by_kind[kind] = {"injected": kinds[kind], "flagged": hit, "missed": kinds[kind] - hit,
                         "false_flags": sum(n for key, n in false.items() if key[2] == kind)}
    return {"injected": sum(injected.values()), "flagged": sum(matched.values()),
            "false_flags": sum(false.values()), "missed": sum((injected - matched).values()),
            "by_kind": by_kind,
            "first_false_flag": _first(false), "first_missed": _first(injected - matched)}


def _first(keys: Counter) -> dict | None:
    if not keys:
        return None
    hand, seat, offence = min(keys, key=lambda key: (key[0], key[1], str(key[2])))
    return {"hand": hand, "seat": seat, "offence": offence}


def true_results(log, profile: str | None) -> dict[int, list[dict]]:
    """Each hand's true wins, in order, each scored by the rules engine on the true record."""
    wins: dict[int, list[dict]] = {}
    rules = {hand.hand: hand.rules for hand in log.hands}
    for win in log.wins:
        result = win.result if profile is None else rulesets.get(rules[win.hand]).score(
            win.record, profile)
        wins.setdefault(win.hand, []).append({"seat": win.seat, "win_by": win.win_by,
                                              "from": win.discarder, "result": result})
    return wins


def wins(log, results: dict[int, dict] | None, profile: str | None = None) -> dict:
    """``count`` (true wins); with a referee, ``agree`` and ``disagree`` (wins compared in
    order, hand by hand: the same seat, how, from whom, and a result equal to the engine's on
    the true record) and the first disagreement."""
    truth = true_results(log, profile)
    count = sum(map(len, truth.values()))
    if results is None:
        return {"count": count, "agree": None, "disagree": None, "first_disagreement": None}
    agree = compared = 0
    first = None
    for hand in log.hands:
        ours = truth.get(hand.hand, [])
        theirs = list(results.get(hand.hand, {}).get("wins", []))
        for index in range(max(len(ours), len(theirs))):
            mine = ours[index] if index < len(ours) else None
            seen = theirs[index] if index < len(theirs) else None
            compared += 1
            if mine is not None and seen is not None and _same_win(mine, seen):
                agree += 1
            elif first is None:
                first = {"hand": hand.hand, "index": index, "truth": mine, "referee": seen}
    return {"count": count, "agree": agree, "disagree": compared - agree,
            "first_disagreement": first}


def _same_win(mine: dict, seen: dict) -> bool:
    return all(mine[key] == seen.get(key) for key in ("seat", "win_by", "from", "result"))


def reconstruction(log, results: dict[int, dict] | None,
                   so_far: "Reconstruction | None" = None) -> dict | None:
    """How many discards the referee's zones (``discards`` of its HandResult) agree with the
    truth on, tile by tile and zone by zone, and the first that does not; ``so_far`` the hands
    already checked as their results came (and taken out of the log)."""
    if results is None:
        return None
    return replace(so_far or Reconstruction()).check(log.discards, results).as_json()


@dataclass
class Reconstruction:
    """The discards compared so far. ``mjtable sim`` checks each hand's as its result comes
    and keeps only these counts, so a long run holds neither the true zones nor the
    referee's pictures of them for more than the hand in play."""

    discards: int = 0
    agree: int = 0
    first: dict | None = None

    def check(self, discards: list, results: dict[int, dict]) -> "Reconstruction":
        """Add ``discards`` (the truth, hand by hand in order) compared with ``results``."""
        by_hand: dict[int, list] = {}
        for discard in discards:
            by_hand.setdefault(discard.hand, []).append(discard)
        for hand, ours in by_hand.items():
            theirs = list(pictures.whole(results.get(hand, {}).get("discards")))
            for index, mine in enumerate(ours):
                seen = theirs[index] if index < len(theirs) else None
                if seen is not None and _same_discard(mine, seen):
                    self.agree += 1
                elif self.first is None:
                    self.first = {"hand": hand, "index": index,
                                  "truth": {"seat": mine.seat, "tile": mine.tile, "zones": mine.zones},
                                  "referee": seen}
        self.discards += len(discards)
        return self

    def as_json(self) -> dict:
        return {"discards": self.discards, "agree": self.agree, "first_disagreement": self.first}


def _same_discard(mine, seen: dict) -> bool:
    zones = seen.get("zones")
    if not isinstance(zones, dict) or zones.keys() != mine.kinds.keys():
        return False
    return (seen.get("seat") == mine.seat and _kinds(seen.get("tile")) == (mine.tile,)
            and all(isinstance(zones[zone], str) and _zone_agrees(zones[zone], kinds)
                    for zone, kinds in mine.kinds.items()))


@functools.lru_cache(maxsize=4096)
def _zone_agrees(text: str, kinds: tuple[str, ...]) -> bool:
    """Whether the referee's picture ``text`` of a zone names the tile kinds ``kinds``, kept:
    most zones are as they were at the discard before (the same picture and the same tuple),
    and a repeat is a look-up where the check would parse, sort and compare again."""
    return _text_kinds(text) == tuple(sorted(kinds))


def _kinds(text) -> tuple[str, ...] | None:
    """The tile kinds a notation string names, sorted ("123m5z47f"), None for what is not one."""
    return _text_kinds(text) if isinstance(text, str) else None


@functools.lru_cache(maxsize=4096)
def _text_kinds(text: str) -> tuple[str, ...] | None:
    """``_kinds`` of a string, kept: a discard's tile names repeat, and so does a zone's
    picture when only the order of the true tiles has changed (a tile drawn and discarded)."""
    if not re.fullmatch(r"(\d+[mpszf])*", text):
        return None
    return tuple(sorted([digit + suit for digits, suit in re.findall(r"(\d+)([mpszf])", text)
                         for digit in digits]))


def scores(log, results: dict[int, dict] | None) -> dict:
    """Points per seat from the wins' results (the referee's when one is configured, else the
    engine's on the truth), read as ``SCORE_READING`` says."""
    wins_by_hand = true_results(log, None) if results is None else {
        hand: result.get("wins", []) for hand, result in results.items()}
    dealers = {hand.hand: hand.dealer for hand in log.hands}
    seats = [0, 0, 0, 0]
    for hand, hand_wins in wins_by_hand.items():
        out: set[int] = set()
        for win in hand_wins:
            for seat, points in enumerate(_payments(win, dealers.get(hand, 0), out)):
                seats[seat] += points
            out.add(win["seat"])
    return {"seats": seats, "from": "simulator truth" if results is None else "referee",
            "reading": SCORE_READING}


def _payments(win: dict, dealer: int, out: set[int]) -> list[int]:
    result, winner, discarder = win["result"], win["seat"], win["from"]
    if result.get("status") != "win":
        return [0, 0, 0, 0]
    if "cost" in result:
        return _riichi_payments(result["cost"], winner, discarder, dealer)
    if "points_per_payer" in result:
        payers = [discarder] if discarder is not None else [
            s for s in range(4) if s != winner and s not in out]
        return _transfers([(payer, winner, result["points_per_payer"]) for payer in payers])
    if "addon_points" in result:
        settled = settle([CcmWin(winner, result["total"], discarder)])
        return _transfers([(t.payer, t.payee, t.points) for t in settled.transfers])
    return win_payments(winner, discarder, result["total"])


def _riichi_payments(cost: dict, winner: int, discarder: int | None, dealer: int) -> list[int]:
    if discarder is not None:
        return _transfers([(discarder, winner, cost["main"] + cost["main_bonus"])])
    return _transfers([(seat, winner, cost["main"] + cost["main_bonus"] if seat == dealer
                        else cost["additional"] + cost["additional_bonus"])
                       for seat in range(4) if seat != winner])


def _transfers(moves) -> list[int]:
    seats = [0, 0, 0, 0]
    for payer, payee, points in moves:
        seats[payer] -= points
        if payee is not None:
            seats[payee] += points
    return seats
