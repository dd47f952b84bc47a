"""The referee on the table, the ``[referee]`` component: each hand followed from the zone
readers and the seat buttons, each offence shown as it happens, each hand concluded.

From ``HandStarted`` (dealer, break) it takes the wall map of the set in play from the tile
check, in draw order; zone inventories arrive as tags, which the tile registry turns into
kinds (a tag it does not know is kept as evidence and counts as no tile). Until the dealer's
first move the inventories are the deal: each zone's tiles are the most any report showed
(the deal only adds tiles, and a report only misses some), flowers laid aside counted in
the meld area; each zone's latest report then follows, so a tile gone from it (the dealer's
first discard, say) is known. Every flag is published as ``FlagRaised`` and shown as notice E516 (not a
fault: nothing stops); ``HandEnded`` publishes the hand's ``HandResult``. A judge confirms or
dismisses a flag with ``resolve`` (``FlagResolved``).

What the table senses is published as it comes (``Sensed``, numbered from 0 in each hand),
for the ledger to write ahead into the hand's log: each zone report as the tags it gained
and lost since that zone's last report (each gained tag with the kind the registry names,
null for a tag it does not know) and its tag count, each button press with its seat — the
evidence behind every move, for ``mjtable replay``. The hand's result holds the referee's
conclusions, not the reports again.
"""

from firmware import notifications as note
from firmware import rulesets
from firmware.config import Section
from firmware.events import ButtonPressed, ZoneInventory
from firmware.faults import fault_info
from firmware.referee.kinds import FLOWER, N, KindError, name, parse_kind
from firmware.referee.referee import Referee
from firmware.referee.start import WINDS
from firmware.referee.table import ZONES
from firmware.referee.wall_map import draw_order_kinds, hand_start

NOTICE = "E516"
MACHINE_BUTTONS = ("raise", "dice", "hatch")
"""The panel's buttons the machine acts on; every other press is a player's declaration."""


