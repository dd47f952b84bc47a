"""The simulated players thinking ahead, in a process of their own.

Why: the players' choices (what to discard, whether to call, whether a hand pays) are most of
the world's work in a hand, and nothing in them waits on the table: once the dice are thrown,
the hand follows from the walls, the players' dice (their random generator) and nothing the
firmware does — except an irregularity ordered from outside (``hand_miscount``), which lands
at the hand's next move. So the players play the hand in a process beside the table's loop,
on another core, move by move as fast as they think, and hand each move over as it is made:
the zones it changed and the tags now in each, the buttons pressed, what the world's log
gained, and the pause before the next move. The table's side (``PlayAhead.script``) makes each
move on the simulator at its time, exactly as the players would have made it there: the same
moves, at the same virtual times, in the same order.

An irregularity ordered at a move the process has already played past is made by playing the
hand again from its deal (the players' generator is put back where it stood then) up to that
move without handing anything over, ordering it there and going on; the moves handed over
before are dropped by their number (``epoch``). A process that stops, or fails, is said so
with what ended it: the simulator cannot go on without its players.

Run by ``PlayAhead``: ``python -m hal_sim.world.ahead READ_FD WRITE_FD``.
"""

import collections
import os
import random
import sys
import time
import traceback
from multiprocessing.connection import Connection

from firmware.child_process import ChildProcess, connections

from hal_sim.world.hand import HandPlay, HandSettings, deal, table_for
from hal_sim.world.log import WorldLog

LOG_LISTS = ("mistakes", "discards", "wins", "hands")
"""The world's log lists a move may add to (in the order a move's additions are made here)."""
CLOSE_WAIT_S = 5.0
BATCH_MOST = 32
"""Most moves handed over in one message. The first move of a hand goes alone (the table
may be asking for it already), then twice as many each time: the table, which makes a move
in about the time the players think of five, finds the next message there, and a hand's
hundred-odd moves cross the pipe in a handful of writes (each one a wake-up of the other
side). Measured over 90 mcr hands with the machine: 747 of the table's 748 asks found their
message waiting; the one that did not was the process's start."""


AWAKE_S = 0.2
"""How long the process stays awake for the table's next request once it has played a hand
through. Asleep on its pipe, it was slow to wake when the next hand came (a virtual machine's
idle core is slow to wake): the table waited about 2 ms at every deal. Awake, that core also
takes the ptys' bytes over sooner (the kernel's pty worker runs there). On the simulator's
virtual time the next hand comes within a few dozen milliseconds, so the process stays awake
while hands are played back to back; on a table's real time (``mjtable run``) hands are
minutes apart, and it sleeps between them. Awake, it gives its core away at every look
(``sched_yield``): the kernel's pty workers and the log's writer then run there at once,
instead of waiting for a time slice or taking the table's core (mcr: about 1.1x the hands
a second of spinning without yielding, a second core kept busy either way)."""


class PlayersStopped(RuntimeError):
    """The players' process stopped or failed; the message says how."""


class PlayAhead:
    """The table's side: starts the process with the players' generator ``rng`` (its state
    goes over once; the process owns it from then on) and turns each hand into the moves the
    process hands over."""

    def __init__(self, rng: random.Random):
        self._rng = rng
        self._child = ChildProcess("hal_sim.world.ahead", "the simulated players' process",
                                   self._told)
        self._epoch = 0
        self._made = 0
        """Moves of the hand in play made on the table so far."""
        self._lost: PlayersStopped | None = None
        self._queue = collections.deque()

    def script(self, thrown, walls, settings: HandSettings, sim, log: WorldLog):
        """The hand as ``HandPlay.script`` is, for ``Players``: each move is made on ``sim``
        (zones shown to its zone readers, buttons pressed), added to ``log``, and followed by
        a ``yield`` of the pause before the next."""
        if self._lost is not None:
            raise self._lost  # the players' generator went with the process: no hand without it
        if self._child.process is None:
            self._start()
        self._epoch += 1
        self._send(("hand", self._epoch, thrown, walls, settings))
        moves = _Moves()
        deal(table_for(thrown, walls, moves if settings.seen else None), thrown.rules, thrown.dealer)
        actions, news, pause = moves.take(), (), settings.move_s
        self._made = 1
        while True:
            for action in actions:
                if action[0] == "show":
                    sim.hands.show(action[1], action[2])
                elif action[0] == "press":
                    sim.press(action[1], action[2])
                else:
                    sim.hands.show_all()
            for name, entries in news:
                getattr(log, name).extend(entries)
            if pause is None:
                return
            yield pause
            actions, news, pause = self._next_move()
            self._made += 1

    def force(self, offence: str, seat: int) -> None:
        """``HandPlay.force``, made before the hand's next move on the table."""
        self._epoch += 1
        self._send(("force", self._epoch, offence, seat, self._made))

    def close(self) -> None:
        self._child.close(CLOSE_WAIT_S)

    def _start(self) -> None:
        self._child.start()
        self._send(("rng", self._rng.getstate()))

    def _send(self, message) -> None:
        try:
            self._child.send_end.send(message)
        except OSError as exc:
            raise self._child.lost(exc) from None

    def _next_move(self) -> tuple:
        """The next move of the hand in play (moves of an earlier epoch are dropped)."""
        while True:
            if not self._queue:
                try:
                    self._queue.extend(self._child.answers.recv())
                except (EOFError, OSError) as exc:
                    raise self._child.lost(exc) from None
            message = self._queue.popleft()
            if message[0] == "failed":
                self._child.stop()
                raise self._told(f"{self._child.name} failed:\n{message[1]}")
            epoch, number, *move = message
            if epoch == self._epoch and number == self._made:
                return move

    def _told(self, text: str) -> PlayersStopped:
        """The error that stops the simulator, kept: no hand without the players' generator,
        which went with their process."""
        self._lost = PlayersStopped(text)
        return self._lost


