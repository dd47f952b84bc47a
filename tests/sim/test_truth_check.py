"""The referee's verdicts set against the world's truth (``mjtable sim --json``), on a log and
results written out by hand: flags matched by hand, seat and offence; wins and discards
compared one by one; points per seat read from each rule set's result as the payments rules
say (worked out here by hand)."""

from hal_sim import truth_check
from hal_sim.world.log import Discard, HandEnd, Mistake, Win, WorldLog

MCR_WIN = {"status": "win", "total": 10}
RIICHI_RON = {"status": "win", "cost": {"main": 3900, "main_bonus": 300, "additional": 0,
                                        "additional_bonus": 0, "kyoutaku_bonus": 1000}}


def log_of(*wins, mistakes=(), discards=(), rules="mcr", hands=(1, 2, 3)) -> WorldLog:
    log = WorldLog()
    log.hands = [HandEnd(hand, rules, 0, "win", 144) for hand in hands]
    log.wins = list(wins)
    log.mistakes = list(mistakes)
    log.discards = list(discards)
    return log


def win(hand, seat, discarder, result) -> Win:
    return Win(hand, seat, "self_draw" if discarder is None else "discard", discarder, {}, result)


def test_flags_match_mistakes_by_hand_seat_and_offence():
    log = log_of(mistakes=[Mistake(1, 2, "false_win", ""), Mistake(2, 0, "wrong_count", "")])
    flags = [(1, {"seat": 2, "offence": "false_win"}), (2, {"seat": 1, "offence": "wrong_count"}),
             (3, {"seat": 0, "offence": "no_yaku"})]
    found = truth_check.miscalls(log, flags)
    assert (found["injected"], found["flagged"], found["missed"], found["false_flags"]) == (2, 1, 1, 2)
    assert found["by_kind"]["wrong_count"] == {"injected": 1, "flagged": 0, "missed": 1,
                                               "false_flags": 1}
    assert found["first_missed"] == {"hand": 2, "seat": 0, "offence": "wrong_count"}


def test_without_a_referee_nothing_is_invented():
    log = log_of(win(1, 1, 3, MCR_WIN), mistakes=[Mistake(1, 2, "false_win", "")])
    found = truth_check.miscalls(log, None)
    assert found == {"injected": 1, "flagged": None, "false_flags": None, "missed": None,
                     "by_kind": {"false_win": {"injected": 1, "flagged": None, "missed": None}}}
    assert truth_check.wins(log, None) == {"count": 1, "agree": None, "disagree": None,
                                           "first_disagreement": None}
    assert truth_check.reconstruction(log, None) is None


def test_wins_agree_when_seat_how_whom_and_result_are_the_same():
    log = log_of(win(1, 1, 3, MCR_WIN), win(2, 0, None, MCR_WIN))
    results = {1: {"wins": [{"seat": 1, "win_by": "discard", "from": 3, "result": MCR_WIN}]},
               2: {"wins": [{"seat": 0, "win_by": "self_draw", "from": None,
                             "result": {"status": "win", "total": 9}}]}}
    found = truth_check.wins(log, results)
    assert (found["count"], found["agree"], found["disagree"]) == (2, 1, 1)
    assert found["first_disagreement"]["hand"] == 2


def test_a_discard_agrees_when_every_zone_holds_the_same_tiles():
    zones = {f"hand.{s}": () for s in range(4)} | {f"melds.{s}": () for s in range(4)}
    truth = Discard(1, 2, "5z", zones | {"hand.2": ("1m", "2m", "3m", "1z", "1z"),
                                         "pond": ("5z",)}, ())
    same = {z: "" for z in zones} | {"hand.2": "11z123m", "pond": "5z"}
    log = log_of(discards=[truth, truth])
    results = {1: {"discards": [{"seat": 2, "tile": "5z", "zones": same},
                                {"seat": 2, "tile": "5z", "zones": same | {"pond": "6z"}}]}}
    found = truth_check.reconstruction(log, results)
    assert (found["discards"], found["agree"]) == (2, 1)
    assert found["first_disagreement"]["index"] == 1


def test_checking_each_hand_as_its_result_comes_gives_the_same_figures():
    """``mjtable sim`` takes each hand's true discards out of the log when its result comes;
    the figures are those of checking the whole run at once."""
    zones = {f"hand.{s}": () for s in range(4)} | {f"melds.{s}": () for s in range(4)}
    truth = [Discard(hand, 0, "1m", zones | {"pond": ("1m",)}, ()) for hand in (1, 1, 2, 3)]
    good = {"seat": 0, "tile": "1m", "zones": {z: "" for z in zones} | {"pond": "1m"}}
    results = {1: {"discards": [good, good]}, 2: {"discards": [good | {"seat": 1}]}}
    whole = truth_check.reconstruction(log_of(discards=truth), results)
    log, tally = log_of(discards=truth), truth_check.Reconstruction()
    for hand in (1, 2):
        tally.check(log.take_discards(hand), {hand: results[hand]})
    assert [d.hand for d in log.discards] == [3]  # hand 3 has no result yet: still in the log
    assert truth_check.reconstruction(log, results, tally) == whole
    assert (whole["discards"], whole["agree"], whole["first_disagreement"]["hand"]) == (4, 2, 2)


def test_points_per_seat_follow_each_rule_sets_payments():
    """MCR: the discarder pays 8 + 10, the others 8. Riichi: the discarder pays main + honba
    (the riichi sticks are left out). Sichuan: a self-draw is paid by each seat still in."""
    mcr = truth_check.scores(log_of(win(1, 1, 3, MCR_WIN)), None)
    assert mcr["seats"] == [-8, 34, -8, -18] and mcr["from"] == "simulator truth"
    riichi = truth_check.scores(log_of(win(1, 2, 0, RIICHI_RON), rules="riichi"), None)
    assert riichi["seats"] == [-4200, 0, 4200, 0]
    tsumo = {"status": "win", "cost": {"main": 2000, "main_bonus": 100, "additional": 1000,
                                       "additional_bonus": 100, "kyoutaku_bonus": 0}}
    assert truth_check.scores(log_of(win(1, 1, None, tsumo)), None)["seats"] == [
        -2100, 4300, -1100, -1100]
    sichuan = log_of(win(1, 3, 1, {"status": "win", "points_per_payer": 2}),
                     win(1, 0, None, {"status": "win", "points_per_payer": 4}), rules="sichuan")
    assert truth_check.scores(sichuan, None)["seats"] == [8, -6, -4, 2]
    ccm = {"status": "win", "total": 20, "addon_points": 8}  # V = 20: the discarder pays 2V
    assert truth_check.scores(log_of(win(1, 2, 1, ccm)), None)["seats"] == [0, -40, 40, 0]


def test_with_a_referee_the_points_come_from_its_results():
    results = {1: {"wins": [{"seat": 0, "win_by": "discard", "from": 2, "result": MCR_WIN}]}}
    found = truth_check.scores(log_of(), results)
    assert found["seats"] == [34, -8, -18, -8] and found["from"] == "referee"
