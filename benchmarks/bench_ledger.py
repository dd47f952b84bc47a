"""Ledger figures: the cost of a durable write, and of the start-up replay of a log.

Usage: .venv/bin/python benchmarks/bench_ledger.py [--writes N] [--data DIR]
Prints:
- a durable write: one hand result (a played hand's moves included) appended to the event
  log and committed with full sync (WAL, synchronous=FULL) — what stands between a hand's end
  and its acknowledgement — p50/p99 over N writes, and the same through the ledger
  (``Book.write``: append, then apply to the game);
- a start-up replay (open, verify the whole hash chain, rebuild the games) of a 16-hand
  game and of a 1,000-hand log, median of 5.
The log is written in DIR (default: a temporary folder on the same disk as /tmp) — put it on
the table's SD card to measure the card.
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.timing import median_p99  # noqa: E402
from firmware.ledger.book import Book  # noqa: E402
from firmware.store import EventLog  # noqa: E402

PLAYERS = ["A", "B", "C", "D"]


def hand_result(n: int) -> dict:
    """A hand as the referee reports it: ~70 moves, one win scored by the MCR scorer's shape."""
    moves = [{"t": 2.0 * i, "seat": i % 4, "move": "draw" if i % 2 == 0 else "discard",
              "tile": f"{1 + i % 9}{'mps'[i % 3]}", "from": None} for i in range(70)]
    fans = [{"zh": "平和", "en": "All Chows", "points": 2, "count": 1},
            {"zh": "无番和", "en": "Chicken Hand", "points": 8, "count": 1}]
    win = {"seat": n % 4, "win_by": "discard", "from": (n + 1) % 4,
           "result": {"status": "win", "fans": fans, "flower_points": 1, "total": 8 + n % 9,
                      "total_excl_flowers": 8, "shanten_before_win": 0}}
    return {"wins": [win], "end": "win", "ready": None, "flower_pigs": None, "flags": [], "moves": moves}


def body(n: int) -> dict:
    return {"result": hand_result(n), "source": "referee", "table_hand": n, "elapsed_s": 60.0 * n}


def durable_writes(folder: Path, writes: int) -> tuple[list[float], list[float]]:
    with EventLog(folder / "raw", clock=time.time) as log:
        raw = []
        for n in range(writes):
            start = time.perf_counter()
            log.append("hand_recorded", body(n))
            raw.append(time.perf_counter() - start)
    book = Book(folder / "book", clock=time.time)
    book.write("game_started", {"rules": "mcr", "players": PLAYERS})
    through = []
    for n in range(writes):
        if book.ledger.game.position.ended is not None:
            book.write("game_started", {"rules": "mcr", "players": PLAYERS})
        start = time.perf_counter()
        book.write("hand_recorded", body(n))
        through.append(time.perf_counter() - start)
    book.close()
    return raw, through


def log_of(folder: Path, hands: int) -> Path:
    """A log of ``hands`` MCR hands (a new game every 16), written through the ledger."""
    book = Book(folder, clock=time.time)
    for n in range(hands):
        if book.ledger.game is None or book.ledger.game.position.ended is not None:
            book.write("game_started", {"rules": "mcr", "players": PLAYERS})
        book.write("hand_recorded", body(n))
    book.close()
    return folder


def replay_seconds(folder: Path, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        book = Book(folder)
        times.append(time.perf_counter() - start)
        book.close()
    return sorted(times)[len(times) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=300)
    parser.add_argument("--data", help="folder for the logs (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-ledger-", dir=args.data) as scratch:
        folder = Path(scratch)
        raw, through = durable_writes(folder, args.writes)
        for name, values in (("event log append + commit", raw), ("Book.write (append, apply)", through)):
            p50, p99 = median_p99(values)
            print(f"durable write, {name}: p50 {p50 * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms "
                  f"({len(values)} writes)")
        for hands in (16, 1000):
            seconds = replay_seconds(log_of(folder / f"log{hands}", hands))
            print(f"start-up replay (verify + rebuild) of a {hands}-hand log: {seconds * 1e3:.1f} ms")
    print(f"command: .venv/bin/python benchmarks/bench_ledger.py --writes {args.writes}"
          + (f" --data {args.data}" if args.data else ""))


if __name__ == "__main__":
    main()
