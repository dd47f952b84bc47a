"""The page's view model: plain data built from the table status, the referee's flags and the
ledger's game, with every text as a Chinese/English pair and every tile as a picture code.

Why apart from the server: the page only draws what is here, so what the players see can be
tested without a browser, and the same model feeds the page, the stream and the seat digits.
Nothing here knows a rule set by name: a win is drawn from the keys its scorer's result
carries (fans and points, yaku and han with fu, a base fan with add-ons).
"""

from firmware.controller.machine import Phase, State
from firmware.display import texts
from firmware.display.tile_faces import tile_codes
from firmware.rules.tiles import NotationError
from firmware.rulesets import get as rule_set

HANDS_SHOWN = 30
"""The game view lists the latest hands; the count of all of them goes with it."""
FAULTS_SHOWN = 8


def build(status: dict, *, flags: list[dict], result: tuple[int, dict] | None,
          notices: list[dict], has_referee: bool) -> dict:
    """The whole view. ``status`` is ``Service.status()``: the ledger's game, when a
    ``[ledger]`` is configured, is in it under ``ledger`` and is the source of the scores and
    of the last hand (its result as recorded, its gains as paid); without one the last hand
    is the referee's latest ``result`` (hand, result), unpaid."""
    game = status.get("ledger")
    hands = (game or {}).get("hands") or []
    last = hands[-1] if hands else None
    if last is not None:
        last_hand = last_hand_view(last["hand"], last.get("result") or {}, last.get("gains"))
    else:
        last_hand = last_hand_view(*result, None) if result else None
    return {
        "table": table_view(status, game, last.get("gains") if last else None),
        "faults": faults_view(status),
        "flags": {"referee": has_referee, "items": flags},
        "notices": notices,
        "last_hand": last_hand,
        "game": game_view(game) if "ledger" in status else None,
    }


def table_view(status: dict, game: dict | None, gains: list | None) -> dict:
    """The machine's state and stage, the rule set, the position of the game (dealer, round,
    honba and sticks when they count) and the four seats."""
    state = State(status["state"])
    in_play = status.get("set_in_play") or {}
    game = game or {}
    dealer = game.get("dealer") if game.get("dealer") is not None else in_play.get("dealer")
    return {
        "state": state.value, "phase": state.phase.value, "label": texts.state_text(state),
        "rules": _rules(status["rules"]), "next_rules": _rules(status["next_rules"]),
        "cycle": status["cycle"], "hand": game.get("hand") or status["hand"],
        "dealer": dealer, "round": _wind(game.get("round")),
        "honba": game.get("honba") or None, "sticks": game.get("sticks") or None,
        "progress": _progress(state, status["preparing"]),
        "seats": seats_view(game.get("scores"), dealer, gains),
        "tile_checks": status.get("tiles"),
        "seat_counts": (status.get("tiles.hands") or {}).get("seats"),
    }


def _wind(letter) -> dict | None:
    """A round wind as the ledger writes it ("E", "S", "W", "N"), in words."""
    return texts.WINDS["ESWN".index(letter)] if letter in ("E", "S", "W", "N") else None


def _rules(name: str) -> dict:
    return {"name": name, "title": rule_set(name).title}


def _progress(state: State, preparing: dict) -> dict | None:
    """Tiles through the stacking head while a set is shuffled and stacked, else None."""
    if state.phase not in (Phase.PREPARING, Phase.PLAYING) or state.is_ready:
        return None
    stacks = sum(preparing["stacks_per_side"])
    return {"tiles_seen": preparing["tiles_seen"], "tiles": preparing["tiles"],
            "stacks": stacks, "layout": sum(preparing["layout"])}


