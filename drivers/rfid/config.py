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


def _port_options(section: Section, port: str | None, timeout_s: float | None) -> dict:
    """The port's options; a ``port`` given here (the simulator's pty) comes with its own
    ``timeout_s`` and the section's ``port`` and ``timeout_s`` are not used."""
    if port is None:
        port = section.get_str("port")
        timeout_s = section.get_float("timeout_s", 0.05, minval=0.001, maxval=5.0)
    return {"url": port, "timeout_s": timeout_s,
            "baudrate": section.get_int("baudrate", 115200, minval=1200, maxval=4_000_000)}


def head_reader_from_config(section: Section, port: str | None = None,
                            timeout_s: float | None = None) -> HeadReader:
    """The head reader of ``[rfid.head]``; ``port`` and ``timeout_s`` replace the configured
    ones (the simulator: its pty, whose answers are whole before they are read)."""
    options = _port_options(section, port, timeout_s)
    return HeadReader.open("head", **options,
                           fault_after=section.get_int("fault_after", 5, minval=1, maxval=1000))


def zone_reader_from_config(section: Section, port: str | None = None,
                            timeout_s: float | None = None) -> ZoneReader:
    """The zone reader of ``[rfid.zone.<name>]``, named ``zone-<name>``."""
    options = _port_options(section, port, timeout_s)
    area = section.get_str("area", choices=AREAS)
    seat = None if area == "pond" else section.get_int("seat", minval=0, maxval=3)
    return ZoneReader.open(f"zone-{section.name.split('.', 2)[2]}", **options, seat=seat,
                           area=area, rounds=section.get_int("rounds", 4, minval=1, maxval=100),
                           min_rssi=section.get_int("min_rssi", 0, minval=0, maxval=255),
                           fault_after=section.get_int("fault_after", 5, minval=1, maxval=1000))
