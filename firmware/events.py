"""Events: what the table's parts report to the controller, one queue, stamped by the clock.

Parts (real drivers or the simulator) turn pin edges and serial frames into these and hand
them to the sink given to ``Table.attach``. The controller owns the queue; a timeout it armed
on the scheduler comes back as a ``Timeout`` event like any other.
"""

import functools
from dataclasses import dataclass

# Sides/seats are numbered 0..3 counter-clockwise from the East seat (the dealer's seat
# in the first hand): 0 = E, 1 = S, 2 = W, 3 = N.
SIDES = (0, 1, 2, 3)


@dataclass(frozen=True)
class Event:
    """Base class; ``at`` is the scheduler time the event was taken from the hardware."""


@dataclass(frozen=True)
class TileAtHead(Event):
    """The stacking head's sensor (K1) saw a tile arrive (one pulse per tile)."""


@dataclass(frozen=True)
class StackDelivered(Event):
    """A side unit's count sensor (S1) saw a finished 2-high stack land on that side."""
    side: int


@dataclass(frozen=True)
class ChainAtZero(Event):
    """The distribution chain passed its zero/position sensor (S4)."""


@dataclass(frozen=True)
class LiftAtTop(Event):
    side: int


@dataclass(frozen=True)
class LiftAtBottom(Event):
    side: int


@dataclass(frozen=True)
class HatchOpened(Event):
    pass


@dataclass(frozen=True)
class HatchClosed(Event):
    pass


@dataclass(frozen=True)
class DiceRolled(Event):
    """The dice unit's roll sensor saw the dice tumble and settle; ``faces`` as read."""
    faces: tuple[int, int]


@dataclass(frozen=True)
class BeltFull(Event):
    """Belt-full sensor (S6) changed: True = the conveyor is backed up."""
    active: bool


@dataclass(frozen=True)
class LidChanged(Event):
    """Lid / centre-raised interlock switch changed: True = raised (hands may be inside)."""
    raised: bool


@dataclass(frozen=True)
class EStopPressed(Event):
    """The emergency-stop input went active. Latched in software until an operator reset."""


@dataclass(frozen=True)
class ButtonPressed(Event):
    """A seat button: ``button`` is one of BUTTONS."""
    seat: int
    button: str


BUTTONS = ("raise", "dice", "hatch", "win", "riichi", "void_m", "void_p", "void_s")
"""Every seat's panel: the machine's buttons (raise walls, dice, hatch), which the controller
acts on, and the players' declarations for the referee: a win, riichi, and the Sichuan void
suit (定缺) named by its suit. The controller ignores the buttons its machine does not use."""


@dataclass(frozen=True)
class OperatorReset(Event):
    """The operator acknowledged a fault or e-stop (reset key / maintenance menu)."""


@dataclass(frozen=True)
class Timeout(Event):
    """A timeout the controller armed has expired; ``name`` says which."""
    name: str


@dataclass(frozen=True)
class EStopReleased(Event):
    """The emergency-stop input went inactive again; the latch still needs an operator reset."""


@dataclass(frozen=True)
class MaintenanceCommand(Event):
    """The maintenance menu: ``action`` is "enter", "exit" or the name of a part to test."""
    action: str


@dataclass(frozen=True)
class TileRead(Event):
    """An RFID reader read one tag; ``uid`` in upper-case hex, ``reader`` the reader's name."""
    uid: str
    reader: str


@dataclass(frozen=True)
class ZoneInventory(Event):
    """A zone reader finished an inventory: every tag it saw in ``area`` ("hand", "melds" or
    "pond") at ``seat`` (None for the shared discard pond)."""
    seat: int | None
    area: str
    uids: frozenset[str]


@dataclass(frozen=True)
class ReaderFault(Event):
    """An RFID reader stopped answering (or answers nonsense); ``reason`` says what was seen."""
    reader: str
    reason: str


@dataclass(frozen=True)
class ComponentFault(Event):
    """A component watching the set being prepared asks the machine to stop with ``code``
    (the head RFID reader failed: the walls could not be verified)."""
    code: str
    detail: str


TILE_EVENTS = (TileRead, ZoneInventory, ReaderFault)
"""What the RFID readers report; they go to the tile components, never to the controller."""


class EventRouter:
    """The one sink every part and reader is attached to: ``post`` (thread-safe, never
    blocks) hands the event to the scheduler's thread, which gives it to each subscriber of
    its class, in the order events arrived."""

    def __init__(self, scheduler):
        self._scheduler = scheduler
        self._handlers: dict[type, list] = {}

    def subscribe(self, kinds: tuple[type, ...], handler) -> None:
        for kind in kinds:
            self._handlers.setdefault(kind, []).append(handler)

    def post(self, event: Event) -> None:
        self._scheduler.call_soon_threadsafe(functools.partial(self.deliver, event))

    def deliver(self, event: Event) -> None:
        for handler in self._handlers.get(type(event), ()):
            handler(event)