def seats_view(scores: list | None, dealer: int | None, gains: list | None) -> list[dict]:
    """The four seats: wind (from the dealer), score, gap to the leader, last hand's gain."""
    leader = max(scores) if scores else None
    seats = []
    for seat in range(4):
        wind = None if dealer is None else (seat - dealer) % 4
        score = scores[seat] if scores else None
        seats.append({"seat": seat, "place": texts.PLACES[seat],
                      "wind": None if wind is None else texts.WINDS[wind],
                      "dealer": seat == dealer, "score": score,
                      "behind": None if score is None else score - leader,
                      "last": gains[seat] if gains else None})
    return seats


def faults_view(status: dict) -> dict:
    """The fault the table stands in (code, detail, what to do) and the latest ones before."""
    state = State(status["state"])
    faults = [fault | texts.fault_texts(fault["code"]) for fault in status["faults"]]
    active = faults[-1] if state.phase in (Phase.FAULT, Phase.ESTOP) and faults else None
    return {"active": active, "history": faults[-FAULTS_SHOWN:][::-1],
            "count": len(faults)}


def flag_view(flag: dict, resolution: dict | None) -> dict:
    """A referee's flag as the judge sees it: seat, offence, rule, penalty, evidence tiles."""
    seat = flag.get("seat")
    return {"id": str(flag.get("id")), "seat": seat,
            "place": texts.PLACES[seat] if seat in range(4) else None,
            "offence": flag.get("offence"), "label": texts.offence_text(str(flag.get("offence"))),
            "rule": flag.get("rule"), "penalty": penalty_view(flag.get("penalty")),
            "evidence": evidence_items(flag.get("evidence")),
            "status": "open" if resolution is None else
            ("confirmed" if resolution["confirmed"] else "dismissed"),
            "judge": resolution and resolution["judge"], "why": resolution and resolution["why"]}


def penalty_view(penalty) -> dict | None:
    """A penalty as its name (the referee's zh/en pair, when it gives one) and its terms: each
    other key with its value, a true flag by its name alone, a false one left out."""
    if penalty is None:
        return None
    if not isinstance(penalty, dict):
        return {"name": texts.pair(str(penalty), str(penalty)), "terms": []}
    name = texts.pair(penalty["zh"], penalty["en"]) if "zh" in penalty and "en" in penalty else None
    terms = [key.replace("_", " ") if value is True else f"{key.replace('_', ' ')} {_plain(value)}"
             for key, value in penalty.items() if key not in ("zh", "en") and value is not False
             and value is not None]
    return {"name": name, "terms": terms}


def evidence_items(evidence, label: str | None = None) -> list[dict]:
    """Evidence of any shape as items: tile notation becomes pictures, the rest stays text."""
    if isinstance(evidence, dict):
        return [item for key, value in evidence.items() for item in evidence_items(value, key)]
    if isinstance(evidence, list):
        return [item for value in evidence for item in evidence_items(value, label)]
    if evidence is None:
        return []
    return [{"label": label, **_tiles_or_text(evidence)}]


def _tiles_or_text(value) -> dict:
    try:
        return {"tiles": tile_codes(value)}
    except NotationError:
        return {"text": _plain(value)}


def _plain(value) -> str | None:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_plain(item)}" for key, item in value.items())
    return str(value)


def last_hand_view(hand: int, result: dict, gains: list | None) -> dict:
    """A hand's conclusion: each win with its scoring, how it ended, what each seat gained."""
    return {"hand": hand, "end": result.get("end"),
            "wins": [win_view(win) for win in result.get("wins") or []],
            "ready": result.get("ready"), "flower_pigs": result.get("flower_pigs"),
            "payments": gains}


def win_view(win: dict) -> dict:
    seat, by = win.get("seat"), win.get("win_by")
    record = win.get("record") or {}
    return {"seat": seat, "place": texts.PLACES[seat] if seat in range(4) else None,
            "win_by": texts.WIN_BY.get(by, texts.pair(str(by), str(by))), "from": win.get("from"),
            "tiles": _hand_tiles(record)} | score_view(win.get("result") or {})


