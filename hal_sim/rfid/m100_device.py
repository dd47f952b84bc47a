"""A simulated UHF zone module (M100 / JRD-4035 family) answering inventories of its zone's tags.

A multi-poll of N rounds: in each round every tag in the zone answers, from a random one on
(Gen2 read order varies), unless the round misses it (``miss_rate``; with one round, as the
simulator's zone readers poll, a missed tag is absent from that report); each of a neighbouring
zone's tags is heard with ``crosstalk_rate``, weakly (low RSSI); a round that found nothing
sends the error frame ``15``. Tags read in several rounds are reported each time (duplicates
are the normal case for UHF). Stop answers with the stop response. While ``clean`` is set
(``SimReaderDevice``) nothing is missed either.
"""

import random

from drivers.rfid import m100
from drivers.rfid.zone_reader import epc_for_uid

from hal_sim.rfid.device import LineFaults, SimReaderDevice

STRONG_RSSI = (0xC0, 0xD8)
WEAK_RSSI = (0x70, 0x90)
"""A neighbour zone's tag is heard through the edge of the antenna's field: weaker."""
STOP_DONE, NO_TAG = m100.stop_done(), m100.no_tag()


class Notifications(dict):
    """Each tag's notification frame at one RSSI, by UID, made on first use and kept, for every
    zone module: the bytes never change, an inventory sends one per tag per round, and a tile
    passes through several zones in a hand. A simulator's tags are its own tile sets' (two
    sets, a few hundred tags), so a table stays that small."""

    def __init__(self, rssi: int):
        super().__init__()
        self.rssi = rssi

    def __missing__(self, uid: str) -> bytes:
        frame = self[uid] = m100.tag_notification(epc_for_uid(uid), self.rssi)
        return frame


NOTIFICATIONS = [Notifications(rssi) for rssi in range(256)]


class SimM100(SimReaderDevice):
    def __init__(self, faults: LineFaults, rng: random.Random, in_step: bool = True):
        super().__init__(m100.M100Decoder(), faults, rng, in_step)
        self.tags: set[str] = set()
        self.neighbour_tags: set[str] = set()

    def _answer_frames(self, frames: list) -> list[bytes]:
        answers: list[bytes] = []
        for frame in frames:
            if frame.type != m100.COMMAND:
                continue
            if frame.command == m100.MULTI_POLL and len(frame.params) == 3:
                answers += self._inventory(int.from_bytes(frame.params[1:], "big"))
            elif frame.command == m100.STOP_POLL:
                answers.append(STOP_DONE)
        return answers

    def _inventory(self, rounds: int) -> list[bytes]:
        """Each round: the zone's tags from a random one on (the order a Gen2 inventory finds
        them in varies), at one signal strength for the round, then the neighbours heard."""
        tags, miss_rate = sorted(self.tags), 0.0 if self.clean else self.faults.miss_rate
        answers = []
        for _ in range(rounds):
            heard = [uid for uid in tags if not miss_rate or self.rng.random() >= miss_rate]
            start = self.rng.randrange(len(heard)) if heard else 0
            rssi = self.rng.randint(*STRONG_RSSI)
            answers += map(NOTIFICATIONS[rssi].__getitem__, heard[start:] + heard[:start])
            if self.faults.crosstalk_rate:
                weak = [uid for uid in sorted(self.neighbour_tags)
                        if self.rng.random() < self.faults.crosstalk_rate]
                answers += [NOTIFICATIONS[self.rng.randint(*WEAK_RSSI)][uid] for uid in weak]
                heard += weak
            if not heard:
                answers.append(NO_TAG)
        return answers
