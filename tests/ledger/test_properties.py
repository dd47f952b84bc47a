"""Any sequence of hand results, flag decisions and corrections keeps every game zero-sum,
and replaying the log gives the live ledger's state, for every rule set.

Zero-sum: each hand's transfers move points between seats and the riichi pool, or deduct them
(penalties only), so the scores plus the pool plus what was deducted stay what the game
started with. Replay: the same events, written to a real log and read back from the file,
rebuild a ledger whose view is the live one, to the last field.
"""

import tempfile

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.ledger.book import Book
from firmware.ledger.money import Balance
from firmware.ledger.view import ledger_view
from firmware.store import EventLog
from hands import flag, mcr, move, result, riichi, sichuan

SEATS = st.integers(0, 3)


@st.composite
def mcr_result(draw) -> dict:
    kind = draw(st.sampled_from(["win", "draw", "cut"]))
    flags = [flag(f"F{draw(st.integers(0, 10 ** 6))}", draw(SEATS), draw(st.sampled_from(
        ["false_win", "below_minimum", "wrong_count", "wrong_call"]))) for _ in range(draw(st.integers(0, 2)))]
    if kind != "win":
        return result(end=kind, flags=flags)
    winner = draw(SEATS)
    source = draw(st.sampled_from([None] + [s for s in range(4) if s != winner]))
    return result(mcr(winner, source, draw(st.integers(8, 120))), flags=flags)


@st.composite
def riichi_result(draw) -> dict:
    declared = draw(st.lists(SEATS, unique=True, max_size=3))
    moves = [m for seat in declared for m in (move(seat, "riichi"), move(seat, "discard", "9s"))]
    flags = [flag(f"F{draw(st.integers(0, 10 ** 6))}", draw(SEATS), "false_win")] if draw(st.booleans()) else []
    if draw(st.booleans()):
        return result(ready=draw(st.lists(SEATS, unique=True)), moves=moves, flags=flags)
    winner = draw(SEATS)
    source = draw(st.sampled_from([None] + [s for s in range(4) if s != winner]))
    main = 100 * draw(st.integers(10, 360))
    return result(riichi(winner, source, main, 100 * -(-main // 200)), moves=moves, flags=flags)


@st.composite
def sichuan_result(draw) -> dict:
    winners = draw(st.lists(SEATS, unique=True, min_size=1, max_size=3))
    kongs = [move(seat, "kong_concealed", "3p") for seat in draw(st.lists(SEATS, unique=True, max_size=2))]
    wins = []
    for seat in winners:
        source = draw(st.sampled_from([None] + [s for s in range(4) if s not in winners]))
        wins.append(sichuan(seat, source, draw(st.integers(1, 7))))
    return result(*wins, end="win", moves=kongs)


@st.composite
def ccm_result(draw) -> dict:
    if draw(st.booleans()):
        return result(end="draw", moves=[move(draw(SEATS), "kong_concealed", "4m")])
    winner = draw(SEATS)
    source = draw(st.sampled_from([None] + [s for s in range(4) if s != winner]))
    return result(mcr(winner, source, draw(st.integers(1, 40))))


RESULTS = {"mcr": mcr_result(), "cmcr1998": mcr_result(), "riichi": riichi_result(),
           "sichuan": sichuan_result(), "ccm2012": ccm_result()}


@st.composite
def histories(draw):
    rules = draw(st.sampled_from(sorted(RESULTS)))
    steps = []
    for _ in range(draw(st.integers(1, 14))):
        choice = draw(st.sampled_from(["hand", "hand", "hand", "correct", "resolve"]))
        if choice == "hand":
            steps.append(("hand", draw(RESULTS[rules])))
        elif choice == "correct":
            steps.append(("correct", draw(st.integers(1, 14)), draw(RESULTS[rules])))
        else:
            steps.append(("resolve", draw(st.integers(0, 13)), draw(st.booleans())))
    return rules, steps


def _apply(book: Book, step) -> None:
    game = book.ledger.game
    if step[0] == "hand":
        book.write("hand_recorded", {"result": step[1], "source": "referee", "elapsed_s": None})
    elif step[0] == "correct" and step[1] <= len(game.records):
        book.write("hand_corrected", {"corrects": game.records[step[1] - 1].input.event,
                                      "result": step[2], "why": "judge", "judge": "J"})
    elif step[0] == "resolve":
        flags = [f["id"] for r in game.records for f in r.input.result.get("flags", [])]
        if flags:
            book.write("flag_resolved", {"flag_id": flags[step[1] % len(flags)], "confirmed": step[2],
                                         "judge": "J", "why": "seen"})


def _check_zero_sum(book: Book) -> None:
    game = book.ledger.game
    assert book.ledger.problems == []
    for record in game.records:
        assert record.problem is None, record.problem
        balance = Balance.of(record.transfers)
        assert sum(balance.gains) + balance.pool + balance.deducted == 0
        assert record.after.total() == game.start.total()
    final = game.final()
    assert sum(final.scores) + final.pool + final.deducted == game.start.total()


@settings(derandomize=True, max_examples=80, deadline=None)
@given(histories())
def test_results_and_corrections_stay_zero_sum_and_replay_to_the_live_state(history):
    rules, steps = history
    with tempfile.TemporaryDirectory() as folder:
        book = Book(folder)
        book.write("game_started", {"rules": rules, "players": ["A", "B", "C", "D"]})
        for step in steps:
            _apply(book, step)
            _check_zero_sum(book)
        live = ledger_view(book.ledger)
        book.close()
        replayed = Book(folder)
        assert ledger_view(replayed.ledger) == live
        assert len(list(EventLog(folder).events())) == replayed.ledger.last_event
        replayed.close()
