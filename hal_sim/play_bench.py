"""Hands played on the table top alone: the simulated players, the nine zone readers speaking
M100 bytes over their ptys to the firmware's ``ZoneReader``, and no machine cycle.

``mjtable sim --hands`` plays hands between machine cycles; this plays them back to back
(a shuffled set stands in the walls, the dice are thrown at random, the break is the
firmware's ``wall_break``), so the tests can play hundreds of hands of each rule set and
``benchmarks/bench_play.py`` can time the play itself. Seat buttons go straight to the sink as
``ButtonPressed`` (the drivers' path is the machine's, exercised by ``mjtable sim``).
"""

import random

from firmware import notifications as note
from firmware import rulesets
from firmware.clock import VirtualScheduler
from firmware.events import ButtonPressed
from firmware.wall_break import wall_break

from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.hands import SimHands
from hal_sim.rfid.zones import SimZoneRfid
from hal_sim.tiles import make_set
from hal_sim.world.players import Players

HAND_LIMIT_S = 3600.0
"""Virtual seconds a hand may take at most (a hand takes a couple of minutes)."""


class PlayBench:
    """Plays hands of ``rules``; ``sink`` hears every ``ZoneInventory`` and ``ButtonPressed``."""

    def __init__(self, rules: str, seed: int = 1, *, miss_rate: float = 0.0,
                 miscall_rate: float = 0.0, zone_readers: bool = True, move_s: float = 0.4,
                 scan_s: float = 0.1, sink=None, ahead: bool = False):
        self.rules = rules
        self.rule_set = rulesets.get(rules)
        self.scheduler = VirtualScheduler()
        self.rng = random.Random(f"bench:{seed}")
        self.sink = sink or (lambda event: None)
        self.hands = None
        if zone_readers:
            zones = SimZoneRfid(LineFaults(miss_rate=miss_rate), random.Random(f"zones:{seed}"),
                                min_rssi=0xA0, rounds=1)
            self.hands = SimHands(zones, self.scheduler, scan_s)
            self.hands.attach(self.sink)
        self.players = Players(self, self.scheduler, random.Random(f"players:{seed}"), move_s,
                               miscall_rate, ahead=ahead)
        self._walls: tuple = ([], [], [], [])
        self._set = 0

    @property
    def log(self):
        return self.players.log

    def walls_in_play(self) -> tuple:
        return self._walls

    def press(self, seat: int, button: str) -> None:
        self.sink(ButtonPressed(seat, button))

    def play(self, hands: int, dealer: int = 0) -> None:
        """Play ``hands`` hands, one after the other."""
        for _ in range(hands):
            self.play_one(dealer)

    def play_one(self, dealer: int = 0) -> None:
        """One hand, from the deal to its end (the tiles stay where the hand left them until
        the next hand, as before the hatch opens)."""
        if self._set and self.hands is not None:
            self.hands.collect()
            self.scheduler.advance(1.0)
        self._set += 1
        tiles = make_set(self.rule_set.tile_set.tiles, "AB"[self._set % 2])
        self.rng.shuffle(tiles)
        stacks = iter([tiles[i], tiles[i + 1]] for i in range(0, len(tiles), 2))
        self._walls = tuple([tuple(next(stacks)) for _ in range(n)]
                            for n in self.rule_set.stacks_per_side)
        throws = [(self.rng.randint(1, 6), self.rng.randint(1, 6))
                  for _ in range(self.rule_set.dice_throws)]
        broken = wall_break(self.rules, throws, dealer)
        thrown = note.DiceThrown(cycle=self._set, rules=self.rules, dealer=dealer,
                                 wall_break=broken)
        done = []
        self.players.start_hand(thrown, lambda: done.append(True))
        self.scheduler.run_until(self.scheduler.now() + HAND_LIMIT_S, stop=lambda: bool(done))
        if not done:
            raise RuntimeError(f"hand {self._set} of {self.rules} did not end in "
                               f"{HAND_LIMIT_S:.0f} virtual seconds")
        self.scheduler.advance(1.0)

    def close(self) -> None:
        self.players.close()
        if self.hands is not None:
            self.hands.close()
