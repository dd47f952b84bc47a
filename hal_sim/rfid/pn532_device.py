"""A simulated PN532 under the stacking head: answers the host's commands for the tile in its field.

Each InListPassiveTarget is one read attempt: a tile not yet read is found unless the attempt
misses (``miss_rate``); a tile already read is normally quiet (it was activated), but is
reported again with ``duplicate_rate``; an empty field answers NbTg = 0. A NACK from the host
gets the last answer again, as on the real chip.
"""

import random

from drivers.rfid import pn532

from hal_sim.rfid.device import LineFaults, SimReaderDevice

NO_TARGET = pn532.no_target()


class Answers(dict):
    """Each tag's InListPassiveTarget answer, by UID, made on first use and kept: a tile's
    answer never changes, and the simulator's two tile sets pass the head every other hand."""

    def __missing__(self, uid: bytes) -> bytes:
        frame = self[uid] = pn532.target_found(uid)
        return frame


FOUND = Answers()


class SimPn532(SimReaderDevice):
    def __init__(self, faults: LineFaults, rng: random.Random, in_step: bool = True):
        super().__init__(pn532.Pn532Decoder(), faults, rng, in_step)
        self.field: bytes | None = None
        self._already_read = False
        self._duplicate_next = False
        self._last_answer = pn532.ERROR_BYTES

    def tile_enters(self, uid: bytes) -> None:
        """A new tile sits under the head (the previous one has moved on into its stack)."""
        self.field, self._already_read, self._duplicate_next = uid, False, False

    def settled(self) -> bool:
        """Whether the next poll is sure to change nothing: the tile was read, the answer
        reached the host intact, and this poll does not report the tile again (a duplicate is
        drawn here, and then answered by the poll). Polls that change nothing need not run."""
        if not self._already_read or self.last_corrupted:
            return False
        self._duplicate_next = self.rng.random() < self.faults.duplicate_rate
        return not self._duplicate_next

    def _answer_frames(self, frames: list) -> list[bytes]:
        answers = []
        for frame in frames:
            if isinstance(frame, pn532.Nack):
                answers.append(self._last_answer)
            elif isinstance(frame, pn532.InfoFrame) and frame.tfi == pn532.HOST_TO_PN532:
                self._last_answer = self._answer(frame)
                answers += [pn532.ACK_BYTES, self._last_answer]
        return answers

    def _answer(self, frame: pn532.InfoFrame) -> bytes:
        if frame.command != pn532.IN_LIST_PASSIVE_TARGET:
            return pn532.response(frame.command)
        if self.field is None:
            return NO_TARGET
        if self._already_read:
            found, self._duplicate_next = self._duplicate_next, False
        else:
            found = self.rng.random() >= self.faults.miss_rate
        self._already_read |= found
        return FOUND[self.field] if found else NO_TARGET
