"""The event log on real SQLite files: durable appends, a hash chain that verifies, and each
kind of damage — a flipped byte, a truncated last page, a deleted event — found and named, by
``mjtable log verify`` and at start-up, without losing or touching what the file holds."""

import hashlib
import json
import sqlite3

import pytest
import rfc8785

from firmware.config import ConfigError
from firmware.ledger.book import Book, LogDamaged
from firmware.store import LOG_FILE, EventLog, StoreError, accept, verify
from firmware.store.canonical import GENESIS, link_hash
from ledger_cli import config_in, mjtable

PAGE = 4096


def filled(folder, events: int = 60) -> list:
    with EventLog(folder, clock=lambda: 1_700_000_000.0) as log:
        return [log.append("hand_recorded", {"n": n, "note": "x" * 150}) for n in range(1, events + 1)]


def test_events_chain_to_the_one_before_and_read_back_as_written(tmp_path):
    written = filled(tmp_path, 3)
    assert written[0].prev == GENESIS and [e.prev for e in written[1:]] == [e.hash for e in written[:-1]]
    for event in written:  # the hash is of the canonical encoding (RFC 8785), re-computable by anyone
        record = {"id": event.id, "kind": event.kind, "at": event.at, "body": event.body, "prev": event.prev}
        assert event.hash == hashlib.sha256(rfc8785.dumps(record)).hexdigest()
        assert event.hash == link_hash(event.id, event.kind, event.at, rfc8785.dumps(event.body), event.prev)
    assert list(EventLog(tmp_path).events()) == written
    assert written[0].at == "2023-11-14T22:13:20.000+00:00"
    verdict = verify(tmp_path)
    assert verdict.ok and verdict.last_good == 3


def test_nothing_is_created_until_the_first_event(tmp_path):
    folder = tmp_path / "ledger"
    log = EventLog(folder)
    assert list(log.events()) == [] and log.head() == (0, GENESIS) and not folder.exists()
    assert verify(folder).ok


def test_a_log_cut_off_while_its_file_was_being_made_holds_nothing_and_is_sound(tmp_path):
    (tmp_path / LOG_FILE).write_bytes(b"")  # the power went as the file was created
    assert verify(tmp_path).ok
    with EventLog(tmp_path) as log:
        assert log.append("game_started", {}).id == 1
    assert verify(tmp_path).message().endswith("1 event, the hash chain verifies end to end")


def test_a_flipped_byte_in_an_event_is_found_and_named(tmp_path):
    filled(tmp_path)
    path = tmp_path / LOG_FILE
    data = bytearray(path.read_bytes())
    at = data.index(b'"n":37')  # event 37's body, as the file holds it
    data[at + 5] ^= 0x01  # "37" becomes "36": still JSON, but not what was written
    path.write_bytes(data)
    verdict = verify(tmp_path)
    assert (verdict.bad_event, verdict.last_good) == (37, 36)
    assert verdict.problem == "event 37 was changed: its hash does not match its content"


def test_a_changed_hash_is_found_whether_the_link_or_the_event_was_changed(tmp_path):
    written = filled(tmp_path)
    path = tmp_path / LOG_FILE
    original = bytes(path.read_bytes())
    digest = written[9].hash.encode()  # stored twice: event 10's hash, event 11's link
    forged = (b"0" if digest[:1] != b"0" else b"1") + digest[1:]
    path.write_bytes(original.replace(digest, forged))  # both: event 10 itself is forged
    assert verify(tmp_path).problem == "event 10 was changed: its hash does not match its content"
    data = bytearray(original)
    at = data.index(digest)  # the first copy in the file alone
    data[at:at + len(digest)] = forged
    path.write_bytes(data)
    verdict = verify(tmp_path)
    assert verdict.bad_event in (10, 11) and f"event {verdict.bad_event}" in verdict.problem


