"""`mjtable run` in a subprocess, as systemd or an operator starts it: its printed lines are
read on a thread (so the pipe never fills), the page's address is taken from the line it
prints, and the table is stopped with SIGTERM."""

import os
import queue
import re
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
MJTABLE = [sys.executable, "-m", "firmware.cli"]


def env(**extra) -> dict:
    """The environment with this folder importable (for ``--hook`` modules) and the log on
    stderr even where a journal runs (a test that reads the journal passes its own socket)."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(HERE.parent)]),
            "MJTABLE_JOURNAL_SOCKET": os.devnull, **extra}


def _no_core_dump() -> None:
    """A test that aborts the table (as systemd's watchdog does) leaves no core file."""
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class TableRun:
    """One running table. ``lines`` collects stdout; ``wait_for(pattern)`` waits for a line."""

    def __init__(self, config: Path, hooks: tuple[str, ...] = (), **extra_env):
        args = [*MJTABLE, "run", "--config", str(config)]
        for hook in hooks:
            args += ["--hook", hook]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env(**extra_env), cwd=config.parent,
                                     preexec_fn=_no_core_dump)
        self.lines: list[str] = []
        self.errors: list[str] = []
        self._new: queue.SimpleQueue = queue.SimpleQueue()
        self._ended = threading.Event()
        threading.Thread(target=self._read, args=(self.proc.stdout, self.lines, True),
                         daemon=True).start()
        threading.Thread(target=self._read, args=(self.proc.stderr, self.errors, False),
                         daemon=True).start()
        self.url = self.wait_for(r"^display: (http://\S+)").group(1)

    def _read(self, stream, into: list[str], tell: bool) -> None:
        for line in stream:
            into.append(line.rstrip("\n"))
            if tell:
                self._new.put(None)
        if tell:
            self._ended.set()
            self._new.put(None)

    def wait_for(self, pattern: str, timeout_s: float = 60.0, start: int = 0) -> re.Match:
        """The first line from ``start`` on matching ``pattern``; AssertionError after
        ``timeout_s`` or when the process ends without it."""
        deadline = time.monotonic() + timeout_s
        seen = start
        while True:
            for line in self.lines[seen:]:
                if match := re.search(pattern, line):
                    return match
            seen = len(self.lines)
            if self._ended.is_set() and seen == len(self.lines):
                raise AssertionError(f"mjtable run ended ({self.proc.returncode}) before "
                                     f"{pattern!r}; stderr: {self.errors[-10:]}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} never came; last lines: {self.lines[-10:]}")
            try:
                self._new.get(timeout=min(left, 1.0))
            except queue.Empty:
                pass

    def signal(self, signum: int) -> None:
        self.proc.send_signal(signum)

    def stop(self, timeout_s: float = 20.0) -> int:
        """SIGTERM, then the exit code (killed after ``timeout_s``)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()