class RefereeComponent:
    """One table's referee (see the module docstring): the `scheduler` gives the event times
    and the settling timers, `tiles()` the tile check (its ``registry`` and ``last_wall``)."""

    def __init__(self, notifier: note.Notifier, scheduler, tiles, profiles: dict[str, str], notices: bool = True,
                 settle_s: float = 0.5):
        self.notifier, self.scheduler, self._tiles = notifier, scheduler, tiles
        self.clock = scheduler.now
        self.profiles, self.notices, self.settle_s = profiles, notices, settle_s
        self._timer = None
        self.table = {"round_wind": "E", "honba": 0, "riichi_sticks": 0}
        """What the next hand starts with beyond the dealer (the ledger's to set: ``set_table``)."""
        self.hand: int | None = None
        self.rules: str | None = None
        self.referee: Referee | None = None
        self.flags: list[dict] = []
        self.resolutions: dict[str, dict] = {}
        self.unknown_tags: set[str] = set()
        self.hands_refereed = 0
        self._deal: dict | None = None
        self._reports = 0
        """What was sensed of the hand so far (the next ``Sensed`` is numbered so)."""
        self._zone_tags: dict[str, frozenset] = {}
        """Each zone's tags as its last report in this hand gave them."""
        self._kind_of: dict[str, int | None] = {}
        """Each tag met in this hand: the index of its kind, None for a tag the registry
        cannot name (a report of the pond names every discard again)."""

    # --- the hand -----------------------------------------------------------------------

    def set_table(self, round_wind: str | None = None, honba: int | None = None,
                  riichi_sticks: int | None = None) -> None:
        """The round wind, honba and sticks the next hands start with."""
        if round_wind is not None and round_wind not in tuple(WINDS):
            raise ValueError(f"round wind must be one of E, S, W, N, got {round_wind!r}")
        for key, value in (("honba", honba), ("riichi_sticks", riichi_sticks)):
            if value is not None and (type(value) is not int or value < 0):
                raise ValueError(f"{key} must be a whole number >= 0, got {value!r}")
        updates = {"round_wind": round_wind, "honba": honba, "riichi_sticks": riichi_sticks}
        self.table |= {key: value for key, value in updates.items() if value is not None}

    def hand_started(self, started: note.HandStarted) -> None:
        self.hand, self.rules, self.referee = started.hand, started.rules, None
        self.flags, self.resolutions = [], {}
        self._reports, self._zone_tags, self._kind_of = 0, {}, {}
        rule_set = rulesets.get(started.rules)
        tiles = self._tiles()
        order = draw_order_kinds(tiles.last_wall, tiles.registry, started.wall_break)
        self._deal = {"rule_set": rule_set, "order": order, "dealer": started.dealer,
                      "zones": {zone: [0] * N for zone in ZONES}, "latest": {}, "buttons": []}

    def hand_ended(self, ended: note.HandEnded) -> None:
        if self.hand is None or ended.hand != self.hand:
            return
        if self.referee is None and self._deal is not None:
            self._begin()
        if self._timer is not None:
            self._timer.cancel()
        result = self.referee.finish()
        self.hands_refereed += 1
        self.notifier.publish(note.HandResult, hand=self.hand, result=result)
        self.hand, self._deal = None, None

    # --- what the table senses ----------------------------------------------------------

    def zone(self, inventory: ZoneInventory) -> None:
        if self.hand is None:
            return
        zone = "pond" if inventory.area == "pond" else f"{inventory.area}.{inventory.seat}"
        if zone not in ZONES:
            return
        self._sense(zone, inventory.uids)
        counts = self._counts(inventory.uids)
        if self.referee is None and not self._dealing(zone, counts):
            return
        if self.referee is None:
            self._begin()
        self.referee.report(zone, counts, self.clock())
        self._arm()

    def _arm(self) -> None:
        """While a meld area's tiles wait on its next scan, or declared wins on the claims of
        others, look again when that window is over (``settle_s``)."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        referee = self.referee
        if referee is not None and (referee.pending or referee.pending_wins or referee.held_back):
            self._timer = self.scheduler.call_later(self.settle_s, lambda: referee.settle_due(self.clock()))

    def button(self, pressed: ButtonPressed) -> None:
        if self.hand is None:
            return
        self._note({"t": self.clock(), "seat": pressed.seat, "button": pressed.button})
        if pressed.button in MACHINE_BUTTONS:
            return
        if self.referee is None and pressed.button != "win":
            self._deal["buttons"].append((pressed.seat, pressed.button, self.clock()))
            return
        if self.referee is None:
            self._begin()
        self.referee.button(pressed.seat, pressed.button, self.clock())
        self._arm()

    def _sense(self, zone: str, uids: frozenset) -> None:
        """Note the report: what changed in the zone since its last report."""
        before = self._zone_tags.get(zone, frozenset())
        self._zone_tags[zone] = uids
        report = {"t": self.clock(), "zone": zone, "tags": len(uids)}
        gained, lost = uids - before, before - uids
        if gained:
            lookup = self._tiles().registry.lookup
            report["in"] = [[uid, getattr(lookup(uid), "kind", None)] for uid in sorted(gained)]
        if lost:
            report["out"] = sorted(lost)
        self._note(report)

    def _note(self, report: dict) -> None:
        self.notifier.publish(note.Sensed, hand=self.hand, n=self._reports, report=report)
        self._reports += 1

    def _counts(self, uids) -> tuple:
        counts, kind_of = [0] * N, self._kind_of
        for uid in uids:
            index = kind_of[uid] if uid in kind_of else self._kind_index(uid)
            if index is not None:
                counts[index] += 1
        return tuple(counts)

    def _kind_index(self, uid: str) -> int | None:
        tile = self._tiles().registry.lookup(uid)
        try:
            index = parse_kind(tile.kind)
        except (AttributeError, KindError):
            index = None
            self.unknown_tags.add(uid)
        self._kind_of[uid] = index
        return index

    def _dealing(self, zone: str, counts: tuple) -> bool:
        """Take a report into the deal; True when it is a move of play instead: a discard, a
        meld area gaining more than flowers, a hand holding more than the deal gives it."""
        dealt = 14 if zone == f"hand.{self._deal['dealer']}" else 13
        if ((zone == "pond" and any(counts)) or (zone.startswith("melds") and any(counts[:FLOWER]))
                or (zone.startswith("hand") and sum(counts[:FLOWER]) > dealt)):
            return True
        held = self._deal["zones"][zone]
        self._deal["zones"][zone] = [max(a, b) for a, b in zip(held, counts)]
        self._deal["latest"][zone] = counts
        return False

    def _begin(self) -> None:
        """The deal is over: start the referee on it, then replay the buttons pressed meanwhile."""
        deal = self._deal
        zones = deal["zones"]
        flowers = 0
        for seat in range(4):
            laid = zones[f"melds.{seat}"]
            flowers += sum(laid[FLOWER:])
            zones[f"hand.{seat}"] = [held - laid[kind] if kind >= FLOWER else held
                                     for kind, held in enumerate(zones[f"hand.{seat}"])]
        rule_set = deal["rule_set"]
        start = hand_start(deal["order"], rule_set, deal["dealer"], flowers, **self.table)
        self.referee = Referee(rule_set, start, self.profiles.get(rule_set.name), f"H{self.hand}-F", self._raised,
                               window_s=self.settle_s)
        now = self.clock()
        dealt = {zone: tuple(max(0, n) for n in zones[zone]) for zone in ZONES}
        for zone in ZONES:
            self.referee.report(zone, dealt[zone], now)
        for zone, latest in deal["latest"].items():  # what the deal's last reports lacked, the referee weighs
            if latest != dealt[zone] and not zone.startswith("melds"):
                self.referee.report(zone, latest, now)
        for seat, button, at in deal["buttons"]:
            self.referee.button(seat, button, at)

    # --- flags --------------------------------------------------------------------------

    def _raised(self, flag: dict) -> None:
        self.flags.append(flag)
        self.notifier.publish(note.FlagRaised, flag=flag)
        if self.notices:
            why = flag["evidence"].get("why") or flag["evidence"].get("message") or flag["rule"]
            self.notifier.publish(note.NoticeRaised, code=NOTICE, seat=flag["seat"],
                                  message=f"seat {WINDS[flag['seat']]}: {flag['offence']} — {why}",
                                  action=fault_info(NOTICE).action)

    def resolve(self, flag_id: str, confirmed: bool, judge: str, why: str) -> None:
        """A judge confirms or dismisses one of this hand's flags (published, so recorded)."""
        if flag_id not in {flag["id"] for flag in self.flags}:
            raise ValueError(f"no flag {flag_id!r} in the hand in play; flags: "
                             f"{', '.join(flag['id'] for flag in self.flags) or 'none'}")
        if not isinstance(judge, str) or not judge.strip():
            raise ValueError("a judge's resolution needs the judge's name")
        self.resolutions[flag_id] = {"confirmed": bool(confirmed), "judge": judge, "why": why}
        self.notifier.publish(note.FlagResolved, flag_id=flag_id, confirmed=bool(confirmed), judge=judge, why=why)

    # --- status -------------------------------------------------------------------------

    def status(self) -> dict:
        """The hand in play, whose turn it is, the last discard, each seat, the hand's flags."""
        ref = self.referee
        out = {"hand": self.hand, "rules": self.rules, "hands_refereed": self.hands_refereed,
               "unknown_tags": len(self.unknown_tags),
               "flags": [flag | {"resolution": self.resolutions.get(flag["id"])} for flag in self.flags]}
        if ref is None:
            return out | {"state": "dealing" if self._deal else "idle", "turn": None, "last_discard": None,
                          "seats": None}
        last = ref.last_discard
        return out | {"state": "over" if ref.over else "playing",
                      "turn": ref.holder if ref.holder is not None else ref.due,
                      "last_discard": None if last is None else {"seat": last.seat, "tile": name(last.kind)},
                      "seats": [_seat(ref, s) for s in ref.seats]}


