"""A table that does nothing but record hand results, for the crash test to kill.

It opens the ledger in the folder given (verify, replay), says "ready", then for ever takes a
new hand result from its "referee" — each carrying a token, the ``table_hand``, that follows
the largest recorded — saying "writing T" before and "ack T" when ResultRecorded comes (after
the commit), and pausing a few milliseconds between two hands as a table does. The results
are ``expected_result(T)``, so the test knows what each should be.
"""

import sys
import time
from itertools import count
from pathlib import Path

from firmware import notifications as note
from firmware.clock import VirtualScheduler
from firmware.ledger.book import Book
from firmware.ledger.component import LedgerComponent
from firmware.ledger.settings import LedgerSettings


def expected_result(token: int) -> dict:
    """Seat token % 4 self-draws a hand of 8 + token % 7 points (MCR: each pays 8 + H)."""
    return {"wins": [{"seat": token % 4, "win_by": "self_draw", "from": None,
                      "result": {"status": "win", "total": 8 + token % 7}}],
            "end": "win", "ready": None, "flower_pigs": None, "flags": [],
            "moves": [{"t": float(token), "seat": token % 4, "move": "win", "tile": "1m", "from": None}]}


def main(folder: str) -> None:
    book = Book(folder)
    recorded = [r.input.table_hand for game in book.ledger.games for r in game.records]
    notifier = note.Notifier()
    LedgerComponent(book, LedgerSettings(Path(folder)), notifier, VirtualScheduler(), lambda: "mcr")
    notifier.subscribe(note.ResultRecorded, lambda n: n.kind == "hand_recorded" and print(f"ack {n.hand}", flush=True))
    print("ready", flush=True)
    for token in count(max(recorded, default=0) + 1):
        print(f"writing {token}", flush=True)
        notifier.publish(note.HandResult, hand=token, result=expected_result(token))
        time.sleep(0.002)  # the next hand is being played


if __name__ == "__main__":
    main(sys.argv[1])
