"""Display figures: how soon the page shows a ledger event, and the service's memory over a
long simulated evening.

Usage: .venv/bin/python benchmarks/bench_display.py [--events N] [--hands N] [--no-browser]
(``--hands 0`` skips the memory figure, ``--no-browser`` the latency one)
Prints:
- ledger event → page: the time from the ledger's durable write being announced
  (``ResultRecorded``, published right after the event is on the disk) to headless Chromium
  having drawn it (the page's own log of events drawn), p50/p99 over N events; the table runs
  on its own scheduler thread in real time, exactly as under `mjtable run`, the page on
  loopback, every event a real write to the ledger's SQLite log (a game started);
- memory over N hands (default 1,000; successive games, as the rules end each) on the
  simulator in virtual time, with the display following every notification and the ledger
  recording every hand, at checkpoints: the process's resident memory (the service and the
  simulated world in one process), the display's own (its window of events, the JSON sent to
  pages) and the ledger's games, each against the bound this script asserts. The display's
  window is fixed (firmware/display/stream.py WINDOW); the ledger holds the game in play and
  the one before (firmware/ledger/component.py GAMES_HELD), the controller and the pin
  recorder a window of their history, the simulator's truth checks counts; what is left to
  grow is the rules core's tables, which fill to their limits (firmware/rules/suit_table.py)
  and the simulator's per-hand summary (each win's truth and verdict).
A table without a [referee] gets each hand's result from this script (a corpus MCR win for a
rotating seat), announced as the referee would (``HandResult``).
"""

import argparse
import json
import statistics
import sys
import tempfile
import threading
import os
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware import notifications as note  # noqa: E402
from firmware import rulesets  # noqa: E402
from firmware.clock import RealTimeScheduler  # noqa: E402
from firmware.config import DEFAULT_PATH, Config  # noqa: E402
from firmware.ledger import actions as ledger_actions  # noqa: E402
from firmware.service import build_service  # noqa: E402
from hal_sim.harness import SimRun  # noqa: E402

DISPLAY_BOUND_MB = 8.0
"""The display's own memory may not pass this, however long the evening (its window of
events is fixed: firmware/display/stream.py WINDOW)."""
PROCESS_BOUND_MB = 160.0
"""The whole process (service and simulated world) may not pass this in a 1,000-hand evening.
Measured: 97 MB after 100 hands, 128 MB after 1,000 and 136 MB after 2,000 — the growth
slowing from 19 KB a hand (hands 500 to 1,000) to 8 KB (1,000 to 2,000) as the rules core's
tables fill; before the bounds above, 595 MB after 1,000 hands."""
CHECKPOINTS = (0.1, 0.25, 0.5, 1.0)


def config_in(folder: Path, **changes: dict) -> Config:
    """The default config, its data in ``folder``, the page on any free loopback port; each
    keyword a section whose keys it sets (``venue={"miscall_rate": 1.0}``)."""
    with DEFAULT_PATH.open("rb") as fh:
        data = tomllib.load(fh)
    for section, keys in changes.items():
        data[section].update(keys)
    data["tiles"]["registry"] = str(folder / "tiles.sqlite")
    data["ledger"]["data_dir"] = str(folder / "ledger")
    data["display"]["port"] = 0
    return Config(data, str(folder / "table.toml"))


