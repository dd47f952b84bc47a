"""Scores one riichi hand: checks it, tries every arrangement and winning-tile placement, keeps the best."""

from firmware.rules.decompose import Wait, arrangements, win_placements
from firmware.rules.hand import Hand, HandError
from firmware.rules.riichi.context import FLAG_BITS, FLAGS_AT, ContextError, WinContext, count_dora, refusal
from firmware.rules.riichi.facts import HandFacts
from firmware.rules.riichi.fu import SEVEN_PAIRS, fu_details, standard_fu
from firmware.rules.riichi.furiten import furiten_reason
from firmware.rules.riichi.penalties import false_win_note
from firmware.rules.riichi.points import cost, payments
from firmware.rules.riichi.yaku import Counted, find_yaku
from firmware.rules.shanten import waits
from firmware.rules.shapes import RIICHI_SHAPES, Shape

# Where the oracle's tie order puts each block kind at the same tile (kong, pung, pair, run).
_TIE_RANK = {"kong": 0, "pung": 1, "pair": 2, "chow": 3}
# Bound once: looking members up on an Enum class costs more than the test itself.
_STANDARD, _SEVEN_PAIRS, _SHANPON = Shape.STANDARD, Shape.SEVEN_PAIRS, Wait.SHANPON


def refused(status: str, message: str) -> dict:
    """A result for a record that does not score, with the reason."""
    return {"status": status, "han": None, "fu": None, "cost": None, "yaku": [], "fu_details": [],
            "message": message}


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
    flags = FLAG_BITS[win[FLAGS_AT]] if win.any_flag else 0
    if flags:
        reason = refusal(win, hand, flags)
        if reason:
            return refused("invalid_context", f"contradictory win conditions: {reason}")
    counts = hand.closed_tuple
    found = arrangements(counts, hand.melds, RIICHI_SHAPES, riichi=True)
    if not found:
        return refused("not_win", "the tiles do not form a winning hand; " + false_win_note())
    if any(win.furiten_evidence):
        before = list(counts)
        before[hand.win_tile] -= 1
        reason = furiten_reason(win, hand.self_drawn, waits(before, len(hand.melds), RIICHI_SHAPES, riichi=True))
        if reason:
            return refused("furiten", f"{reason}; " + false_win_note())
    best = _best_reading(HandFacts(hand, win, profile, counts, flags), hand, found, counts)
    if best is None:
        return refused("no_yaku", "a complete hand without any yaku; " + false_win_note())
    return best


def _best_reading(facts: HandFacts, hand: Hand, found, closed_counts: tuple[int, ...]) -> dict | None:
    """The most valuable reading of the hand in `facts`, ties broken as the oracle breaks them; None if none has a yaku.

    Each reading is (counted yaku, fu parts, fu, unrounded fu, arrangement, winning block index).
    Ranking: total won, then a real yakuman over counted han, han, fu, unrounded fu; among
    equals the first in the oracle's order (arrangements by their sorted blocks, then the
    winning tile's block). Most hands have one reading, which needs no ranking.
    """
    win = facts.win
    readings = []
    self_drawn = hand.self_drawn
    for arrangement in found:
        shape, blocks = arrangement.shape, arrangement.blocks
        if shape is not _STANDARD:
            facts.set_irregular(shape, blocks)
            parts, fu, raw = (SEVEN_PAIRS, 25, 25) if shape is _SEVEN_PAIRS else ((), 0, 0)
            counted = find_yaku(facts, 0, False)
            if counted.named:
                readings.append((counted, parts, fu, raw, arrangement, -1))
            continue
        concealed = facts.set_standard(blocks)
        for index, wait in win_placements(arrangement, hand.win_tile):
            parts, fu, raw = standard_fu(blocks[index], wait, facts)
            by_discard = not self_drawn and wait is _SHANPON
            counted = find_yaku(facts, concealed - by_discard, len(parts) == 1 and not facts.is_open)
            if counted.named:
                readings.append((counted, parts, fu, raw, arrangement, index))
    if not readings:
        return None
    dora = count_dora(win.dora_indicators, closed_counts, hand.melds)
    ura = count_dora(win.ura_indicators, closed_counts, hand.melds) if win.riichi_declared else 0
    if len(readings) == 1:
        reading = readings[0]
        return _result(reading, _han(reading[0], dora + ura), facts, dora, ura)
    valued = []
    for reading in readings:
        han = _han(reading[0], dora + ura)
        valued.append((_rank(reading, han, facts), han, reading))
    top = max(entry[0] for entry in valued)
    ties = [(han, reading) for rank, han, reading in valued if rank == top]
    if len(ties) == 1:
        han, reading = ties[0]
    elif all(reading[4] is ties[0][1][4] for _, reading in ties):  # one arrangement: order by winning block
        han, reading = min(ties, key=_placed_order)
    else:
        han, reading = min(ties, key=_oracle_order)
    return _result(reading, han, facts, dora, ura)


def _han(counted: Counted, dora: int) -> int:
    """The han a reading scores: a yakuman counts 13 a unit and voids dora, other yaku add dora."""
    return 13 * counted.units if counted.units else counted.han + dora


def _rank(reading: tuple, han: int, facts: HandFacts) -> tuple:
    """What the best reading maximises; honba and sticks are left out (the same for every reading).

    After the value, more yakuman rank higher even where the profile pays them once, so
    RCR shows the same reading the oracle (which adds them up) would pick.
    """
    listed, units = reading[0].han, reading[0].units
    fu = reading[2]
    main, additional, _ = payments(han, fu, units, facts.win.is_dealer, facts.self_drawn, facts.profile)
    return main + 2 * additional, units > 0, listed if units else han, fu, reading[3]


def _result(reading: tuple, han: int, facts: HandFacts, dora: int, ura: int) -> dict:
    """The result object of the chosen reading: yaku by id (dora last), cost, fu breakdown largest first."""
    counted, win, fu = reading[0], facts.win, reading[2]
    entries = []
    for name, yaku_han in counted.named:
        entries.append({"name": name, "han": yaku_han})
    if not counted.units:
        if dora:
            entries.append({"name": "Dora", "han": dora})
        if ura:
            entries.append({"name": "Ura Dora", "han": ura})
    paid = cost(han, fu, counted.units, win.is_dealer, facts.self_drawn, win.honba, win.riichi_sticks, facts.profile)
    return {"status": "win", "han": han, "fu": fu, "cost": paid, "yaku": entries,
            "fu_details": fu_details(reading[1])}


def _oracle_order(tie: tuple) -> tuple:
    """The oracle's enumeration order: sorted (tile, kind) blocks, then the winning tile's block."""
    arrangement = tie[1][4]
    return sorted((b.first, _TIE_RANK[b.kind.value]) for b in arrangement.blocks), _placed_order(tie)


def _placed_order(tie: tuple) -> tuple:
    """Within one arrangement the oracle tries the winning tile's blocks by (tile, kind)."""
    arrangement, index = tie[1][4:]
    if index < 0:
        return ()
    block = arrangement.blocks[index]
    return block.first, _TIE_RANK[block.kind.value]