def test_a_truncated_last_page_is_found_naming_the_first_event_lost(tmp_path):
    filled(tmp_path, 200)
    path = tmp_path / LOG_FILE
    with path.open("r+b") as fh:
        fh.truncate(path.stat().st_size - PAGE)
    verdict = verify(tmp_path)
    assert not verdict.ok and 150 < verdict.bad_event <= 200
    assert verdict.problem.startswith(f"event {verdict.bad_event} cannot be read")
    assert verdict.last_good == verdict.bad_event - 1  # every event on the pages left is kept


@pytest.mark.parametrize("deleted, problem", [
    (20, "event 20 is missing: event 21 follows event 19"),
    (60, "event 60 is missing: the log was written up to event 60 but ends at event 59"),
])
def test_a_deleted_event_is_found_in_the_middle_and_at_the_end(tmp_path, deleted, problem):
    filled(tmp_path)
    edit(tmp_path, f"DELETE FROM events WHERE id = {deleted}")
    verdict = verify(tmp_path)
    assert (verdict.bad_event, verdict.problem) == (deleted, problem)


def flip_a_byte(folder) -> int:
    path = folder / LOG_FILE
    data = bytearray(path.read_bytes())
    data[data.index(b'"n":37') + 5] ^= 0x01
    path.write_bytes(data)
    return 37


def truncate_the_last_page(folder) -> int:
    path = folder / LOG_FILE
    with path.open("r+b") as fh:
        fh.truncate(path.stat().st_size - PAGE)
    return verify(folder).bad_event  # the first event of the page lost (checked above)


def delete_an_event(folder) -> int:
    edit(folder, "DELETE FROM events WHERE id = 12")
    return 12


def edit(folder, statement: str) -> None:
    """Someone changes the file with SQLite (and closes it: what it changed is in the file)."""
    db = sqlite3.connect(folder / LOG_FILE)
    with db:
        db.execute(statement)
    db.close()


@pytest.mark.parametrize("damage", [flip_a_byte, truncate_the_last_page, delete_an_event])
def test_each_damage_is_named_by_log_verify_and_refused_at_start_up(tmp_path, damage):
    from table_config import default_config
    from firmware.clock import VirtualScheduler
    from firmware.service import build_service
    config, data = config_in(tmp_path), tmp_path / "ledger"
    filled(data, 200)
    assert mjtable("log", "verify", "--config", str(config)).returncode == 0
    bad = damage(data)
    kept = (data / LOG_FILE).read_bytes()
    done = mjtable("log", "verify", "--data", str(data), "--config", str(config))
    assert done.returncode == 1 and f"event {bad} " in done.stderr
    report = json.loads(mjtable("log", "verify", "--json", "--config", str(config)).stdout)
    assert (report["ok"], report["bad_event"], report["last_good"]) == (False, bad, bad - 1)
    with pytest.raises(ConfigError, match=rf"\[ledger\] data_dir: .*event {bad} .*"
                                          rf"mjtable log accept --upto {bad - 1}"):
        build_service(default_config(tmp_path), VirtualScheduler())
    with pytest.raises(LogDamaged):
        Book(data)
    assert (data / LOG_FILE).read_bytes() == kept  # refused, and nothing touched


def test_accepting_a_damaged_log_keeps_what_verifies_and_sets_the_file_aside(tmp_path):
    written = filled(tmp_path)
    edit(tmp_path, "DELETE FROM events WHERE id = 41")
    damaged = (tmp_path / LOG_FILE).read_bytes()
    with pytest.raises(StoreError, match="at most 40"):
        accept(tmp_path, 45)
    aside = accept(tmp_path, 40)
    assert aside.read_bytes() == damaged  # set aside unchanged, nothing deleted
    assert list(EventLog(tmp_path).events()) == written[:40]  # same ids, same hashes
    with EventLog(tmp_path) as log:
        assert log.append("log_accepted", {"upto": 40}).prev == written[39].hash
    assert verify(tmp_path).ok
    with pytest.raises(StoreError, match="nothing to accept"):
        accept(tmp_path, 1)
