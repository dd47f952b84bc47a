"""Power cuts at any instant: a real process recording results is killed with SIGKILL at
random moments — while it starts up and replays the log, while a result is being written,
between two results — many times over, and after every kill the log must verify, every
acknowledged result be there exactly once, nothing be there half-written, and the game go on
at the right hand with the right dealer and scores (worked out here by hand, not by the
ledger). ``MJTABLE_CRASH_TRIALS`` sets how many kills (default 60)."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from crash_child import expected_result
from firmware.ledger.book import Book
from firmware.store import verify
from ledger_cli import config_in, mjtable

CHILD = Path(__file__).with_name("crash_child.py")
TRIALS = int(os.environ.get("MJTABLE_CRASH_TRIALS", "60"))
HANDS_PER_GAME = 16  # MCR (seed 000 3.4.4)


def _kill_at_random(folder: Path, rng: random.Random) -> list[str]:
    """One run of the child, killed after a random delay — from its start (a third of the
    runs: start-up and replay included) or from its "ready" — and the lines it had printed."""
    child = subprocess.Popen([sys.executable, str(CHILD), str(folder)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    lines = []
    if rng.random() < 1 / 3:
        time.sleep(rng.uniform(0.05, 1.0))
    else:
        while (line := child.stdout.readline()) and line.strip() != "ready":
            lines.append(line.strip())
        lines.append("ready")
        time.sleep(rng.uniform(0.0, 0.1))
    child.send_signal(signal.SIGKILL)
    out, err = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL, err
    return lines + out.splitlines()


def _stage(lines: list[str]) -> str:
    if "ready" not in lines:
        return "start-up"
    last = lines[-1]
    return "mid-write" if last.startswith("writing") else "between"


def _expected_game(tokens: list[int]) -> tuple[int, int, list[int]]:
    """(hand in play, dealer, scores) of the game the tokens' results make, by hand: games of
    16 hands; the deal passes every hand; a self-draw of H points takes 8 + H from each."""
    done = len(tokens) % HANDS_PER_GAME or (HANDS_PER_GAME if tokens else 0)
    scores = [0, 0, 0, 0]
    for token in tokens[len(tokens) - done:]:
        paid = 8 + 8 + token % 7
        scores = [s + (3 * paid if seat == token % 4 else -paid) for seat, s in enumerate(scores)]
    return done + 1, done % 4, scores


def test_kills_at_random_instants_lose_nothing_acknowledged_and_leave_nothing_half_written(tmp_path):
    rng = random.Random(20240611)
    folder = tmp_path / "ledger"
    acknowledged, stages = set(), {"start-up": 0, "mid-write": 0, "between": 0}
    for _ in range(TRIALS):
        lines = _kill_at_random(folder, rng)
        stages[_stage(lines)] += 1
        acknowledged |= {int(line.split()[1]) for line in lines if line.startswith("ack ")}
        verdict = verify(folder)
        assert verdict.ok, verdict.problem
        book = Book(folder)
        records = [r for game in book.ledger.games for r in game.records]
        tokens = [r.input.table_hand for r in records]
        assert len(tokens) == len(set(tokens)), "a result recorded twice"
        assert acknowledged <= set(tokens), f"acknowledged but lost: {sorted(acknowledged - set(tokens))}"
        assert all(r.input.result == expected_result(r.input.table_hand) for r in records)
        assert tokens == sorted(tokens) and book.ledger.problems == []
        game = book.ledger.game
        if game is not None and not game.records:  # killed between a game's start and its first hand
            assert len(tokens) % HANDS_PER_GAME == 0 and list(game.position.scores) == [0] * 4
        elif game is not None:
            hand, dealer, scores = _expected_game(tokens)
            assert (game.position.hand, game.position.dealer, list(game.position.scores)) == (hand, dealer, scores)
        book.close()
    assert stages["mid-write"] > 0 and stages["between"] > 0 and stages["start-up"] > 0, stages
    done = mjtable("log", "verify", "--data", str(folder), "--config", str(config_in(tmp_path)))
    assert done.returncode == 0, done.stderr
    print(f"{TRIALS} kills: {stages}; {len(acknowledged)} acknowledged results, "
          f"{len(tokens)} recorded, all whole, none twice")
