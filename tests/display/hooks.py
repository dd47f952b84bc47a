"""Hooks the display's end-to-end tests give ``mjtable run --hook hooks:NAME``: each installs a
signal handler in the running table, so a test decides when something happens.

- ``estop_on_usr1``: SIGUSR1 presses the simulated e-stop button and releases it a second
  later; the table stands in E601 until an operator resets it.
- ``flag_on_usr2``: SIGUSR2 has the referee announce a flag with tile evidence. A table
  without a ``[referee]`` gets a stand-in that decides flags as the referee's contract says
  (``resolve`` announces ``FlagResolved``), so the judge's path can be tested end to end.
- ``stall_on_usr1``: SIGUSR1 hangs the control loop (a callback on the scheduler's thread
  that never returns), as a deadlocked controller would.
"""

import signal
import threading

from firmware import notifications as note

FLAG = {"id": "flag-7", "seat": 2, "offence": "false_win", "rule": "MCR 2.3: 诈和",
        "penalty": "30 points to each other seat",
        "evidence": {"hand": "123m456p789s1122z", "declared on": "5z"}}


def _on(signum: int, service, action) -> None:
    signal.signal(signum, lambda *_: service.scheduler.call_soon_threadsafe(action))


def estop_on_usr1(service) -> None:
    sim = service.backend

    def press() -> None:
        sim.set_estop(True)
        service.scheduler.call_later(1.0, lambda: sim.set_estop(False))

    _on(signal.SIGUSR1, service, press)


class StandInReferee:
    """Only what the display asks of the referee: ``resolve`` and ``status``."""

    def __init__(self, notifier):
        self._notifier = notifier

    def resolve(self, flag_id: str, confirmed: bool, judge: str, why: str) -> None:
        self._notifier.publish(note.FlagResolved, flag_id=flag_id, confirmed=confirmed,
                               judge=judge, why=why)

    def status(self) -> dict:
        return {}


def flag_on_usr2(service) -> None:
    service.components.setdefault("referee", StandInReferee(service.notifier))
    _on(signal.SIGUSR2, service, lambda: service.notifier.publish(note.FlagRaised, flag=FLAG))


def stall_on_usr1(service) -> None:
    _on(signal.SIGUSR1, service, threading.Event().wait)
