"""Writes play scenarios (../shared/spec/play-scenarios.md) from a hand played move by move.

A ``Hand`` holds the truth: each seat's hand and meld area, the pond, the wall in draw order
(the tiles named up front, then the rest of the set in a fixed shuffle) and, for riichi,
the dead wall. Each move emits the zone reports the spec lists for it, in its order;
``miss`` makes the next report of a zone lack tiles, and the zone is reported again, whole,
within the next two events and before any button. The expected outcome is not worked out
here: each scenario states its flags, wins (with the context a referee must find) and end,
and each win's reference result comes from the reference library (``oracles.py``).
Nothing here imports the referee.
"""

import random
from collections import Counter

SUITED = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]
HONOURS = [f"{rank}z" for rank in range(1, 8)]
FLOWERS = [f"{rank}f" for rank in range(1, 9)]
ZONES = [f"hand.{s}" for s in range(4)] + [f"melds.{s}" for s in range(4)] + ["pond"]
RELATIVE = {3: "left", 2: "opposite", 1: "right"}


def split(text: str) -> list[str]:
    """"123m5z" -> ["1m", "2m", "3m", "5z"]."""
    tiles, digits = [], ""
    for char in text:
        if char.isdigit():
            digits += char
        else:
            tiles += [digit + char for digit in digits]
            digits = ""
    return tiles


def write(tiles) -> str:
    counts = Counter(tiles)
    out = []
    for letter in "mpszf":
        digits = "".join(sorted(tile[0] * n for tile, n in counts.items() if tile[1] == letter and n > 0))
        if digits:
            out.append(digits + letter)
    return "".join(out)


def tile_set(rules: str) -> list[str]:
    kinds = SUITED + ([] if rules == "sichuan" else HONOURS)
    flowers = FLOWERS if rules in ("mcr", "cmcr1998", "ccm2012") else []
    return [kind for kind in kinds for _ in range(4)] + flowers


