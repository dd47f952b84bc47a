"""A module of ours run as a process of its own, spoken to in pickled messages over two pipes.

Why: the table's loop is one thread of one interpreter, and Python's interpreter lock keeps
threads from running Python side by side. Work that needs nothing back from the loop while it
runs (the log's writer, ``firmware.store.writer``; the simulated players thinking ahead,
``hal_sim.world.ahead``) goes to a process with an interpreter of its own, on another core.

``ChildProcess(module, args)`` starts ``python -m module READ_FD WRITE_FD *args`` (with this
checkout on its path) in a session of its own, so a Ctrl-C at the terminal does not reach it;
the child takes its two ends with ``connections`` and lives as long as its pipe: it ends when
the parent closes it, or dies with it. A child that cannot start, or has stopped, is told in
the parent's own terms (``error``), naming the child and how it ended: its exit code, or the
signal that killed it. While the loop holds a core of its own (``firmware.cores``), a child
runs on the others.
"""

import os
import subprocess
import sys
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

from firmware import cores

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
"""The folder holding our packages, put on the child's path."""


class ChildProcess:
    """One child process and our ends of its pipe (see the module docstring)."""

    def __init__(self, module: str, name: str, error: Callable[[str], Exception],
                 args: tuple[str, ...] = ()):
        """``name`` the child in a message ("the log's writer process"); ``error(text)`` the
        exception its parent raises with ``text``."""
        self.module, self.name, self.error, self.args = module, name, error, args
        self.process: subprocess.Popen | None = None
        self.send_end: Connection | None = None
        self.answers: Connection | None = None
        self.last_exit: int | None = None
        """How the last child that was let go of ended (its return code)."""

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        """Start the child (letting go of one still held); ``error`` when it cannot start."""
        self.stop()
        their_read, our_send = os.pipe()
        our_answers, their_write = os.pipe()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(PACKAGE_ROOT), env.get("PYTHONPATH"))))
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", self.module, str(their_read), str(their_write), *self.args],
                pass_fds=(their_read, their_write), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, env=env, start_new_session=True)
        except OSError as exc:
            for fd in (their_read, our_send, our_answers, their_write):
                os.close(fd)
            raise self.error(f"cannot start {self.name}: {exc}") from None
        os.close(their_read)
        os.close(their_write)
        cores.place_helper(self.process.pid)
        self.send_end = Connection(our_send, readable=False)
        self.answers = Connection(our_answers, writable=False)

    def close(self, wait_s: float) -> None:
        """Close the pipe, so the child ends by itself; killed if it has not within ``wait_s``."""
        if self.process is None:
            return
        self._close_ends()
        try:
            self.process.wait(wait_s)
        except subprocess.TimeoutExpired:
            pass  # stop kills it
        self.stop()

    def stop(self) -> None:
        """Let go of the child: its pipe closed, killed unless it has ended, waited for."""
        if self.process is None:
            return
        self._close_ends()
        if self.process.poll() is None:
            self.process.kill()
        self.last_exit = self.process.wait()
        self.process = None

    def lost(self, exc: BaseException, doing: str = "") -> Exception:
        """The child is gone (or its pipe broke, ``exc``): let go of it, and the error saying
        so after ``doing`` (what failed with it): ``... stopped (killed by signal 9)``."""
        self.stop()
        code = self.last_exit
        how = ("" if code is None else f" (killed by signal {-code})" if code < 0
               else f" (exit code {code})")
        detail = f": {exc}" if str(exc) else ""
        return self.error(f"{doing}{self.name} stopped{how}{detail}")

    def _close_ends(self) -> None:
        for end in (self.send_end, self.answers):
            end.close()


def connections(read_fd: str, write_fd: str) -> tuple[Connection, Connection]:
    """The child's ends of its pipe, from its first two arguments: (requests, answers)."""
    return Connection(int(read_fd), writable=False), Connection(int(write_fd), readable=False)
