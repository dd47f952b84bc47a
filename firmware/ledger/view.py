"""The game as people and programs read it: ``mjtable game show`` (text or JSON) and the
ledger component's status, one plain dict for both."""

from dataclasses import replace

from firmware.ledger.game import Game, HandRecord
from firmware.ledger.ledger import Ledger
from firmware.ledger.money import SEATS, Balance

_NO_GAME = {"game": None, "rules": None, "profile": None, "players": [None] * SEATS, "hand": None,
            "round": None, "dealer": None, "honba": 0, "sticks": 0, "doubled": False, "scores": None,
            "hands": [], "ended": False, "end_reason": None, "closing": [], "standings": [],
            "pending_flags": [], "adjustments": [], "time_limit_min": None, "elapsed_min": None}


def ledger_view(ledger: Ledger) -> dict:
    """The game in play (or the last one), with the log's problems and decisions."""
    view = dict(_NO_GAME) if ledger.game is None else game_view(ledger.game)
    problems = [{"hand": r.hand, "problem": r.problem} for r in ledger.game.records if r.problem] \
        if ledger.game else []
    return {**view, "games": ledger.game_count, "last_event": ledger.last_event,
            "problems": problems + ledger.problems, "log_decisions": ledger.decisions,
            "actions": ledger.actions[-20:]}


def game_view(game: Game) -> dict:
    position, final, rules = game.position, game.final(), game.rules
    setup = replace(game.setup, players=game.players)
    last_elapsed = next((r.input.elapsed_s for r in reversed(game.records) if r.input.elapsed_s is not None), None)
    return {
        "game": game.started, "rules": setup.rules, "profile": setup.profile or game.rule_set.profiles[0],
        "players": list(game.players), "hand": position.hand, "round": position.round_wind,
        "dealer": position.dealer, "honba": rules.honba(position), "sticks": rules.sticks(position),
        "doubled": rules.doubled(position),
        "scores": list(final.scores), "hands": [hand_view(r, game) for r in game.records],
        "ended": position.ended is not None, "end_reason": position.ended,
        "closing": [t.as_json() for t in game.closing()],
        "standings": rules.standings(final.scores, setup), "deducted": final.deducted,
        "pending_flags": [flag["id"] for r in game.records for flag in _pending(r, game)],
        "adjustments": game.adjustments(),
        "time_limit_min": setup.time_limit_min,
        "elapsed_min": None if last_elapsed is None else round(last_elapsed / 60, 2),
    }


def hand_view(record: HandRecord, game: Game) -> dict:
    before, rules = record.before, game.rules
    return {
        "hand": record.hand, "id": record.input.event, "corrections": list(record.input.corrections),
        "source": record.input.source, "table_hand": record.input.table_hand,
        "round": before.round_wind, "dealer": before.dealer, "honba": rules.honba(before),
        "sticks": rules.sticks(before), "result": record.input.result,
        "transfers": [t.as_json() for t in record.transfers],
        "gains": list(Balance.of(record.transfers).gains), "scores": list(record.after.scores),
        "penalties": record.penalties, "pending_flags": [f["id"] for f in _pending(record, game)],
        "void": record.void, "problem": record.problem, "notes": record.notes,
        "elapsed_min": None if record.input.elapsed_s is None else round(record.input.elapsed_s / 60, 2),
    }


def _pending(record: HandRecord, game: Game) -> list[dict]:
    result = record.input.result
    flags = result.get("flags", []) if isinstance(result, dict) else []
    return [f for f in flags if isinstance(f, dict) and f.get("id") not in game.resolutions]


def render_text(view: dict) -> str:
    """``mjtable game show`` for a person: the position, the scores, one line per hand."""
    if view["game"] is None:
        return "no game on this log: start one with `mjtable game new --rules R`"
    state = (f"ended: {view['end_reason']}" if view["ended"] else
             f"hand {view['hand']} in play, {view['round']} round, dealer seat {view['dealer']}"
             f", honba {view['honba']}, sticks {view['sticks']}")
    lines = [f"game {view['game']} ({view['rules']}, profile {view['profile']}): {state}"]
    for row in sorted(view["standings"], key=lambda r: r["seat"]):
        extra = "".join(f", {key.replace('_', ' ')} {row[key]}" for key in ("standard_score", "uma", "result")
                        if key in row)
        lines.append(f"  seat {row['seat']} {row['player'] or '-':<12} {row['score']:>8}  rank {row['rank']}{extra}")
    for hand in view["hands"]:
        flag = f"  [{hand['void'] or hand['problem']}]" if hand["void"] or hand["problem"] else ""
        lines.append(f"  hand {hand['hand']:>3} ({hand['round']}, dealer {hand['dealer']}): gains {hand['gains']}"
                     f" → {hand['scores']}{flag}")
    for problem in view["problems"]:
        lines.append(f"  problem: {problem}")
    return "\n".join(lines)
