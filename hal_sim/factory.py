"""The simulator's pin factory: gpiozero's MockFactory on scheduler time, with I/O expander headers and pin watchers."""

from collections.abc import Callable

from gpiozero.pins.mock import MockFactory, MockPin

from drivers.expander import EXPANDERS, expander_header


class SimPin(MockPin):
    """A mock pin whose edges are stamped with scheduler time and reported to its watchers.

    Why not MockPin's own ``states`` list: it stamps wall-clock time; the factory's recorder
    keeps the table-wide history instead.
    """

    def __init__(self, factory, info):
        self.watchers: list[Callable[[bool], None]] = []
        """Called with the level on every edge (``SimPinFactory.watch``): kept on the pin, so an
        edge finds them without a look-up by name."""
        super().__init__(factory, info)

    def clear_states(self) -> None:
        self._last_change = self.factory.ticks()
        self.states = []

    def _change_state(self, value: bool) -> bool:
        """Every pin edge of the table comes through here (a few thousand a hand), so it
        reads the pin's own fields rather than through gpiozero's ``factory`` and ``info``
        properties."""
        if self._state == value:
            return False
        self._state = value
        self._last_change = self._factory.ticks()
        for fn in self.watchers:
            fn(value)
        return True


class SimPinFactory(MockFactory):
    """MockFactory (so pin naming and reservation are gpiozero's own code) with three changes:
    ticks come from the scheduler, the board carries the expander headers, and every pin edge
    goes to the pin's watchers (physics listens to outputs; the recorder to every labelled pin).
    The expander pins are mock pins too: the simulator stands in for the chips and their bus.

    :param scheduler: the scheduler whose ``now()`` is the factory's clock.
    """

    def __init__(self, scheduler):
        self.ticks: Callable[[], float] = scheduler.now
        """The factory's clock: the scheduler's own ``now``, so an edge's time stamp is one call."""
        super().__init__(revision="a02082", pin_class=SimPin)

    @staticmethod
    def ticks_diff(later: float, earlier: float) -> float:
        return later - earlier

    def _get_board_info(self):
        if self._info is None:
            board = super()._get_board_info()
            headers = dict(board.headers)
            headers.update({name: expander_header(name) for name in EXPANDERS})
            self._info = board._replace(headers=headers)
        return self._info

    def watch(self, pin_name: str, fn: Callable[[bool], None], first: bool = False) -> None:
        """Call ``fn(level)`` on every edge of ``pin_name``; ``first``: before the watchers it
        already has (the recorder)."""
        watchers = self.pin(pin_name).watchers
        if first:
            watchers.insert(0, fn)
        else:
            watchers.append(fn)
