"""Test helper: random hands played by simple seats, written as play scenarios with missed reads.

The players know the truth and play without mistakes unless asked: they draw, set flowers
aside, make kongs, call pon, kong and chi when they can, and discard at random (Sichuan
seats their void suit first); nobody wins, so every hand ends in the exhaustive draw. The
zone reports are then thinned the way play-scenarios.md allows: a report may lack tiles,
and the same zone's next report, within two events and before any button, is complete.

The referee must then see no offence, end the hand in a draw and know, at every discard,
the tiles of every zone as the truth has them (``truth``). Nothing here imports the referee.
"""

import random
from collections import Counter

from builder import split

SUITS = "mpsz"
FLOWERS = [f"{n}f" for n in range(1, 9)]


def tiles_of(kinds: Counter) -> str:
    """Kinds as scenario tile text: suits m p s z, then flowers."""
    out = []
    for letter in SUITS + "f":
        digits = "".join(sorted(kind[0] * n for kind, n in kinds.items() if kind[1] == letter and n > 0))
        if digits:
            out.append(digits + letter)
    return "".join(out)


def tile_set(honours: bool, flowers: bool) -> list[str]:
    kinds = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]
    if honours:
        kinds += [f"{rank}z" for rank in range(1, 8)]
    return [kind for kind in kinds for _ in range(4)] + (FLOWERS if flowers else [])


