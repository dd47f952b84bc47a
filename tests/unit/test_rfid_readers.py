"""The serial readers with real bytes: through a pty, as pyserial opens a device path."""

import queue
import os
import random
import re
import select
import time

import pytest

from drivers.rfid import m100, pn532
from drivers.rfid.head_reader import HeadReader
from drivers.rfid.serial_reader import ReaderPortError
from drivers.rfid.zone_reader import ZoneReader, epc_for_uid, uid_for_epc
from firmware.events import ReaderFault, TileRead, ZoneInventory
from hal_sim.rfid import device as sim_device
from hal_sim.rfid.device import LineFaults, SimReaderDevice
from hal_sim.rfid.head import SimHeadRfid
from hal_sim.rfid.m100_device import SimM100
from hal_sim.rfid.pn532_device import SimPn532
from hal_sim.rfid.zones import SimZoneRfid

UID = "04A1B2C3D4E5F6"


class Line:
    """The module's end of a pty, driven by hand: read what the host sent, write raw bytes."""

    def __init__(self):
        self.end = SimReaderDevice(pn532.Pn532Decoder(), LineFaults(), random.Random(0))
        self.path = self.end.path

    def host_frames(self):
        return self.end.receive(timeout_s=1.0)

    def write(self, data: bytes):
        """Raw bytes, on the host's side of the pty when this returns."""
        self.end.answer([data])
        self.end.await_delivery()

    def quiet(self) -> bool:
        return not select.select([self.end.master], [], [], 0.05)[0]


@pytest.fixture
def line():
    line = Line()
    yield line
    line.end.close()


def test_an_answer_the_kernel_does_not_hand_over_is_counted_late_not_waited_for(line, monkeypatch):
    """A host side that never holds the answer whole (a kernel line far behind): the module
    looks, blocks on the pty once, counts a late hand-over and goes on."""
    looks = []
    monkeypatch.setattr(line.end, "_queued", lambda: looks.append(1) or 0)
    monkeypatch.setattr(sim_device.select, "select", lambda *args: ([], [], []))
    line.end.answer([b"\x00" * 20])
    line.end.await_delivery()
    assert line.end.late_handovers == 1
    assert len(looks) == sim_device.HANDOVER_LOOKS + 1


def test_a_corrupted_answer_is_nacked_and_the_resent_answer_read(line):
    events = []
    reader = HeadReader.open("head", line.path)
    reader.attach(events.append)
    reader.begin()
    for code in (pn532.SAM_CONFIGURATION, pn532.RF_CONFIGURATION):
        assert [frame.command for frame in line.host_frames()] == [code]
        line.write(pn532.ACK_BYTES + pn532.response(code))
        reader.pump()
    assert line.host_frames() == [pn532.InfoFrame(0xD4, bytes([0x4A, 1, 0]))]
    answer = bytearray(pn532.target_found(bytes.fromhex(UID)))
    answer[-3] ^= 0x10
    line.write(pn532.ACK_BYTES + bytes(answer))
    reader.pump()
    assert line.host_frames() == [pn532.Nack()] and events == []
    line.write(pn532.target_found(bytes.fromhex(UID)))
    reader.pump()
    assert events == [TileRead(UID, "head")]
    assert line.host_frames() == [pn532.InfoFrame(0xD4, bytes([0x4A, 1, 0]))]
    assert reader.decoder.rejected == {"checksum": 1}
    reader.close()


def test_the_head_reader_sets_up_the_pn532_then_reads_each_tile():
    events = []
    head = SimHeadRfid.create(LineFaults(), random.Random(1))
    head.attach(events.append)
    for uid in ("0A000001", UID, "0A000002"):
        head.tile_passes(uid)
    assert events == [TileRead("0A000001", "head"), TileRead(UID, "head"),
                      TileRead("0A000002", "head")]
    assert head.reader.stats["reads"] == 3
    head.close()


def test_a_reader_that_stops_answering_raises_one_fault():
    events = []
    faults = LineFaults()
    head = SimHeadRfid.create(faults, random.Random(1), timeout_s=0.01, fault_after=3)
    head.attach(events.append)
    faults.unplugged = True
    head.polls_per_tile = 10
    head.tile_passes(UID)
    head.tile_passes(UID)
    assert events == [ReaderFault("head", "no answer for 3 tries")]
    faults.unplugged = False
    head.device.receive(0.05)  # the module comes back; drop what it missed
    head.reader.pump()         # the reader re-polls after silence...
    head.tile_passes("0A000003")
    assert events[-1] == TileRead("0A000003", "head") and not head.reader.faulted
    head.close()


