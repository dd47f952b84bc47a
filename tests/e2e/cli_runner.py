"""Running the real `mjtable` command in a subprocess, as an operator or systemd would."""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from table_config import config_text

HERE = Path(__file__).resolve().parent
MJTABLE = [sys.executable, "-m", "firmware.cli"]


def env(**extra) -> dict:
    """The test environment, with this folder importable (for ``--check`` modules)."""
    return {**os.environ, "PYTHONPATH": str(HERE), **extra}


def mjtable(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """``mjtable ARGS``; ``sim`` and ``run`` without ``--config`` get the default config with
    its data (the tile registry) in a fresh temporary folder, never in the checkout."""
    if args and args[0] in ("sim", "run") and "--config" not in args:
        args = (*args, "--config", str(config_with(Path(tempfile.mkdtemp(prefix="mjtable-")), "")))
    return subprocess.run([*MJTABLE, *args], capture_output=True, text=True, timeout=timeout,
                          env=env())


def config_with(tmp_path: Path, extra: str, name: str = "table.toml") -> Path:
    """The default config, its data kept under ``tmp_path``, plus ``extra`` TOML appended; a
    section ``extra`` names replaces the default's section of that name."""
    replaced = set(re.findall(r"^\[([^\]]+)\]", extra, re.MULTILINE))
    kept, skipping = [], False
    for line in config_text(tmp_path).splitlines():
        header = re.match(r"^\[([^\]]+)\]", line)
        if header:
            skipping = header.group(1) in replaced
        if not skipping:
            kept.append(line)
    path = tmp_path / name
    path.write_text("\n".join(kept) + "\n" + extra)
    return path
