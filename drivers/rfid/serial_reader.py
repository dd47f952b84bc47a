"""The part of an RFID reader that talks to its serial port: open, pump bytes, notice silence.

A reader is a small protocol machine (a subclass) on top of a pyserial port. ``pump`` is one
turn of it: read until the protocol has something to say back (or the line stays idle for
``timeout_s``), then write it. On a table a thread calls ``pump`` in a loop (``start``); the
simulator calls it in step with its virtual clock, so the same bytes and the same code run
in both without a single sleep.
"""

import os
import threading

import serial

from firmware.events import Event, ReaderFault
from firmware.hal import EventSink


READ_CHUNK = 4096
"""Most bytes a reader that never waits takes in one read (a zone module's answer is a few
hundred)."""


class ReaderPortError(OSError):
    """The reader's port could not be opened; the message names the reader and the port."""


def open_port(name: str, url: str, baudrate: int, timeout_s: float) -> serial.SerialBase:
    """Open a device path ("/dev/ttyAMA0") or any pyserial URL ("loop://", "socket://h:p").

    A device (pyserial's own ``Serial``) gets a write timeout of 0: a write then takes what the
    line's buffer has room for and returns, where a blocking one selects for room after every
    write, even when all went at once (``SerialReader._write`` sends any rest). The URL
    handlers keep blocking writes: loop://, for one, fails every write with a timeout of 0."""
    try:
        port = serial.serial_for_url(url, baudrate=baudrate, timeout=timeout_s)
        if isinstance(port, serial.Serial):
            port.write_timeout = 0
        return port
    except (serial.SerialException, ValueError) as exc:
        raise ReaderPortError(f"RFID reader {name!r}: cannot open port {url!r}: {exc}") from None


class SerialReader:
    """Base for a reader: port, decoder, sink, silence accounting, optional pump thread.

    Subclasses set ``decoder`` and implement ``_on_frames(frames, rejected_now) -> bytes``
    (what to send back, possibly nothing) and ``_on_idle() -> bytes``; ``_on_quiet`` says
    what the line's going quiet means to them.
    """

    def __init__(self, name: str, port: serial.SerialBase, fault_after: int):
        self.name = name
        self._port = port
        self._sink: EventSink = lambda event: None
        self.fault_after = fault_after
        self.silent_turns = 0
        """Consecutive idle timeouts while an answer was owed; reset by any good frame."""
        self.faulted = False
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()

    def attach(self, sink: EventSink) -> None:
        self._sink = sink

    def _emit(self, event: Event) -> None:
        self._sink(event)

    def pump(self) -> None:
        """One turn: read until there is an answer to send (or an idle timeout), send it.

        A port with a zero timeout (the simulator's readers, pumped in step) never waits: a
        read that did not fill its buffer took everything the line held, so the line is quiet
        then, as an empty read just after would say."""
        never_waits = self._port.timeout == 0
        while not self._closing.is_set():
            chunk = self._read()
            if not chunk:
                self._write(self._on_quiet(self.decoder.flush()))
                return
            before = self.decoder.rejected_total
            frames = self.decoder.feed(chunk)
            reply = self._on_frames(frames, self.decoder.rejected_total > before)
            quiet = not reply and never_waits and len(chunk) < READ_CHUNK
            if quiet:
                reply = self._on_quiet(self.decoder.flush())
            if reply or quiet:
                self._write(reply)
                return

    def _on_quiet(self, frames: list) -> bytes:
        """The line went quiet; ``frames`` are those its last bytes completed. By default a
        quiet line after frames is nothing special, and with none it is an answer owed."""
        return self._on_frames(frames, False) if frames else self._idle()

    def _idle(self) -> bytes:
        """The line stayed quiet for a whole timeout while we waited for an answer."""
        self.silent_turns += 1
        if self.silent_turns >= self.fault_after and not self.faulted:
            self.faulted = True
            self._emit(ReaderFault(self.name, f"no answer for {self.silent_turns} tries"))
        return self._on_idle()

    def _heard(self) -> None:
        """A good frame arrived: the reader is alive."""
        self.silent_turns = 0
        self.faulted = False

    def _read(self) -> bytes:
        """What the line holds now, else what comes within the port's timeout (a zero
        timeout: what it holds now, up to ``READ_CHUNK``, or nothing).

        A device port with a zero timeout is read straight from its descriptor: pyserial's
        read would first ask ``select`` whether there is anything, a second system call on
        every exchange for what the read itself says. pyserial opens the port non-blocking
        with VMIN = VTIME = 0, so an empty line reads as nothing (no bytes, or EAGAIN) and a
        device gone as an error (EIO)."""
        try:
            if self._port.timeout == 0:
                if isinstance(self._port, serial.Serial):
                    return self._read_now(self._port.fileno())
                return self._port.read(READ_CHUNK)
            return self._port.read(max(1, self._port.in_waiting))
        except (serial.SerialException, OSError) as exc:
            return self._lost(exc)

    @staticmethod
    def _read_now(fd: int) -> bytes:
        try:
            return os.read(fd, READ_CHUNK)
        except BlockingIOError:
            return b""

    def _write(self, data: bytes) -> None:
        """Send all of ``data``. A non-blocking port (``open_port``) may take only part of it
        when the line's buffer is nearly full: the rest goes once the line has sent what it
        holds (``flush`` waits for that). A device port pumped in step is written straight to
        its descriptor, as it is read (``_read``)."""
        direct = self._port.timeout == 0 and isinstance(self._port, serial.Serial)
        try:
            while data:
                data = data[(self._write_now(self._port.fileno(), data) if direct
                             else self._port.write(data)):]
                if data:
                    self._port.flush()
        except (serial.SerialException, OSError) as exc:
            self._lost(exc)

    @staticmethod
    def _write_now(fd: int, data: bytes) -> int:
        """What a non-blocking device port takes of ``data`` now (pyserial's write with a zero
        write timeout does the same, through a timeout object and a copy of the bytes)."""
        try:
            return os.write(fd, data)
        except BlockingIOError:
            return 0

    def _lost(self, exc: Exception) -> bytes:
        """The port itself failed (USB reader unplugged): report once, keep the thread alive."""
        if self._closing.is_set():
            return b""
        if not self.faulted:
            self.faulted = True
            self._emit(ReaderFault(self.name, f"port error: {exc}"))
        self._closing.wait(self._port.timeout or 0.1)
        return b""

    def start(self) -> None:
        """Pump on a daemon thread until ``close`` (a real table; the simulator pumps itself)."""
        self._thread = threading.Thread(target=self._run, name=f"rfid-{self.name}", daemon=True)
        self._thread.start()

    def begin(self) -> None:
        """Send the command that starts the reader's polling cycle."""
        self._write(self._first_command())

    def _run(self) -> None:
        self.begin()
        while not self._closing.is_set():
            self.pump()

    def close(self) -> None:
        """Stop the thread and release the port; idempotent."""
        self._closing.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2 * (self._port.timeout or 0.1) + 1)
        self._port.close()
