"""The real-table backend: the parts on a Raspberry Pi pin factory (lgpio or RPi.GPIO), chosen from config."""

import importlib

from firmware.config import Config

from drivers.table import Parts, build_parts

PIN_FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
}


def pin_factory_from(config: Config):
    """The gpiozero factory ``[pi] pin_factory`` names (default lgpio, the one Pi 5 needs)."""
    section = config.section("pi", required=False)
    name = section.get_str("pin_factory", "lgpio", choices=tuple(PIN_FACTORIES))
    module_name, class_name = PIN_FACTORIES[name]
    try:
        factory_class = getattr(importlib.import_module(module_name), class_name)
        return factory_class()
    except (ImportError, OSError, RuntimeError) as exc:
        raise section.error("pin_factory", f"{name} cannot drive GPIO here ({exc}); "
                                           "run on the Raspberry Pi with `pip install .[pi]`") from None


class PiBackend:
    """``table`` for the controller; ``close()`` leaves every output safe and frees the GPIOs."""

    def __init__(self, parts: Parts, factory):
        self.parts = parts
        self.factory = factory
        self.table = parts.table()

    def close(self) -> None:
        try:
            self.parts.release()
        finally:
            self.factory.close()


def build(config: Config, scheduler) -> PiBackend:
    """Entry point ``mjtable.backends:pi``."""
    factory = pin_factory_from(config)
    try:
        return PiBackend(build_parts(config, factory, scheduler), factory)
    except BaseException:
        factory.close()
        raise
