"""The ``[display]`` section: where the page is served, in which language, how often it follows
a set being stacked, and whether it may be reached from beyond this machine.

Why a refusal and not a warning: the page carries the operator's actions, so it listens on
loopback unless the config says, in so many words, that the venue's network may reach it.
"""

import ipaddress
from dataclasses import dataclass

from firmware.config import Section
from firmware.display.texts import LANGUAGES


@dataclass(frozen=True)
class DisplaySettings:
    bind: str = "127.0.0.1"
    port: int = 8080
    language: str = "zh"
    open_to_network: bool = False
    refresh_s: float = 1.0

    @classmethod
    def from_section(cls, section: Section) -> "DisplaySettings":
        """Every key optional; a bind address beyond loopback needs ``open_to_network = true``."""
        bind = section.get_str("bind", cls.bind)
        settings = cls(bind=bind,
                       port=section.get_int("port", cls.port, minval=0, maxval=65535),
                       language=section.get_str("language", cls.language, choices=LANGUAGES),
                       open_to_network=section.get_bool("open_to_network", cls.open_to_network),
                       refresh_s=section.get_float("refresh_s", cls.refresh_s, minval=0.1,
                                                   maxval=60.0))
        loopback = _is_loopback(section, bind)
        if not loopback and not settings.open_to_network:
            raise section.error("bind", f"{bind} reaches beyond this machine; the page carries "
                                        f"the operator's actions, so set open_to_network = true "
                                        f"to serve it there (or bind 127.0.0.1)")
        return settings


def _is_loopback(section: Section, bind: str) -> bool:
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        raise section.error("bind", f"must be an IP address (e.g. 127.0.0.1 or 0.0.0.0), "
                                    f"got {bind!r}") from None
