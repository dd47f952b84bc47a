"""Running the real `mjtable` command in a subprocess, as an operator or systemd would."""

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MJTABLE = [sys.executable, "-m", "firmware.cli"]


def env(**extra) -> dict:
    """The test environment, with this folder importable (for ``--check`` modules)."""
    return {**os.environ, "PYTHONPATH": str(HERE), **extra}


def mjtable(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([*MJTABLE, *args], capture_output=True, text=True, timeout=timeout,
                          env=env())


def config_with(tmp_path: Path, extra: str, name: str = "table.toml") -> Path:
    """The default config plus ``extra`` TOML text appended."""
    source = Path(__file__).resolve().parents[2] / "config" / "table.toml"
    path = tmp_path / name
    path.write_text(source.read_text() + "\n" + extra)
    return path