class Hand:
    """One hand's truth as it is played (see the module docstring)."""

    def __init__(self, rules: str, seed: int, miss_rate: float = 0.15, call_rate: float = 0.5,
                 drew_two_at: int | None = None, early_at: int | None = None,
                 skipped_draw_at: int | None = None, then_next_draws: bool = False):
        """``drew_two_at``: the seat drawing the hand's draw number n takes two tiles;
        ``early_at``: at draw number n, the seat after the one to draw takes the tile first;
        ``skipped_draw_at``: the seat due to make draw number n discards without drawing (and,
        ``then_next_draws``, the seat after it draws in turn before the hand stops)."""
        self.rules, self.rng = rules, random.Random(seed)
        self.flowers = rules in ("mcr", "cmcr1998", "ccm2012")
        self.chi = rules != "sichuan"
        self.miss_rate, self.call_rate, self.drew_two_at = miss_rate, call_rate, drew_two_at
        self.early_at = early_at
        self.skipped_draw_at, self.then_next_draws = skipped_draw_at, then_next_draws
        wall = tile_set(rules != "sichuan", self.flowers)
        self.rng.shuffle(wall)
        self.dealer = self.rng.randrange(4)
        self.dead = wall[-14:] if rules == "riichi" else []
        self.wall = wall[:-14] if rules == "riichi" else wall
        self.hands = [Counter() for _ in range(4)]
        self.zone_melds = [Counter() for _ in range(4)]
        self.pons = [set() for _ in range(4)]
        self.pond = Counter()
        self.events: list[dict] = []
        self.truth: list[dict] = []
        self.void = [None] * 4
        self.kongs = 0
        self.t = 0.0
        self.turns = 0
        self.wrong_count_seat = None

    # --- the wall ---------------------------------------------------------------------

    def draw_front(self):
        return self.wall.pop(0) if self.wall else None

    def draw_replacement(self):
        if self.rules == "riichi":
            tile = self.dead.pop(0)
            self.dead.append(self.wall.pop())  # the dead wall keeps 14: the live wall's last tile joins it
            return tile
        return self.wall.pop() if self.flowers else self.wall.pop(0)

    # --- reports ----------------------------------------------------------------------

    def report(self, zone: str) -> None:
        self.t = round(self.t + 0.4, 1)
        self.events.append({"t": self.t, "zone": zone, "tiles": tiles_of(self.zone(zone))})

    def zone(self, zone: str) -> Counter:
        if zone == "pond":
            return self.pond
        area, seat = zone.split(".")
        return (self.hands if area == "hand" else self.zone_melds)[int(seat)]

    def button(self, seat: int, button: str, **extra) -> None:
        self.t = round(self.t + 0.4, 1)
        self.events.append({"t": self.t, "button": button, "seat": seat} | extra)

    def inventory(self) -> None:
        for zone in [f"hand.{s}" for s in range(4)] + [f"melds.{s}" for s in range(4)] + ["pond"]:
            self.report(zone)

    # --- play -------------------------------------------------------------------------

    def deal(self) -> dict:
        for seat in [(self.dealer + k) % 4 for k in range(4)]:
            for _ in range(14 if seat == self.dealer else 13):
                self.hands[seat][self.draw_front()] += 1
        if self.flowers:
            for seat in [(self.dealer + k) % 4 for k in range(4)]:
                while any(self.hands[seat][f] for f in FLOWERS):
                    flower = next(f for f in FLOWERS if self.hands[seat][f])
                    self.hands[seat][flower] -= 1
                    self.zone_melds[seat][flower] += 1
                    self.hands[seat][self.wall.pop()] += 1
        start = {"dealer": self.dealer, "round_wind": "E", "honba": 0, "riichi_sticks": 0,
                 "scores": [25000 if self.rules == "riichi" else 0] * 4, "wall": list(self.wall)}
        if self.rules == "riichi":
            start["dead_wall"] = {"replacements": self.dead[:4], "dora_indicators": self.dead[4:9],
                                  "ura_indicators": self.dead[9:14]}
        self.inventory()
        if self.rules == "sichuan":
            for seat in [(self.dealer + k) % 4 for k in range(4)]:
                counts = [sum(n for kind, n in self.hands[seat].items() if kind[1] == suit) for suit in "mps"]
                self.void[seat] = "mps"[counts.index(min(counts))]
                self.button(seat, "void", suit=self.void[seat])
        return start

    def play(self) -> dict:
        start = self.deal()
        seat, drew = self.dealer, True
        while True:
            if drew:
                self.own_moves(seat)
            self.discard(seat)
            claim = self.claim(seat)
            if claim is not None:
                seat, drew = claim
                continue
            if not self.wall:
                break
            seat = (seat + 1) % 4
            if self.turns + 1 == self.skipped_draw_at:
                self.skip_draw(seat)
                break
            self.draw(seat)
            if self.wrong_count_seat is not None:
                break
            drew = True
        self.inventory()
        return {"id": f"gen-{self.rules}", "rules": self.rules, "start": start, "events": thin(self.events, self.rng,
                                                                                             self.miss_rate)}

    def draw(self, seat: int) -> None:
        if self.turns + 1 == self.early_at:
            seat = self.wrong_count_seat = (seat + 1) % 4
        self.hands[seat][self.draw_front()] += 1
        self.report(f"hand.{seat}")
        self.turns += 1
        if self.turns == self.drew_two_at and self.wall:
            self.hands[seat][self.draw_front()] += 1
            self.report(f"hand.{seat}")
            self.wrong_count_seat = seat

    def skip_draw(self, seat: int) -> None:
        """The seat discards without drawing (a tile short: wrong count); the seat after it
        may then draw the tile the first should have taken."""
        self.turns += 1
        self.wrong_count_seat = seat
        self.discard(seat)
        if self.then_next_draws and self.wall:
            self.draw((seat + 1) % 4)

    def own_moves(self, seat: int) -> None:
        hand = self.hands[seat]
        while self.flowers and any(hand[f] for f in FLOWERS) and self.wall:
            flower = next(f for f in FLOWERS if hand[f])
            hand[flower] -= 1
            self.report(f"hand.{seat}")
            self.zone_melds[seat][flower] += 1
            self.report(f"melds.{seat}")
            hand[self.draw_replacement()] += 1
            self.report(f"hand.{seat}")
        for kind in sorted(k for k, n in hand.items() if n == 4):
            if self.can_kong(seat, kind):
                self.kong(seat, kind, 4)
                return self.own_moves(seat)
        for kind in sorted(self.pons[seat]):
            if hand[kind] and self.can_kong(seat, kind):
                self.pons[seat].discard(kind)
                self.kong(seat, kind, 1)
                return self.own_moves(seat)
        return None

    def can_kong(self, seat: int, kind: str) -> bool:
        void_ok = self.void[seat] is None or kind[1] != self.void[seat]
        return len(self.wall) > 1 and self.kongs < 4 and void_ok and self.rng.random() < self.call_rate

    def kong(self, seat: int, kind: str, from_hand: int) -> None:
        self.hands[seat][kind] -= from_hand
        self.report(f"hand.{seat}")
        self.zone_melds[seat][kind] += from_hand
        self.report(f"melds.{seat}")
        self.kongs += 1
        self.hands[seat][self.draw_replacement()] += 1
        self.report(f"hand.{seat}")

    def discard(self, seat: int) -> None:
        hand = self.hands[seat]
        held = sorted(hand.elements())
        void = [kind for kind in held if self.void[seat] and kind[1] == self.void[seat]]
        tile = self.rng.choice(void or [kind for kind in held if kind not in FLOWERS] or held)
        hand[tile] -= 1
        self.report(f"hand.{seat}")
        self.pond[tile] += 1
        self.report("pond")
        self.last = (seat, tile)
        self.truth.append({"seat": seat, "tile": tile, "zones": self.snapshot()})

    def snapshot(self) -> dict:
        zones = {f"hand.{s}": tiles_of(self.hands[s]) for s in range(4)}
        zones |= {f"melds.{s}": tiles_of(self.zone_melds[s]) for s in range(4)}
        return zones | {"pond": tiles_of(self.pond)}

    def claim(self, discarder: int) -> tuple[int, bool] | None:
        """A pon or kong by anyone, else a chi by the next seat, at random: (caller, whether it
        drew a replacement); None if nobody calls."""
        if not self.wall:
            return None
        _, tile = self.last
        for step in (1, 2, 3):
            seat = (discarder + step) % 4
            held = self.hands[seat][tile]
            void_ok = self.void[seat] is None or tile[1] != self.void[seat]
            if held >= 2 and void_ok and self.rng.random() < self.call_rate:
                kong = held == 3 and self.can_kong(seat, tile)
                self.take(seat, tile, [tile] * (3 if kong else 2))
                if kong:
                    self.kongs += 1
                    self.hands[seat][self.draw_replacement()] += 1
                    self.report(f"hand.{seat}")
                else:
                    self.pons[seat].add(tile)
                return seat, kong
        seat = (discarder + 1) % 4
        if self.chi and tile[1] != "z" and self.rng.random() < self.call_rate:
            rank = int(tile[0])
            for low in (rank - 2, rank - 1, rank):
                others = [f"{r}{tile[1]}" for r in range(low, low + 3) if r != rank]
                if low >= 1 and low + 2 <= 9 and all(self.hands[seat][k] for k in others):
                    self.take(seat, tile, others)
                    return seat, False
        return None

    def take(self, seat: int, tile: str, used: list[str]) -> None:
        self.pond[tile] -= 1
        self.report("pond")
        for kind in used:
            self.hands[seat][kind] -= 1
        self.report(f"hand.{seat}")
        self.zone_melds[seat][tile] += 1
        for kind in used:
            self.zone_melds[seat][kind] += 1
        self.report(f"melds.{seat}")


def thin(events: list[dict], rng: random.Random, miss_rate: float) -> list[dict]:
    """Drop tiles from some reports; the zone's next report within two events (and before
    any button) is complete, inserted as a plain re-read where none would come in time."""
    out: list[dict] = []
    owed: dict[str, tuple[int, dict]] = {}  # zone -> (last index allowed, complete report)

    def settle(before_index: int) -> None:
        for zone, (deadline, complete) in sorted(owed.items(), key=lambda item: item[1][0]):
            if deadline <= before_index:
                out.append(dict(complete))
                del owed[zone]

    for event in events:
        if "button" in event:
            settle(len(out) + 10)
            out.append(event)
            continue
        zone = event["zone"]
        if zone in owed:
            del owed[zone]
            settle(len(out))
            out.append(event)
            continue
        settle(len(out))
        if event["tiles"] and rng.random() < miss_rate:
            kinds = split(event["tiles"])
            for _ in range(rng.choice((1, 1, 2))):
                if kinds:
                    kinds.pop(rng.randrange(len(kinds)))
            out.append(event | {"tiles": tiles_of(Counter(kinds))})
            owed[zone] = (len(out) + 1, event)
            continue
        out.append(event)
    settle(len(out) + 10)
    return out

