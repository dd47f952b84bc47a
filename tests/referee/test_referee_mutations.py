"""`mjtable referee` on damaged scenarios: the public ones with a key dropped, a value of the
wrong type, events shuffled or out of range, a wall cut short. Every line gets its answer (a
result or an error naming what was wrong), in its place, and the run goes on: never a
traceback, never a line lost. The damage is drawn from a fixed seed, so a failure replays."""

import json
import random

from cli_run import referee, scenarios

ODD_VALUES = (None, 5, -1, 2.5, True, "x", "99z", "hand.7", [], {}, 1e9)
RUNNER_KEYS = {"id", "flags", "wins", "end", "ready", "flower_pigs"}


def _damaged(scenario: dict, rng: random.Random) -> dict:
    """``scenario`` with one piece of damage (a deep copy: the corpus stays as it is)."""
    damaged = json.loads(json.dumps(scenario))
    events, start = damaged.get("events") or [], damaged.get("start") or {}
    kind = rng.randrange(10)
    if kind == 0:
        del damaged[rng.choice(list(damaged))]
    elif kind == 1:
        damaged[rng.choice(list(damaged))] = rng.choice(ODD_VALUES)
    elif kind == 2 and events:
        event = rng.choice(events)
        event[rng.choice(list(event))] = rng.choice(ODD_VALUES)
    elif kind == 3 and events:
        event = rng.choice(events)
        del event[rng.choice(list(event))]
    elif kind == 4:
        rng.shuffle(events)
    elif kind == 5:
        events.insert(rng.randrange(len(events) + 1), {"t": 1, "zone": "pond", "tiles": "1m" * 20})
    elif kind == 6:
        events.append({"t": 99, "seat": rng.choice((0, 4, None, "a")),
                       "button": rng.choice(("win", "riichi", "void_m", "boom", 3))})
    elif kind == 7 and start:
        start[rng.choice(list(start))] = rng.choice(ODD_VALUES)
    elif kind == 8 and isinstance(start.get("wall"), list):
        del start["wall"][rng.randrange(len(start["wall"]) + 1):]
    else:
        for event in events:
            if isinstance(event.get("tiles"), str) and rng.random() < 0.3:
                event["tiles"] += rng.choice(("1m", "9z", "0p", "1f1f", "x"))
    return damaged


def test_damaged_scenarios_each_get_an_answer_in_place_and_the_run_goes_on(shared_dir):
    corpus = scenarios(shared_dir / "corpus" / "play_public.jsonl")
    rng = random.Random(20261204)
    damaged = [_damaged(rng.choice(corpus), rng) for _ in range(300)]
    done = referee("--json", "-", stdin="".join(json.dumps(s) + "\n" for s in damaged))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == len(damaged)
    errors = 0
    for sent, answer in zip(damaged, out):
        assert answer["id"] == sent.get("id")  # echoed as sent, whatever it is
        if "error" in answer:
            errors += 1
            assert isinstance(answer["error"], str) and answer["error"].strip()
        else:
            assert set(answer) == RUNNER_KEYS
    assert 0 < errors < len(damaged)  # the damage is caught where it breaks the scenario, only there
