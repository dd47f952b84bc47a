"""Scores one riichi hand: checks it, tries every arrangement and winning-tile placement, keeps the best."""

from firmware.rules.decompose import arrangements, win_placements
from firmware.rules.hand import Hand, HandError
from firmware.rules.riichi.context import ContextError, WinContext, count_dora, refusal
from firmware.rules.riichi.facts import HandFacts
from firmware.rules.riichi.fu import SEVEN_PAIRS, fu_details, standard_fu
from firmware.rules.riichi.furiten import furiten_reason
from firmware.rules.riichi.penalties import false_win_note
from firmware.rules.riichi.points import basic_points, cost
from firmware.rules.riichi.yaku import find_yaku
from firmware.rules.shanten import waits
from firmware.rules.shapes import RIICHI_SHAPES, Shape

_NO_SCORE = {"han": None, "fu": None, "cost": None, "yaku": [], "fu_details": []}
# Where the oracle's tie order puts each block kind at the same tile (kong, pung, pair, run).
_TIE_RANK = {"kong": 0, "pung": 1, "pair": 2, "chow": 3}


def refused(status: str, message: str) -> dict:
    """A result for a record that does not score, with the reason."""
    return {"status": status, **_NO_SCORE, "message": message}


def score_hand_record(record: dict, profile) -> dict:
    """The `result` object for one record under `profile`; bad input becomes a status with a message."""
    try:
        hand = Hand.from_record(record)
        win = WinContext.from_record(record)
    except (HandError, ContextError) as error:
        return refused(error.status, str(error))
    return score(hand, win, profile)


def score(hand: Hand, win: WinContext, profile) -> dict:
    """Verdict and score of a parsed hand under its win conditions."""
    reason = refusal(win, hand)
    if reason:
        return refused("invalid_context", f"contradictory win conditions: {reason}")
    counts = hand.closed_counts
    found = arrangements(counts, hand.melds, RIICHI_SHAPES, riichi=True)
    if not found:
        return refused("not_win", "the tiles do not form a winning hand; " + false_win_note())
    if any(win.furiten_evidence):
        counts[hand.win_tile] -= 1
        reason = furiten_reason(win, hand.self_drawn, waits(counts, len(hand.melds), RIICHI_SHAPES))
        if reason:
            return refused("furiten", f"{reason}; " + false_win_note())
    best = _best_reading(hand, win, profile, found)
    if best is None:
        return refused("no_yaku", "a complete hand without any yaku; " + false_win_note())
    return best


class _Reading:
    """One way to read the hand, kept while it competes to be the best (results are built for the winner only)."""

    __slots__ = ("rank", "arrangement", "index", "yaku", "parts", "fu", "han", "cost")

    def __init__(self, rank, arrangement, index, yaku, parts, fu, han, paid):
        self.rank, self.arrangement, self.index = rank, arrangement, index
        self.yaku, self.parts, self.fu, self.han, self.cost = yaku, parts, fu, han, paid


def _best_reading(hand: Hand, win: WinContext, profile, found) -> dict | None:
    """The most valuable reading of the hand, ties broken as the oracle breaks them; None if none has a yaku.

    Ranking: total won, then a real yakuman over counted han, han, fu, then the unrounded
    fu; among equals the first in the oracle's order (arrangements by their sorted blocks,
    then the winning tile's block).
    """
    all_counts = hand.all_counts
    facts = HandFacts(hand, win, profile, all_counts, not hand.is_concealed_hand)
    dora = count_dora(win.dora_indicators, all_counts)
    ura = count_dora(win.ura_indicators, all_counts) if win.riichi or win.double_riichi else 0
    of_hand = find_yaku("hand", facts)
    ties: list[_Reading] = []
    for arrangement in found:
        shape = arrangement.shape
        if shape is not Shape.STANDARD:
            facts.set_arrangement(shape.value, (), (), -1)
            facts.set_placement(0, False)
            parts, fu, raw = (SEVEN_PAIRS, 25, 25) if shape is Shape.SEVEN_PAIRS else ((), 0, 0)
            _compete(ties, of_hand + find_yaku("arrangement", facts), parts, fu, raw, facts, dora, ura, arrangement, -1)
            continue
        blocks = arrangement.blocks
        concealed = facts.set_standard(blocks)
        of_arrangement = of_hand + find_yaku("arrangement", facts)
        for index, wait in win_placements(arrangement, hand.win_tile):
            parts, fu, raw = standard_fu(index, wait, facts)
            completed_by_discard = not hand.self_drawn and any(entry[0] == index for entry in facts.sets)
            facts.set_placement(concealed - completed_by_discard, not facts.is_open and len(parts) == 1)
            yaku = of_arrangement + find_yaku("placement", facts)
            _compete(ties, yaku, parts, fu, raw, facts, dora, ura, arrangement, index)
    if not ties:
        return None
    best = ties[0] if len(ties) == 1 else min(ties, key=_oracle_order)
    return {"status": "win", "han": best.han, "fu": best.fu, "cost": best.cost,
            "yaku": best.yaku, "fu_details": fu_details(best.parts)}


def _compete(ties: list, yaku: list, parts, fu: int, raw: int, facts, dora: int, ura: int, arrangement, index) -> None:
    """Value one reading and keep it in `ties` if it is as good as the best so far (a yakuman voids other yaku)."""
    if not yaku:
        return
    profile, column = facts.profile, facts.han_column
    yakuman = [y for y in yaku if y.yakuman]
    entries = [{"name": y.name, "han": y.hans[column]} for y in sorted(yakuman or yaku, key=_by_id)]
    han = sum([e["han"] for e in entries])
    units = 0
    if yakuman:
        # Seed 003 item 11: several yakuman count once under RCR (the oracle adds them up).
        units = han // 13 if profile.stack_yakuman else 1
        han = 13 * units
    else:
        if dora:
            entries.append({"name": "Dora", "han": dora})
        if ura:
            entries.append({"name": "Ura Dora", "han": ura})
        han += dora + ura
    base, level = basic_points(han, fu, units, profile)
    win = facts.win
    paid = cost(base, level, win.is_dealer, facts.self_drawn, win.honba, win.riichi_sticks, profile)
    rank = (paid["total"], bool(yakuman), han, fu, raw)
    if ties and rank < ties[0].rank:
        return
    if ties and rank > ties[0].rank:
        ties.clear()
    ties.append(_Reading(rank, arrangement, index, entries, parts, fu, han, paid))


def _by_id(yaku) -> int:
    return yaku.id


def _oracle_order(reading: _Reading) -> tuple:
    """The oracle's enumeration order: sorted (tile, kind) blocks, then the winning tile's block."""
    keyed = [(b.first, _TIE_RANK[b.kind.value]) for b in reading.arrangement.blocks]
    placed = keyed[reading.index] if reading.index >= 0 else ()
    return sorted(keyed), placed