def _browser(profile: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def latency(events: int, folder: Path) -> dict:
    scheduler = RealTimeScheduler()
    service = build_service(config_in(folder), scheduler)
    written: dict[int, float] = {}
    service.notifier.subscribe(note.ResultRecorded, lambda n: written.setdefault(n.event_id, time.time()))
    url = service.components["display"].serve()
    service.start()
    loop = threading.Thread(target=scheduler.run_forever, daemon=True)
    loop.start()
    ledger = service.components["ledger"]
    driver = _browser(folder / "profile")
    try:
        driver.get(url)
        _wait(lambda: driver.execute_script("return document.body.dataset.link") == "live")

        def write() -> None:
            event = ledger_actions.start_game(ledger.book, ledger.settings, rulesets.DEFAULT)
            service.notifier.publish(note.ResultRecorded, event_id=event.id, kind=event.kind,
                                     hand=None)

        for _ in range(events):
            scheduler.call_soon_threadsafe(write)
            time.sleep(0.05)
        _wait(lambda: len(_drawn(driver)) >= events, timeout_s=60)
        drawn = _drawn(driver)
    finally:
        driver.quit()
        scheduler.stop()
        loop.join(timeout=10)
        service.close()
    millis = sorted(drawn[event_id] - written[event_id] * 1000 for event_id in drawn)
    return {"events": len(millis), "p50_ms": round(statistics.median(millis), 1),
            "p99_ms": round(millis[int(0.99 * (len(millis) - 1))], 1), "max_ms": round(millis[-1], 1)}


def _drawn(driver) -> dict[int, float]:
    log = driver.execute_script("return window.mjLog.filter((e) => e.kind === 'ResultRecorded')"
                                ".map((e) => [e.note.event_id, e.at])")
    return {event_id: at for event_id, at in log}


def _wait(predicate, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError("the page did not get there in time")
        time.sleep(0.05)


def _corpus_win() -> dict:
    record = json.loads((ROOT.parent / "shared" / "corpus" / "mcr_public.jsonl")
                        .read_text(encoding="utf-8").splitlines()[0])
    return rulesets.get("mcr").score(record)


def _rss_mb() -> float:
    """This process's resident memory now (Linux: /proc/self/statm)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return round(pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20, 1)


def _display_mb(display) -> float:
    """What the display holds: its window of events (each the JSON text sent to pages)."""
    events = display.stream.after(0)
    return round(sum(sys.getsizeof(event.data) for event in events) / 2 ** 20, 2)


def memory(hands: int, folder: Path) -> list[dict]:
    run = SimRun(config_in(folder))
    service, result = run.service, _corpus_win()
    display, ledger = service.components["display"], service.components["ledger"]
    marks = {max(1, int(hands * share)) for share in CHECKPOINTS}
    rows: list[dict] = []
    ended = [0]

    def hand_over(n: note.HandEnded) -> None:
        ended[0] += 1
        if "referee" not in service.components:
            win = {"seat": n.hand % 4, "win_by": "self_draw", "from": None, "result": result}
            service.notifier.publish(note.HandResult, hand=n.hand,
                                     result={"wins": [win], "end": "win"})
        if ended[0] in marks:
            rows.append({"hands": ended[0], "rss_mb": _rss_mb(), "display_mb": _display_mb(display),
                         "events": len(display.stream.after(0)),
                         "games": ledger.status()["games"]})

    service.notifier.subscribe(note.HandEnded, hand_over)
    started = time.monotonic()
    try:
        run.run(hands + 1, limit_s=400.0 * (hands + 2))
    finally:
        run.close()
    rows[-1]["seconds"] = round(time.monotonic() - started, 1)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--no-browser", action="store_true", help="skip the latency figure")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-display-") as tmp:
        if not args.no_browser:
            figures = latency(args.events, Path(tmp) / "latency")
            print(f"ledger event -> page drawn: p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, "
                  f"max {figures['max_ms']} ms over {figures['events']} events")
        if args.hands < 1:
            return 0
        rows = memory(args.hands, Path(tmp) / "memory")
    print(f"memory over {args.hands} hands on the simulator ({rows[-1]['seconds']} s of wall time):")
    for row in rows:
        print(f"  after {row['hands']:>5} hands: process RSS {row['rss_mb']:>7.1f} MB, display "
              f"{row['display_mb']:>5.2f} MB in {row['events']} events, ledger games {row['games']}")
    worst = max(row["display_mb"] for row in rows)
    print(f"display bound {DISPLAY_BOUND_MB} MB: {'kept' if worst <= DISPLAY_BOUND_MB else 'EXCEEDED'} "
          f"(largest {worst} MB)")
    half, last = rows[-2], rows[-1]
    per_hand_kb = (last["rss_mb"] - half["rss_mb"]) * 1024 / (last["hands"] - half["hands"])
    process_ok = last["rss_mb"] <= PROCESS_BOUND_MB
    print(f"process bound {PROCESS_BOUND_MB} MB: {'kept' if process_ok else 'EXCEEDED'} "
          f"({last['rss_mb']} MB after {last['hands']} hands; {per_hand_kb:.1f} KB per hand "
          f"from hand {half['hands']} on)")
    return 0 if worst <= DISPLAY_BOUND_MB and process_ok else 1


if __name__ == "__main__":
    sys.exit(main())
