"""One game: its hands in the order they were recorded, and every position they lead to.

The game keeps what was recorded (hand results, corrections, flag decisions, seat changes, an
operator's end) and derives everything else — payments, penalties, dealer, honba, scores, the
end — by playing the hands in order through its rule set's game (firmware/ledger/games). A
correction or a flag decision about hand k plays the game again from the position before
hand k, and the new positions replace the old ones in one step: nothing after hand k is left
as it was computed before. A hand that cannot be paid (a malformed result, transfers that do
not balance) pays nothing and keeps the dealer; its problem is shown for a judge to correct.
"""

from dataclasses import dataclass, field, replace

from firmware.ledger.games import GameRules, Setup
from firmware.ledger.money import Balance, Transfer, ZeroSumError
from firmware.ledger.position import Position
from firmware.ledger.results import ResultError, check_result, confirmed_flags
from firmware.rulesets import RuleSet


@dataclass(frozen=True)
class HandInput:
    """A recorded hand: ``event`` the id of its ``hand_recorded`` event, ``result`` the one in
    force (the latest correction's), ``corrections`` the ids of the corrections made."""

    event: int
    result: dict
    elapsed_s: float | None = None
    source: str = "referee"
    table_hand: int | None = None
    corrections: tuple[int, ...] = ()


@dataclass(frozen=True)
class SeatChange:
    event: int
    players: tuple[str | None, ...]


@dataclass(frozen=True)
class OperatorEnd:
    event: int
    reason: str


@dataclass(frozen=True)
class Adjustment:
    """A judge's correction of one seat's score by ``delta`` points, between two hands."""

    event: int
    seat: int
    delta: int
    who: str | None
    why: str | None

    def transfer(self) -> Transfer:
        if self.delta < 0:
            return Transfer(self.seat, None, -self.delta, "judge's adjustment")
        return Transfer(None, self.seat, self.delta, "judge's adjustment")


@dataclass
class HandRecord:
    """What hand ``hand`` did, derived: the position before it and after, its transfers."""

    hand: int
    input: HandInput
    before: Position
    after: Position
    transfers: list[Transfer]
    penalties: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    void: str | None = None
    problem: str | None = None


