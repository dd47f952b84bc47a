"""The service's log: to the systemd journal with structured fields when the journal's socket
is there, to stderr otherwise.

Why fields and not text: an evening's log is read by fault, not by line — ``journalctl -u
mjtable FAULT_CODE=E202`` lists every jam. Each record goes to the journal as MESSAGE,
PRIORITY (syslog level), SYSLOG_IDENTIFIER, LOGGER, CODE_FILE/CODE_LINE/CODE_FUNC and, for a
record logged with ``extra={"fault_code": ...}``, FAULT_CODE (and the fields a record names in
``extra={"journal_fields": {"NAME": value}}``, e.g. an operator's ACTION, WHO, WHY). The
journal's native protocol is one datagram of fields per record (systemd's "Native Journal
Protocol"); python-systemd would need libsystemd headers to build, for a handful of lines.
A record the journal refuses is written to stderr instead (as is one the journal is too busy
to take at once: logging never waits), so nothing is lost silently.
"""

import logging
import os
import re
import socket
import struct
import sys
from pathlib import Path

from firmware import notifications as note

JOURNAL_SOCKET = "/run/systemd/journal/socket"
SOCKET_ENV = "MJTABLE_JOURNAL_SOCKET"
"""Overrides the journal's socket path (the tests bind their own)."""
IDENTIFIER = "mjtable"
_PRIORITY = ((logging.CRITICAL, 2), (logging.ERROR, 3), (logging.WARNING, 4), (logging.INFO, 6))
_FIELD = re.compile(r"[A-Z0-9][A-Z0-9_]*")
"""A field name the journal accepts from a client (no leading underscore: those are its own)."""
log = logging.getLogger("mjtable.faults")


def priority(levelno: int) -> int:
    """The syslog priority of a logging level (DEBUG and below are 7)."""
    return next((prio for level, prio in _PRIORITY if levelno >= level), 7)


def encode(fields: dict[str, str]) -> bytes:
    """Fields in the journal's native format: ``KEY=value`` lines; a value with a newline as
    ``KEY``, newline, its length as 64-bit little endian, the value, newline."""
    out = bytearray()
    for key, value in fields.items():
        data = value.encode("utf-8", "replace")
        if b"\n" in data:
            out += key.encode() + b"\n" + struct.pack("<Q", len(data)) + data + b"\n"
        else:
            out += key.encode() + b"=" + data + b"\n"
    return bytes(out)


class JournalHandler(logging.Handler):
    """Sends each record to the journal socket at ``path`` as one datagram of fields."""

    def __init__(self, path: str = JOURNAL_SOCKET, identifier: str = IDENTIFIER):
        super().__init__()
        self.path = path
        self.identifier = identifier
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._socket.setblocking(False)  # a busy journal must never hold up the control loop
        self._fallback = logging.StreamHandler(sys.stderr)
        self._fallback.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def fields(self, record: logging.LogRecord) -> dict[str, str]:
        fields = {"MESSAGE": self.format(record), "PRIORITY": str(priority(record.levelno)),
                  "SYSLOG_IDENTIFIER": self.identifier, "LOGGER": record.name,
                  "CODE_FILE": record.pathname, "CODE_LINE": str(record.lineno),
                  "CODE_FUNC": record.funcName}
        code = getattr(record, "fault_code", None)
        extra = {name: str(value) for name, value in
                 (getattr(record, "journal_fields", None) or {}).items() if _FIELD.fullmatch(name)}
        return fields | extra | ({"FAULT_CODE": str(code)} if code else {})

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self._socket.sendto(encode(self.fields(record)), self.path)
        except OSError:
            self._fallback.emit(record)

    def close(self) -> None:
        self._socket.close()
        super().close()


RECORDED = ("mjtable.faults", "mjtable.actions")
"""Loggers whose INFO records are kept (faults and resets, operators' actions); the rest of
the service logs its warnings and errors."""


def setup_logging() -> logging.Handler:
    """The root logger to the journal (``$MJTABLE_JOURNAL_SOCKET`` or systemd's socket) when
    that socket exists, else to stderr; returns the handler installed."""
    path = os.environ.get(SOCKET_ENV, JOURNAL_SOCKET)
    if Path(path).is_socket():
        handler = JournalHandler(path)
    else:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    for name in RECORDED:
        logging.getLogger(name).setLevel(logging.INFO)
    return handler


def log_faults(notifier: note.Notifier) -> None:
    """Every fault the table raises, and each reset, as a log record carrying its code."""
    notifier.subscribe(note.FaultRaised, lambda n: log.error(
        "%s %s (%s); operator: %s", n.code, n.meaning, n.detail, n.action,
        extra={"fault_code": n.code}))
    notifier.subscribe(note.FaultCleared, lambda n: log.info("fault reset by the operator"))
