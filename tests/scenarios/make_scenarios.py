"""Writes the scenario files of this folder (``python tests/scenarios/make_scenarios.py``).

Each scenario is one hand played move by move (builder.py) for a case the public sample
lacks: robbed kongs (and a concealed kong that may not be robbed), CCM's several winners on
one discard, the 1998 rules, flowers drawn late and a kong replacement that is a flower,
several missed reads in a row, and one mistake of each offence in each rule set that has
it. What the referee must conclude is stated here by hand from the rules (the offence and
its seat, who wins on what with which context, how the hand ends, who is ready); the
scores come from the reference libraries (oracles.py) — for Sichuan, which has none, they
are worked out by hand from sichuan-records.md and written out.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import oracles  # noqa: E402
from builder import Hand, voids  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402
from mahjong.tile import TilesConverter  # noqa: E402

HERE = Path(__file__).resolve().parent
MCR_FLAGS = {"last_of_kind": False, "kong_related": False, "last_wall_tile": False}
RIICHI_FLAGS = {"riichi": False, "double_riichi": False, "ippatsu": False, "rinshan": False, "chankan": False,
                "haitei": False, "houtei": False, "tenhou": False, "chiihou": False, "dora_indicators": "",
                "ura_dora_indicators": "", "honba": 0, "riichi_sticks": 0}
SICHUAN_FLAGS = {"kong_related": False, "robbing_kong": False, "last_wall_tile": False}


def win(hand: Hand, seat: int, tile: str, source: int | None, context: dict, expected=None) -> dict:
    """A win as the scenario expects it: its record (as the table must work it out) and reference result."""
    record = hand.record(seat, tile, "self_draw" if source is None else "discard", context)
    if expected is None:
        expected = oracles.riichi(record) if hand.rules == "riichi" else oracles.mcr(record)
    return {"seat": seat, "win_by": record["win_by"], "from": source, "record": record, "expected": expected}


def mcr_context(seat_wind: str, round_wind: str = "E", flowers: int = 0, **flags) -> dict:
    return {"seat_wind": seat_wind, "round_wind": round_wind, "flowers": flowers} | MCR_FLAGS | flags


def riichi_context(seat_wind: str, round_wind: str = "E", **flags) -> dict:
    return {"seat_wind": seat_wind, "round_wind": round_wind} | RIICHI_FLAGS | flags


def shanten(tiles: str) -> int:
    """The `mahjong` library's shanten of a closed hand (0 = ready)."""
    return Shanten().calculate_shanten(TilesConverter.one_line_string_to_34_array(tiles, has_aka_dora=False))


def sichuan_basic(fan: int = 1, addons=()) -> dict:
    """A Sichuan result worked out by hand: base 平和 (1 fan) plus `addons` ((zh, en) each one fan)."""
    total = fan + len(addons)
    return {"status": "win", "base_fan": {"zh": "平和", "en": "Basic Win", "fan": fan},
            "addons": [{"zh": zh, "en": en, "fan": 1, "count": 1} for zh, en in addons],
            "fan": total, "capped_fan": min(total, 5), "points_per_payer": min(2 ** (total - 1), 16),
            "shanten_before_win": 0}


def flagged(seat: int, offence: str) -> dict:
    return {"flags": [{"seat": seat, "offence": offence}], "wins": [], "end": "cut"}


# --- the mistakes every rule set has ---------------------------------------------------------

