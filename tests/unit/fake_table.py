"""Tiny fake parts for controller unit tests: they record commands and move when told to.

Lifts, hatch and dice answer after a fixed travel time on the test's VirtualScheduler, like a
healthy table; the tile flow is fed by the test itself (``feed_set``), so each test decides
exactly which tile and stack events the controller sees.
"""

from firmware import events as ev
from firmware.clock import VirtualScheduler
from firmware.controller import Controller, Settings
from firmware.hal import Table
from firmware.wall_break import throws_needed


class FakePart:
    """What the table asks of every part: route events, go safe, let go (nothing to do here)."""

    def attach(self, sink):
        pass

    def safe(self):
        pass

    def release(self):
        pass


class FakeMotor(FakePart):
    def __init__(self, name):
        self.name = name
        self.is_active = False

    def on(self):
        self.is_active = True

    def off(self):
        self.is_active = False


class FakeChain(FakeMotor):
    """The chain: its zero sensor pulses every ``revolution_s`` while it runs (unless stalled)."""

    def __init__(self, scheduler, sink, revolution_s=3.0):
        super().__init__("chain")
        self._scheduler, self._sink, self.revolution_s = scheduler, sink, revolution_s
        self.stalled = False
        self._timer = None

    def on(self):
        if not self.is_active:
            self._timer = self._scheduler.call_later(self.revolution_s, self._zero)
        super().on()

    def off(self):
        super().off()
        if self._timer:
            self._timer.cancel()

    def _zero(self):
        if not self.stalled:
            self._sink[0](ev.ChainAtZero())
        self._timer = self._scheduler.call_later(self.revolution_s, self._zero)


class _Travel(FakePart):
    """A part that moves between two limits in ``travel_s`` and then reports an event."""

    def __init__(self, name, scheduler, sink, travel_s):
        self.name, self._scheduler, self._sink, self.travel_s = name, scheduler, sink, travel_s
        self.is_active = False
        self.stalled = False
        self._timer = None

    def _go(self, leaving: str | None, reaching: str | None, event):
        """Leave the ``leaving`` limit now; after ``travel_s`` reach ``reaching`` and report
        ``event`` (or what ``event()`` returns then)."""
        self.stop()
        if leaving:
            setattr(self, leaving, False)
        self.is_active = True
        if not self.stalled:
            self._timer = self._scheduler.call_later(
                self.travel_s, lambda: self._arrive(reaching, event))

    def _arrive(self, reaching, event):
        self.is_active = False
        if reaching:
            setattr(self, reaching, True)
        self._sink[0](event() if callable(event) else event)

    def stop(self):
        self.is_active = False
        if self._timer:
            self._timer.cancel()


class FakeLift(_Travel):
    def __init__(self, side, scheduler, sink):
        super().__init__(f"lift{side}", scheduler, sink, 10.0)
        self.side, self.at_top, self.at_bottom = side, False, True

    def raise_(self):
        self._go("at_bottom", "at_top", ev.LiftAtTop(self.side))

    def lower(self):
        self._go("at_top", "at_bottom", ev.LiftAtBottom(self.side))


class FakeHatch(_Travel):
    def __init__(self, scheduler, sink):
        super().__init__("hatch", scheduler, sink, 2.0)
        self.is_open, self.is_closed = False, True

    def open(self):
        self._go("is_closed", "is_open", ev.HatchOpened())

    def close(self):
        self._go("is_open", "is_closed", ev.HatchClosed())


class FakeDice(_Travel):
    def __init__(self, scheduler, sink, faces):
        super().__init__("dice", scheduler, sink, 1.5)
        self.faces = list(faces)

    def roll(self):
        self._go(None, None, lambda: ev.DiceRolled(self.faces.pop(0)))


class Recorder(FakePart):
    """Annunciator, display, heartbeat and layout selector in one: keeps what it was shown."""

    name = "recorder"

    def __init__(self):
        self.patterns, self.views, self.beeps, self.beats, self.layouts = [], [], 0, 0, []

    def set_layout(self, stacks_per_side):
        self.layouts.append(stacks_per_side)

    def show(self, what):
        (self.views if isinstance(what, dict) else self.patterns).append(what)

    def beep(self, count=1):
        self.beeps += count

    def beat(self):
        self.beats += 1


class Bench:
    """A controller on fake parts in virtual time."""

    def __init__(self, settings=None, faces=((3, 4), (2, 5)) * 50, checks=None):
        self.scheduler = VirtualScheduler()
        self.sink = [lambda e: None]
        s = self.scheduler
        self.recorder = Recorder()
        self.layouts = self.recorder.layouts
        self.table = Table(
            disc=FakeMotor("disc"), ring=FakeMotor("ring"), conveyor=FakeMotor("conveyor"),
            head=FakeMotor("head"), chain=FakeChain(s, self.sink),
            lifts=tuple(FakeLift(i, s, self.sink) for i in range(4)),
            hatch=FakeHatch(s, self.sink), dice=FakeDice(s, self.sink, faces),
            annunciator=self.recorder, display=self.recorder, heartbeat=self.recorder,
            layout=self.recorder)
        self.controller = Controller(self.table, s, settings or Settings(), checks)
        self.sink[0] = self.controller.post
        self.controller.start()

    @property
    def state(self):
        return self.controller.state

    def run(self, seconds):
        self.scheduler.advance(seconds)

    def post(self, event, then_s=0.0):
        self.controller.post(event)
        self.run(then_s)

    def press(self, button, then_s=0.0):
        self.post(ev.ButtonPressed(0, button), then_s)

    def feed_set(self, tiles=None, period_s=0.4, deliver_s=1.0):
        """Tiles pass the head every ``period_s``; each stack lands ``deliver_s`` after its 2nd
        tile, round-robin on sides with room."""
        count = self.controller.cycle.count
        tiles = count.layout.tiles if tiles is None else tiles
        if getattr(self, "_fed", None) is not count:  # a new set: every side empty again
            self._fed, self._room, self._side = count, list(count.layout.stacks_per_side), 0
        room, side = self._room, self._side
        for i in range(1, tiles + 1):
            self.post(ev.TileAtHead(), period_s)
            if i % 2 == 0:
                while room[side] == 0:
                    side = (side + 1) % 4
                room[side] -= 1
                self.scheduler.call_later(deliver_s, lambda s=side: self.controller.post(
                    ev.StackDelivered(s)))
                side = (side + 1) % 4
        self._side = side

    def motors_on(self):
        return [p.name for p in self.table.moving_parts() if p.is_active]

    def prepare_first_set(self):
        """Power-on to the first set's walls ready (no game in play yet)."""
        self.run(1)
        self.press("hatch", 3)
        self.press("raise", 3)
        self.run(5)
        self.feed_set()
        self.run(5)

    def raise_and_throw(self):
        """From walls ready: hatch, raise, lifts up and down, the dice; ends in play."""
        self.press("hatch", 3)
        self.press("raise", 3)
        self.run(21)
        for _ in range(throws_needed(self.controller.cycle.in_play.settings.rules)):
            self.press("dice", 2)
