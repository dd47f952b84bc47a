"""Building the RFID readers from config: ``[rfid.head]`` and one ``[rfid.zone.<name>]`` per zone.

Options (all sections): ``port`` (a device path such as "/dev/ttyUSB0" or any pyserial URL;
required on a real table, set by the simulator to its pty), ``baudrate`` (115200),
``timeout_s`` (0.05: how long a quiet line means "no answer"), ``fault_after`` (5 quiet tries
in a row raise a reader fault). Zones also take ``seat`` (0..3, E S W N; omitted for the pond),
``area`` ("hand", "melds" or "pond"), ``rounds`` (4 poll rounds per inventory) and
``min_rssi`` (0: reads weaker than this are taken for a neighbour zone's tags).
"""

from firmware.config import Section

from drivers.rfid.head_reader import HeadReader
from drivers.rfid.zone_reader import AREAS, ZoneReader


def _port_options(section: Section, port: str | None, timeout_s: float = 0.05) -> dict:
    url = section.get_str("port") if port is None else port
    return {"url": url,
            "baudrate": section.get_int("baudrate", 115200, minval=1200, maxval=4_000_000),
            "timeout_s": section.get_float("timeout_s", timeout_s, minval=0.001, maxval=5.0)}


def head_reader_from_config(section: Section, port: str | None = None,
                            timeout_s: float = 0.05) -> HeadReader:
    """The head reader of ``[rfid.head]``; ``port`` overrides the configured one and
    ``timeout_s`` the default quiet time (the simulator: its pty, and more patience for a
    loaded machine)."""
    options = _port_options(section, port, timeout_s)
    return HeadReader.open("head", **options,
                           fault_after=section.get_int("fault_after", 5, minval=1, maxval=1000))


def zone_reader_from_config(section: Section, port: str | None = None) -> ZoneReader:
    """The zone reader of ``[rfid.zone.<name>]``, named ``zone-<name>``."""
    options = _port_options(section, port)
    area = section.get_str("area", choices=AREAS)
    seat = None if area == "pond" else section.get_int("seat", minval=0, maxval=3)
    return ZoneReader.open(f"zone-{section.name.split('.', 2)[2]}", **options, seat=seat,
                           area=area, rounds=section.get_int("rounds", 4, minval=1, maxval=100),
                           min_rssi=section.get_int("min_rssi", 0, minval=0, maxval=255),
                           fault_after=section.get_int("fault_after", 5, minval=1, maxval=1000))
