"""Scores one riichi hand: checks it, tries every arrangement and winning-tile placement, keeps the best."""

from firmware.rules.decompose import BlockKind, arrangements, win_placements
from firmware.rules.hand import Hand, HandError
from firmware.rules.riichi.context import ContextError, WinContext, count_dora, refusal
from firmware.rules.riichi.facts import HandFacts
from firmware.rules.riichi.fu import seven_pairs_fu, standard_fu
from firmware.rules.riichi.furiten import furiten_reason
from firmware.rules.riichi.penalties import false_win_note
from firmware.rules.riichi.points import basic_points, cost
from firmware.rules.riichi.yaku import find_yaku
from firmware.rules.shanten import waits
from firmware.rules.shapes import RIICHI_SHAPES, Shape

_NO_SCORE = {"han": None, "fu": None, "cost": None, "yaku": [], "fu_details": []}
_SETS = (BlockKind.PUNG, BlockKind.KONG)
# Where the oracle's tie order puts each block kind at the same tile (kong, pung, pair, run).
_TIE_RANK = {BlockKind.KONG: 0, BlockKind.PUNG: 1, BlockKind.PAIR: 2, BlockKind.CHOW: 3}


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
        before = list(counts)
        before[hand.win_tile] -= 1
        reason = furiten_reason(win, hand.self_drawn, waits(before, len(hand.melds), RIICHI_SHAPES))
        if reason:
            return refused("furiten", f"{reason}; " + false_win_note())
    best = _best_candidate(hand, win, profile, found)
    if best is None:
        return refused("no_yaku", "a complete hand without any yaku; " + false_win_note())
    return best


def _best_candidate(hand: Hand, win: WinContext, profile, found) -> dict | None:
    """The most valuable reading of the hand, ties broken as the oracle breaks them; None if none has a yaku.

    Ranking: total won, then a real yakuman over counted han, han, fu, then the unrounded
    fu; among equals the first in the oracle's order (arrangements by their sorted blocks,
    then the winning tile's block).
    """
    all_counts = hand.all_counts
    facts = HandFacts(hand, win, profile, all_counts)
    dora = count_dora(win.dora_indicators, all_counts)
    ura = count_dora(win.ura_indicators, all_counts) if win.riichi or win.double_riichi else 0
    best_rank, ties = None, []
    for arrangement in found:
        for index, yaku, details, fu in _readings(arrangement, hand, win, profile, facts):
            if not yaku:
                continue
            rank, result = _value(yaku, details, fu, facts, dora, ura)
            if best_rank is None or rank > best_rank:
                best_rank, ties = rank, [(arrangement, index, result)]
            elif rank == best_rank:
                ties.append((arrangement, index, result))
    if not ties:
        return None
    if len(ties) == 1:
        return ties[0][2]
    return min(ties, key=lambda tie: _oracle_order(tie[0], tie[1]))[2]


def _readings(arrangement, hand: Hand, win: WinContext, profile, facts: HandFacts):
    """Yield (winning block index or -1, yaku, fu breakdown, fu) for each way to read the arrangement."""
    shape = arrangement.shape
    if shape is not Shape.STANDARD:
        facts.set_arrangement(shape.value, (), (), -1)
        facts.concealed_triplets, facts.pinfu = 0, False
        details, fu = seven_pairs_fu() if shape is Shape.SEVEN_PAIRS else ([], 0)
        yield -1, find_yaku(facts), details, fu
        return
    blocks = arrangement.blocks
    chis = sorted(b.first for b in blocks if b.kind is BlockKind.CHOW)
    triplets = sorted(b.first for b in blocks if b.kind in _SETS)
    pair = next(b.first for b in blocks if b.kind is BlockKind.PAIR)
    facts.set_arrangement("standard", tuple(chis), tuple(triplets), pair)
    concealed = sum(1 for b in blocks if b.kind in _SETS and b.concealed)
    for index, wait in win_placements(arrangement, hand.win_tile):
        details, fu = standard_fu(blocks, index, wait, hand, win, profile)
        facts.pinfu = not facts.is_open and len(details) == 1
        facts.concealed_triplets = concealed - (not hand.self_drawn and blocks[index].kind in _SETS)
        yield index, find_yaku(facts), details, fu


def _value(yaku, details: list, fu: int, facts: HandFacts, dora: int, ura: int) -> tuple[tuple, dict]:
    """Rank and result of one reading: han (yakuman capped or stacked by profile, dora unless yakuman), cost."""
    profile, win = facts.profile, facts.win
    entries = [{"name": y.name, "han": y.han(facts.is_open, profile.double_yakuman)} for y in yaku]
    han = sum(e["han"] for e in entries)
    is_yakuman = yaku[0].yakuman
    units = 0
    if is_yakuman:
        # Seed 003 item 11: several yakuman count once under RCR (the oracle adds them up).
        units = han // 13 if profile.stack_yakuman else 1
        han = 13 * units
    else:
        for name, extra in (("Dora", dora), ("Ura Dora", ura)):
            if extra:
                entries.append({"name": name, "han": extra})
                han += extra
    base, level = basic_points(han, fu, units, profile)
    paid = cost(base, level, win.is_dealer, facts.self_drawn, win.honba, win.riichi_sticks, profile)
    result = {"status": "win", "han": han, "fu": fu, "cost": paid, "yaku": entries, "fu_details": details}
    return (paid["total"], is_yakuman, han, fu, sum(d["fu"] for d in details)), result


def _oracle_order(arrangement, index: int) -> tuple:
    """The oracle's enumeration order: sorted (tile, kind) blocks, then the winning tile's block."""
    keyed = [(b.first, _TIE_RANK[b.kind]) for b in arrangement.blocks]
    placed = keyed[index] if index >= 0 else ()
    return sorted(keyed), placed
