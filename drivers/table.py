"""Builds every part of one table from the config and a pin factory, as one ``Table`` composite."""

from firmware.config import Config
from firmware.hal import Table, release_parts

from drivers.dice import DiceUnit
from drivers.motors import Chain, Conveyor, MagnetRing, OnOffMotor, StackingHead
from drivers.seat_display import display_from
from drivers.sensors import BeltFullSensor, EStopInput, LidSwitch, SeatButtons, SideUnit
from drivers.signals import Annunciator, Heartbeat, LayoutSelector
from drivers.travel import SIDE_NAMES, CentreHatch, LiftPlatform, side_of


def pin_names(table: Table) -> dict[str, str]:
    """Role label → pin for every pin the table's parts claimed (e.g. "lift0.motor.0")."""
    return {label: pin for part in table.parts() for label, pin in part.pin_names().items()}


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


def build_table(config: Config, pin_factory, scheduler) -> Table:
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
        disc, ring = make(OnOffMotor, "disc"), make(MagnetRing, "ring")
        conveyor, head = make(Conveyor, "conveyor"), make(StackingHead, "head")
        chain, sides = make(Chain, "chain"), per_side(SideUnit, "side")
        lifts, hatch = per_side(LiftPlatform, "lift"), make(CentreHatch, "hatch")
        dice, belt_full = make(DiceUnit, "dice"), make(BeltFullSensor, "belt_full")
        lid, estop = make(LidSwitch, "lid"), make(EStopInput, "estop")
        buttons, annunciator = per_side(SeatButtons, "buttons"), make(Annunciator, "annunciator")
        heartbeat, layout = make(Heartbeat, "heartbeat"), make(LayoutSelector, "layout")
        return Table(disc=disc, ring=ring, conveyor=conveyor, head=head, chain=chain,
                     lifts=lifts, hatch=hatch, dice=dice, annunciator=annunciator,
                     display=keep(display_from(config, pin_factory)), heartbeat=heartbeat,
                     layout=layout,
                     inputs=(*sides, belt_full, lid, estop, *buttons))
    except BaseException:
        release_parts(built)
        raise
