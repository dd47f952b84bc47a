"""The table service, built from a config: the composition root of the firmware.

It loads the configured backend, builds the controller, then loads one component per config
section named in the ``mjtable.components`` entry points (``[tiles]``, ``[tiles.hands]``, and
whatever a package adds: the referee, the ledger, the display, the simulator's world), each
through its own ``load_component(section, service)``, in the order the entry points are
declared, and finally rejects any section or key nobody read. Every part and reader is
attached to one ``EventRouter``: the machine events go to the controller, the RFID events to
the components that subscribed to them. ``status()`` gathers the table's status from the
controller and every component.
"""

import gc
import logging
from importlib.metadata import entry_points

from firmware import notifications as note
from firmware.backend import load_backend
from firmware.config import Config, ConfigError, Section
from firmware.controller import Controller, CycleChecks, Settings
from firmware.controller.machine import MACHINE_EVENTS
from firmware.events import EventRouter

COMPONENTS = "mjtable.components"
log = logging.getLogger(__name__)


def component_loaders() -> dict:
    """Section name → the entry point that loads its component, sorted by section name,
    whatever order the installed metadata lists them in: ``tiles`` loads before ``tiles.hands``
    and ``venue``, which look it up as they load; the others find each other when first used."""
    return {point.name: point
            for point in sorted(entry_points(group=COMPONENTS), key=lambda point: point.name)}


class Service:
    """One table: ``backend``, ``controller``, the configured ``components`` by section name,
    the ``notifier`` everything announces on and the ``events`` router every part feeds."""

    def __init__(self, config: Config, scheduler, backend, settings: Settings,
                 checks: CycleChecks | None = None):
        self.config = config
        self.scheduler = scheduler
        self.backend = backend
        self.notifier = note.Notifier(scheduler.now)
        self.events = EventRouter(scheduler)
        self.controller = Controller(backend.table, scheduler, settings, checks or CycleChecks(),
                                     self.notifier)
        self.notifier.subscribe(note.NoticeRaised, self.controller.show_notice)
        self.components: dict[str, object] = {}

    def load_components(self) -> None:
        """Each configured component section, through its entry point's ``load_component``."""
        for name, point in component_loaders().items():
            if self.config.has_section(name):
                self.components[name] = point.load()(self.config.section(name), self)
        # The controller hears each event last, so a component watching the same events (the
        # tile check's wall map) is up to date when the controller acts on one.
        self.events.subscribe(MACHINE_EVENTS, self.controller.take)

    def lookup(self, name: str, needed_by: Section | None = None):
        """The component loaded from ``[name]``; a ConfigError names who needs it if absent."""
        if name not in self.components:
            where = f"[{needed_by.name}] needs " if needed_by is not None else "needs "
            raise ConfigError(f"{self.config.source}: {where}a [{name}] section")
        return self.components[name]

    def start(self) -> None:
        """Route every part's and reader's events, settle the heap, then start the controller.

        Settling: what exists once the table is built (the modules, classes and functions of
        every library loaded, the parts, the components) lives as long as the process, yet the
        cyclic collector's full collections walk all of it again and again (some 61 000
        objects; a full collection took 12-45 ms here, the control loop standing still
        meanwhile, and came every dozen hands or so). One collection now, then ``gc.freeze``,
        leaves it to reference counting alone; the collector walks what play creates.
        ``close`` gives it back."""
        self.backend.attach(self.events.post)
        gc.collect()
        gc.freeze()
        self.controller.start()

    def status(self) -> dict:
        """The table's status: the controller's, and each component's under its section name."""
        return self.controller.status() | {name: component.status()
                                           for name, component in self.components.items()}

    def close(self) -> None:
        """Every output safe, then the heap given back to the collector (``start``) and every
        component and device released (each in its own try)."""
        try:
            self.controller.close()
        finally:
            gc.unfreeze()
            for name, component in reversed(self.components.items()):
                try:
                    getattr(component, "close", lambda: None)()
                except Exception:  # noqa: BLE001 - release the rest, then the backend
                    log.exception("component [%s] failed to close", name)
            self.backend.close()


def build_service(config: Config, scheduler, *, rules: str | None = None,
                  checks: CycleChecks | None = None, **backend_options) -> Service:
    """Load the backend (``backend_options`` go to its ``build``, e.g. the simulator's
    ``seed``), the controller's settings (``rules`` overrides ``[table] rules``) and every
    configured component, then reject any option nobody read (ConfigError names it)."""
    backend = load_backend(config, scheduler, **backend_options)
    service = None
    try:
        settings = Settings.from_config(config)
        if rules is not None:
            settings = Settings(rules, settings.dealer, settings.bounds)
        service = Service(config, scheduler, backend, settings, checks)
        service.load_components()
        config.check_unused()
    except BaseException:
        if service is not None:
            service.close()
        else:
            backend.close()
        raise
    return service
