"""A repeating physical step (a tile picked up, a stack carried) that runs only while its conditions hold."""

from collections.abc import Callable


class Periodic:
    """Runs ``action`` every ``period_s`` of scheduler time while ``ready()`` is true.

    Event-driven: ``update()`` is called whenever something the condition depends on may have
    changed; it arms one timer when the condition starts to hold and cancels it when it stops
    (the step restarts from zero, like a tile falling back when a belt stops).
    """

    def __init__(self, scheduler, period_s: float, ready: Callable[[], bool],
                 action: Callable[[], None]):
        self._scheduler = scheduler
        self.period_s = period_s
        self._ready = ready
        self._action = action
        self._timer = None

    def update(self) -> None:
        if self._ready():
            if self._timer is None:
                self._timer = self._scheduler.call_later(self.period_s, self._fire)
        elif self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fire(self) -> None:
        self._timer = None
        self._action()
