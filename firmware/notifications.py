"""What the table announces: small frozen records, delivered by type to whoever subscribed.

The controller and the components publish these on one ``Notifier``; the CLI, the display,
the simulated world and the tests subscribe to the kinds they need. A new notification is one
class here; a subscriber names the class (or a base class, to hear a whole family).
"""

import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Notification:
    """Base class; ``at`` is the scheduler time it was published."""

    at: float = field(default=0.0, kw_only=True)
    shown: ClassVar[bool] = True
    """Whether it changes what the table shows (the display hears those)."""


@dataclass(frozen=True)
class StateEntered(Notification):
    """The machine entered ``state`` (a ``firmware.controller.machine.State``)."""

    state: Any


@dataclass(frozen=True)
class FaultRaised(Notification):
    """The table stopped with ``code``; ``meaning`` and ``action`` are the operator's texts."""

    code: str
    detail: str
    meaning: str
    action: str


@dataclass(frozen=True)
class FaultCleared(Notification):
    """The operator's reset was accepted: the table self-tests and resumes."""


@dataclass(frozen=True)
class SetPreparing(Notification):
    """A set starts to be shuffled and stacked for cycle ``cycle`` under ``rules``."""

    cycle: int
    rules: str


@dataclass(frozen=True)
class WallsReady(Notification):
    """The prepared walls stand ready under the table (``report``: a ``CycleReport``)."""

    report: Any


@dataclass(frozen=True)
class DiceThrown(Notification):
    """The dice decided the break of the walls just raised: cycle ``cycle`` is complete."""

    cycle: int
    rules: str
    dealer: int
    wall_break: Any


@dataclass(frozen=True)
class HandStarted(Notification):
    """Players deal from the walls raised: hand ``hand`` (1 = the first since power-on) is
    played during machine cycle ``cycle``, while the next set is prepared (the numbering of
    ``mjtable sim --fault ...@cycle=N``)."""

    hand: int
    cycle: int
    rules: str
    dealer: int
    wall_break: Any


@dataclass(frozen=True)
class HandEnded(Notification):
    """The hatch opened for the used set: hand ``hand`` is over."""

    hand: int


@dataclass(frozen=True)
class PartTested(Notification):
    """The maintenance menu tested ``part``: ``verified`` when a sensor saw it work; a part no
    sensor can observe ran its test and waits for the operator's eye (``detail`` says so)."""

    part: str
    verified: bool
    detail: str


@dataclass(frozen=True)
class NoticeRaised(Notification):
    """A players' irregularity for the referee (not a machine fault: nothing stops)."""

    code: str
    seat: int | None
    message: str
    action: str


@dataclass(frozen=True)
class FlagRaised(Notification):
    """The referee saw an offence as it happened: ``flag`` is its plain record (``id``,
    ``seat``, ``offence``, ``rule``, ``penalty``, ``evidence``) — a notice, nothing stops."""

    flag: dict


@dataclass(frozen=True)
class FlagResolved(Notification):
    """A judge confirmed or dismissed flag ``flag_id`` (a recorded action)."""

    flag_id: str
    confirmed: bool
    judge: str
    why: str


@dataclass(frozen=True)
class Sensed(Notification):
    """What the referee sensed of hand ``hand``: its ``n``-th zone report or button press
    (from 0), as ``report`` (``firmware/referee/component.py`` says what it holds) — evidence
    for the hand's log (the ledger writes it within ``[ledger] sensed_sync_s``); nothing shown
    changes with it."""

    shown: ClassVar[bool] = False
    hand: int
    n: int
    report: dict


@dataclass(frozen=True)
class HandResult(Notification):
    """The referee's conclusion of hand ``hand``: ``result`` holds its wins (with the rules
    engine's verdict and score), or the draw, and its flags."""

    hand: int
    result: dict


@dataclass(frozen=True)
class ResultRecorded(Notification):
    """The ledger made an event durable (``event_id`` in the event store): only now is it
    acknowledged to the players and the operator."""

    event_id: int
    kind: str
    hand: int | None


Handler = Callable[[Notification], None]


class Notifier:
    """Subscribers by notification class; ``publish`` calls each one whose class matches."""

    def __init__(self, clock: Callable[[], float] = lambda: 0.0):
        self._clock = clock
        self._handlers: dict[type, list[Handler]] = defaultdict(list)
        self._matching: dict[type, tuple[Handler, ...]] = {}
        """Per published class, its subscribers and its bases', in that order: worked out at
        its first publish after a subscription, not at each (a hand publishes hundreds)."""

    def subscribe(self, kind: type[Notification], handler: Handler) -> None:
        self._handlers[kind].append(handler)
        self._matching.clear()

    def publish(self, notification_cls: type[Notification], /, **fields) -> Notification:
        """Make the notification, stamped now, and hand it to every matching subscriber (those
        subscribed when it was published)."""
        notification = notification_cls(at=self._clock(), **fields)
        handlers = self._matching.get(notification_cls)
        if handlers is None:
            handlers = self._matching[notification_cls] = tuple(
                handler for kind in notification_cls.__mro__
                for handler in self._handlers.get(kind, ()))
        for handler in handlers:
            handler(notification)
        return notification
