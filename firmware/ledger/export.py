"""A game for tournament software: the whole record as JSON, one CSV row per hand, or mjai.

The JSON is ``game show --json`` plus every event of the game as the log holds it (ids, kinds,
bodies and hashes), so a tournament tool can check the chain itself. The CSV has one row per
hand (round, dealer, honba, sticks, winners, each seat's gain and score, penalties, void or
problem) and a last row, ``final``, with the final scores and standings.
"""

import csv
import io

from firmware.ledger.money import SEATS
from firmware.store import Event

_FIELDS = (["hand", "event", "round", "dealer", "honba", "sticks", "end", "winners", "win_by", "from"]
           + [f"gain_{s}" for s in range(SEATS)] + [f"score_{s}" for s in range(SEATS)]
           + ["penalties", "void", "problem"])


def as_json(view: dict, events: list[Event]) -> dict:
    first = view["game"]
    mine = [e for e in events if first is not None and e.id >= first]
    return {**view, "events": [{"id": e.id, "kind": e.kind, "at": e.at, "body": e.body,
                                "prev": e.prev, "hash": e.hash} for e in mine]}


def as_csv(view: dict) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=_FIELDS + ["rank", "standing"], lineterminator="\n")
    writer.writeheader()
    for hand in view["hands"]:
        result = hand["result"] if isinstance(hand["result"], dict) else {}
        wins = [w for w in result.get("wins", []) if isinstance(w, dict)]
        row = {"hand": hand["hand"], "event": hand["id"], "round": hand["round"], "dealer": hand["dealer"],
               "honba": hand["honba"], "sticks": hand["sticks"], "end": result.get("end"),
               "winners": " ".join(str(w.get("seat")) for w in wins),
               "win_by": " ".join(str(w.get("win_by")) for w in wins),
               "from": " ".join("" if w.get("from") is None else str(w["from"]) for w in wins),
               "penalties": "; ".join(f"seat {p['seat']} {p['offence']} {p.get('points', 0)}"
                                      for p in hand["penalties"]),
               "void": hand["void"] or "", "problem": hand["problem"] or ""}
        row.update({f"gain_{s}": hand["gains"][s] for s in range(SEATS)})
        row.update({f"score_{s}": hand["scores"][s] for s in range(SEATS)})
        writer.writerow(row)
    if view["scores"] is not None:
        final = {"hand": "final", "end": view["end_reason"] or "in play"}
        final.update({f"score_{s}": view["scores"][s] for s in range(SEATS)})
        by_seat = {row["seat"]: row for row in view["standings"]}
        final["rank"] = " ".join(str(by_seat[s]["rank"]) for s in range(SEATS))
        key = next((k for k in ("standard_score", "result") if view["standings"] and k in view["standings"][0]), None)
        final["standing"] = " ".join(str(by_seat[s][key]) for s in range(SEATS)) if key else ""
        writer.writerow(final)
    return out.getvalue()