class _Moves:
    """What one move of the hand did on the table, collected as ``HandPlay`` makes it: the
    ``TableTop``'s readers (``show``, ``show_all``) and the players' ``press``."""

    def __init__(self):
        self.actions: list[tuple] = []

    def show(self, zone, uids) -> None:
        self.actions.append(("show", zone, uids))

    def show_all(self) -> None:
        self.actions.append(("show_all",))

    def press(self, seat: int, button: str) -> None:
        self.actions.append(("press", seat, button))

    def take(self) -> list[tuple]:
        taken, self.actions = self.actions, []
        return taken


def _news(log: WorldLog) -> list[tuple[str, list]]:
    """What the log gained since the last move, taken out of it."""
    news = []
    for name in LOG_LISTS:
        entries = getattr(log, name)
        if entries:
            news.append((name, entries))
            setattr(log, name, [])
    return news


def play(requests: Connection, answers: Connection, rng: random.Random, start: tuple,
         orders: list[tuple[int, str, int]], epoch: int):
    """Play the hand ``start`` (the generator's state at the deal, the dice, the walls, the
    settings) with the irregularities ``orders`` ((move, offence, seat): ordered before that
    move), handing over every move from the last order's on (all of them without orders);
    the next request when one comes before the hand is over, else None."""
    state, thrown, walls, settings = start
    rng.setstate(state)
    moves, log = _Moves(), WorldLog()
    hand = HandPlay.dealt(thrown, walls, settings, rng, log, moves if settings.seen else None,
                          moves.press)
    script = hand.script()
    first = max((number for number, _, _ in orders), default=1)  # the table makes the deal
    number = 0
    batch, size = [], 1
    while True:
        for at, offence, seat in orders:
            if at == number:
                hand.force(offence, seat)
        try:
            pause = next(script)
        except StopIteration:
            pause = None
        actions, news = moves.take(), _news(log)
        if number >= first:
            batch.append((epoch, number, actions, news, pause))
            if len(batch) >= size or pause is None:
                answers.send(batch)
                batch, size = [], min(2 * size, BATCH_MOST)
        number += 1
        if pause is None:
            return None
        if number > first and requests.poll():
            if batch:
                answers.send(batch)
            return requests.recv()


def next_request(requests: Connection):
    """The table's next request, asked for over and over (yielding the core between asks)
    for up to ``AWAKE_S`` before sleeping on the pipe (see ``AWAKE_S``)."""
    awake_until = time.monotonic() + AWAKE_S
    while not requests.poll() and time.monotonic() < awake_until:
        os.sched_yield()
    return requests.recv()


def serve(requests: Connection, answers: Connection) -> None:
    """Play each hand asked for, handing its moves over; until the pipe closes."""
    rng = random.Random()
    start, orders = None, []
    request = requests.recv()
    while True:
        kind, *body = request
        if kind == "rng":
            rng.setstate(body[0])
            request = requests.recv()
            continue
        if kind == "hand":
            epoch, thrown, walls, settings = body
            start, orders = (rng.getstate(), thrown, walls, settings), []
        else:  # "force": an irregularity ordered before move ``number``
            epoch, offence, seat, number = body
            orders.append((number, offence, seat))
        request = play(requests, answers, rng, start, orders, epoch) or next_request(requests)


def main(argv: list[str]) -> int:
    requests, answers = connections(*argv)
    try:
        serve(requests, answers)
    except (EOFError, BrokenPipeError, ConnectionResetError):
        pass  # the table went away: nobody is left to play for
    except Exception:  # noqa: BLE001 - the table says it, with where it came from
        answers.send([("failed", traceback.format_exc())])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
