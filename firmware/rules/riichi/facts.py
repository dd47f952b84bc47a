"""What the yaku predicates read about one hand, one arrangement of it and one placement of the winning tile."""

from operator import itemgetter

from firmware.rules.decompose import BlockKind
from firmware.rules.riichi.context import FLAGS
from firmware.rules.tiles import EAST, GREEN, TERMINALS_AND_HONOURS

OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
_OUTSIDE_RUNS = frozenset((0, 6, 9, 15, 18, 24))  # runs holding a 1 or a 9
_TERMINALS = frozenset(k for k in TERMINALS_AND_HONOURS if k < EAST)
_HONOURS = frozenset(range(EAST, 34))
_SUITS = (frozenset(range(0, 9)), frozenset(range(9, 18)), frozenset(range(18, 27)))
_GREEN = frozenset((19, 20, 21, 23, 25, GREEN))  # 2 3 4 6 8 of bamboo and the green dragon
_CHOW, _PAIR = BlockKind.CHOW, BlockKind.PAIR
_FIRST = itemgetter(1)  # a block's lowest kind

# The boolean facts a yaku may name in `needs`, per level. Together they key the registry's
# cache of which yaku are worth asking, so a `needs` outside these lists is refused.
HAND_KEY = (
    "is_open", "self_drawn", "simples_only", "terminals_honours_only", "terminals_only", "honours_only",
    "green_only", "single_suit", "nine_gates", "three_kongs", *(f"win.{flag}" for flag in FLAGS),
)
# The arrangement key holds the numbers of runs and pungs/kongs (which settle three_runs,
# three_triplets, four_triplets); the placement key the number of concealed pungs/kongs.
ARRANGEMENT_KEY = ("irregular", "run_twins", "three_runs", "three_triplets", "four_triplets",
                   "dragon_triplet", "wind_triplet", "outside")
PLACEMENT_KEY = ("three_concealed", "four_concealed", "pinfu")
KEY_FACTS = frozenset(HAND_KEY + ARRANGEMENT_KEY + PLACEMENT_KEY)
# HAND_KEY values -> a small id (a few hundred combinations at most), so the registry's cache
# key stays short.
_hand_ids: dict[tuple, int] = {}
# The registry's cache key is one int (cheap to hash and compare): hand id, then 16 bits of
# arrangement facts (run twins; runs 0-4; pungs/kongs 0-4; which honours are pungs/kongs, one
# bit each, so yakuhai are settled by the key; outside; irregular), then 4 bits of placement
# facts (concealed pungs/kongs 0-4; pinfu).
_IRREGULAR_BITS, _HAND_SHIFT = 1 << 15, 16
_NO_FLAGS = (False,) * len(FLAGS)


def han_column(is_open: bool, double_yakuman: bool) -> int:
    """Index into `Yaku.hans` (looked up per reading, so kept to one tuple index)."""
    return is_open + 2 * double_yakuman


