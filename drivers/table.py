"""Builds every part of one table from the config and a pin factory, and the controller's view of them."""

from dataclasses import dataclass, fields

from firmware.config import Config
from firmware.hal import Table

from drivers.dice import DiceUnit
from drivers.display import LogDisplay
from drivers.motors import Chain, Conveyor, MagnetRing, OnOffMotor, StackingHead
from drivers.sensors import BeltFullSensor, EStopInput, LidSwitch, SeatButtons, SideUnit
from drivers.signals import Annunciator, Heartbeat, LayoutSelector
from drivers.travel import SIDE_NAMES, CentreHatch, LiftPlatform, side_of


@dataclass
class Parts:
    """Every part, including the inputs the controller only hears from through events."""

    disc: OnOffMotor
    ring: MagnetRing
    conveyor: Conveyor
    head: StackingHead
    chain: Chain
    sides: tuple[SideUnit, ...]
    lifts: tuple[LiftPlatform, ...]
    hatch: CentreHatch
    dice: DiceUnit
    belt_full: BeltFullSensor
    lid: LidSwitch
    estop: EStopInput
    buttons: tuple[SeatButtons, ...]
    annunciator: Annunciator
    heartbeat: Heartbeat
    layout: LayoutSelector
    display: LogDisplay

    def all(self) -> list:
        found = []
        for f in fields(self):
            value = getattr(self, f.name)
            found += list(value) if isinstance(value, tuple) else [value]
        return found

    def attach(self, sink) -> None:
        for part in self.all():
            part.attach(sink)

    def release(self) -> None:
        """Every output to its safe value first, then every device released; each part in its
        own try so one failing part cannot keep another powered."""
        _each(self.all(), "safe")
        _each(reversed(self.all()), "release")

    def pin_names(self) -> dict[str, str]:
        return {label: pin for part in self.all() for label, pin in part.pin_names().items()}

    def table(self) -> Table:
        return Table(disc=self.disc, ring=self.ring, conveyor=self.conveyor, head=self.head,
                     chain=self.chain, lifts=self.lifts, hatch=self.hatch, dice=self.dice,
                     annunciator=self.annunciator, display=self.display,
                     heartbeat=self.heartbeat, set_layout=self.layout.set_layout,
                     attach=self.attach, close=self.release)


def _each(parts, method: str) -> None:
    errors = []
    for part in parts:
        try:
            getattr(part, method)()
        except Exception as exc:  # noqa: BLE001 - finish the others, then report
            errors.append(exc)
    if errors:
        raise errors[0]


def _per_side(config: Config, prefix: str, build) -> tuple:
    """The four ``[prefix.<side>]`` sections, each present once, in side order."""
    by_name = {s.name: s for s in config.sections(prefix)}
    for section in by_name.values():
        side_of(section)  # raises for a section that names no side
    names = [f"{prefix}.{side}" for side in SIDE_NAMES]
    for name in names:
        if name not in by_name:
            config.section(name)  # raises: names the missing section
    return tuple(build(by_name[name]) for name in names)


def build_parts(config: Config, pin_factory, scheduler) -> Parts:
    """Construct every part; if one fails, release the ones already built and re-raise."""
    built: list = []

    def keep(part):
        built.append(part)
        return part

    def make(cls, name):
        return keep(cls.from_config(config.section(name), pin_factory, scheduler))

    def per_side(cls, prefix):
        return _per_side(config, prefix, lambda s: keep(cls.from_config(s, pin_factory, scheduler)))

    try:
        return Parts(
            disc=make(OnOffMotor, "disc"), ring=make(MagnetRing, "ring"),
            conveyor=make(Conveyor, "conveyor"), head=make(StackingHead, "head"),
            chain=make(Chain, "chain"), sides=per_side(SideUnit, "side"),
            lifts=per_side(LiftPlatform, "lift"), hatch=make(CentreHatch, "hatch"),
            dice=make(DiceUnit, "dice"), belt_full=make(BeltFullSensor, "belt_full"),
            lid=make(LidSwitch, "lid"), estop=make(EStopInput, "estop"),
            buttons=per_side(SeatButtons, "buttons"), annunciator=make(Annunciator, "annunciator"),
            heartbeat=make(Heartbeat, "heartbeat"),
            layout=make(LayoutSelector, "layout"), display=LogDisplay())
    except BaseException:
        _each(reversed(built), "release")
        raise