class Game:
    """A game under ``setup`` (started by event ``started``), played by ``rules``."""

    def __init__(self, setup: Setup, rule_set: RuleSet, rules: GameRules, started: int):
        self.setup, self.rule_set, self.rules, self.started = setup, rule_set, rules, started
        self.entries: list = []
        self.resolutions: dict[str, dict] = {}
        self.raised: list[dict] = []
        """Each ``flag_raised`` body of this game, with its event id (``event``)."""
        self.sensing: dict | None = None
        """The reports of the table hand being sensed (``{table_hand, reports}``) that no
        recorded hand has taken yet."""
        self.cut_short: list[dict] = []
        """The sensed reports of each hand cut short before its result was recorded."""
        self.start = rules.start(setup)
        self._states: list[tuple[Position, tuple]] = []  # before each entry: position, players
        self.records: list[HandRecord] = []
        self.position = self.start
        self.players = setup.players

    # --- what is recorded -------------------------------------------------------------

    def add(self, entry) -> HandRecord | None:
        """A new hand, seat change or operator's end, after everything recorded so far."""
        self.entries.append(entry)
        return self._play_from(len(self.entries) - 1)

    def correct(self, original: int, correction: int, result: dict) -> HandRecord:
        """Hand ``original`` (its first event) now has ``result``; play again from it."""
        index = self.index_of(original)
        old = self.entries[index]
        self.entries[index] = replace(old, result=result, corrections=old.corrections + (correction,))
        self._play_from(index)
        return next(r for r in self.records if r.input.event == original)

    def resolve(self, flag_id: str, decision: dict) -> HandRecord | None:
        """A judge's decision on a flag: the hand holding it is paid again (and all after it)."""
        self.resolutions[flag_id] = decision
        index = self.index_of_flag(flag_id)
        if index is None:
            return None  # the flag's hand is not recorded yet: the decision waits for it
        self._play_from(index)
        return self.record_of_flag(flag_id)

    def index_of(self, event: int) -> int:
        for index, entry in enumerate(self.entries):
            if isinstance(entry, HandInput) and entry.event == event:
                return index
        raise KeyError(f"no hand of this game was recorded by event {event}")

    def index_of_flag(self, flag_id: str) -> int | None:
        return next((i for i, e in enumerate(self.entries) if isinstance(e, HandInput)
                     and any(isinstance(f, dict) and f.get("id") == flag_id
                             for f in _flags_of(e.result))), None)

    def sense(self, table_hand, n: int, reports: list[dict]) -> None:
        """More reports of a table hand (the first of them its ``n``-th); the first of a hand
        (``n`` 0) leaves the reports of any hand before it that was never recorded as cut
        short."""
        sensing = self.sensing
        if n == 0 or sensing is None or sensing["table_hand"] != table_hand:
            if sensing is not None:
                self.cut_short.append(sensing)
            sensing = self.sensing = {"table_hand": table_hand, "reports": []}
        sensing["reports"] += reports

    def sensed_into(self, table_hand, result):
        """``result`` with the reports sensed of ``table_hand`` as its ``sensed`` (when it
        holds none itself, as results written before the reports were)."""
        sensing = self.sensing
        if sensing is None or sensing["table_hand"] != table_hand or not isinstance(result, dict):
            return result
        self.sensing = None
        return result if "sensed" in result else result | {"sensed": sensing["reports"]}

    def unrecorded_sensed(self) -> list[dict]:
        """The sensed reports no recorded hand holds: of hands cut short, and of the hand in
        play when the log ends."""
        return self.cut_short + ([self.sensing] if self.sensing is not None else [])

    def unrecorded_flags(self) -> list[dict]:
        """The ``raised`` flags no recorded hand carries: their hand was cut short."""
        return [raised for raised in self.raised
                if self.record_of_flag(raised["flag"].get("id")) is None]

    def record_of_flag(self, flag_id: str) -> HandRecord | None:
        return next((r for r in self.records if any(isinstance(f, dict) and f.get("id") == flag_id
                                                    for f in _flags_of(r.input.result))), None)

    def adjustments(self) -> list[dict]:
        return [{"event": e.event, "seat": e.seat, "delta": e.delta, "who": e.who, "why": e.why,
                 "after_hand": sum(isinstance(x, HandInput) for x in self.entries[:i])}
                for i, e in enumerate(self.entries) if isinstance(e, Adjustment)]

    def holds(self, event: int) -> bool:
        return any(isinstance(e, HandInput) and (e.event == event or event in e.corrections)
                   for e in self.entries)

    # --- what follows from it ---------------------------------------------------------

    def _play_from(self, index: int) -> HandRecord | None:
        """Play entries ``index``.. again from the state before entry ``index``."""
        position, players = self._states[index] if index < len(self._states) else (self.position, self.players)
        hands_before = sum(isinstance(e, HandInput) for e in self.entries[:index])
        records, states = self.records[:hands_before], self._states[:index]
        last = None
        for entry in self.entries[index:]:
            states.append((position, players))
            if isinstance(entry, HandInput):
                last = self._play(position, entry)
                records.append(last)
                position = last.after
            elif isinstance(entry, SeatChange):
                players = entry.players
            elif isinstance(entry, Adjustment):
                position = self._paid(position.hands, position, [entry.transfer()])
            elif position.ended is None:
                position = replace(position, ended=entry.reason)
        self.records, self._states, self.position, self.players = records, states, position, players
        return last

    def _play(self, position: Position, entry: HandInput) -> HandRecord:
        """One hand from ``position``: its record, with the position after it."""
        hand = position.hand
        if self.rules.ladder_scope == "hand":
            position = replace(position, counts=())
        flags, problem = [], None
        try:
            check_result(entry.result, self.rule_set.multiple_winners)
            flags = confirmed_flags(entry.result, self.resolutions)
        except ResultError as exc:
            problem = f"hand {hand}: {exc}"
        past_time = self._past_time(entry)
        void = self._void_reason(position, entry.result, past_time) if problem is None else None
        settled = None
        if problem is None and void is None:
            try:
                settled = self.rules.settle(position, entry.result, flags, self.setup)
                after = self._paid(hand, settled.position, settled.transfers)
            except (ValueError, KeyError, TypeError, IndexError) as exc:
                problem, settled = f"hand {hand}: cannot be paid: {exc}", None
        if settled is None:
            settled = self.rules.void(position, flags if problem is None else [], self.setup)
            after = self._paid(hand, settled.position, settled.transfers)
        after = self._next(after, counted=problem is None and void is None, past_time=past_time)
        return HandRecord(hand, entry, position, after, settled.transfers, settled.penalties,
                          settled.notes, void, problem)

    def _paid(self, hand: int, position: Position, transfers: list[Transfer]) -> Position:
        """``position`` after ``transfers``, proved zero-sum: the points on the table plus the
        points deducted are what the game started with."""
        Balance.of(transfers).check(f"hand {hand}")
        after = position.paid(transfers)
        if after.total() != self.start.total():
            raise ZeroSumError(f"hand {hand}: {after.total()} points on the table and deducted, "
                               f"the game started with {self.start.total()}")
        return after

    def _void_reason(self, position: Position, result: dict, past_time: bool) -> str | None:
        if position.ended is not None:
            return f"recorded after the end of the game ({position.ended})"
        if result["end"] == "cut":
            return "cut short: nothing is paid and the same dealer deals again"
        if past_time and self.rules.voids_hand_at_time:
            return "played after the time limit: void, the game is over"
        return None

    def _past_time(self, entry: HandInput) -> bool:
        limit = self.setup.time_limit_min
        return limit is not None and entry.elapsed_s is not None and entry.elapsed_s >= limit * 60

    def _next(self, after: Position, counted: bool, past_time: bool) -> Position:
        """Count the hand, then see whether the game is over (its rules, or the time)."""
        after = replace(after, hands=after.hands + 1, counted=after.counted + counted)
        if after.ended is not None:
            return after
        if past_time and self.rules.voids_hand_at_time:
            return replace(after, ended="the time limit was reached")
        hands_left = after.hands_left
        if hands_left is not None:
            hands_left -= 1
        elif past_time:
            hands_left = self.rules.hands_after_time
        ended = self.rules.ended(after) or (
            "the time limit was reached and the last hand played" if hands_left == 0 else None)
        return replace(after, hands_left=hands_left, ended=ended)

    # --- the end ----------------------------------------------------------------------

    def closing(self) -> list[Transfer]:
        """What the end of the game pays (nothing while the game goes on)."""
        if self.position.ended is None:
            return []
        return self.rules.closing(self.position, self.setup)

    def final(self) -> Position:
        """The position with what the end of the game pays (the current one while it goes on)."""
        closing = self.closing()
        return self._paid(self.position.hands, self.position, closing) if closing else self.position


def _flags_of(result) -> list:
    flags = result.get("flags", []) if isinstance(result, dict) else []
    return flags if isinstance(flags, list) else []
