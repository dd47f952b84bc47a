"""`mjtable run`: run the table service on the configured backend until SIGTERM or Ctrl-C.

Real time. With the simulator's ``[venue]`` component the simulated players and operator play
along, so the table cycles by itself. The
line "ready" is printed (and READY=1 sent to systemd when NOTIFY_SOCKET is set) once the
controller is running; on SIGTERM/SIGINT every output is driven to its safe value before exit.
A bad config exits with code 2 and a message naming the section and key. SIGHUP re-reads the
controller's settings (``[table] rules`` and ``[controller]``); they apply from the next set the
table prepares, and a bad file keeps the settings in force.
"""

import argparse
import os
import signal
import socket
import sys

from firmware import notifications as note
from firmware.clock import RealTimeScheduler
from firmware.config import DEFAULT_PATH, Config, ConfigError
from firmware.controller import Controller, Settings
from firmware.service import Service, build_service


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help="run the table service until SIGTERM (Ctrl-C)")
    p.add_argument("--config", default=str(DEFAULT_PATH), help="config file (default %(default)s)")
    p.set_defaults(func=run)


def notify_systemd(message: str) -> None:
    """sd_notify without a library: one datagram to $NOTIFY_SOCKET, if systemd gave us one."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return
    if address.startswith("@"):
        address = "\0" + address[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.sendto(message.encode(), address)


def _say(line: str) -> None:
    print(line, flush=True)


def _log_lines(service: Service, start: float) -> None:
    """One line per state entered, fault and completed cycle, timed from the start."""
    def at(n: note.Notification) -> str:
        return f"{n.at - start:9.2f}"

    notifier = service.notifier
    notifier.subscribe(note.StateEntered, lambda n: _say(f"{at(n)} {n.state.value}"))
    notifier.subscribe(note.FaultRaised, lambda n: _say(f"{at(n)} FAULT {n.code}: {n.detail}"))
    notifier.subscribe(note.DiceThrown, lambda n: _say(
        f"{at(n)} cycle {n.cycle} ({n.rules}): {n.wall_break.describe()}"))


def _reload(path: str, controller: Controller) -> None:
    try:
        settings = Settings.from_config(Config.load(path))
    except ConfigError as exc:
        _say(f"settings not reloaded: {exc}")
        return
    controller.update_settings(settings)
    _say(f"settings reloaded: rules {settings.rules}, from the next set")


def run(args: argparse.Namespace) -> int:
    scheduler = RealTimeScheduler()
    try:
        service = build_service(Config.load(args.config), scheduler)
    except ConfigError as exc:
        print(f"mjtable run: {exc}", file=sys.stderr)
        return 2
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: scheduler.stop())
    controller = service.controller
    signal.signal(signal.SIGHUP, lambda *_: scheduler.call_soon_threadsafe(
        lambda: _reload(args.config, controller)))
    _log_lines(service, scheduler.now())
    try:
        service.start()
        _say("ready")
        notify_systemd("READY=1")
        scheduler.run_forever()
    finally:
        notify_systemd("STOPPING=1")
        controller.close()
        still_on = [part.name for part in service.backend.table.moving_parts() if part.is_active]
        service.close()
    if still_on:
        _say(f"stopped, but outputs still on: {', '.join(still_on)}")
        return 1
    _say("stopped: every output safe")
    return 0
