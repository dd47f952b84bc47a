"""The four simulated players at the table: they play every hand the dice start, to its end.

When the dice have been thrown (``DiceThrown``: the rule set, the dealer and the break, as the
players read them on the display) they take the walls standing on the table in the table's
geometry and play the hand (``hal_sim.world.hand``) on the scheduler, one move every
``move_s``: tiles moved between the zones of the table top, which the zone readers report, and
seat buttons pressed. The firmware sees nothing else. At a rate (``miscall_rate``: the share
of hands holding one mistake) they make one of the rule set's offences
(``hal_sim.world.mistakes``); the world keeps its own log of the truth (``WorldLog``). Walls
that are not one whole set in whole stacks (a fault left them so) are not played.
"""

import random
from collections import Counter

from firmware import notifications as note
from firmware import rulesets
from firmware.tiles.kinds import composition

from hal_sim.world.customs import customs_of
from hal_sim.world.hand import HandPlay
from hal_sim.world.log import WorldLog
from hal_sim.world.mistakes import offences_of, plan_for
from hal_sim.world.tabletop import TableTop
from hal_sim.world.wall import PlayWall


def playable(walls, n_tiles: int) -> bool:
    """Whether the walls are one whole set of ``n_tiles`` in two-high stacks."""
    stacks = [stack for side in walls for stack in side]
    tiles = [tile for stack in stacks for tile in stack]
    return (all(len(stack) == 2 for stack in stacks) and len(set(tiles)) == len(tiles)
            and Counter(tile.kind for tile in tiles) == composition(n_tiles))


class Players:
    """Plays hands on ``sim`` (the simulator backend) and logs the truth in ``log``."""

    def __init__(self, sim, scheduler, rng: random.Random, move_s: float,
                 miscall_rate: float = 0.0, log: WorldLog | None = None):
        self.sim = sim
        self.scheduler = scheduler
        self.rng = rng
        self.move_s = move_s
        self.miscall_rate = miscall_rate
        self.offences: tuple[str, ...] | None = None
        """The offences planned mistakes are drawn from (None: every one the rule set has)."""
        self.log = log or WorldLog()
        self.hand: HandPlay | None = None
        self._timer = None

    def start_hand(self, thrown: note.DiceThrown, on_end) -> bool:
        """Deal from the walls in play and play the hand; ``on_end()`` when it is over. False
        (nothing played) when the walls are not a whole set."""
        rule_set = rulesets.get(thrown.rules)
        walls = self.sim.walls_in_play()
        if not playable(walls, rule_set.tile_set.tiles):
            self.log.unplayable.append(thrown.cycle)
            return False
        table = TableTop(PlayWall.from_table(walls, thrown.wall_break, rule_set), self.sim.hands)
        offences = [o for o in offences_of(customs_of(thrown.rules))
                    if self.offences is None or o in self.offences]
        slip, slip_from = plan_for(self.rng, self.miscall_rate, offences)
        self.hand = HandPlay(thrown.cycle, thrown.rules, thrown.dealer, table, self.sim.press,
                             self.rng, self.log, self.move_s, slip, slip_from)
        self._step(self.hand.script(), on_end)
        return True

    def force(self, offence: str, seat: int) -> None:
        """An irregularity ordered from outside, made at the hand's next move (no hand on the
        table: nothing happens)."""
        if self.hand is not None:
            self.hand.force(offence, seat)

    def _step(self, script, on_end) -> None:
        try:
            delay = next(script)
        except StopIteration:
            self._timer, self.hand = None, None
            on_end()
            return
        self._timer = self.scheduler.call_later(delay, lambda: self._step(script, on_end))

    def status(self) -> dict:
        return {"hands_played": len(self.log.hands), "hand_ends": self.log.ends(),
                "mistakes_made": len(self.log.mistakes)}

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
