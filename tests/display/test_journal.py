"""The service log to the journal: records as datagrams of fields on a unix socket the test
binds in place of journald's (read with the native protocol's rules, written out here), the
fault codes as FAULT_CODE, and stderr when there is no journal."""

import logging
import signal
import socket
import struct
import subprocess
import sys

import pytest

from firmware.journal import JournalHandler, setup_logging

from table_config_fast import fast_config
from table_run import TableRun, env


def fields_of(datagram: bytes) -> dict[str, str]:
    """The journal's native format: ``KEY=value\\n``, or ``KEY\\n`` + 64-bit LE length + value."""
    fields, rest = {}, datagram
    while rest:
        line, newline, after = rest.partition(b"\n")
        if b"=" in line:
            key, _, value = line.partition(b"=")
            fields[key.decode()], rest = value.decode(), after
        else:
            (size,) = struct.unpack("<Q", after[:8])
            fields[line.decode()], rest = after[8:8 + size].decode(), after[8 + size + 1:]
    return fields


@pytest.fixture
def journal(tmp_path):
    path = str(tmp_path / "journal.socket")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(path)
        sock.settimeout(30)
        yield path, sock


def test_a_record_is_one_datagram_of_fields(journal):
    path, sock = journal
    handler = JournalHandler(path)
    logger = logging.getLogger("mjtable.test.journal")
    logger.addHandler(handler)
    try:
        logger.error("jam at the head\nsecond line", extra={"fault_code": "E202"})
        logger.warning("judge acts", extra={"journal_fields": {"WHO": "Wu", "_SECRET": "no",
                                                                "lower": "no"}})
    finally:
        logger.removeHandler(handler)
        handler.close()
    first, second = fields_of(sock.recv(65536)), fields_of(sock.recv(65536))
    assert first["MESSAGE"] == "jam at the head\nsecond line"
    assert (first["PRIORITY"], first["FAULT_CODE"]) == ("3", "E202")
    assert first["SYSLOG_IDENTIFIER"] == "mjtable" and first["LOGGER"] == "mjtable.test.journal"
    assert first["CODE_FUNC"] == "test_a_record_is_one_datagram_of_fields"
    assert second["PRIORITY"] == "4" and second["WHO"] == "Wu"
    assert "_SECRET" not in second and "lower" not in second and "FAULT_CODE" not in second


def test_without_a_journal_the_log_goes_to_stderr(tmp_path):
    code = ("import logging; from firmware.journal import setup_logging; setup_logging(); "
            "logging.getLogger('mjtable.faults').error('E601 stop', extra={'fault_code': 'E601'})")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30,
                          env=env(MJTABLE_JOURNAL_SOCKET=str(tmp_path / "none")))
    assert done.stderr.strip() == "mjtable.faults: E601 stop"


def test_a_fault_of_the_running_table_reaches_the_journal_with_its_code(tmp_path, journal):
    path, sock = journal
    table = TableRun(fast_config(tmp_path), hooks=("hooks:estop_on_usr1",),
                     MJTABLE_JOURNAL_SOCKET=path)
    try:
        table.wait_for("ready")
        table.signal(signal.SIGUSR1)
        while (fields := fields_of(sock.recv(65536))).get("FAULT_CODE") != "E601":
            pass
    finally:
        assert table.stop() == 0
    assert fields["PRIORITY"] == "3" and fields["LOGGER"] == "mjtable.faults"
    assert fields["MESSAGE"].startswith("E601 Emergency stop")


def test_setup_picks_the_journal_when_its_socket_is_there(journal, monkeypatch):
    path, _ = journal
    monkeypatch.setenv("MJTABLE_JOURNAL_SOCKET", path)
    handler = setup_logging()
    try:
        assert isinstance(handler, JournalHandler) and handler.path == path
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()
