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

import functools
import random
from collections import Counter

from firmware import notifications as note
from firmware import rulesets
from firmware.tiles.kinds import composition

from hal_sim.world.ahead import PlayAhead, PlayersStopped
from hal_sim.world.customs import customs_of
from hal_sim.world.hand import HandPlay, HandSettings
from hal_sim.world.log import WorldLog
from hal_sim.world.mistakes import offences_of


def playable(walls, n_tiles: int) -> bool:
    """Whether the walls are one whole set of ``n_tiles`` in two-high stacks."""
    stacks = [stack for side in walls for stack in side]
    tiles = [tile for stack in stacks for tile in stack]
    return (all(len(stack) == 2 for stack in stacks) and len(set(tiles)) == len(tiles)
            and Counter(tile.kind for tile in tiles) == composition(n_tiles))


def _stop_world(exc: Exception) -> None:
    raise exc


class Players:
    """Plays hands on ``sim`` (the simulator backend) and logs the truth in ``log``.

    ``ahead``: the players think in a process of their own (``hal_sim.world.ahead``), a whole
    hand ahead of the table, and their moves are made here at their times; else they think
    here, move by move (``hand`` is then the hand in play, for tests that look at it)."""

    def __init__(self, sim, scheduler, rng: random.Random, move_s: float,
                 miscall_rate: float = 0.0, log: WorldLog | None = None, ahead: bool = False):
        self.sim = sim
        self.scheduler = scheduler
        self.rng = rng
        self.move_s = move_s
        self.miscall_rate = miscall_rate
        self.offences: tuple[str, ...] | None = None
        """The offences planned mistakes are drawn from (None: every one the rule set has)."""
        self.log = log or WorldLog()
        self.ahead = PlayAhead(rng) if ahead else None
        self.hand: HandPlay | None = None
        self._playing = False
        self._timer = None

    def start_hand(self, thrown: note.DiceThrown, on_end) -> bool:
        """Deal from the walls in play and play the hand; ``on_end()`` when it is over. False
        (nothing played) when the walls are not a whole set."""
        walls = self.sim.walls_in_play()
        if not playable(walls, rulesets.get(thrown.rules).tile_set.tiles):
            self.log.unplayable.append(thrown.cycle)
            return False
        offences = tuple(o for o in offences_of(customs_of(thrown.rules))
                         if self.offences is None or o in self.offences)
        settings = HandSettings(self.move_s, self.miscall_rate, offences, self.sim.hands is not None)
        if self.ahead is not None:
            script = self.ahead.script(thrown, walls, settings, self.sim, self.log)
        else:
            self.hand = HandPlay.dealt(thrown, walls, settings, self.rng, self.log,
                                       self.sim.hands, self.sim.press)
            script = self.hand.script()
        self._playing = True
        try:
            self._step(script, on_end)
        except PlayersStopped as exc:
            # Raised here, inside the table's own notification of the dice, the table would
            # take it for an error of its own; raised on the scheduler's loop, it stops the
            # simulator with its message.
            self.scheduler.call_soon_threadsafe(functools.partial(_stop_world, exc))
        return True

    def force(self, offence: str, seat: int) -> None:
        """An irregularity ordered from outside, made at the hand's next move (no hand on the
        table: nothing happens)."""
        if not self._playing:
            return
        if self.ahead is not None:
            self.ahead.force(offence, seat)
        else:
            self.hand.force(offence, seat)

    def _step(self, script, on_end) -> None:
        try:
            delay = next(script)
        except StopIteration:
            self._timer, self.hand, self._playing = None, None, False
            on_end()
            return
        self._timer = self.scheduler.call_later(delay, lambda: self._step(script, on_end))

    def status(self) -> dict:
        return {"hands_played": len(self.log.hands), "hand_ends": self.log.ends(),
                "mistakes_made": len(self.log.mistakes)}

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self.ahead is not None:
            self.ahead.close()
