"""The physics model of the whole table: it listens to the drivers' outputs and drives their inputs."""

import random

from firmware.hal import Table

from drivers.table import pin_names
from hal_sim.dice import DiceModel
from hal_sim.flow import FlowSensors, FlowTiming, TileFlow
from hal_sim.power import PowerRelay
from hal_sim.signals import MOTORS, Contact, MotorBank
from hal_sim.travel import TravelModel

REVERSIBLE = ("hatch", "lift0", "lift1", "lift2", "lift3")


class TablePhysics:
    """Wires the models to the pins of the real parts (found by their role labels).

    Every motor output edge re-evaluates every model (a dozen cheap checks); each model arms
    at most a few timers on the shared scheduler, so time jumps from one physical event to
    the next.
    """

    def __init__(self, scheduler, factory, parts: Table, shuffle_rng: random.Random,
                 dice_rng: random.Random, record):
        self.pin_of = pin_names(parts)
        self._factory = factory
        self.motor_pins = {m: self._motor_pins(m) for m in MOTORS}
        self.bank = MotorBank(self.motor_pins)
        self.lid = self.contact("lid.contact")
        self.estop = self.contact("estop.contact")
        self.lid.set(True)
        self.estop.set(True)
        self.flow = TileFlow(
            scheduler, self.bank,
            FlowSensors(k1=self.contact("head.sensor"), s4=self.contact("chain.zero"),
                        s6=self.contact("belt_full.sensor"),
                        s1=tuple(self.contact(f"side{s}.count") for s in range(4))),
            FlowTiming(pickup_s=parts.ring.pickup_s, push_s=parts.head.push_s,
                       step_s=parts.chain.step_s, revolution_s=parts.chain.revolution_s,
                       belt_capacity=parts.conveyor.capacity_tiles),
            layout=lambda: self._layout,
            lift_down=lambda side: self.lifts[side].at_backward_end, rng=shuffle_rng)
        self.lifts = tuple(
            TravelModel(scheduler, f"lift{s}", self.bank, self._ends(f"lift{s}"), lift.travel_s,
                        lambda top, s=s: self.flow.lift_arrived(s, top))
            for s, lift in enumerate(parts.lifts))
        self.hatch = TravelModel(scheduler, "hatch", self.bank, self._ends("hatch"),
                                 parts.hatch.travel_s, lambda opened: None)
        self.dice = DiceModel(scheduler, self.bank, self.contact("dice.roll"),
                              [self.contact(f"dice.face{i}") for i in range(6)],
                              parts.dice.settle_s, dice_rng)
        self.power = PowerRelay(scheduler, self.bank, parts.heartbeat.timeout_s, record)
        self.bank.on_change.append(self.update)
        for motor in MOTORS:
            for pin in self.motor_pins[motor]:
                factory.watch(pin.info.name, lambda _level, m=motor: self.bank.output_changed(m))
        factory.watch(self.pin_of["heartbeat.out"], self.power.beat)
        self._layout = parts.layout.stacks_per_side
        for bit in ("layout.bit0", "layout.bit1"):
            factory.watch(self.pin_of[bit], lambda _level: self._read_layout(parts))

    def _read_layout(self, parts) -> None:
        """The side units read their mode selector when it changes, not on every stack."""
        self._layout = parts.layout.stacks_per_side
        self.update()

    def contact(self, label: str) -> Contact:
        return Contact(self._factory.pin(self.pin_of[label]))

    def motor_labels(self) -> set[str]:
        return {l for m in MOTORS for l in self._labels(m)}

    def _labels(self, motor: str) -> list[str]:
        return [f"{motor}.motor.0", f"{motor}.motor.1"] if motor in REVERSIBLE else [f"{motor}.motor"]

    def _motor_pins(self, motor: str) -> tuple:
        return tuple(self._factory.pin(self.pin_of[label]) for label in self._labels(motor))

    def _ends(self, part: str) -> tuple[Contact, Contact]:
        return self.contact(f"{part}.forward_limit"), self.contact(f"{part}.backward_limit")

    def update(self) -> None:
        self.flow.update()
        for lift in self.lifts:
            lift.update()
        self.hatch.update()
        self.dice.update()
