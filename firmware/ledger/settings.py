"""The ``[ledger]`` section: where the games are kept, the operator PIN, ties, the time limit,
how long a hand's sensed reports are gathered before they are written.

The data folder is taken relative to the config file's folder, like the tile registry; a
command's ``--data DIR`` (relative to where it is run) overrides it.
"""

import dataclasses
import tomllib
from dataclasses import dataclass
from pathlib import Path

from firmware.config import Config, ConfigError, Section
from firmware.ledger.games import TIES

SECTION = "ledger"
DEFAULT_DATA_DIR = "../var/ledger"
SENSED_SYNC_S = 5.0
"""Seconds of a hand's sensed reports a crash or a power cut may lose at most (with the
batch being written then): they are gathered that long and written behind the table as one
event (one durable write per zone report would be hundreds a hand). Whatever was sensed
before a flag or a result is written before it."""


@dataclass(frozen=True)
class LedgerSettings:
    """``time_limit_min``: None keeps each rule set's own limit (MCR 150 min, Sichuan 100);
    0 plays without one. ``sensed_sync_s``: see ``SENSED_SYNC_S`` (0: each report written at once)."""

    data_dir: Path
    operator_pin: str = ""
    ties: str = TIES[0]
    time_limit_min: float | None = None
    sensed_sync_s: float = SENSED_SYNC_S

    @classmethod
    def from_section(cls, section: Section) -> "LedgerSettings":
        folder = Path(section.get_str("data_dir", DEFAULT_DATA_DIR))
        source = Path(section.config.source)
        if not folder.is_absolute() and source.is_file():
            folder = source.parent / folder
        limit = section.get_float("time_limit_min", None, minval=0.0, maxval=24 * 60.0) \
            if section.has("time_limit_min") else None
        return cls(folder, section.get_str("operator_pin", ""),
                   section.get_str("ties", TIES[0], choices=TIES), limit,
                   section.get_float("sensed_sync_s", SENSED_SYNC_S, minval=0.0, maxval=600.0))

    def game_time_limit(self, rule_default: float | None) -> float | None:
        """The limit a new game is started with."""
        if self.time_limit_min is None:
            return rule_default
        return self.time_limit_min or None


def load_settings(config_path: str | Path, data_dir: str | None = None) -> LedgerSettings:
    """The ``[ledger]`` settings of a config file (its defaults when it has no such section),
    the data folder replaced by ``data_dir`` when given; ConfigError names what is wrong."""
    config = Config.load(config_path)
    settings = LedgerSettings.from_section(config.section(SECTION, required=False))
    if data_dir is not None:
        settings = dataclasses.replace(settings, data_dir=Path(data_dir).resolve())
    return settings


def config_with_data(config_path: str | Path, data_dir: str) -> Config:
    """The config file with ``[ledger] data_dir`` set to ``data_dir`` (for ``mjtable run
    --data``): the section is added when the file has none."""
    path = Path(config_path)
    Config.load(path)  # a missing or malformed file is refused as everywhere else
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    if not isinstance(data.get(SECTION, {}), dict):
        raise ConfigError(f"{path}: [{SECTION}] must be a section")
    data.setdefault(SECTION, {})["data_dir"] = str(Path(data_dir).resolve())
    return Config(data, str(path))
