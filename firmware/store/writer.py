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

Run by ``LogWriter`` (``firmware.child_process``): ``python -m firmware.store.writer READ_FD
WRITE_FD FOLDER``.
"""

import signal
import sys
from collections import deque
from multiprocessing.connection import Connection
from pathlib import Path

from firmware.child_process import ChildProcess, connections
from firmware.store.canonical import EncodingError, encode
from firmware.store.log import EventLog, StoreError

CLOSE_WAIT_S = 10.0
"""How long ``close`` waits for the process to end once its pipe is closed (it only has to
close its connection to the file) before killing it."""


class LogWriter:
    """The writer process of the log in ``folder``, started by the first ``submit``.

    ``submit`` hands one event over and returns at once; ``result`` waits for the answer about
    the oldest event not yet answered: ``(id, prev, hash)`` once it is on the disk, or a
    StoreError naming what failed (a body JSON cannot hold, the disk's refusal, the process
    gone). A process that died is started again by the next ``submit``; what it answered
    before it went is kept for ``result``, and each event it did not answer gets the error
    saying how it ended, so answers and events stay paired, in order.
    """

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self._child = ChildProcess(
            "firmware.store.writer", "the log's writer process",
            lambda text: StoreError(f"event log {self.folder}: {text}"), (str(self.folder),))
        self._owed = 0
        """Events handed to the running process that it has not answered yet."""
        self._kept: deque[tuple | str | StoreError] = deque()
        """The answers of a process let go of, oldest first (an error for each it never gave)."""

    @property
    def process(self):
        """The running process (a ``subprocess.Popen``), None before the first ``submit``."""
        return self._child.process

    def running(self) -> bool:
        """Whether the process is up (it is not before the first ``submit``)."""
        return self._child.running()

    def submit(self, kind: str, at: str | None, body: dict) -> None:
        if not self._child.running():
            self._let_go()
            self._child.start()
        try:
            self._child.send_end.send((kind, at, body))
        except (OSError, ValueError) as exc:  # the pipe broke: the process is gone
            self._let_go()
            raise self._child.lost(exc, "event not written: ") from None
        except Exception as exc:  # noqa: BLE001 - pickling refused the body: nothing was sent
            raise StoreError(f"event log {self.folder}: event not written: its body cannot be "
                             f"handed to the writer process: {exc}") from None
        self._owed += 1

    def result(self) -> tuple[int, str, str]:
        if not self._kept:
            self._take_answer()
        outcome = self._kept.popleft()
        if isinstance(outcome, StoreError):
            raise outcome
        if isinstance(outcome, str):
            raise StoreError(outcome)
        return outcome

    def _take_answer(self) -> None:
        """Keep the process's next answer; if its pipe has ended, the error saying how the
        process ended for that event and every other it owes (it is let go of)."""
        self._owed -= 1
        try:
            self._kept.append(self._child.answers.recv())
        except (EOFError, OSError) as exc:
            self._kept.extend([self._child.lost(exc, "event not written: ")] * (self._owed + 1))
            self._owed = 0

    def _let_go(self) -> None:
        """Keep what the process answered before it went (read up to the end of its pipe),
        and the error saying how it ended for each event it did not answer; then let go of it."""
        if self._child.process is None:
            return
        while self._owed:
            self._take_answer()
        self._child.stop()

    def close(self) -> None:
        """Close the pipe, so the process closes the file and ends (killed if it will not)."""
        self._child.close(CLOSE_WAIT_S)


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
    read_fd, write_fd, folder = argv
    try:
        serve(folder, *connections(read_fd, write_fd))
    except (BrokenPipeError, ConnectionResetError):
        pass  # the table went away: nothing is left to answer
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
