"""`mjtable run`: run the table service on the configured backend until SIGTERM or Ctrl-C.

Real time. With the simulator's ``[venue]`` component the simulated players and operator play
along, so the table cycles by itself. The
line "ready" is printed (and READY=1 sent to systemd when NOTIFY_SOCKET is set) once the
controller is running; on SIGTERM/SIGINT every output is driven to its safe value before exit.
A bad config exits with code 2 and a message naming the section and key. SIGHUP re-reads the
controller's settings (``[table] rules`` and ``[controller]``); they apply from the next set the
table prepares, and a bad file keeps the settings in force.

A component that serves people (the ``[display]`` page) starts serving before "ready" and
its address is printed (``display: http://127.0.0.1:8080/``). Under systemd with
``WatchdogSec=`` (WATCHDOG_USEC set), WATCHDOG=1 is sent from a timer on the scheduler every
half of that time, so a hung control loop stops the pings and systemd restarts the service.
The log goes to the journal with the fault codes as fields (``firmware.journal``).
``--hook MODULE:FUNCTION`` calls ``FUNCTION(service)`` once the service is built, before it
starts: for tests and diagnostics (the tests stall the control loop and announce flags so).

``--data DIR`` keeps the game ledger in DIR (``[ledger] data_dir``) and resumes the game found
there; each event it makes durable is printed ("recorded event N: KIND"). ``--speed F`` runs
the clock F times faster than real time, on a backend that can follow it (the simulator).
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
from firmware.controller.checks import load_check
from firmware.journal import log_faults, setup_logging
from firmware.ledger.settings import config_with_data
from firmware.service import Service, build_service


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help="run the table service until SIGTERM (Ctrl-C)")
    p.add_argument("--config", default=str(DEFAULT_PATH), help="config file (default %(default)s)")
    p.add_argument("--hook", action="append", default=[], metavar="MODULE:FUNCTION",
                   help="call FUNCTION(service) before the service starts (tests, diagnostics)")
    p.add_argument("--data", metavar="DIR", help="the game ledger's data folder (resumes its game)")
    p.add_argument("--speed", type=float, default=1.0, metavar="F",
                   help="run F times faster than real time (simulator only)")
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


def watchdog_interval_s(environ=os.environ) -> float | None:
    """Half the watchdog time systemd gave this process (WATCHDOG_USEC, for WATCHDOG_PID if
    set), or None when there is no watchdog."""
    usec, pid = environ.get("WATCHDOG_USEC"), environ.get("WATCHDOG_PID")
    if not usec or not usec.isdigit() or int(usec) == 0 or (pid and pid != str(os.getpid())):
        return None
    return int(usec) / 2e6


def _keep_watchdog_fed(scheduler, interval_s: float) -> None:
    """WATCHDOG=1 now and then every ``interval_s``, from the scheduler's own thread: only a
    control loop that still runs its timers feeds the watchdog."""
    def ping() -> None:
        notify_systemd("WATCHDOG=1")
        scheduler.call_later(interval_s, ping)

    ping()


def _serve(service: Service) -> None:
    """Each component that serves people starts now; its address is printed."""
    for name, component in service.components.items():
        if callable(getattr(component, "serve", None)):
            _say(f"{name}: {component.serve()}")


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
    notifier.subscribe(note.ResultRecorded, lambda n: _say(
        f"{at(n)} recorded event {n.event_id}: {n.kind}" + (f" (hand {n.hand})" if n.hand else "")))


def _reload(path: str, controller: Controller) -> None:
    try:
        settings = Settings.from_config(Config.load(path))
    except ConfigError as exc:
        _say(f"settings not reloaded: {exc}")
        return
    controller.update_settings(settings)
    _say(f"settings reloaded: rules {settings.rules}, from the next set")


def run(args: argparse.Namespace) -> int:
    setup_logging()
    try:
        scheduler = RealTimeScheduler(speed=args.speed)
        hooks = [load_check(spec) for spec in args.hook]
        config = Config.load(args.config) if args.data is None else config_with_data(args.config, args.data)
        service = build_service(config, scheduler)
    except (ConfigError, ValueError) as exc:
        print(f"mjtable run: {exc}", file=sys.stderr)
        return 2
    if args.speed != 1.0 and not getattr(service.backend, "time_scalable", False):
        service.close()
        print(f"mjtable run: --speed {args.speed}: this backend runs in real time only "
              f"(the simulator can run faster)", file=sys.stderr)
        return 2
    try:
        for hook in hooks:
            hook(service)
        _serve(service)
    except ConfigError as exc:
        service.close()
        print(f"mjtable run: {exc}", file=sys.stderr)
        return 2
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: scheduler.stop())
    controller = service.controller
    signal.signal(signal.SIGHUP, lambda *_: scheduler.call_soon_threadsafe(
        lambda: _reload(args.config, controller)))
    _log_lines(service, scheduler.now())
    log_faults(service.notifier)
    try:
        service.start()
        _say("ready")
        notify_systemd("READY=1")
        interval_s = watchdog_interval_s()
        if interval_s is not None:
            _keep_watchdog_fed(scheduler, interval_s)
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
