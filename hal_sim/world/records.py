"""A declared win as a hand record (../shared/spec/hand-records.md), from the world's truth.

The record holds what the table works out for a win (../shared/spec/play-scenarios.md, "What
the table works out"), here computed from what really lies where: the winner's standing
tiles and melds, and a context that every engine reads its own keys from (seat and round
wind, flowers, 和绝张, the last wall tile, kong-related, riichi and its bonuses, dora from the
dead wall, the void suit). The players ask the engine with it before they declare, and the
harness scores the same record to check the referee's verdicts.
"""

from dataclasses import dataclass

from hal_sim.world.tabletop import TableMeld, TableTop, zone_text

WINDS = "ESWN"
RELATIVE = {1: "right", 2: "opposite", 3: "left"}
"""The giver's place seen from the taker (seat + 1 is the next player, on the right)."""


@dataclass
class Situation:
    """The facts of the moment a record needs that the tiles do not show."""

    dealer: int
    self_drawn: bool
    after_kong: bool = False
    """Self-drawn on a kong's replacement, or won on the discarder's discard right after its
    own kong's replacement draw."""
    replacement: bool = False
    """The winning tile was a replacement draw."""
    flower_replacement: bool = False
    """Self-drawn on the replacement for a flower (a kong's replacement that was a flower
    included: the winning tile replaced the flower)."""
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    first_draw: bool = False
    """Self-drawn on a non-dealer's first draw with no call before it."""
    riichi_sticks: int = 0
    void_suit: str | None = None


def meld_record(meld: TableMeld, taker: int) -> dict:
    record = {"type": meld.type, "tiles": zone_text(meld.tiles)}
    if meld.type != "kan_closed":
        record |= {"called": meld.called.kind, "from": RELATIVE[(meld.giver - taker) % 4]}
    return record


def last_of_kind(table: TableTop, tile) -> bool:
    """The other three copies of the winning tile lie in the pond or in exposed melds."""
    kind = tile.kind
    seen = [t for t in table.pond if t.kind == kind and t is not tile]
    for seat in table.seats:
        seen += [t for m in seat.melds if m.type != "kan_closed" for t in m.tiles if t.kind == kind]
    return len(seen) == 3


@dataclass(frozen=True)
class Wanted:
    """A tile of ``kind`` that a ready hand waits on, not on the table: what a player weighing
    its waits asks the engine about."""

    kind: str


def win_record(table: TableTop, seat: int, tile, situation: Situation, without=None) -> dict:
    """The record of ``seat`` winning on ``tile`` (drawn by it, the last discard, or a
    ``Wanted`` tile after the player discards ``without``, a tile of its hand)."""
    hand = [t for t in table.seats[seat].hand if t is not tile and t is not without]
    wall_empty = table.wall.live() == 0
    riichi = situation.riichi or situation.double_riichi
    context = {
        "seat_wind": WINDS[(seat - situation.dealer) % 4], "round_wind": "E",
        "flowers": len(table.seats[seat].flowers), "last_of_kind": last_of_kind(table, tile),
        "last_wall_tile": wall_empty, "kong_related": situation.after_kong,
        "robbing_kong": False, "chankan": False, "tenhou": False,
        "flower_replacement": situation.flower_replacement,
        "riichi": situation.riichi, "double_riichi": situation.double_riichi,
        "ippatsu": situation.ippatsu, "rinshan": situation.self_drawn and situation.after_kong,
        "haitei": situation.self_drawn and wall_empty and not situation.replacement,
        "houtei": not situation.self_drawn and wall_empty,
        "chiihou": situation.self_drawn and situation.first_draw,
        "dora_indicators": zone_text(table.wall.dora_indicators()),
        "ura_dora_indicators": zone_text(table.wall.ura_indicators()) if riichi else "",
        "honba": 0, "riichi_sticks": situation.riichi_sticks,
    }
    if situation.void_suit is not None:
        context["void_suit"] = situation.void_suit
    return {"concealed": zone_text(hand), "win_tile": tile.kind,
            "melds": [meld_record(m, seat) for m in table.seats[seat].melds],
            "win_by": "self_draw" if situation.self_drawn else "discard", "context": context}