def _hand_tiles(record: dict) -> dict | None:
    """The winning hand as pictures, when the win carries its hand record."""
    try:
        concealed = tile_codes(record["concealed"]) if record.get("concealed") else []
        melds = [tile_codes(meld["tiles"]) for meld in record.get("melds") or []]
        win_tile = tile_codes(record["win_tile"]) if record.get("win_tile") else []
    except (NotationError, KeyError, TypeError):
        return None
    return {"concealed": concealed, "melds": melds, "win_tile": win_tile} if concealed else None


def score_view(result: dict) -> dict:
    """A scorer's result as lines (name pair, value, unit) and totals, by the keys it has."""
    lines = []
    for fan in result.get("fans") or []:
        count = fan.get("count", 1)
        lines.append({"name": texts.pair(fan.get("zh", ""), fan.get("en", "")), "count": count,
                      "value": fan.get("points", 0) * count, "unit": "points"})
    if result.get("flower_points"):
        lines.append({"name": texts.pair("花牌", "Flowers"), "count": 1,
                      "value": result["flower_points"], "unit": "points"})
    for yaku in result.get("yaku") or []:
        lines.append({"name": texts.yaku_text(yaku.get("name", "")), "count": 1,
                      "value": yaku.get("han", 0), "unit": "han"})
    for fan in [result["base_fan"]] if result.get("base_fan") else []:
        lines.append({"name": texts.pair(fan.get("zh", ""), fan.get("en", "")), "count": 1,
                      "value": fan.get("fan", 0), "unit": "fan"})
    for addon in result.get("addons") or []:
        lines.append({"name": texts.pair(addon.get("zh", ""), addon.get("en", "")),
                      "count": addon.get("count", 1),
                      "value": addon.get("fan", 0) * addon.get("count", 1), "unit": "fan"})
    cost = result.get("cost")
    return {"status": result.get("status"), "message": result.get("message"), "lines": lines,
            "total": _total(result), "fu": result.get("fu"),
            "cost": cost.get("total") if isinstance(cost, dict) else None,
            "points_per_payer": result.get("points_per_payer")}


def _total(result: dict) -> dict | None:
    for key, unit in (("total", "points"), ("han", "han"), ("capped_fan", "fan"), ("fan", "fan")):
        if isinstance(result.get(key), int):
            return {"value": result[key], "unit": unit}
    return None


def game_view(game: dict) -> dict:
    """The ledger's game: standings, the hands so far (latest first), the end-of-game scores."""
    hands = game.get("hands") or []
    return {"rules": _rules(game["rules"]) if game.get("rules") else None,
            "hand": game.get("hand"), "scores": game.get("scores"),
            "ended": bool(game.get("ended")), "standings": standings_view(game.get("standings")),
            "final": game.get("scores") if game.get("ended") else None,
            "hands": [_hand_row(row) for row in hands[-HANDS_SHOWN:][::-1]],
            "hands_total": len(hands), "present": game.get("game") is not None}


STANDING_COLUMNS = ("standard_score", "uma", "result")
"""What a rule set's standings may add to rank, seat, player and score (the ledger's keys)."""


def standings_view(standings) -> list[dict]:
    """The standings by rank: seat, player, score and whichever of STANDING_COLUMNS the
    rule set gives."""
    rows = [row for row in standings or [] if isinstance(row, dict) and row.get("seat") in range(4)]
    return [{"rank": row.get("rank"), "seat": row["seat"], "place": texts.PLACES[row["seat"]],
             "player": row.get("player"), "score": row.get("score"),
             "columns": [[key, row[key]] for key in STANDING_COLUMNS if key in row]}
            for row in sorted(rows, key=lambda row: (row.get("rank") or 0, row["seat"]))]


def _hand_row(row: dict) -> dict:
    result = row.get("result") or {}
    wins = result.get("wins") or []
    return {"hand": row.get("hand"), "id": row.get("id"), "end": result.get("end"),
            "winners": [win.get("seat") for win in wins],
            "totals": [_total(win.get("result") or {}) for win in wins],
            "gains": row.get("gains"), "scores": row.get("scores")}