class HandFacts:
    """A mutable, slotted record: hand-level facts are set once, arrangement and placement facts per reading.

    Plain attributes (not properties) because every yaku predicate reads them on every
    reading; this is the scorer's hot path. The boolean facts also serve as the yaku's
    cheap preconditions (`needs`). `sets` lists an arrangement's pung and kong blocks
    by kind, for the fu count. `win_copies`
    counts the winning kind among the concealed tiles (with the winning tile).
    """

    __slots__ = (
        # the hand: tiles and win conditions
        "win", "profile", "self_drawn", "is_open", "has_melds", "han_column", "n_kongs", "three_kongs", "hand_id",
        "win_copies", "simples_only", "terminals_honours_only", "terminals_only", "honours_only",
        "green_only", "single_suit", "has_honours", "nine_gates",
        # one arrangement
        "shape", "irregular", "chis", "triplets", "pair", "sets", "outside",
        "run_twins", "three_runs", "three_triplets", "four_triplets", "dragon_triplet", "wind_triplet",
        "arrangement_key",
        # one placement of the winning tile
        "concealed_triplets", "three_concealed", "four_concealed", "pinfu", "yaku_key",
    )

    def __init__(self, hand, win, profile, closed_counts: tuple[int, ...]):
        melds = hand.melds
        kinds = set(hand.concealed)
        kinds.add(hand.win_tile)
        is_open = False
        n_kongs = 0
        for meld in melds:
            kinds.update(meld.tiles)
            n_kongs += len(meld.tiles) == 4
            is_open = is_open or meld.source is not None  # only a concealed kong has no source
        self.win, self.profile, self.self_drawn, self.is_open = win, profile, hand.self_drawn, is_open
        self.han_column = han_column(is_open, profile.double_yakuman)
        self.n_kongs = n_kongs
        self.has_melds = bool(melds)
        self.three_kongs = three_kongs = n_kongs >= 3
        self.win_copies = closed_counts[hand.win_tile]
        self.simples_only = simples = kinds.isdisjoint(OUTSIDE)
        if simples:  # no terminal or honour: the tests that need one are settled (a third of all hands)
            outside = terminals = honours = has_honours = False
            suited = kinds
        else:
            outside = kinds <= OUTSIDE
            terminals = kinds <= _TERMINALS
            suited = kinds - _HONOURS
            honours = not suited
            has_honours = len(suited) < len(kinds)
        self.terminals_honours_only, self.terminals_only, self.honours_only = outside, terminals, honours
        self.green_only = green = kinds <= _GREEN
        self.has_honours = has_honours
        man, pin, sou = _SUITS
        base = -1 if not suited else 0 if suited <= man else 9 if suited <= pin else 18 if suited <= sou else -1
        self.single_suit = single = base >= 0
        self.nine_gates = nine = single and not has_honours and not melds and _is_nine_gates(closed_counts, base)
        # HAND_KEY's values (win[2:11] are the win-condition flags, context.FLAGS order), then
        # has_honours, the profile's open_tanyao and the seat and round winds, which settle tanyao,
        # honitsu, chinitsu and yakuhai per key.
        key = (is_open, hand.self_drawn, simples, outside, terminals, honours, green, single, nine, three_kongs,
               win[2:11] if win.any_flag else _NO_FLAGS, has_honours, profile.open_tanyao, win[0], win[1])
        hand_id = _hand_ids.get(key)
        if hand_id is None:
            hand_id = _hand_ids[key] = len(_hand_ids)
        self.hand_id = hand_id

    def set_standard(self, blocks) -> int:
        """Describe a four-sets-and-a-pair arrangement in one pass; returns how many sets are concealed pungs/kongs."""
        chis, triplets, sets = [], [], []
        pair = -1
        concealed = 0
        for block in blocks:
            # Unpacked, not read by field name: a NamedTuple field read is a descriptor call.
            kind, first, hidden, _ = block
            if kind is _CHOW:
                chis.append(first)
            elif kind is _PAIR:
                pair = first
            else:
                triplets.append(first)
                sets.append(block)
                concealed += hidden
        n_chis, n_triplets = len(chis), len(triplets)
        if self.has_melds:  # concealed blocks come sorted (decompose's order); melds come in meld order
            chis.sort()
            triplets.sort()
            sets.sort(key=_FIRST)
        self.shape, self.chis, self.triplets, self.pair, self.sets = "standard", chis, triplets, pair, sets
        twins = n_chis > 1 and len(set(chis)) < n_chis
        held = 0  # honour pungs/kongs as bits, E S W N White Green Red from bit 0
        if n_triplets and triplets[-1] >= EAST:
            for first in triplets:
                if first >= EAST:
                    held |= 1 << (first - EAST)
        self.outside = outside = (pair in OUTSIDE and OUTSIDE.issuperset(triplets)
                                  and _OUTSIDE_RUNS.issuperset(chis))
        self.arrangement_key = (self.hand_id << _HAND_SHIFT | twins | n_chis << 1 | n_triplets << 4 | held << 7
                                | outside << 14) << 4
        return concealed

    def set_irregular(self, shape: str) -> None:
        """Describe a seven-pairs or thirteen-orphans arrangement: no sets, no pair, nothing concealed."""
        self.shape, self.chis, self.triplets, self.pair, self.sets, self.outside = shape, [], [], -1, [], False
        self.arrangement_key = (self.hand_id << _HAND_SHIFT | _IRREGULAR_BITS) << 4
        self.set_placement(0, False)

    def set_placement(self, concealed_triplets: int, pinfu: bool) -> None:
        """Describe where the winning tile sits: how many pungs/kongs stay concealed, whether it is pinfu."""
        self.concealed_triplets = concealed_triplets
        self.yaku_key = self.arrangement_key | concealed_triplets << 1 | pinfu

    def spell_out_key(self) -> None:
        """Set the arrangement and placement flags that only `yaku_key` holds (run_twins ... pinfu).

        Only the registry reads them, and only when it meets a new key, so the scorer
        leaves them to this decoding instead of setting them on every reading.
        """
        key = self.yaku_key
        self.pinfu = bool(key & 1)
        concealed = key >> 1 & 7
        self.three_concealed, self.four_concealed = concealed >= 3, concealed == 4
        key >>= 4
        self.run_twins = bool(key & 1)
        runs, triplets = key >> 1 & 7, key >> 4 & 7
        self.three_runs, self.three_triplets, self.four_triplets = runs >= 3, triplets >= 3, triplets == 4
        self.wind_triplet, self.dragon_triplet = bool(key >> 7 & 15), bool(key >> 11 & 7)
        self.irregular = bool(key & _IRREGULAR_BITS)


def _is_nine_gates(counts: list[int], base: int) -> bool:
    """1112345678999 plus one more of the suit: 3+ of the ends, 1+ of each middle rank (14 tiles in all)."""
    ranks = counts[base:base + 9]
    return ranks[0] >= 3 and ranks[8] >= 3 and all(ranks[1:8])
