"""Shared bookkeeping for the sans-IO frame decoders: the byte buffer, resync and reject counts.

A decoder is fed whatever bytes the port produced (any chunking) and returns the frames it
completed. Anything that is not a frame is counted, never raised: a reader on a noisy line
must keep going, and the counts are what an operator looks at when a reader misbehaves.
"""

from collections import Counter


class FrameDecoder:
    """Base for a byte-stream decoder; subclasses implement ``_parse_at``.

    ``_parse_at(buf, pos)`` looks at the header candidate at ``buf[pos]`` (``buf`` is
    ``bytes``) and returns one of: ``(frame, end)`` for a complete good frame that ends just
    before ``buf[end]``, ``(None, 0)`` when more bytes are needed, or ``(reason, 0)`` as a
    ``str`` when the candidate is not a frame. After a reject the decoder drops only the first
    header byte and rescans, so a good frame that sat inside a bogus candidate's claimed
    length is still found.

    The bytes are walked by offset and only the unparsed tail is kept between feeds: one
    answer from a zone module holds dozens of frames, and cutting each one off the front of a
    buffer would copy the rest of the answer every time.
    """

    HEADER: bytes = b""

    def __init__(self):
        self._held = b""
        """The tail of the line not parsed yet: the start of a frame, or of a header."""
        self.rejected: Counter[str] = Counter()
        """Rejected frame candidates by reason ("checksum", "length checksum", ...)."""
        self.rejected_total = 0
        """All of them, counted with them: a reader compares it before and after every read."""
        self.noise_bytes = 0
        """Bytes skipped between frames because no header started there."""
        self.frames_ok = 0

    @property
    def pending(self) -> int:
        """Bytes held back waiting for the rest of a frame."""
        return len(self._held)

    def feed(self, data: bytes) -> list:
        """Take more bytes from the line; return the frames they completed, in order."""
        return self._decode(self._held + data, idle=False)

    def flush(self) -> list:
        """The line went idle: whatever is still buffered will never complete as it stands.

        Drop the pending candidate (counted as "truncated") and rescan what followed its
        header, since a short good frame may hide behind a bogus header that claimed a long
        body. Returns the frames recovered that way (none when nothing is held, as after a
        whole answer).
        """
        return self._decode(self._held, idle=True) if self._held else []

    def _decode(self, buf: bytes, idle: bool) -> list:
        """Parse ``buf`` from its start and hold its unparsed tail. ``idle``: no more bytes
        will come, so an incomplete candidate is a "truncated" reject and nothing is held."""
        if not buf:  # all taken already (a subclass's run of frames): nothing to walk
            self._held = buf
            return []
        header, parse, frames = self.HEADER, self._parse_at, []
        pos = noise = 0
        while (start := buf.find(header, pos)) >= 0:
            noise += start - pos
            outcome, end = parse(buf, start)
            if outcome is None and not idle:
                pos = start
                break
            if outcome is None or isinstance(outcome, str):
                self.rejected[outcome or "truncated"] += 1
                self.rejected_total += 1
                noise += 1
                pos = start + 1
            else:
                frames.append(outcome)
                pos = end
        else:
            keep = 0 if idle or pos == len(buf) else self._header_part(buf, pos)
            noise += len(buf) - keep - pos
            pos = len(buf) - keep
        self.noise_bytes += noise
        self.frames_ok += len(frames)
        self._held = buf[pos:]
        return frames

    def _header_part(self, buf: bytes, pos: int) -> int:
        """How many bytes at the end of ``buf[pos:]`` may be a header the port cut in two."""
        return next((n for n in range(len(self.HEADER) - 1, 0, -1)
                     if buf.endswith(self.HEADER[:n], pos)), 0)

    def _parse_at(self, buf: bytes, pos: int):
        raise NotImplementedError