def false_win(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 declares a win on the dealer's first discard with a hand that is not complete."""
    two_suits = rules == "sichuan"  # a Sichuan hand holding its void suit would be void_suit first
    hand = Hand(rules, 0, ["9m+", "12468m12345679p" if two_suits else "12468m13579p246s", None, None], seed=11)
    if two_suits:
        voids(hand, "psms")
    hand.discard(0, "9m")
    hand.press(1, "win")
    return hand.scenario(ident, "mistake", flagged(1, "false_win"), profile, "false_win")


def wrong_count(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 draws, then draws again."""
    hand = Hand(rules, 0, [None, None, None, None], wall="2m3p", seed=12)
    if rules == "sichuan":
        voids(hand, "smps")
    hand.discard(0)
    hand.draw(1)
    hand.draw(1)
    return hand.scenario(ident, "mistake", flagged(1, "wrong_count"), profile, "wrong_count")


def drew_before_its_turn(rules: str, ident: str, profile=None) -> dict:
    """The dealer discards; seat 2 takes the wall's next tile before seat 1 draws, and the
    tile after it is of the same kind. Seat 1 drawing and discarding a tile unseen would
    explain seat 2's tile as its draw, but the pond shows no change since the dealer's
    discard: the tile was taken out of turn (相公)."""
    hand = Hand(rules, 0, [None, None, None, None], wall="6m6m", seed=31)
    if rules == "sichuan":
        voids(hand, "smps")
    hand.discard(0)
    hand.draw(2)
    return hand.scenario(ident, "mistake", flagged(2, "wrong_count"), profile, "wrong_count")


def wrong_call(rules: str, ident: str, profile=None) -> dict:
    """Seat 2 claims the dealer's 5p with 1p 8p: no set."""
    hand = Hand(rules, 0, ["5p+", None, "18p+", None], seed=13)
    if rules == "sichuan":
        voids(hand, "mmsm")
    hand.discard(0, "5p")
    hand.call(2, "1p8p")
    return hand.scenario(ident, "mistake", flagged(2, "wrong_call"), profile, "wrong_call")


def below_minimum(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 wins the dealer's 5s with all chows and a concealed hand: under 8 points."""
    hand = Hand(rules, 0, ["5s11m99m11p11z22z33z4z", "234m567p345s67s99p", None, None], seed=14)
    hand.discard(0, "5s")
    record = hand.record(1, "5s", "discard", mcr_context("S"))
    assert oracles.mcr(record)["status"] == "below_min", oracles.mcr(record)
    hand.press(1, "win")
    return hand.scenario(ident, "mistake", flagged(1, "below_minimum"), profile, "below_minimum")


# --- MCR ----------------------------------------------------------------------------------------

def mcr_robbed_kong(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 pons 5p, then adds the fourth it draws; seat 2, waiting on 5p, robs it (抢杠和)."""
    hand = Hand(rules, 0, ["5p11m99m28p33s77s2z44z", "55p1289m3478s567z", "123m456m789s46p11z", None],
                wall="3p6s2s5p", seed=21)
    hand.discard(0, "5p")
    hand.call(1, "55p")
    hand.discard(1, "9m")
    hand.turns(2, 3)
    hand.draw(1)
    hand.kong(1, "5p", added=True, replace=False)
    hand.press(2, "win")
    robbed = win(hand, 2, "5p", 1, mcr_context("W", kong_related=True))
    return hand.scenario(ident, "clean", {"flags": [], "wins": [robbed], "end": "win"}, profile)


def mcr_flowers_late(rules: str, ident: str, profile=None) -> dict:
    """The dealer draws a flower late and replaces it from the tail; later its concealed kong's
    replacement is a flower too, and the tile after it wins: self-drawn, two flowers, and not
    kong-related (a flower came between)."""
    hand = Hand(rules, 0, ["777z123m456m789p5s1z", None, None, None], wall="3p6s2s1f8m9p3m7z",
                tail="2s2f5s", seed=22)
    hand.discard(0, "1z")
    hand.turns(1, 3)
    hand.draw(0)
    hand.flower(0, "1f")
    hand.discard(0, "2s")
    hand.turns(1, 3)
    hand.draw(0)
    hand.kong(0, "7z")
    hand.flower(0, "2f")
    hand.press(0, "win")
    won = win(hand, 0, "5s", None, mcr_context("E", flowers=2))
    return hand.scenario(ident, "clean", {"flags": [], "wins": [won], "end": "win"}, profile)


def missed_reads_in_a_row(rules: str, ident: str, profile=None) -> dict:
    """Reports miss tiles in a row — a hand, the pond, the next hand, and a drawn tile that is
    discarded at once is never seen; everyone plays on to the exhaustive draw."""
    hand = Hand(rules, 1, [None, None, None, None], seed=23)
    hand.discard(1)
    seat = hand.turns(2, 6)
    for step in range(3):
        nxt = (seat + 1) % 4
        hand.miss(f"hand.{seat}", min(hand.hands[seat].elements()))
        hand.miss("pond", min(hand.pond.elements()))
        hand.miss(f"hand.{nxt}", max(hand.hands[nxt].elements()))
        seat = hand.turns(seat, 2)
        hand.miss(f"hand.{seat}", hand.wall[0])  # the tile it draws and discards is never seen
        seat = hand.turns(seat, 1 + step)
    hand.play_out(seat)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def chi_missed_by_a_seat_of_four(rules: str, ident: str, profile=None) -> dict:
    """Seat 3, holding four 6p, chows seat 2's 7p with 6p 8p, and its meld area's first
    report shows only the 6p: a call, not a kong of its own after an unseen draw, since its
    hand still shows three 6p (a kong leaves none standing). Play goes on to the draw."""
    hand = Hand(rules, 0, [None, None, "7p+", "6666p8p+"], seed=25)
    hand.discard(0)
    hand.turn(1)
    hand.draw(2)
    hand.discard(2, "7p")
    hand.miss("melds.3", "7p8p").call(3, "6p8p")
    hand.discard(3, min(tile for tile in hand.hands[3].elements() if tile[1] != "f" and tile != "6p"))
    hand.play_out(0)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def _replacement_discarded(rules: str, holding: str = "+") -> Hand:
    """Seat 1 draws a flower (riichi, Sichuan: makes a concealed kong of 7s) and discards its
    replacement, 8m, at once: its hand never shows the 8m and the pond's report misses it.
    Seat 2 holds `holding`."""
    flowers = rules in ("mcr", "cmcr1998", "ccm2012")
    hand = Hand(rules, 0, [None, None if flowers else "777s+", holding, None], wall="3f" if flowers else "7s8m",
                tail="8m" if flowers else "", dead_wall={"replacements": ["8m"]} if rules == "riichi" else None,
                seed=29)
    if rules == "sichuan":
        voids(hand, "mmpm")
    hand.discard(0)
    hand.draw(1)
    if flowers:
        hand.flower(1, "3f", replace=False)
    else:
        hand.kong(1, "7s", replace=False)
    hand.miss("hand.1", "8m").replacement(1)
    hand.miss("pond", "8m").discard(1, "8m")
    return hand


def replacement_discarded_unseen(rules: str, ident: str, profile=None) -> dict:
    """A replacement discarded unseen (``_replacement_discarded``), then seat 2 draws before
    the pond's report shows the 8m. Play goes on to the draw."""
    hand = _replacement_discarded(rules)
    hand.play_out(2)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def replacement_claimed_unseen(rules: str, ident: str, profile=None) -> dict:
    """A replacement discarded unseen (``_replacement_discarded``) is punged by seat 2, whose
    meld area's first report misses the 8m claimed. Play goes on to the draw."""
    hand = _replacement_discarded(rules, "88m+")
    hand.miss("melds.2", "8m").call(2, "8m8m")
    hand.discard(2, min(tile for tile in hand.hands[2].elements() if tile[1] != "f"))
    hand.play_out(3)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def _replacement_into_kong(rules: str, meld_missed: bool) -> Hand:
    """Seat 1 draws a flower (riichi, Sichuan: makes a concealed kong of 7s); its replacement
    is an 8s, the fourth to the three 8s it holds, and its hand's report misses it; it makes
    a concealed kong of 8s at once (its meld area's first report missing the kong if
    `meld_missed`), takes that kong's replacement, a 2m, and discards it. Play goes on to
    the draw."""
    flowers = rules in ("mcr", "cmcr1998", "ccm2012")
    hand = Hand(rules, 0, [None, "888s+" if flowers else "777s888s+", None, None],
                wall="3f" if flowers else "7s" + "8s2m" * (rules == "sichuan"), tail="8s2m" if flowers else "",
                dead_wall={"replacements": ["8s", "2m"]} if rules == "riichi" else None, seed=31)
    if rules == "sichuan":
        voids(hand, "mmpm")
    hand.discard(0)
    hand.draw(1)
    if flowers:
        hand.flower(1, "3f", replace=False)
    else:
        hand.kong(1, "7s", replace=False)
    hand.miss("hand.1", "8s").replacement(1)
    if meld_missed:
        hand.miss("melds.1", "8s8s8s8s")
    hand.kong(1, "8s")
    hand.discard(1)
    hand.play_out(2)
    return hand


def replacement_into_kong(rules: str, ident: str, profile=None) -> dict:
    """A replacement never seen goes into a kong (``_replacement_into_kong``): the kong's
    tiles are the three the hand held and that replacement."""
    hand = _replacement_into_kong(rules, meld_missed=False)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def replacement_kong_unseen(rules: str, ident: str, profile=None) -> dict:
    """The same with the kong's meld report missed too: the kong's replacement (2m) shows
    first, the tile after the replacement owed, while the hand, that replacement added,
    shows four 8s gone."""
    hand = _replacement_into_kong(rules, meld_missed=True)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def kong_of_the_tile_gone_before(rules: str, ident: str, profile=None) -> dict:
    """The dealer, with pungs of 3m and 5p and a 5p in its hand, draws the fourth 3m and adds
    the 5p to its pung: its hand's report shows the 5p gone, its meld area's misses the 5p
    added, and the report after the replacement (3p) misses the 3m. Both 3m and 5p are then
    gone beside a pung; the 5p was gone from the report before too, so the kong is of 5p (a
    zone read with a tile missing is read whole within the next two reads). Play goes on to
    the draw."""
    hand = Hand(rules, 0, ["33m555p19m19p19s123z", "3m5p+", None, None], wall="8m8p8s7m7p3m",
                tail="" if rules in ("riichi", "sichuan") else "3p",
                dead_wall={"replacements": ["3p"]} if rules == "riichi" else None, seed=32)
    hand.discard(0, "1z")
    hand.draw(1)
    hand.discard(1, "3m")
    hand.call(0, "3m3m")
    hand.discard(0, "2z")
    hand.draw(1)
    hand.discard(1, "5p")
    hand.call(0, "5p5p")
    hand.discard(0, "3z")
    hand.turns(1, 3)
    hand.draw(0)
    hand.miss("melds.0", "5p").kong(0, "5p", added=True, replace=False)
    hand.miss("hand.0", "3m").replacement(0)
    hand.discard(0, "1m")
    hand.play_out(1)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def drawn_tile_chowed_unseen(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 discards 3s; seat 2 draws 1s and discards it at once, its hand's report never
    showing it and the pond's report missing it; seat 3, which holds 2s 3s and no 1s, chows
    it. The 3s still open could make 123s with that 1s, but seat 3 held no 1s to chow it
    with (and a chi takes only the previous seat's discard): seat 2 drew and discarded
    unseen. Play goes on to the draw."""
    hand = Hand(rules, 0, [None, "3s+", None, "23s456m789p11225z"], wall="9m1s", seed=30)
    hand.discard(0)
    hand.draw(1)
    hand.discard(1, "3s")
    hand.miss("hand.2", "1s").draw(2)
    hand.miss("pond", "1s").discard(2, "1s")
    hand.call(3, "2s3s")
    hand.discard(3, "5z")
    hand.play_out(0)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def drawn_tile_chowed_beside_its_kind(rules: str, ident: str, profile=None) -> dict:
    """Seat 0 discards 8m; seat 1 draws 8m and discards it at once, its hand's report never
    showing it and the pond's report missing it; seat 2 chows it with 6m 7m. The pond's
    report of the call still shows seat 0's 8m, and a chi takes only the previous seat's
    discard: the 8m chowed is seat 1's, drawn and discarded unseen. Play goes on to the draw."""
    hand = Hand(rules, 0, ["8m+", None, "67m+", None], wall="8m", seed=31)
    hand.discard(0, "8m")
    hand.miss("hand.1", "8m").draw(1)
    hand.miss("pond", "8m").discard(1, "8m")
    hand.call(2, "6m7m")
    hand.discard(2)
    hand.play_out(3)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def chi_out_of_turn(rules: str, ident: str, profile=None) -> dict:
    """The counterpart of ``drawn_tile_chowed_beside_its_kind``: seat 2 chows seat 0's 8m
    with 6m 7m before seat 1 draws, and the pond's report of the call no longer shows it. A
    chi takes only the previous seat's discard (riichi names the offence call_not_allowed,
    the others a wrong call)."""
    hand = Hand(rules, 0, ["8m+", None, "67m+", None], wall="8m", seed=31)
    hand.discard(0, "8m")
    hand.call(2, "6m7m")
    offence = "call_not_allowed" if rules == "riichi" else "wrong_call"
    return hand.scenario(ident, "mistake", flagged(2, offence), profile, offence)


def drawn_tile_punged_by_the_seat_before(rules: str, ident: str, profile=None) -> dict:
    """Seat 0 discards 6s; seat 1 draws 7s and discards it at once, its hand's report never
    showing it and the pond's report missing it; seat 0 pungs it with 7s 7s, its meld
    area's first report showing one 7s. The only open discard is seat 0's own 6s, which a
    7s could go with, but no seat calls its own discard: seat 1 drew and discarded unseen.
    Play goes on to the draw."""
    hand = Hand(rules, 0, ["677s+", None, None, None], wall="7s", seed=32)
    hand.discard(0, "6s")
    hand.miss("hand.1", "7s").draw(1)
    hand.miss("pond", "7s").discard(1, "7s")
    hand.miss("melds.0", "7s7s").call(0, "7s7s")
    hand.discard(0)
    hand.play_out(1)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def _pung_then_2p_open(rules: str, seat_3: str, seed: int, wall: str = "") -> Hand:
    """Seat 3 (dealt `seat_3`) pungs seat 0's 3p and discards 2z; seats 0 and 1 play a turn
    each; seat 2 draws and discards 2p, which is open when seat 3 moves next."""
    hand = Hand(rules, 0, ["3p+", None, "2p+", seat_3], wall=wall, seed=seed)
    hand.discard(0, "3p")
    hand.call(3, "3p3p")
    hand.discard(3, "2z")
    hand.turns(0, 2)
    hand.draw(2)
    hand.discard(2, "2p")
    return hand


def chi_beside_a_pung_of_its_kind(rules: str, ident: str, profile=None) -> dict:
    """Seat 3 pungs seat 0's 3p; later it chows seat 2's 2p with 1p and its fourth 3p, and
    its meld area's first report shows only 3p 3p 3p 3p. Its hand's report lacks the 1p as
    well as the 3p, and a 1p and a 3p go with the 2p: a chi whose meld report missed tiles,
    not a kong added to the pung after a draw nobody saw. Play goes on to the draw."""
    hand = _pung_then_2p_open(rules, "1333p456m789s112z", 33)
    hand.miss("melds.3", "1p2p").call(3, "1p3p")
    hand.discard(3)
    hand.play_out(0)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def kong_onto_a_pung_beside_a_missed_tile(rules: str, ident: str, profile=None) -> dict:
    """The counterpart of ``chi_beside_a_pung_of_its_kind``: seat 3, with a pung of 3p and a
    1p, draws the fourth 3p unseen while seat 2's 2p is open and adds it to its pung; the
    kong's hand report misses the 1p too, so a chow 1p 2p 3p could be what it shows, but
    the meld area is read again whole with the kong alone. Play goes on to the draw."""
    hand = _pung_then_2p_open(rules, "133p456m789s1122z", 34, wall="9m8s7p3p")
    hand.miss("hand.3", "3p").draw(3)
    hand.miss("hand.3", "1p").kong(3, "3p", added=True)
    hand.discard(3)
    hand.play_out(0)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def flower_replacement_into_a_kong_read_short(rules: str, ident: str, profile=None) -> dict:
    """Seat 1, holding three 5m, draws a flower and lays it aside; its replacement, a 5m,
    never shows in its hand, and the concealed kong it makes at once is first read with
    three 5m. The meld area waits for its next read (the replacement owed could be the
    fourth), which shows the kong whole. Play goes on to the draw."""
    hand = Hand(rules, 0, [None, "555m+", None, None], wall="1f", tail="5m", seed=36)
    hand.discard(0)
    hand.draw(1)
    hand.flower(1, "1f", replace=False)
    hand.miss("hand.1", "5m").replacement(1)
    hand.miss("melds.1", "5m").kong(1, "5m")
    hand.discard(1)
    hand.play_out(2)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw"}, profile)


def _takes_two(hand: Hand, seat: int, missed: str = "") -> None:
    """`seat` takes the next two wall tiles in one move (one report of its hand, lacking `missed`)."""
    for _ in range(2):
        hand.hands[seat][hand.wall.pop(0)] += 1
    if missed:
        hand.miss(f"hand.{seat}", missed)
    hand.report(f"hand.{seat}")


def flower_and_the_next_tile(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 takes a flower and the tile after it at once, and the tail holds that tile's
    kind too: the flower still stands in its hand, so the second tile is no replacement but
    one too many (相公)."""
    hand = Hand(rules, 0, [None, None, None, None], wall="7f6m", tail="6m", seed=26)
    hand.discard(0)
    _takes_two(hand, 1)
    return hand.scenario(ident, "mistake", flagged(1, "wrong_count"), profile, "wrong_count")


def flower_missed_beside_the_next_tile(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 draws a flower, then takes the tile after it too, whose kind the tail holds;
    the report of that tile misses the flower, so it looks laid aside unseen and the tile its
    replacement. The next report shows the flower still standing: the tile was one too many
    (相公)."""
    hand = Hand(rules, 0, [None, None, None, None], wall="7f6m", tail="6m", seed=26)
    hand.discard(0)
    hand.draw(1)
    hand.miss("hand.1", "7f").draw(1)
    hand.report("hand.1")
    return hand.scenario(ident, "mistake", flagged(1, "wrong_count"), profile, "wrong_count")


def second_tile_a_flower(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 takes 9p and the flower after it at once; its hand's report misses the 9p, so
    the flower shows first: the tile after its draw, with a full hand (相公)."""
    hand = Hand(rules, 0, [None, None, None, None], wall="9p7f", seed=27)
    hand.discard(0)
    _takes_two(hand, 1, missed="9p")
    return hand.scenario(ident, "mistake", flagged(1, "wrong_count"), profile, "wrong_count")


def concealed_kong_not_robbed(rules: str, ident: str, profile=None) -> dict:
    """Seat 2 (thirteen orphans, waiting on 1z) declares a win on seat 1's concealed kong of
    1z: only a tile added to an exposed pung can be robbed (common.md §4), so it is a false win."""
    hand = Hand(rules, 0, [None, "111z+", "19m19p19s2345677z", None], wall="1z", seed=24)
    hand.discard(0)
    hand.draw(1)
    hand.kong(1, "1z", replace=False)
    hand.press(2, "win")
    return hand.scenario(ident, "mistake", flagged(2, "false_win"), profile, "false_win")


# --- 1998 -------------------------------------------------------------------------------------

def kong_replacement_win(rules: str, ident: str, profile=None) -> dict:
    """The dealer, with a flower from the deal, makes a concealed kong and wins on its
    replacement (杠上开花)."""
    hand = Hand(rules, 0, ["777z123m456m789p5s1z", None, None, None], wall="3p6s2s7z", tail="5s",
                flowers=["3f", "", "", ""], seed=31)
    hand.discard(0, "1z")
    hand.turns(1, 3)
    hand.draw(0)
    hand.kong(0, "7z")
    hand.press(0, "win")
    won = win(hand, 0, "5s", None, mcr_context("E", flowers=1, kong_related=True))
    return hand.scenario(ident, "clean", {"flags": [], "wins": [won], "end": "win"}, profile)


# --- CCM 2012 ---------------------------------------------------------------------------------

def several_winners(rules: str, ident: str, profile=None) -> dict:
    """Seats 1 and 3 both win the dealer's 5s (CCM: several may win one discard)."""
    hand = Hand(rules, 0, ["5s+", "123m456p789m46s11z", None, "234p678p123s999m5s"], seed=41)
    hand.discard(0, "5s")
    hand.press(1, "win")
    hand.press(3, "win")
    wins = [win(hand, 1, "5s", 0, mcr_context("S")), win(hand, 3, "5s", 0, mcr_context("N"))]
    return hand.scenario(ident, "clean", {"flags": [], "wins": wins, "end": "win"}, profile)


def flower_discarded(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 draws a flower and discards it (CCM: 相公, seed 001 line 86)."""
    hand = Hand(rules, 0, [None, None, None, None], wall="3f", seed=42)
    hand.discard(0)
    hand.draw(1)
    hand.discard(1, "3f")
    return hand.scenario(ident, "mistake", flagged(1, "flower_discarded"), profile, "flower_discarded")


def flower_replacement_win(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 draws a flower, and the tail tile that replaces it completes its hand (补花和牌)."""
    hand = Hand(rules, 0, [None, "123m456m789p234s5z", None, None], wall="4f", tail="5z", seed=43)
    hand.discard(0)
    hand.draw(1)
    hand.flower(1, "4f")
    hand.press(1, "win")
    won = win(hand, 1, "5z", None, mcr_context("S", flowers=1) | {"flower_replacement": True})
    return hand.scenario(ident, "clean", {"flags": [], "wins": [won], "end": "win"}, profile)


# --- riichi -----------------------------------------------------------------------------------

def riichi_ippatsu(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 declares riichi on its second discard and wins the next discard: riichi, ippatsu,
    ura dora; the sticks are its own; one honba."""
    hand = Hand(rules, 0, [None, "234m567m345p678s9s", None, None], wall="1z2z3z4z6z9s", honba=1,
                dead_wall={"dora_indicators": ["1z"], "ura_indicators": ["8s"]}, seed=51)
    hand.discard(0)
    hand.turns(1, 4)
    hand.draw(1)
    hand.press(1, "riichi")
    hand.discard(1)
    hand.draw(2)
    hand.discard(2, "9s")
    hand.press(1, "win")
    context = riichi_context("S", riichi=True, ippatsu=True, dora_indicators="1z", ura_dora_indicators="8s",
                             honba=1, riichi_sticks=1)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [win(hand, 1, "9s", 2, context)], "end": "win"},
                         profile)


def riichi_rinshan(rules: str, ident: str, profile=None) -> dict:
    """The dealer makes a concealed kong of White and wins on its replacement (rinshan); the
    meld area's report of the kong misses a tile, read again after the replacement."""
    hand = Hand(rules, 0, ["555z234m678p345s1s9m", None, None, None], wall="1z2z3z5z",
                dead_wall={"replacements": ["1s"], "dora_indicators": ["2m", "4z"]}, seed=52)
    hand.discard(0, "9m")
    hand.turns(1, 3)
    hand.draw(0)
    hand.miss("melds.0", "5z")
    hand.kong(0, "5z")
    hand.press(0, "win")
    context = riichi_context("E", rinshan=True, dora_indicators="2m4z")
    return hand.scenario(ident, "clean", {"flags": [], "wins": [win(hand, 0, "1s", None, context)], "end": "win"},
                         profile)


def riichi_chankan(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 pons 7p, then adds the fourth; seat 3, waiting on 4p-7p, robs it (chankan)."""
    hand = Hand(rules, 0, ["7p+", "77p+", None, "234m56p345s678s11z"], wall="1m2m3m7p",
                dead_wall={"dora_indicators": ["1z", "2z"]}, seed=53)
    hand.discard(0, "7p")
    hand.call(1, "77p")
    hand.discard(1)
    hand.turns(2, 3)
    hand.draw(1)
    hand.kong(1, "7p", added=True, replace=False)
    hand.press(3, "win")
    context = riichi_context("N", chankan=True, dora_indicators="1z2z")
    return hand.scenario(ident, "clean", {"flags": [], "wins": [win(hand, 3, "7p", 1, context)], "end": "win"},
                         profile)


def no_yaku(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 chis 4s, then wins 7p with an open hand that has no yaku."""
    hand = Hand(rules, 0, ["4s+", "23s678m345p11m56p1z", None, None], wall="8s1z7p", seed=54)
    hand.discard(0, "4s")
    hand.call(1, "23s")
    hand.discard(1, "1z")
    hand.turns(2, 2)
    hand.draw(0)
    hand.discard(0, "7p")
    record = hand.record(1, "7p", "discard", riichi_context("S"))
    assert oracles.riichi(record)["status"] == "no_yaku"
    hand.press(1, "win")
    return hand.scenario(ident, "mistake", flagged(1, "no_yaku"), profile, "no_yaku")


def furiten(rules: str, ident: str, profile=None) -> dict:
    """Seat 1, waiting on 5p-8p, discarded 8p itself, then declares a win on 5p."""
    hand = Hand(rules, 0, [None, "234m123s567s99s67p", None, None], wall="8p1z2z3z4z5p", seed=55)
    hand.discard(0)
    hand.draw(1)
    hand.discard(1, "8p")
    hand.turns(2, 3)
    hand.turn(1)
    hand.draw(2)
    hand.discard(2, "5p")
    hand.press(1, "win")
    return hand.scenario(ident, "mistake", flagged(1, "furiten"), profile, "furiten")


def temporary_furiten(rules: str, ident: str, profile=None) -> dict:
    """Seat 1, waiting on 5p-8p, lets seat 2's 5p pass, then declares a win on seat 3's 8p:
    a wait passed since its last discard, and no call came between."""
    hand = Hand(rules, 0, [None, "234m123s567s99s67p", None, None], wall="1z5p8p", seed=59)
    hand.discard(0)
    hand.turn(1)
    hand.turn(2, "5p")
    hand.turn(3, "8p")
    hand.press(1, "win")
    return hand.scenario(ident, "mistake", flagged(1, "furiten"), profile, "furiten")


def riichi_furiten(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 in riichi lets a 5p pass, draws and discards again, then declares a win on 8p:
    a wait passed after its riichi."""
    hand = Hand(rules, 0, [None, "234m123s567s99s67p", None, None], wall="1z2z3z4z6z5p7z1z2z3z8p", seed=60)
    hand.discard(0)
    hand.turns(1, 4)
    hand.draw(1)
    hand.press(1, "riichi")
    hand.discard(1)
    seat = hand.turns(2, 5)
    hand.turn(seat, "8p")
    hand.press(1, "win")
    return hand.scenario(ident, "mistake", flagged(1, "furiten"), profile, "furiten")


def riichi_not_ready(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 declares riichi and its discard leaves the hand far from ready."""
    hand = Hand(rules, 0, [None, "1m4m7m1p4p7p1s4s7s1z3z5z7z", None, None], wall="2z", seed=56)
    assert shanten("147m147p147s1357z") > 0
    hand.discard(0)
    hand.draw(1)
    hand.press(1, "riichi")
    hand.discard(1, "1m")
    return hand.scenario(ident, "mistake", flagged(1, "riichi_not_ready"), profile, "riichi_not_ready")


def pon_after_riichi(rules: str, ident: str, profile=None) -> dict:
    """Seat 1, in riichi, pons 6s: no call after one's riichi."""
    hand = Hand(rules, 0, [None, "234m567m345p66s99s", None, None], wall="1z2z3z4z5z1z6s", seed=57)
    hand.discard(0)
    hand.turns(1, 4)
    hand.draw(1)
    hand.press(1, "riichi")
    hand.discard(1)
    hand.turn(2)
    hand.draw(3)
    hand.discard(3, "6s")
    hand.call(1, "66s")
    return hand.scenario(ident, "mistake", flagged(1, "call_not_allowed"), profile, "call_not_allowed")


def riichi_draw(rules: str, ident: str, profile=None) -> dict:
    """Nobody wins; at the draw the dealer (two-sided wait) and seat 3 (shanpon) are ready,
    seat 1 holds all four of its only wait (no wait, AMB-4) and seat 2 is far from ready."""
    hands = ["234m456m789m23p55s9m", "1111m234p567p789s", "3579m13579p1357s", "111z222z333z44z55z"]
    hand = Hand(rules, 0, hands, seed=58)
    found = [shanten(h) for h in ("234m456m789m23p55s", hands[1], hands[2], hands[3])]
    assert found[0] == found[3] == 0 and found[1] > 0 and found[2] > 0, found
    hand.discard(0, "9m")
    hand.miss("hand.1", "1m").miss("pond", "9m")
    hand.play_out(1)
    return hand.scenario(ident, "clean", {"flags": [], "wins": [], "end": "draw", "ready": [0, 3]}, profile)


# --- Sichuan ------------------------------------------------------------------------------------

def sichuan_robbed_kong(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 pons 5p and adds the fourth; seat 2, waiting on 5p, robs it and leaves play;
    the others play on to the draw (ready: seat 1 on 2p, seat 3 on 4s-7s)."""
    hands = ["5p12345m79m135679s", "55p123m456m789m12p", "46p789p123s456s99s", "111p222p333p44s56s"]
    assert shanten("12345m79m135679s") > 0 and shanten("123m456m789m2p") == 0 == shanten("111p222p333p44s56s")
    hand = Hand(rules, 0, hands, wall="3m8s8m5p", seed=61)
    voids(hand, "psmm")
    hand.discard(0, "5p")
    hand.call(1, "55p")
    hand.discard(1, "1p")
    hand.turns(2, 3)
    hand.draw(1)
    hand.kong(1, "5p", added=True, replace=False)
    hand.press(2, "win")
    hand.play_out(3, skip=(2,))
    robbed = win(hand, 2, "5p", 1, {"void_suit": "m"} | SICHUAN_FLAGS | {"robbing_kong": True}, sichuan_basic())
    expect = {"flags": [], "wins": [robbed], "end": "draw", "ready": [1, 3], "flower_pigs": []}
    return hand.scenario(ident, "clean", expect, profile)


def sichuan_several_winners(rules: str, ident: str, profile=None) -> dict:
    """Seats 1 and 3 both win the dealer's 5s and leave play; the dealer and seat 2 play on
    from the dealer (the seat after the last winner) to the draw: the dealer is ready."""
    hands = ["5s123456789m111p2p", "123p456p789p46s11s", "1379m123456789s", "234p678p123s999s5s"]
    assert shanten("123456789m111p2p") == 0 and shanten(hands[2]) > 0
    hand = Hand(rules, 0, hands, seed=62)
    voids(hand, "smpm")
    hand.discard(0, "5s")
    hand.press(1, "win")
    hand.press(3, "win")
    hand.play_out(0, skip=(1, 3))
    context = {"void_suit": "m"} | SICHUAN_FLAGS
    wins = [win(hand, 1, "5s", 0, context, sichuan_basic()), win(hand, 3, "5s", 0, context, sichuan_basic())]
    expect = {"flags": [], "wins": wins, "end": "draw", "ready": [0], "flower_pigs": []}
    return hand.scenario(ident, "clean", expect, profile)


def sichuan_kong_flower(rules: str, ident: str, profile=None) -> dict:
    """The dealer wins on its concealed kong's replacement (杠上花: 平和 + 杠上花 + 自摸 + 根 =
    4 fan, 8 from each); the rest play on to the draw: seat 1 ready, seat 3 a 花猪."""
    hands = ["666p123p789p11s45s9m", "123456789m12s99s", "124578m124578p9p", "123456789m123s5p"]
    assert shanten(hands[1]) == 0 and shanten(hands[2]) > 0
    hand = Hand(rules, 0, hands, wall="3s4s7s6p6s", seed=63)
    voids(hand, "mpsp")
    hand.discard(0, "9m")
    hand.turns(1, 3)
    hand.draw(0)
    hand.kong(0, "6p")
    hand.press(0, "win")
    hand.play_out(1, skip=(0,))
    result = sichuan_basic(addons=(("杠上花", "Win after Kong"), ("自摸", "Self-Drawn"), ("根", "Root")))
    won = win(hand, 0, "6s", None, {"void_suit": "m"} | SICHUAN_FLAGS | {"kong_related": True}, result)
    expect = {"flags": [], "wins": [won], "end": "draw", "ready": [1], "flower_pigs": [3]}
    return hand.scenario(ident, "clean", expect, profile)


def sichuan_chi(rules: str, ident: str, profile=None) -> dict:
    """Seat 1 chis the dealer's 3m with 1m 2m: Sichuan has no chi."""
    hand = Hand(rules, 0, ["3m+", "12m+", None, None], seed=64)
    voids(hand, "spsp")
    hand.discard(0, "3m")
    hand.call(1, "1m2m")
    return hand.scenario(ident, "mistake", flagged(1, "call_not_allowed"), profile, "call_not_allowed")


def sichuan_void_pon(rules: str, ident: str, profile=None) -> dict:
    """Seat 1, void in characters, pons the dealer's 5m."""
    hand = Hand(rules, 0, ["5m+", "55m+", None, None], seed=65)
    voids(hand, "smps")
    hand.discard(0, "5m")
    hand.call(1, "55m")
    return hand.scenario(ident, "mistake", flagged(1, "void_suit"), profile, "void_suit")


SCENARIOS = {
    "mcr": [false_win, below_minimum, wrong_count, wrong_call, mcr_robbed_kong, mcr_flowers_late,
            missed_reads_in_a_row, concealed_kong_not_robbed, chi_missed_by_a_seat_of_four,
            flower_and_the_next_tile, second_tile_a_flower, replacement_discarded_unseen,
            replacement_claimed_unseen, drawn_tile_chowed_unseen, replacement_into_kong,
            replacement_kong_unseen, kong_of_the_tile_gone_before, drawn_tile_chowed_beside_its_kind,
            chi_out_of_turn, drawn_tile_punged_by_the_seat_before, chi_beside_a_pung_of_its_kind,
            kong_onto_a_pung_beside_a_missed_tile, flower_replacement_into_a_kong_read_short,
            flower_missed_beside_the_next_tile, drew_before_its_turn],
    "cmcr1998": [false_win, below_minimum, wrong_count, wrong_call, kong_replacement_win, mcr_flowers_late,
                 missed_reads_in_a_row, replacement_discarded_unseen, replacement_claimed_unseen,
                 drawn_tile_chowed_unseen, replacement_into_kong, replacement_kong_unseen,
                 kong_of_the_tile_gone_before, drawn_tile_chowed_beside_its_kind, chi_out_of_turn,
                 drawn_tile_punged_by_the_seat_before, chi_beside_a_pung_of_its_kind,
                 kong_onto_a_pung_beside_a_missed_tile, flower_replacement_into_a_kong_read_short,
                 flower_missed_beside_the_next_tile, drew_before_its_turn],
    "ccm2012": [false_win, wrong_count, wrong_call, flower_discarded, several_winners, flower_replacement_win,
                mcr_robbed_kong, flower_and_the_next_tile, second_tile_a_flower, replacement_discarded_unseen,
                replacement_claimed_unseen, drawn_tile_chowed_unseen, replacement_into_kong,
                replacement_kong_unseen, kong_of_the_tile_gone_before, drawn_tile_chowed_beside_its_kind,
                chi_out_of_turn, drawn_tile_punged_by_the_seat_before, chi_beside_a_pung_of_its_kind,
                kong_onto_a_pung_beside_a_missed_tile, flower_replacement_into_a_kong_read_short,
                flower_missed_beside_the_next_tile, drew_before_its_turn],
    "riichi": [false_win, no_yaku, furiten, riichi_not_ready, wrong_count, wrong_call, pon_after_riichi,
               riichi_ippatsu, riichi_rinshan, riichi_chankan, concealed_kong_not_robbed, riichi_draw,
               temporary_furiten, riichi_furiten, replacement_discarded_unseen, replacement_claimed_unseen,
               drawn_tile_chowed_unseen, replacement_into_kong, replacement_kong_unseen,
               kong_of_the_tile_gone_before, drawn_tile_chowed_beside_its_kind, chi_out_of_turn,
               drawn_tile_punged_by_the_seat_before, chi_beside_a_pung_of_its_kind,
               kong_onto_a_pung_beside_a_missed_tile, drew_before_its_turn],
    "sichuan": [false_win, wrong_count, wrong_call, sichuan_chi, sichuan_void_pon, sichuan_robbed_kong,
                sichuan_several_winners, sichuan_kong_flower, replacement_discarded_unseen,
                replacement_claimed_unseen, replacement_into_kong, replacement_kong_unseen,
                drew_before_its_turn],
}
PROFILES = {"mcr": "mil", "riichi": "rcr"}


def main() -> None:
    for rules, makers in SCENARIOS.items():
        lines = [json.dumps(make(rules, f"play-{rules}-own-{n:02d}-{make.__name__}", PROFILES.get(rules)),
                            ensure_ascii=False, sort_keys=True)
                 for n, make in enumerate(makers, 1)]
        (HERE / f"{rules}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