class Hand:
    """One hand's truth and its events (see the module docstring)."""

    def __init__(self, rules: str, dealer: int, hands: list[str | None], wall: str = "", tail: str = "",
                 flowers: list[str] | None = None, round_wind: str = "E", honba: int = 0, riichi_sticks: int = 0,
                 dead_wall: dict | None = None, seed: int = 1):
        """`hands`: each seat's dealt tiles (None: filled from the set's other tiles); `wall`: the
        first tiles drawn, in order; `tail`: the first replacements from the tail, in order."""
        self.rules, self.dealer = rules, dealer
        self.zone_melds = [Counter(split(f)) for f in (flowers or ["", "", "", ""])]
        self.melds: list[list[dict]] = [[], [], [], []]
        self.pond: Counter = Counter()
        self.events: list[dict] = []
        self.t = 0.0
        self.last: tuple[int, str] | None = None
        self.drawn: list[str | None] = [None] * 4
        self._miss: dict[str, list[str]] = {}
        rest = Counter(tile_set(rules))
        named = [*((h or "").rstrip("+") for h in hands), wall, tail, *(flowers or [])]
        dead = dead_wall or {}
        named += [write(dead.get(key, [])) for key in ("replacements", "dora_indicators", "ura_indicators")]
        for tile in split("".join(named)):
            rest[tile] -= 1
            if rest[tile] < 0:
                raise ValueError(f"{tile} is used more often than the set has it")
        filler = sorted(rest.elements())
        random.Random(seed).shuffle(filler)
        plain = [tile for tile in filler if tile[1] != "f"]
        self.hands = []
        for seat, given in enumerate(hands):
            given = given or "+"
            if given.endswith("+"):  # the tiles named, the rest from the set
                named_tiles = split(given[:-1])
                extra = plain[:(14 if seat == dealer else 13) - len(named_tiles)]
                for tile in extra:
                    plain.remove(tile)
                    filler.remove(tile)
                given = write(named_tiles + extra)
            self.hands.append(Counter(split(given)))
        self.dead = None
        if rules == "riichi":  # 14 tiles: 4 replacements, 5 dora and 5 ura indicators
            given = {key: list(dead.get(key, [])) for key in ("replacements", "dora_indicators", "ura_indicators")}
            for key, size in (("replacements", 4), ("dora_indicators", 5), ("ura_indicators", 5)):
                while len(given[key]) < size:
                    given[key].append(filler.pop())
            self.dead = given
            self.kongs = 0
        tail_tiles = split(tail)
        self.wall = split(wall) + filler + tail_tiles[::-1]
        self.start = {"dealer": dealer, "round_wind": round_wind, "honba": honba, "riichi_sticks": riichi_sticks,
                      "scores": [25000 if rules == "riichi" else 0] * 4, "wall": list(self.wall)}
        if self.dead is not None:
            self.start["dead_wall"] = {key: list(value) for key, value in self.dead.items()}
        for zone in ZONES:
            self.report(zone)

    # --- reports ----------------------------------------------------------------------

    def zone(self, zone: str) -> Counter:
        if zone == "pond":
            return self.pond
        area, seat = zone.split(".")
        return (self.hands if area == "hand" else self.zone_melds)[int(seat)]

    def report(self, zone: str) -> None:
        self.t = round(self.t + 0.4, 1)
        tiles = list(self.zone(zone).elements())
        event = {"t": self.t, "zone": zone, "tiles": write(tiles)}
        missed = self._miss.pop(zone, [])
        for tile in missed:
            tiles.remove(tile)
        if missed:
            event = event | {"tiles": write(tiles), "truth": event["tiles"]}
        self.events.append(event)

    def miss(self, zone: str, tiles: str) -> "Hand":
        """The next report of `zone` lacks `tiles`."""
        self._miss[zone] = split(tiles)
        return self

    def press(self, seat: int, button: str, **extra) -> None:
        self.t = round(self.t + 0.4, 1)
        self.events.append({"t": self.t, "button": button, "seat": seat} | extra)

    # --- moves ------------------------------------------------------------------------

    def draw(self, seat: int) -> str:
        tile = self.wall.pop(0)
        self.hands[seat][tile] += 1
        self.drawn[seat] = tile
        self.report(f"hand.{seat}")
        return tile

    def replacement(self, seat: int) -> str:
        if self.rules == "riichi":
            tile = self.dead["replacements"][self.kongs - 1]
        elif self.rules == "sichuan":
            tile = self.wall.pop(0)
        else:
            tile = self.wall.pop()
        self.hands[seat][tile] += 1
        self.drawn[seat] = tile
        self.report(f"hand.{seat}")
        return tile

    def discard(self, seat: int, tile: str | None = None) -> str:
        """Discard `tile` (default: the tile just drawn, else the seat's lowest tile)."""
        tile = tile or self.drawn[seat] or min(t for t in self.hands[seat].elements() if t[1] != "f")
        self._take(seat, [tile])
        self.report(f"hand.{seat}")
        self.pond[tile] += 1
        self.report("pond")
        self.last, self.drawn[seat] = (seat, tile), None
        return tile

    def turn(self, seat: int, tile: str | None = None) -> None:
        """Draw (a flower is laid aside and replaced), then discard `tile` (default: the drawn one)."""
        drawn = self.draw(seat)
        while drawn[1] == "f" and self.wall:
            drawn = self.flower(seat, drawn)
        self.discard(seat, tile)

    def turns(self, first: int, count: int) -> int:
        """`count` turns of draw-and-discard from `first` on; the seat after the last."""
        seat = first
        for _ in range(count):
            self.turn(seat)
            seat = (seat + 1) % 4
        return seat

    def play_out(self, seat: int, skip=()) -> None:
        """Draw and discard, seat after seat (leaving out `skip`), until the wall is empty."""
        while self.wall:
            if seat not in skip:
                self.turn(seat)
            seat = (seat + 1) % 4

    def flower(self, seat: int, tile: str, replace: bool = True) -> str | None:
        self._take(seat, [tile])
        self.report(f"hand.{seat}")
        self.zone_melds[seat][tile] += 1
        self.report(f"melds.{seat}")
        return self.replacement(seat) if replace else None

    def call(self, seat: int, from_hand: str) -> None:
        """Claim the last discard with `from_hand` (a chi, pon or melded kong, or tiles that make none)."""
        _, tile = self.last
        self.pond[tile] -= 1
        self.report("pond")
        used = split(from_hand)
        self._take(seat, used)
        self.report(f"hand.{seat}")
        self.zone_melds[seat].update(used + [tile])
        self.report(f"melds.{seat}")
        kind = "chi" if len(set(used + [tile])) == 3 else {2: "pon", 3: "kan_open"}.get(len(used), "wrong")
        self.melds[seat].append({"type": kind, "tiles": write(used + [tile]), "called": tile,
                                 "from": RELATIVE[(self.last[0] - seat) % 4]})
        if len(used) == 3:
            self._kong_declared()
            self.replacement(seat)

    def kong(self, seat: int, tile: str, added: bool = False, replace: bool = True) -> None:
        """A concealed kong (four from the hand) or an added one (the fourth to a pon)."""
        used = [tile] * (1 if added else 4)
        self._take(seat, used)
        self.report(f"hand.{seat}")
        self.zone_melds[seat].update(used)
        self.report(f"melds.{seat}")
        if added:
            pon = next(m for m in self.melds[seat] if m["type"] == "pon" and m["called"] == tile)
            pon.update(type="kan_added", tiles=tile[0] * 4 + tile[1])
        else:
            self.melds[seat].append({"type": "kan_closed", "tiles": tile[0] * 4 + tile[1]})
        self._kong_declared()
        if replace:
            self.replacement(seat)

    def _kong_declared(self) -> None:
        if self.rules == "riichi":
            self.kongs += 1
            self.wall.pop()  # the dead wall keeps 14: the live wall's last tile joins it

    def _take(self, seat: int, tiles: list[str]) -> None:
        for tile in tiles:
            if self.hands[seat][tile] < 1:
                raise ValueError(f"seat {seat} has no {tile} to give up: {write(self.hands[seat].elements())}")
            self.hands[seat][tile] -= 1

    # --- the scenario -----------------------------------------------------------------

    def record(self, seat: int, win_tile: str, win_by: str, context: dict) -> dict:
        """The hand record of `seat`'s win as it stands (`win_tile` still in the hand when self-drawn)."""
        tiles = [t for t in self.hands[seat].elements() if t[1] != "f"]
        if win_by == "self_draw":
            tiles.remove(win_tile)
        return {"concealed": write(tiles), "melds": [dict(m) for m in self.melds[seat]], "win_tile": win_tile,
                "win_by": win_by, "context": context}

    def scenario(self, ident: str, kind: str, expect: dict, profile: str | None = None,
                 mistake: str | None = None) -> dict:
        """The scenario, the final inventory added and every missed read corrected in time."""
        for zone in ZONES:
            self.report(zone)
        out = {"id": ident, "rules": self.rules, "kind": kind, "start": self.start,
               "events": corrected(self.events), "expect": expect}
        if profile:
            out["profile"] = profile
        if mistake:
            out["mistake"] = mistake
        return out


def voids(hand: Hand, suits: str) -> None:
    """Sichuan: each seat names its void suit (``suits[seat]``), dealer first."""
    for step in range(4):
        seat = (hand.dealer + step) % 4
        hand.press(seat, "void", suit=suits[seat])


def corrected(events: list[dict]) -> list[dict]:
    """A report that lacked tiles is followed by its zone's whole report after one more event
    (or at once, before a button); the zone's own next report, if it comes first, is whole."""
    out: list[dict] = []
    owed: dict[str, tuple[int, dict]] = {}
    for event in events:
        if "button" in event:
            out += [report for _, report in owed.values()]
            owed = {}
        if "zone" in event:
            owed.pop(event["zone"], None)
        out.append({key: value for key, value in event.items() if key != "truth"})
        if "truth" in event:
            owed[event["zone"]] = (len(out), {"t": event["t"], "zone": event["zone"], "tiles": event["truth"]})
        for zone, (at, report) in list(owed.items()):
            if len(out) >= at + 1:
                out.append(report)
                del owed[zone]
    return out + [report for _, report in owed.values()]
