"""A repeating physical step (a tile picked up, a stack carried) that runs only while its conditions hold."""

from collections.abc import Callable


class Periodic:
    """Runs ``action`` every ``period_s`` of scheduler time while its condition holds.

    Event-driven: whenever something the condition depends on may have changed, the owner
    evaluates it and calls ``hold(ready)``; that arms one timer when the condition starts to
    hold and cancels it when it stops (the step restarts from zero, like a tile falling back
    when a belt stops). The owner evaluates the condition, not a callback here, because it
    checks all its steps at once and shares what they have in common (a motor, the belt).
    """

    def __init__(self, scheduler, period_s: float, action: Callable[[], None]):
        self._scheduler = scheduler
        self.period_s = period_s
        self._action = action
        self._timer = None

    def hold(self, ready: bool) -> None:
        if ready:
            if self._timer is None:
                self._timer = self._scheduler.call_later(self.period_s, self._fire)
        elif self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fire(self) -> None:
        self._timer = None
        self._action()
