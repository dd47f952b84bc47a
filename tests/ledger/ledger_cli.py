"""The real ``mjtable`` in a subprocess for the ledger tests, its data in a temporary folder."""

import os
import re
import subprocess
import sys
from pathlib import Path

from table_config import config_text

MJTABLE = [sys.executable, "-m", "firmware.cli"]
PIN = "2468"


def config_in(folder: Path, pin_hash: str = "") -> Path:
    """The default config with its data under ``folder``, the given PIN hash, and the display
    page on a free port (tests run side by side)."""
    text = config_text(folder).replace('operator_pin = ""', f'operator_pin = "{pin_hash}"')
    text = re.sub(r"^port = \d+", "port = 0", text, flags=re.MULTILINE)
    path = folder / "table.toml"
    path.write_text(text)
    return path


def mjtable(*args: str, pin: str | None = PIN, new_pin: str | None = None, stdin: str = "",
            timeout: float = 60) -> subprocess.CompletedProcess:
    """``mjtable ARGS`` with the operator's PIN (and a new one for ``pin set``) given as a
    script would give them."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MJTABLE_")}
    for name, value in (("MJTABLE_PIN", pin), ("MJTABLE_NEW_PIN", new_pin)):
        if value is not None:
            env[name] = value
    return subprocess.run([*MJTABLE, *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, env=env)
