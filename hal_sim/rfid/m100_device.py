"""A simulated UHF zone module (M100 / JRD-4035 family) answering inventories of its zone's tags.

A multi-poll of N rounds: in each round every tag in the zone answers in random order (Gen2
read order is random) unless the round misses it (``miss_rate``); each of a neighbouring
zone's tags is heard with ``crosstalk_rate``, weakly (low RSSI); a round that found nothing
sends the error frame ``15``. Tags read in several rounds are reported each time (duplicates
are the normal case for UHF). Stop answers with the stop response.
"""

import random

from drivers.rfid import m100
from drivers.rfid.zone_reader import epc_for_uid

from hal_sim.rfid.device import LineFaults, SimReaderDevice

STRONG_RSSI = (0xC0, 0xD8)
WEAK_RSSI = (0x70, 0x90)
"""A neighbour zone's tag is heard through the edge of the antenna's field: weaker."""


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
                answers.append(m100.stop_done())
        return answers

    def _inventory(self, rounds: int) -> list[bytes]:
        answers = []
        for _ in range(rounds):
            heard = [(uid, STRONG_RSSI) for uid in sorted(self.tags)
                     if self.rng.random() >= self.faults.miss_rate]
            heard += [(uid, WEAK_RSSI) for uid in sorted(self.neighbour_tags)
                      if self.rng.random() < self.faults.crosstalk_rate]
            self.rng.shuffle(heard)
            answers += [m100.tag_notification(epc_for_uid(uid), self.rng.randint(low, high))
                        for uid, (low, high) in heard]
            if not heard:
                answers.append(m100.no_tag())
        return answers