def _seat(ref: Referee, s) -> dict:
    return {"seat": s.index, "concealed": s.held(), "melds": [meld.record(s.index) for meld in s.melds],
            "flowers": len(s.flowers), "discards": len(s.discards), "declared_riichi": s.riichi_at is not None,
            "void": None if s.void is None else "mps"[s.void], "dead": s.dead, "out": s.out}


def profiles_of(section: Section) -> dict[str, str]:
    """``[referee.profiles]``: a scorer profile per rule set (the rule set's default otherwise)."""
    sub = section.config.section(f"{section.name}.profiles", required=False)
    chosen = {}
    for rule_set in rulesets.all_rule_sets().values():
        if rule_set.profiles and sub.has(rule_set.name):
            chosen[rule_set.name] = sub.get_str(rule_set.name, choices=rule_set.profiles)
    return chosen


def load_component(section: Section, service) -> RefereeComponent:
    """``[referee]``: ``notices`` (true: each flag also shown as notice E516), ``settle_s`` (0.5:
    how long a meld area's report may still be completed by its reader's next scan) and the
    optional ``[referee.profiles]``. Needs ``[tiles]`` (its registry names the tags, its wall map the wall)."""
    if not service.config.has_section("tiles"):
        service.lookup("tiles", section)  # the ConfigError naming [referee]
    component = RefereeComponent(service.notifier, service.scheduler, lambda: service.lookup("tiles"),
                                 profiles_of(section), section.get_bool("notices", True),
                                 section.get_float("settle_s", 0.5, minval=0.0, maxval=10.0))
    service.notifier.subscribe(note.HandStarted, component.hand_started)
    service.notifier.subscribe(note.HandEnded, component.hand_ended)
    service.events.subscribe((ZoneInventory,), component.zone)
    service.events.subscribe((ButtonPressed,), component.button)
    return component
