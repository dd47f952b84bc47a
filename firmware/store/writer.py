"""The log's writer process: the events a table writes behind, appended off the table's loop.

Why a process, not a thread: committing one event is a handful of SQLite calls, and each of
them lets go of Python's interpreter lock and takes it back. A writer thread beside the
table's loop so takes that lock from the loop several times an event (the loop then waits for
it, and each hand-over is a switch between threads), and the encoding and hashing of the
event run on the loop's lock as well. A process has an interpreter of its own: the loop hands
it the event over a pipe (pickled, one write) and goes on; the process encodes it, links it to
the one before, commits and syncs it, and answers with its id, link and hash. SQLite keeps the
file whole between the two processes (the table's own writes wait for the answer first, so
only one of them ever writes at a time).

The process lives as long as its pipe: it runs in a session of its own (a Ctrl-C at the
terminal does not reach it) and ignores SIGINT and SIGTERM (a service stop signals every
process of the service, and the table's loop still has the last batch to hand over); it ends
when the table closes the pipe, or dies with it.

Run by ``LogWriter``: ``python -m firmware.store.writer FOLDER READ_FD WRITE_FD``.
"""

import os
import signal
import subprocess
import sys
from multiprocessing.connection import Connection
from pathlib import Path

from firmware.store.canonical import EncodingError, encode
from firmware.store.log import EventLog, StoreError

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
"""The folder holding the ``firmware`` package, put on the process's path."""
CLOSE_WAIT_S = 10.0
"""How long ``close`` waits for the process to end once its pipe is closed (it only has to
close its connection to the file) before killing it."""


class LogWriter:
    """The writer process of the log in ``folder``, started by the first ``submit``.

    ``submit`` hands one event over and returns at once; ``result`` waits for the answer about
    the oldest event not yet answered: ``(id, prev, hash)`` once it is on the disk, or a
    StoreError naming what failed (a body JSON cannot hold, the disk's refusal, the process
    gone). A process that died is started again by the next ``submit``.
    """

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.process: subprocess.Popen | None = None
        self._send: Connection | None = None
        self._answers: Connection | None = None
        self._last_exit: int | None = None
        """How the last process that was let go of ended (its return code)."""

    def submit(self, kind: str, at: str | None, body: dict) -> None:
        if self.process is None or self.process.poll() is not None:
            self._start()
        try:
            self._send.send((kind, at, body))
        except (OSError, ValueError) as exc:  # the pipe broke: the process is gone
            raise self._gone(exc) from None
        except Exception as exc:  # noqa: BLE001 - pickling refused the body: nothing was sent
            raise StoreError(f"event log {self.folder}: event not written: its body cannot be "
                             f"handed to the writer process: {exc}") from None

    def result(self) -> tuple[int, str, str]:
        try:
            outcome = self._answers.recv()
        except (EOFError, OSError) as exc:
            raise self._gone(exc) from None
        if isinstance(outcome, str):
            raise StoreError(outcome)
        return outcome

    def close(self) -> None:
        """Close the pipe, so the process closes the file and ends (killed if it will not)."""
        if self.process is None:
            return
        for end in (self._send, self._answers):
            end.close()
        try:
            self.process.wait(CLOSE_WAIT_S)
        except subprocess.TimeoutExpired:
            pass  # _stop kills it
        self._stop()

    def _start(self) -> None:
        self._stop()
        their_read, our_send = os.pipe()
        our_answers, their_write = os.pipe()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(PACKAGE_ROOT), env.get("PYTHONPATH"))))
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "firmware.store.writer", str(self.folder),
                 str(their_read), str(their_write)],
                pass_fds=(their_read, their_write), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, env=env,
                start_new_session=True)
        except OSError as exc:
            for fd in (their_read, our_send, our_answers, their_write):
                os.close(fd)
            raise StoreError(f"event log {self.folder}: cannot start its writer process: {exc}") from None
        os.close(their_read)
        os.close(their_write)
        self._send = Connection(our_send, readable=False)
        self._answers = Connection(our_answers, writable=False)

    def _stop(self) -> None:
        """Let go of the process: its pipe closed, killed unless it has ended, waited for."""
        if self.process is None:
            return
        for end in (self._send, self._answers):
            end.close()
        if self.process.poll() is None:
            self.process.kill()
        self._last_exit = self.process.wait()
        self.process = None

    def _gone(self, exc: BaseException) -> StoreError:
        """The process is gone (or its pipe broke): let go of it, and say so."""
        self._stop()
        code = self._last_exit
        how = (f" (killed by signal {-code})" if code is not None and code < 0
               else f" (exit code {code})" if code is not None else "")
        detail = f": {exc}" if str(exc) else ""
        return StoreError(f"event log {self.folder}: event not written: the log's writer process "
                          f"stopped{how}{detail}")


def serve(folder: str, requests: Connection, answers: Connection) -> None:
    """Append each event asked for, in order, and answer each; until the pipe closes."""
    log = EventLog(folder)
    try:
        while True:
            try:
                kind, at, body = requests.recv()
            except EOFError:
                return
            try:
                written = log.commit(kind, at, encode(body).decode())
            except (StoreError, EncodingError) as exc:
                answers.send(str(exc))
                continue
            except Exception as exc:  # noqa: BLE001 - the table hears of it; the next may go
                answers.send(f"event log {folder}: event not written: {type(exc).__name__}: {exc}")
                continue
            answers.send(written)
    finally:
        log.close()


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    folder, read_fd, write_fd = argv
    try:
        serve(folder, Connection(int(read_fd), writable=False), Connection(int(write_fd), readable=False))
    except (BrokenPipeError, ConnectionResetError):
        pass  # the table went away: nothing is left to answer
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
