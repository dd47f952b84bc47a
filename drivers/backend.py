"""The real-table backend: the parts on a Raspberry Pi pin factory (lgpio or RPi.GPIO) plus the I2C expanders, and the RFID readers."""

import importlib
import logging

from firmware.config import Config, Section
from firmware.hal import Table

from drivers.expander import EXPANDERS, ExpanderFactory
from drivers.i2c import LinuxI2CBus
from drivers.rfid.config import head_reader_from_config, zone_reader_from_config
from drivers.table import build_table

PIN_FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
}
DEFAULT_ADDRESSES = (0x20, 0x21, 0x22, 0x23)
log = logging.getLogger(__name__)


def header_factory(section: Section):
    """The gpiozero factory ``[pi] pin_factory`` names (default lgpio, the one a Pi 5 needs)."""
    name = section.get_str("pin_factory", "lgpio", choices=tuple(PIN_FACTORIES))
    module_name, class_name = PIN_FACTORIES[name]
    try:
        return getattr(importlib.import_module(module_name), class_name)()
    except (ImportError, OSError, RuntimeError) as exc:
        raise section.error("pin_factory", f"{name} cannot drive GPIO here ({exc}); "
                                           "run on the Raspberry Pi with `pip install .[pi]`") from None


def pin_factory_from(config: Config):
    """The header factory, wrapped with the ``[pi] expanders`` MCP23017 chips fitted (0 = none)."""
    section = config.section("pi", required=False)
    count = section.get_int("expanders", len(EXPANDERS), minval=0, maxval=len(EXPANDERS))
    bus_number = section.get_int("i2c_bus", 1, minval=0, maxval=20)
    poll_ms = section.get_int("poll_ms", 2, minval=1, maxval=50)
    keys = [f"{name.lower()}_address" for name in EXPANDERS[:count]]
    addresses = tuple(section.get_int(key, default, minval=0x20, maxval=0x27)
                      for key, default in zip(keys, DEFAULT_ADDRESSES))
    base = header_factory(section)
    if not count:
        return base
    try:
        return ExpanderFactory(base, LinuxI2CBus(bus_number), addresses, poll_ms / 1000)
    except OSError as exc:
        base.close()
        raise section.error("expanders", f"{count} MCP23017 at {', '.join(map(hex, addresses))} "
                                         f"on /dev/i2c-{bus_number} do not answer ({exc})") from None


def readers_from(config: Config) -> list:
    """The RFID readers configured: ``[rfid.head]`` and every ``[rfid.zone.<name>]``."""
    readers = []
    try:
        if config.has_section("rfid.head"):
            readers.append(head_reader_from_config(config.section("rfid.head")))
        for section in config.sections("rfid.zone"):
            readers.append(zone_reader_from_config(section))
    except BaseException:
        for reader in readers:
            reader.close()
        raise
    return readers


class PiBackend:
    """``table`` for the controller and the RFID ``readers``; ``attach(sink)`` routes every
    event to the service and starts the readers' threads; ``close()`` leaves every output
    safe, stops the readers and frees the GPIOs."""

    def __init__(self, table: Table, factory, readers: list):
        self.table = table
        self.factory = factory
        self.readers = readers
        self._closed = False

    def attach(self, sink) -> None:
        self.table.attach(sink)
        for reader in self.readers:
            reader.attach(sink)
            reader.start()

    def close(self) -> None:
        """Idempotent; every part, reader and the pin factory is released even if one fails."""
        if self._closed:
            return
        self._closed = True
        try:
            self.table.close()
        finally:
            for reader in self.readers:
                try:
                    reader.close()
                except Exception:  # noqa: BLE001 - close the others and the factory too
                    log.exception("RFID reader %s failed to close", reader.name)
            self.factory.close()


def build(config: Config, scheduler) -> PiBackend:
    """Entry point ``mjtable.backends:pi``."""
    factory = pin_factory_from(config)
    try:
        table = build_table(config, factory, scheduler)
    except BaseException:
        factory.close()
        raise
    try:
        return PiBackend(table, factory, readers_from(config))
    except BaseException:
        try:
            table.close()
        finally:
            factory.close()
        raise
