"""The tile path: disc → magnet ring → conveyor → stacking head → chain → side units, and the sets' lifecycle."""

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from hal_sim.process import Periodic
from hal_sim.signals import Contact, MotorBank
from hal_sim.tiles import SimTile


@dataclass
class FlowSensors:
    """The inputs the tile path drives."""

    k1: Contact
    s4: Contact
    s6: Contact
    s1: tuple[Contact, Contact, Contact, Contact]


@dataclass
class FlowTiming:
    pickup_s: float
    push_s: float
    step_s: float
    revolution_s: float
    belt_capacity: int


class TileFlow:
    """Where every tile is, and the four steps that move them while their motors turn.

    - pickup (disc + ring): a random tile from the disc onto the belt, unless the belt is full;
    - head (conveyor + stack-push): the front tile reaches the head (``on_tile_at_head``, then K1);
      every second tile closes a 2-high stack onto the chain (which holds two before the head waits);
    - chain: the oldest stack to the next side, round-robin, that has room (lift down and fewer
      stacks than the layout selector gives it); S1 of that side pulses;
    - zero: S4 pulses once per ``revolution_s`` of chain running time.
    S6 is closed while the belt holds ``belt_capacity`` tiles.
    """

    def __init__(self, scheduler, bank: MotorBank, sensors: FlowSensors, timing: FlowTiming,
                 layout: Callable[[], tuple[int, ...]], lift_down: Callable[[int], bool],
                 rng: random.Random):
        self._scheduler = scheduler
        self._bank = bank
        self.sensors = sensors
        self._timing = timing
        self._layout = layout
        self._lift_down = lift_down
        self._rng = rng
        self.pool: list[SimTile] = []
        self.belt: deque[SimTile] = deque()
        self.head: list[SimTile] = []
        self.jammed: SimTile | None = None
        self.jam_armed = False
        self.chain: deque[list[SimTile]] = deque()
        self.sides: list[list[list[SimTile]]] = [[], [], [], []]
        self.raised = [False] * 4
        self.walls: list[list[list[SimTile]]] = [[], [], [], []]
        """The walls on the table: side s's stacks in the order they landed, each [lower, upper]."""
        self.on_tile_at_head: list[Callable[[SimTile], None]] = []
        self._next_side = 0
        self._zero_phase_s = 0.0
        self._zero_started: float | None = None
        self._zero_timer = None
        self._picking = Periodic(scheduler, timing.pickup_s, self._pick)
        self._pushing = Periodic(scheduler, timing.push_s, self._push)
        self._carrying = Periodic(scheduler, timing.step_s, self._carry)

    def update(self) -> None:
        """Every step's condition, re-evaluated in one pass (after every motor change and every
        step, a few hundred times a hand): each step's timer armed or cancelled in turn, then
        the zero mark's, then S6."""
        running, belt, capacity = self._bank.running, len(self.belt), self._timing.belt_capacity
        self._picking.hold(bool(self.pool) and belt < capacity
                           and running("disc") and running("ring"))
        self._pushing.hold(belt > 0 and self.jammed is None and len(self.chain) < 2
                           and running("conveyor") and running("head"))
        chain_runs = running("chain")
        self._carrying.hold(chain_runs and bool(self.chain) and self._side_with_room() is not None)
        self._update_zero(chain_runs)
        self.sensors.s6.set(belt >= capacity)

    def _pick(self) -> None:
        self.belt.append(self.pool.pop(self._rng.randrange(len(self.pool))))
        self.update()

    def _push(self) -> None:
        tile = self.belt.popleft()
        for hook in self.on_tile_at_head:  # first: the head module's answer crosses its pty
            hook(tile)                      # while K1's edges are handled
        if self.jam_armed:
            self.jammed = tile
            self.sensors.k1.set(True)
        else:
            self.sensors.k1.pulse()
            self._stack(tile)
        self.update()

    def _stack(self, tile: SimTile) -> None:
        self.head.append(tile)
        if len(self.head) == 2:
            self.chain.append(self.head)
            self.head = []

    def free_jam(self) -> None:
        """The operator clears the head: the stuck tile goes on into the stack."""
        self.jam_armed = False
        if self.jammed is not None:
            tile, self.jammed = self.jammed, None
            self.sensors.k1.set(False)
            self._stack(tile)
        self.update()

    def _side_with_room(self) -> int | None:
        capacity = self._layout()
        for offset in range(4):
            side = (self._next_side + offset) % 4
            if self._lift_down(side) and len(self.sides[side]) < capacity[side]:
                return side
        return None

    def _carry(self) -> None:
        side = self._side_with_room()
        self.sides[side].append(self.chain.popleft())
        self._next_side = (side + 1) % 4
        self.sensors.s1[side].pulse()
        self.update()

    def _update_zero(self, running: bool) -> None:
        """``running``: whether the chain turns. S4's timer runs only while it does."""
        if running and self._zero_started is None:
            self._zero_started = self._scheduler.now()
            due = self._timing.revolution_s - self._zero_phase_s
            self._zero_timer = self._scheduler.call_later(due, self._at_zero)
        elif not running and self._zero_started is not None:
            self._zero_phase_s += self._scheduler.now() - self._zero_started
            self._zero_started = None
            self._zero_timer.cancel()

    def _at_zero(self) -> None:
        self._zero_started = None
        self._zero_phase_s = 0.0
        self.sensors.s4.pulse()
        self.update()

    def lift_arrived(self, side: int, at_top: bool) -> None:
        """A lift reached its end: at the top its stacks become the wall on the table; back at
        the bottom the wall stays up there (in play) and the side unit is empty again."""
        if at_top:
            self.raised[side] = True
        elif self.raised[side]:
            self.raised[side] = False
            self.walls[side] += self.sides[side]
            self.sides[side] = []
        self.update()

    @property
    def in_play(self) -> list[SimTile]:
        """Every tile of the walls on the table (wherever the players have moved it since)."""
        return [tile for side in self.walls for stack in side for tile in stack]

    def take_used_set(self) -> list[SimTile]:
        """The tiles in play leave the table (through the hatch)."""
        tiles, self.walls = self.in_play, [[], [], [], []]
        return tiles

    def everywhere(self) -> list[SimTile]:
        """Every tile in the machine or on the table, wherever it is."""
        stacked = [t for stacks in (self.chain, *self.sides, *self.walls) for stack in stacks
                   for t in stack]
        jam = [self.jammed] if self.jammed is not None else []
        return [*self.pool, *self.belt, *jam, *self.head, *stacked]

    def remove(self, tile: SimTile) -> None:
        """Take one tile out wherever it is (an operator's hand)."""
        for place in (self.pool, self.belt, self.head):
            if tile in place:
                place.remove(tile)
                return
        for stacks in (self.chain, *self.sides, *self.walls):
            for stack in stacks:
                if tile in stack:
                    stack.remove(tile)
                    if self.head:
                        stack.append(self.head.pop())
                    return
        if self.jammed == tile:
            self.jammed = None
            self.sensors.k1.set(False)