@pytest.mark.parametrize("timeout_s", [0.02, 0.0])
def test_a_port_that_goes_away_is_one_fault_and_no_crash(timeout_s):
    """A USB reader pulled out: the port itself fails; reported once, the loop keeps going
    (a reader that waits for its line, and one pumped in step, which reads its descriptor)."""
    device = SimPn532(LineFaults(), random.Random(1))
    events = []
    reader = HeadReader.open("head", device.path, timeout_s=timeout_s)
    reader.attach(events.append)
    reader.begin()
    device.close()
    for _ in range(3):
        reader.pump()
    assert len(events) == 1 and isinstance(events[0], ReaderFault)
    assert re.fullmatch(r"port error: (write failed: )?\[Errno 5\] Input/output error",
                        events[0].reason)
    reader.close()


def test_a_reader_pumped_in_step_reads_its_line_without_asking_select(monkeypatch):
    """With a zero timeout the reader reads the port's descriptor itself: a quiet line and an
    answer alike cost one read, never a select first (pyserial's own read asks select)."""
    import serial.serialposix

    def no_select(*args):
        raise AssertionError("select called for a read the descriptor answers by itself")
    device = SimPn532(LineFaults(), random.Random(1))
    events = []
    reader = HeadReader.open("head", device.path, timeout_s=0.0)
    reader.attach(events.append)
    monkeypatch.setattr(serial.serialposix.select, "select", no_select)
    reader.begin()
    reader.pump()  # nothing on the line yet: quiet
    assert reader.stats["resent after silence"] == 1
    monkeypatch.undo()
    for _ in range(3):  # the set-up's two commands, then the first poll, each answered
        device.serve_one()
        device.await_delivery()
        monkeypatch.setattr(serial.serialposix.select, "select", no_select)
        reader.pump()
        monkeypatch.undo()
    device.tile_enters(bytes.fromhex(UID))
    device.serve_one()
    device.await_delivery()
    monkeypatch.setattr(serial.serialposix.select, "select", no_select)
    reader.pump()
    assert events == [TileRead(UID, "head")]
    reader.close()
    device.close()


def test_a_port_that_cannot_open_is_named():
    with pytest.raises(ReaderPortError, match="RFID reader 'head': cannot open port '/dev/nope'"):
        HeadReader.open("head", "/dev/nope")


def test_any_pyserial_url_works_as_a_port():
    """loop:// echoes the host's own frames back: counted as unexpected, nothing raised."""
    reader = HeadReader.open("head", "loop://", timeout_s=0.01)
    reader.begin()
    reader.pump()
    assert reader.stats["unexpected frames"] == 1
    reader.close()


class NarrowPort:
    """A non-blocking port whose line has room for only ``room`` bytes until it drains."""

    timeout = 0

    def __init__(self, room: int):
        self.room, self.sent, self.drains = room, b"", 0

    def write(self, data: bytes) -> int:
        self.sent += data[:self.room]
        return len(data[:self.room])

    def flush(self) -> None:
        self.drains += 1


def test_a_write_the_line_takes_in_part_is_sent_whole_after_the_line_drains():
    port = NarrowPort(room=4)
    reader = ZoneReader("zone-pond", port, None, "pond")
    reader.begin()
    assert port.sent == m100.multi_poll(4) and port.drains == 2


def test_a_device_port_writes_without_blocking_a_url_port_as_it_always_did(line):
    """loop:// fails every write with a write timeout of 0, so only a device gets one."""
    for url, write_timeout in ((line.path, 0), ("loop://", None)):
        reader = HeadReader.open("head", url)
        assert reader._port.write_timeout == write_timeout
        reader.close()


def first_event(got: queue.Queue, device, bound_s: float = 30.0):
    """Serve the reader thread's commands until it reports something (bounded, not timed)."""
    deadline = time.monotonic() + bound_s
    while got.empty() and time.monotonic() < deadline:
        device.serve_one(timeout_s=1.0)
    return got.get_nowait()


