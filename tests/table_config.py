"""The default table config with its data (the tile registry, the ledger) in a test's own
temporary folder: no test writes into the checkout."""

import re
import tomllib
from pathlib import Path

from firmware.config import DEFAULT_PATH, Config


def config_text(data_dir: Path) -> str:
    """config/table.toml as text, with the tile registry and the ledger in ``data_dir``."""
    text, found = re.subn(r'^registry = "[^"]*"', f'registry = "{data_dir / "tiles.sqlite"}"',
                          DEFAULT_PATH.read_text(), flags=re.MULTILINE)
    assert found == 1, "config/table.toml has no [tiles] registry line"
    text, found = re.subn(r'^data_dir = "[^"]*"', f'data_dir = "{data_dir / "ledger"}"', text,
                          flags=re.MULTILINE)
    assert found == 1, "config/table.toml has no [ledger] data_dir line"
    return text


def default_config(data_dir: Path) -> Config:
    """The default config, loaded as the service would load it, its data in ``data_dir``."""
    return Config(tomllib.loads(config_text(data_dir)), str(DEFAULT_PATH))
