"""Raw riichi hand records (../shared/spec/hand-records.md) for the tests: written by hand or generated at random.

The records are plain JSON objects, built with the tests' own tile notation
(record_reader.py), with the full `rules` block the spec copies into every record (so
the oracle adapter reads its options from the record, as it does for the corpus).
Only `score` calls the engine under test.

`record(...)`: one hand from short strings. `random_record(rng)`: a generated hand from
any `random.Random`-like source (hypothesis' `st.randoms()` in the tests, a seeded
`random.Random` in tests/fuzz_oracles.py).
"""

from collections import Counter

from record_reader import ORPHANS, RIICHI_FLAGS, WINDS, write
from themes import sets_and_pair

_PROFILE_NAMES = {"rcr": "rcr2016", "tenhou": "tenhou_like"}
# The spec's `rules` table, per record profile.
_COMMON_RULES = {"has_open_tanyao": True, "has_aka_dora": False, "kiriage": False, "fu_for_open_pinfu": True,
                 "fu_for_pinfu_tsumo": False, "renhou_as_yakuman": False}
RULES = {
    "rcr2016": dict(_COMMON_RULES, profile="rcr2016", has_double_yakuman=False, kazoe_limit="sanbaiman"),
    "tenhou_like": dict(_COMMON_RULES, profile="tenhou_like", has_double_yakuman=True, kazoe_limit="limited"),
}


def record(concealed: str, win: str, melds=(), self_drawn: bool = False, profile: str = "rcr",
           seat: str = "S", round_: str = "E", dora: str = "", ura: str = "", honba: int = 0,
           sticks: int = 0, flags=(), **extra) -> dict:
    """A record for `concealed` (13 - 3k tiles before the win) and `win`.

    Melds are written like the test conftest's: "345m" chi, "777p" pon, "9999s" open
    kong, "+1111z" added kong, "[5555m]" concealed kong. `flags` names the win conditions
    that hold (riichi, ippatsu, ...); `extra` adds further context keys (furiten evidence).
    """
    context = {name: name in flags for name in RIICHI_FLAGS}
    context.update(seat_wind=seat, round_wind=round_, dora_indicators=dora, ura_dora_indicators=ura,
                   honba=honba, riichi_sticks=sticks, **extra)
    return {"id": "test", "ruleset": "riichi", "concealed": concealed, "win_tile": win,
            "melds": [_meld(m) for m in melds], "win_by": "self_draw" if self_drawn else "discard",
            "context": context, "rules": dict(RULES[_PROFILE_NAMES[profile]])}


def _meld(text: str) -> dict:
    if text.startswith("["):
        return {"type": "kan_closed", "tiles": text[1:-1]}
    if text.startswith("+"):
        return {"type": "kan_added", "tiles": text[1:], "called": text[1] + text[-1], "from": "left"}
    digits = text[:-1]
    called = digits[0] + text[-1]
    if len(digits) == 4:
        return {"type": "kan_open", "tiles": text, "called": called, "from": "right"}
    if len(set(digits)) == 1:
        return {"type": "pon", "tiles": text, "called": called, "from": "opposite"}
    return {"type": "chi", "tiles": text, "called": called, "from": "left"}


def score(*args, **kwargs) -> dict:
    """The engine's result for record(*args, **kwargs) under the record's own profile."""
    from firmware.rules.riichi import score_record  # the engine under test, not used to build records

    return score_record(record(*args, **kwargs), None)


def yaku_names(result: dict) -> dict:
    """{yaku name: han} of a result."""
    return {y["name"]: y["han"] for y in result["yaku"]}


# --- generated records -------------------------------------------------------------------

_SOURCES = ("left", "opposite", "right")


def _tiles(kind: str, first: int) -> list[int]:
    return [first, first + 1, first + 2] if kind == "chow" else [first] * 3


def _standard(rng):
    """Four sets of a theme (themes.py) and a pair; in most hands some sets are called, and a
    pung whose kind has no other copy in the hand may be declared as a kong."""
    sets, pair = sets_and_pair(rng, chow_share=0.6)
    closed_only = rng.random() < 0.4
    held = Counter([pair, pair])
    for kind, first in sets:
        held.update(_tiles(kind, first))
    melds, closed = [], [pair, pair]
    for kind, first in sets:
        tiles = _tiles(kind, first)
        how = "" if closed_only else rng.choice(("", "", "", "", "open", "open", "closed_kan", "added", "open_kan"))
        if kind == "pung" and how in ("closed_kan", "added", "open_kan") and held[first] == 3:
            text = write([first] * 4)
            if how == "closed_kan":
                melds.append({"type": "kan_closed", "tiles": text})
            else:
                melds.append({"type": "kan_added" if how == "added" else "kan_open", "tiles": text,
                              "called": write([first]), "from": rng.choice(_SOURCES)})
        elif how == "open":
            called = write([rng.choice(tiles)])
            melds.append({"type": "chi", "tiles": write(tiles), "called": called, "from": "left"} if kind == "chow"
                         else {"type": "pon", "tiles": write(tiles), "called": called, "from": rng.choice(_SOURCES)})
        else:
            closed += tiles
    return closed, melds


def _seven_pairs_or_orphans(rng):
    if rng.random() < 0.6:
        return [k for k in rng.sample(range(34), 7) for _ in range(2)], []
    return list(ORPHANS) + [rng.choice(ORPHANS)], []


def _nine_gates(rng):
    suit = 9 * rng.randint(0, 2)
    return [suit] * 3 + list(range(suit + 1, suit + 8)) + [suit + 8] * 3 + [suit + rng.randint(0, 8)], []


_SHAPES = ((_standard, 8), (_seven_pairs_or_orphans, 2), (_nine_gates, 0.3))


def random_record(rng, index: int = 0) -> dict:
    """One generated raw record: mostly complete hands, one in ten with a concealed tile replaced;
    random winds, win conditions (now and then contradictory ones), dora, honba and sticks."""
    builders, weights = zip(*_SHAPES)
    closed, melds = rng.choices(builders, weights)[0](rng)
    win = rng.choice(closed)
    closed.remove(win)
    if rng.random() < 0.1:  # perturbed: mostly no longer a winning hand, sometimes a fifth copy
        closed[rng.randrange(len(closed))] = rng.randint(0, 33)
    concealed_hand = all(m["type"] == "kan_closed" for m in melds)
    flags = set(rng.sample(RIICHI_FLAGS, rng.randint(1, 2))) if rng.random() < 0.12 else set()
    if concealed_hand and rng.random() < 0.5:
        flags.add(rng.choice(("riichi", "riichi", "double_riichi")))
        if rng.random() < 0.2:
            flags.add("ippatsu")
    n_indicators = 1 + sum(m["type"].startswith("kan") for m in melds)
    riichi = bool(flags & {"riichi", "double_riichi"})
    context = {name: name in flags for name in RIICHI_FLAGS}
    context.update(
        seat_wind=rng.choice(WINDS), round_wind=rng.choice(WINDS),
        dora_indicators=write(rng.randint(0, 33) for _ in range(n_indicators)),
        ura_dora_indicators=write(rng.randint(0, 33) for _ in range(n_indicators)) if riichi else "",
        honba=rng.randint(0, 3), riichi_sticks=rng.randint(0, 2),
    )
    profile = "tenhou_like" if rng.random() < 0.3 else "rcr2016"
    return {"id": f"rii-gen-{index:06d}", "ruleset": "riichi", "concealed": write(closed),
            "win_tile": write([win]), "melds": melds, "win_by": rng.choice(("discard", "self_draw")),
            "context": context, "rules": dict(RULES[profile])}