def test_the_reader_thread_reads_in_real_time():
    """The reader polls on its own thread; the module answers whatever it is sent. The reader
    waits patiently (a busy machine may be slow to serve it), so no silence is reported."""
    device = SimPn532(LineFaults(), random.Random(2), in_step=False)
    got: queue.Queue = queue.Queue()
    reader = HeadReader.open("head", device.path, timeout_s=0.5, fault_after=1000)
    reader.attach(got.put)
    reader.start()
    device.tile_enters(bytes.fromhex(UID))
    assert first_event(got, device) == TileRead(UID, "head")
    reader.close()
    device.close()


def test_the_zone_reader_thread_inventories_in_real_time():
    device = SimM100(LineFaults(), random.Random(6), in_step=False)
    device.tags = {"0A000001", "0A000002"}
    got: queue.Queue = queue.Queue()
    reader = ZoneReader.open("zone-E-hand", device.path, 0, "hand", timeout_s=0.1,
                             fault_after=1000)
    reader.attach(got.put)
    reader.start()
    assert first_event(got, device) == ZoneInventory(0, "hand", frozenset(device.tags))
    reader.close()
    device.close()


def test_epc_and_uid_map_both_ways():
    assert epc_for_uid("0A000001") == bytes(8) + bytes.fromhex("0A000001")
    assert uid_for_epc(epc_for_uid(UID)) == UID
    with pytest.raises(ValueError, match="longer than an EPC"):
        epc_for_uid("00" * 13)


def test_zone_inventories_hold_the_zone_tags_and_drop_weak_neighbour_reads():
    events = []
    zones = SimZoneRfid(LineFaults(miss_rate=0.2, crosstalk_rate=1.0), random.Random(3),
                        rounds=6)
    zones.attach(events.append)
    hand = {f"0A{i:06X}" for i in range(13)}
    zones.place(1, "hand", hand)
    zones.place(1, "melds", {"0A0000F0", "0A0000F1", "0A0000F2"})
    zones.inventory(1, "hand")
    assert events == [ZoneInventory(1, "hand", frozenset(hand))]
    assert zones.zones[(1, "hand")].reader.stats["weak reads dropped"] > 0
    zones.close()


def test_a_module_counts_its_answers_one_per_exchange():
    """An inventory is one exchange: one answer (however many tags it names); a zone asked
    nothing answers nothing (the figure ``benchmarks/bench_play.py`` prints per hand)."""
    zones = SimZoneRfid(LineFaults(), random.Random(3), rounds=1)
    zones.attach(lambda event: None)
    zones.place(0, "hand", {f"0A{i:06X}" for i in range(13)})
    for _ in range(3):
        zones.inventory(0, "hand")
    assert zones.zones[(0, "hand")].device.answers == 3
    assert zones.zones[(0, "melds")].device.answers == 0
    zones.close()


def _sent(line) -> bytes:
    """What the host wrote to the module, once it is there."""
    select.select([line.end.master], [], [], 1.0)
    return os.read(line.end.master, 4096)


def test_zone_reader_reports_when_the_line_goes_quiet_after_the_answers(line):
    events = []
    reader = ZoneReader.open("zone-pond", line.path, None, "pond", timeout_s=0.02)
    reader.attach(events.append)
    reader.begin()
    assert _sent(line) == m100.multi_poll(4)
    bad_crc = bytearray(m100.tag_notification(epc_for_uid(UID)))
    bad_crc[-4] ^= 1
    bad_crc[-2] = sum(bad_crc[1:-2]) & 0xFF
    line.write(bytes(bad_crc) + m100.tag_notification(epc_for_uid("0A000009")) + m100.no_tag())
    reader.pump()                        # the answers, then the quiet line: the inventory is whole
    assert events == [ZoneInventory(None, "pond", frozenset({"0A000009"}))]
    assert reader.stats["bad tag payloads"] == 1 and reader.stats["empty rounds"] == 1
    assert _sent(line) == m100.multi_poll(4)  # the next inventory
    reader.pump()                        # quiet with no answer at all: the poll goes out again
    assert len(events) == 1 and reader.stats["polls resent"] == 1
    assert _sent(line) == m100.multi_poll(4)
    reader.close()                       # the module's poll is stopped
    assert _sent(line) == m100.stop_poll()


def test_a_zone_area_must_be_known():
    with pytest.raises(ValueError, match="area must be one of hand, melds, pond, got 'table'"):
        ZoneReader("z", None, 0, "table")
