"""Raw MCR hand records (../shared/spec/hand-records.md) for the tests: written by hand or generated at random.

Nothing here imports the firmware: records are plain JSON objects, built with the tests'
own tile notation (record_reader.py), so the oracle and the engine read the same raw text.

`record(...)`: one hand from short strings. Melds: "345m" chi, "777p" pon, "9999s" open
kong, "+1111z" added kong, "[5555m]" concealed kong. Default winds: seat W, round E (so
only 1z and 3z pungs score winds).

`random_record(rng)`: a generated hand from any `random.Random`-like source (hypothesis'
`st.randoms()` in the tests, a seeded `random.Random` in tests/fuzz_oracles.py): mostly
complete hands of every shape, some declared on another tile or with a concealed tile
replaced (so false wins, 5th copies and near-ready hands occur too).
"""

from collections import Counter

from record_reader import HONOURS, KNITTED_SETS, ORPHANS, WINDS, kinds, write
from themes import sets_and_pair


def meld_record(text: str) -> dict:
    if text.startswith("[") and text.endswith("]"):
        return {"type": "kan_closed", "tiles": text[1:-1]}
    if text.startswith("+"):
        tiles = text[1:]
        return {"type": "kan_added", "tiles": tiles, "called": tiles[0] + tiles[-1], "from": "right"}
    found = kinds(text)
    first = write(found[:1])
    if len(found) == 4:
        return {"type": "kan_open", "tiles": text, "called": first, "from": "opposite"}
    if len(set(found)) == 1:
        return {"type": "pon", "tiles": text, "called": first, "from": "opposite"}
    return {"type": "chi", "tiles": text, "called": first, "from": "left"}


def _context(seat: str, round_wind: str, flowers: int, last_of_kind=False, kong_related=False,
             last_wall_tile=False) -> dict:
    return {"seat_wind": seat, "round_wind": round_wind, "flowers": flowers, "last_of_kind": last_of_kind,
            "kong_related": kong_related, "last_wall_tile": last_wall_tile}


def record(concealed: str, win: str, melds=(), by: str = "discard", seat: str = "W", round_wind: str = "E",
           flowers: int = 0, **flags) -> dict:
    """A hand record: `concealed` is the hand before the winning tile `win`."""
    return {"id": f"{concealed}+{win}", "ruleset": "mcr", "concealed": concealed, "win_tile": win,
            "melds": [meld_record(m) for m in melds], "win_by": by,
            "context": _context(seat, round_wind, flowers, **flags)}


def fan_names(result: dict) -> dict:
    """{zh: count} of a result's fans."""
    return {f["zh"]: f["count"] for f in result["fans"]}


# --- generated records -------------------------------------------------------------------

_SOURCES = ("left", "opposite", "right")
_KONG_TYPES = ("pon", "pon", "kan_open", "kan_added", "kan_closed")


def _set_tiles(kind: str, first: int) -> list[int]:
    return [first, first + 1, first + 2] if kind == "chow" else [first] * 3


def _meld(rng, kind: str, first: int, can_kong: bool) -> tuple[dict, list[int]]:
    """A declared set: a chi claiming any of its tiles, or a pon, or (when `can_kong`: the hand
    holds no other copy of the kind) a kong of any of the three types."""
    if kind == "chow":
        tiles = _set_tiles(kind, first)
        return {"type": "chi", "tiles": write(tiles), "called": write([rng.choice(tiles)]), "from": "left"}, tiles
    meld_type = rng.choice(_KONG_TYPES) if can_kong else "pon"
    tiles = [first] * (3 if meld_type == "pon" else 4)
    meld = {"type": meld_type, "tiles": write(tiles)}
    if meld_type != "kan_closed":
        meld.update({"called": write([first]), "from": rng.choice(_SOURCES)})
    return meld, tiles


def _declare(rng, sets, closed: list[int], n_melds: int, others) -> list[dict]:
    """Declare the first `n_melds` of `sets` as melds and put the rest in `closed`; `others`
    are the hand's other tiles (so a kong is made only of a kind with no copy elsewhere)."""
    held = Counter(others)
    for kind, first in sets:
        held.update(_set_tiles(kind, first))
    melds = []
    for index, (kind, first) in enumerate(sets):
        if index < n_melds:
            melds.append(_meld(rng, kind, first, held[first] == 3)[0])
        else:
            closed += _set_tiles(kind, first)
    return melds


def _standard(rng):
    """Four sets of a theme (themes.py), 0-4 of them declared, and a pair."""
    sets, pair = sets_and_pair(rng)
    closed = [pair, pair]
    return closed, _declare(rng, sets, closed, rng.choice((0, 0, 1, 1, 2, 3, 4)), closed[:])


def _seven_pairs(rng):
    """Seven pairs from one to four "suits" (honours count as one); a kind may be paired twice.
    Now and then seven consecutive pairs of one suit (连七对)."""
    if rng.random() < 0.1:
        first = 9 * rng.randrange(3) + rng.randint(0, 2)
        return [k for k in range(first, first + 7) for _ in range(2)], []
    groups = rng.sample(range(4), rng.randint(1, 4))
    pool = [k for g in groups for k in range(9 * g, min(34, 9 * g + 9))] * 2  # each kind at most twice
    pairs = []
    for _ in range(7):
        pairs.append(pool.pop(rng.randrange(len(pool))))
    return [k for k in pairs for _ in range(2)], []


def _nine_gates(rng):
    suit = 9 * rng.randint(0, 2)
    closed = [suit] * 3 + list(range(suit + 1, suit + 8)) + [suit + 8] * 3 + [suit + rng.randint(0, 8)]
    return closed, []


def _special(rng):
    """Thirteen orphans, honours-and-knitted (全不靠 / 七星不靠) or a knitted straight with a set and a pair."""
    shape = rng.choice(("orphans", "honours_knitted", "knitted_straight", "knitted_straight"))
    if shape == "orphans":
        return list(ORPHANS) + [rng.choice(ORPHANS)], []
    knitted = list(rng.choice(KNITTED_SETS))
    if shape == "honours_knitted":
        pool = knitted + list(HONOURS)
        dropped = rng.sample(pool, 2)
        return [k for k in pool if k not in dropped], []
    left = [4] * 34
    for k in knitted:
        left[k] -= 1
    sets, pair = sets_and_pair(rng, n_sets=1, left=left)
    closed = knitted + [pair, pair]
    return closed, _declare(rng, sets, closed, rng.randint(0, 1), closed[:])


_SHAPES = ((_standard, 6), (_seven_pairs, 1), (_special, 2), (_nine_gates, 0.3))


def random_record(rng, index: int = 0) -> dict:
    """One generated raw record (see the module docstring); `index` only names it."""
    builders, weights = zip(*_SHAPES)
    closed, melds = rng.choices(builders, weights)[0](rng)
    win = rng.choice(closed)
    closed.remove(win)
    twist = rng.random()
    if twist < 0.1:  # declared on any tile: mostly a false win, sometimes a fifth copy
        win = rng.randint(0, 33)
    elif twist < 0.15:  # one concealed tile replaced: often one tile from ready
        closed[rng.randrange(len(closed))] = rng.randint(0, 33)
    flags = {name: rng.random() < 0.15 for name in ("last_of_kind", "kong_related", "last_wall_tile")}
    return {
        "id": f"mcr-gen-{index:06d}", "ruleset": "mcr", "concealed": write(closed), "melds": melds,
        "win_tile": write([win]), "win_by": rng.choice(("discard", "self_draw")),
        "context": _context(rng.choice(WINDS), rng.choice(WINDS), rng.randint(0, 8), **flags),
    }
