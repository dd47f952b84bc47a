"""A table config for the display's end-to-end tests: the default config with its data in a
temporary folder, parts that move fast (a cycle in seconds of real time), a simulated operator
who leaves the reset to the test, the page on a chosen port, and an operator PIN set."""

import re
import socket
from pathlib import Path

from firmware.operator_pin import hash_pin
from table_config import config_text

PIN = "2468"
FAST = {
    "ring": {"pickup_s": 0.05}, "head": {"push_s": 0.05},
    "chain": {"step_s": 0.05, "revolution_s": 0.5},
    "lift.east": {"travel_s": 0.5}, "lift.south": {"travel_s": 0.5},
    "lift.west": {"travel_s": 0.5}, "lift.north": {"travel_s": 0.5},
    "hatch": {"travel_s": 0.2}, "dice": {"roll_s": 0.1, "settle_s": 0.0},
    "controller": {"lift_min_travel_s": 0.1},
    "venue": {"press_delay_s": 0.1, "play_s": 2.0, "reset_delay_s": 600.0, "move_s": 0.15},
    "rfid.zones": {"scan_s": 0.03},
}


def free_port() -> int:
    """A port free on loopback now (the restart test needs the same port twice)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def set_option(text: str, section: str, key: str, value) -> str:
    """``text`` with ``[section] key = value`` (the key replaced, or added; the section added
    at the end when the file has none)."""
    literal = f'"{value}"' if isinstance(value, str) else str(value).lower() \
        if isinstance(value, bool) else repr(value)
    lines = text.splitlines()
    header = next((i for i, line in enumerate(lines) if re.match(rf"^\[{re.escape(section)}\]", line)),
                  None)
    if header is None:
        return text.rstrip("\n") + f"\n\n[{section}]\n{key} = {literal}\n"
    end = next((i for i in range(header + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    for i in range(header + 1, end):
        if re.match(rf"^{re.escape(key)}\s*=", lines[i]):
            lines[i] = f"{key} = {literal}"
            return "\n".join(lines) + "\n"
    lines.insert(header + 1, f"{key} = {literal}")
    return "\n".join(lines) + "\n"


def fast_config(data_dir: Path, port: int = 0, options: dict | None = None,
                pin: str | None = PIN) -> Path:
    """The config file in ``data_dir``: FAST, ``[display] port``, the PIN's hash, ``options``
    ({section: {key: value}}) last."""
    text = config_text(data_dir)
    settings = {section: dict(keys) for section, keys in FAST.items()}
    settings.setdefault("display", {})["port"] = port
    if pin is not None:
        settings.setdefault("ledger", {})["operator_pin"] = hash_pin(pin)
    for section, keys in (options or {}).items():
        settings.setdefault(section, {}).update(keys)
    for section, keys in settings.items():
        for key, value in keys.items():
            text = set_option(text, section, key, value)
    path = data_dir / "table.toml"
    path.write_text(text)
    return path
