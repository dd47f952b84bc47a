"""The one clock and scheduler the controller and the simulator share.

Time is injected: the controller never reads the wall clock or sleeps. ``VirtualScheduler``
runs time as fast as the work allows (deterministic; thousands of cycles in seconds);
``RealTimeScheduler`` follows ``time.monotonic`` for a bench demo or a real table and accepts
callbacks from other threads (gpiozero edge callbacks, serial reader threads).
"""

import heapq
import itertools
import queue
import threading
import time
from collections.abc import Callable


class Timer:
    """A scheduled call; ``cancel()`` is idempotent."""

    __slots__ = ("when", "fn", "cancelled")

    def __init__(self, when: float, fn: Callable[[], None]):
        self.when = when
        self.fn = fn
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class _Heap:
    """Timers ordered by due time, then by the order they were armed.

    A cancelled timer stays in the heap until it comes up, so timers re-armed often with a
    long delay would pile up over an evening: when the heap has doubled since it was last
    swept, the cancelled ones are swept out (amortised: each sweep halves the work to come).
    """

    SWEEP_FLOOR = 1024

    def __init__(self):
        self._heap: list[tuple[float, int, Timer]] = []
        self._seq = itertools.count()
        self._sweep_at = self.SWEEP_FLOOR

    def push(self, timer: Timer) -> Timer:
        heapq.heappush(self._heap, (timer.when, next(self._seq), timer))
        if len(self._heap) >= self._sweep_at:
            self._heap = [entry for entry in self._heap if not entry[2].cancelled]
            heapq.heapify(self._heap)
            self._sweep_at = max(self.SWEEP_FLOOR, 2 * len(self._heap))
        return timer

    def next_due(self) -> float | None:
        while self._heap and self._heap[0][2].cancelled:
            heapq.heappop(self._heap)
        return self._heap[0][0] if self._heap else None

    def pop_due(self, until: float) -> Timer | None:
        """Take out the first live timer due by ``until``; None when there is none.

        It skips the cancelled timers itself rather than through ``next_due``: every timer
        of every run comes through here, and a Python call costs more than the loop."""
        heap = self._heap
        while heap and heap[0][2].cancelled:
            heapq.heappop(heap)
        if not heap or heap[0][0] > until:
            return None
        return heapq.heappop(heap)[2]


class VirtualScheduler:
    """Discrete-event time: ``run_until`` jumps from one due timer to the next."""

    def __init__(self, start: float = 0.0):
        self._now = start
        self._timers = _Heap()

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, fn: Callable[[], None]) -> Timer:
        return self._timers.push(Timer(max(when, self._now), fn))

    def call_later(self, delay_s: float, fn: Callable[[], None]) -> Timer:
        """``call_at(now + delay_s)`` without the extra call (most timers are armed here):
        a negative delay runs at once, as a time already past does."""
        return self._timers.push(Timer(self._now + max(delay_s, 0.0), fn))

    def call_soon_threadsafe(self, fn: Callable[[], None]) -> Timer:
        return self._timers.push(Timer(self._now, fn))

    def run_until(self, when: float, stop: Callable[[], bool] = lambda: False) -> None:
        """Run every timer due up to ``when`` (or until ``stop()``), then set the time to ``when``."""
        while not stop():
            timer = self._timers.pop_due(when)
            if timer is None:
                break
            self._now = timer.when
            timer.fn()
        if not stop():
            self._now = max(self._now, when)

    def advance(self, delay_s: float) -> None:
        self.run_until(self._now + delay_s)


class RealTimeScheduler:
    """Wall-clock time on one loop thread; other threads hand work over with ``call_soon_threadsafe``.

    ``speed`` above 1 runs the clock that many times faster than real time (the simulator's
    world, for long trials); only a backend that says ``time_scalable`` may run so."""

    def __init__(self, monotonic: Callable[[], float] = time.monotonic, speed: float = 1.0):
        if not speed > 0:
            raise ValueError(f"speed must be above 0, got {speed!r}")
        self._monotonic = monotonic
        self.speed = speed
        self._timers = _Heap()
        self._inbox: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._stopping = threading.Event()

    def now(self) -> float:
        return self._monotonic() * self.speed

    def call_at(self, when: float, fn: Callable[[], None]) -> Timer:
        return self._timers.push(Timer(when, fn))

    def call_later(self, delay_s: float, fn: Callable[[], None]) -> Timer:
        return self.call_at(self.now() + delay_s, fn)

    def call_soon_threadsafe(self, fn: Callable[[], None]) -> None:
        self._inbox.put(fn)

    def stop(self) -> None:
        """Ask ``run_forever`` to return (safe from any thread or signal handler)."""
        self._stopping.set()
        self._inbox.put(lambda: None)

    def run_forever(self) -> None:
        while not self._stopping.is_set():
            due = self._timers.next_due()
            wait_s = None if due is None else max(0.0, due - self.now()) / self.speed
            try:
                self._inbox.get(timeout=wait_s)()
            except queue.Empty:
                pass
            while (timer := self._timers.pop_due(self.now())) is not None:
                timer.fn()
