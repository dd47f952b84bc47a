"""Shared bookkeeping for the sans-IO frame decoders: the byte buffer, resync and reject counts.

A decoder is fed whatever bytes the port produced (any chunking) and returns the frames it
completed. Anything that is not a frame is counted, never raised: a reader on a noisy line
must keep going, and the counts are what an operator looks at when a reader misbehaves.
"""

from collections import Counter


class FrameDecoder:
    """Base for a byte-stream decoder; subclasses implement ``_parse_at_start``.

    ``_parse_at_start`` looks at the buffer, which always begins with a header candidate, and
    returns one of: ``(frame, consumed)`` for a complete good frame, ``(None, 0)`` when more
    bytes are needed, or ``(reason, 0)`` as a ``str`` when the candidate is not a frame. After
    a reject the decoder drops only the first header byte and rescans, so a good frame that
    sat inside a bogus candidate's claimed length is still found.
    """

    HEADER: bytes = b""

    def __init__(self):
        self._buffer = bytearray()
        self.rejected: Counter[str] = Counter()
        """Rejected frame candidates by reason ("checksum", "length checksum", ...)."""
        self.noise_bytes = 0
        """Bytes skipped between frames because no header started there."""
        self.frames_ok = 0

    @property
    def pending(self) -> int:
        """Bytes held back waiting for the rest of a frame."""
        return len(self._buffer)

    @property
    def rejected_total(self) -> int:
        return sum(self.rejected.values())

    def feed(self, data: bytes) -> list:
        """Take more bytes from the line; return the frames they completed, in order."""
        self._buffer += data
        frames = []
        while self._seek_header():
            outcome, consumed = self._parse_at_start()
            if isinstance(outcome, str):
                self._reject(outcome)
            elif outcome is None:
                break
            else:
                del self._buffer[:consumed]
                self.frames_ok += 1
                frames.append(outcome)
        return frames

    def flush(self) -> list:
        """The line went idle: whatever is still buffered will never complete as it stands.

        Drop the pending candidate (counted as "truncated") and rescan what followed its
        header, since a short good frame may hide behind a bogus header that claimed a long
        body. Returns the frames recovered that way.
        """
        frames = []
        while self._seek_header():
            frames += self.feed(b"")
            if self._seek_header():
                self._reject("truncated")
        self.noise_bytes += len(self._buffer)
        self._buffer.clear()
        return frames

    def _reject(self, reason: str) -> None:
        self.rejected[reason] += 1
        del self._buffer[:1]
        self.noise_bytes += 1

    def _seek_header(self) -> bool:
        """Skip to the next header candidate; False when the buffer holds none yet."""
        index = self._buffer.find(self.HEADER)
        if index < 0:
            keep = next((n for n in range(len(self.HEADER) - 1, 0, -1)
                         if self._buffer.endswith(self.HEADER[:n])), 0)
            skipped = len(self._buffer) - keep
            self.noise_bytes += skipped
            del self._buffer[:skipped]
            return False
        self.noise_bytes += index
        del self._buffer[:index]
        return True

    def _parse_at_start(self):
        raise NotImplementedError
