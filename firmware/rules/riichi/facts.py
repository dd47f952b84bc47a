"""What the yaku predicates read about one hand, one arrangement of it and one placement of the winning tile.

Every yaku is settled by a few facts, which the scorer packs into one int, the yaku key:
the hand's part (melds, win conditions, winds, profile switches), the arrangement's (which
classes of tile its blocks hold, runs, pungs and their patterns, the pair) and the
placement's (concealed pungs, pinfu). The registry settles the yaku once per key, so the
hot path only builds the key, from small tables: per kind, per pair, and per set of runs
or pungs (bounded: at most four blocks). `spell_out_key` turns a key back into the named
facts the yaku predicates read, when the registry meets a new key.
"""

from operator import itemgetter

from firmware.rules.decompose import BlockKind
from firmware.rules.riichi.context import FLAGS
from firmware.rules.shapes import Shape
from firmware.rules.suit_table import Memo
from firmware.rules.tiles import DRAGONS, EAST, GREEN, TERMINALS_AND_HONOURS, WINDS

_OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
_GREEN = frozenset((19, 20, 21, 23, 25, GREEN))  # 2 3 4 6 8 of bamboo and the green dragon
_CHOW, _PAIR = BlockKind.CHOW, BlockKind.PAIR
_FIRST = itemgetter(1)  # a block's lowest kind

# The facts `spell_out_key` names, which are all a yaku predicate may read besides `win` (its
# flags and winds) and `profile` (open_tanyao, double_yakuman, stack_yakuman): the key holds
# nothing else. `needs` names only these.
HAND_FACTS = (
    "is_open", "self_drawn", "simples_only", "terminals_honours_only", "terminals_only", "honours_only",
    "green_only", "single_suit", "has_honours", "nine_gates", "n_kongs", "three_kongs", "win_copies",
    *(f"win.{flag}" for flag in FLAGS),
)
ARRANGEMENT_FACTS = (
    "irregular", "seven_pairs", "thirteen_orphans", "runs", "run_twins", "twin_pairs", "three_runs",
    "same_runs_three_suits", "full_straight", "triplets", "three_triplets", "four_triplets",
    "same_pungs_three_suits", "honour_triplets", "dragon_triplet", "wind_triplet", "dragon_pair", "wind_pair",
    "outside",
)
PLACEMENT_FACTS = ("concealed_triplets", "three_concealed", "four_concealed", "pinfu")
KEY_FACTS = frozenset(HAND_FACTS + ARRANGEMENT_FACTS + PLACEMENT_FACTS)

# Tile classes, one bit each. A hand's classes are the union over its kinds, so "only X"
# facts read "no kind outside X". NINE_GATES marks a closed hand of 1112345678999+1.
SIMPLE, TERMINAL, HONOUR, NOT_GREEN, MAN, PIN, SOU, NINE_GATES = (1 << bit for bit in range(8))
_SUITS_AND_HONOURS = MAN | PIN | SOU | HONOUR
_ONE_SUIT = (MAN, PIN, SOU)  # one suit and no honours: what could be nine gates

# The hand part of the key is a small id for the hand's facts: open, self-drawn, kongs,
# copies of the winning kind, seat and round wind, the win flags' bits and the profile's
# switches (open tanyao, double yakuman, stacked yakuman). One tuple and one lookup cost
# less than packing them into bits one by one; a few hundred combinations occur in play.
_HAND_IDS: dict[tuple, int] = {}
_HAND_FACTS_BY_ID: list[tuple] = []
# The arrangement part: the tile classes of its blocks (8 bits, the hand's classes), shape
# (0 standard, 1 seven pairs, 2 thirteen orphans), pairs of identical runs (0-2), runs
# (0-4), the same run in three suits, a full straight, pungs and kongs (0-4), the same pung
# in three suits, which honours they are (7 bits, E..Red), whether every run, every pung
# and the pair holds a terminal or honour, and whether the pair is a dragon or a wind.
_SHAPE, _TWINS, _RUNS, _SANSHOKU, _STRAIGHT, _TRIPLETS, _PUNG_SANSHOKU, _HONOUR_PUNGS = 8, 10, 12, 15, 16, 17, 20, 21
_OUTSIDE_RUNS, _OUTSIDE_TRIPLETS, _OUTSIDE_PAIR, _DRAGON_PAIR, _WIND_PAIR = 28, 29, 30, 31, 32
_ARRANGEMENT_BITS = 33
_OUTSIDE_ALL = 1 << _OUTSIDE_RUNS | 1 << _OUTSIDE_TRIPLETS | 1 << _OUTSIDE_PAIR
_SEVEN_PAIRS = Shape.SEVEN_PAIRS
_SHAPE_CODE = {_SEVEN_PAIRS: 1, Shape.THIRTEEN_ORPHANS: 2}
# The placement part: concealed pungs/kongs (0-4) above the pinfu bit. The registry adds
# PLACEMENT[concealed pungs/kongs][pinfu] to `arrangement_key` for each placement.
_PLACEMENT_BITS = 4
PLACEMENT = tuple((concealed << 1, concealed << 1 | 1) for concealed in range(5))


def han_column(is_open: bool, double_yakuman: bool) -> int:
    """Index into `Yaku.hans`: closed or open, with double yakuman counted twice or not."""
    return is_open + 2 * double_yakuman


def _kind_classes(k: int) -> int:
    if k >= EAST:
        bits = HONOUR
    else:
        bits = (TERMINAL if k % 9 in (0, 8) else SIMPLE) | (MAN, PIN, SOU)[k // 9]
    return bits if k in _GREEN else bits | NOT_GREEN


_CLASSES = tuple(map(_kind_classes, range(34)))
_ORPHANS_CLASSES = TERMINAL | HONOUR | NOT_GREEN | MAN | PIN | SOU


def _is_nine_gates(pattern: tuple) -> bool:
    """1112345678999 plus one more of the suit: 3+ of the ends, 1+ of each middle rank, 14 tiles in all."""
    return pattern[0] >= 3 and pattern[8] >= 3 and all(pattern[1:8]) and sum(pattern) == 14


def _in_three_suits(firsts: list[int]) -> bool:
    """Whether the same rank starts a block in characters, dots and bamboo alike."""
    return any(k + 9 in firsts and k + 18 in firsts for k in firsts if k < 9)


def _identical_run_pairs(chis: list[int]) -> int:
    """How many disjoint pairs of identical runs the (sorted) run list holds."""
    pairs, i = 0, 0
    while i + 1 < len(chis):
        if chis[i] == chis[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


# An arrangement's runs are counted as one int, 3 bits per starting kind (up to four alike),
# and its pungs/kongs as one bit per kind: cheap to build block by block and to look up.
_RUN_CODE = tuple(1 << (3 * k) for k in range(27))
_PUNG_CODE = tuple(1 << k for k in range(34))


def _run_facts(code: int) -> int:
    """Arrangement-key bits of the runs in `code`: classes, how many, identical pairs, sanshoku, straight, outside."""
    chis = [k for k in range(27) for _ in range(code >> (3 * k) & 7)]
    classes = 0
    for c in chis:
        classes |= _CLASSES[c] | _CLASSES[c + 1] | _CLASSES[c + 2]
    straight = any(c % 9 == 0 and c + 3 in chis and c + 6 in chis for c in chis)
    outside = all(c % 9 in (0, 6) for c in chis)
    return (classes | _identical_run_pairs(chis) << _TWINS | len(chis) << _RUNS
            | _in_three_suits(chis) << _SANSHOKU | straight << _STRAIGHT | outside << _OUTSIDE_RUNS)


def _triplet_facts(code: int) -> int:
    """Arrangement-key bits of the pungs/kongs in `code`: classes, how many, sanshoku, which honours, all outside."""
    firsts = [k for k in range(34) if code >> k & 1]
    classes = 0
    for k in firsts:
        classes |= _CLASSES[k]
    honours = code >> EAST
    return (classes | len(firsts) << _TRIPLETS | _in_three_suits(firsts) << _PUNG_SANSHOKU
            | honours << _HONOUR_PUNGS | _OUTSIDE.issuperset(firsts) << _OUTSIDE_TRIPLETS)


def _pair_facts(k: int) -> int:
    return (_CLASSES[k] | (k in _OUTSIDE) << _OUTSIDE_PAIR | (k in DRAGONS) << _DRAGON_PAIR
            | (k in WINDS) << _WIND_PAIR)


# Runs and pungs by their codes -> key bits: bounded by the multisets of at most four blocks.
_RUN_FACTS, _TRIPLET_FACTS = Memo(_run_facts), Memo(_triplet_facts)
_PAIR_FACTS = tuple(map(_pair_facts, range(34)))


class HandFacts:
    """A mutable, slotted record: hand-level facts are set once, arrangement and placement facts per reading.

    Plain attributes (not properties): the scorer reads and writes them on every reading.
    The hot path sets only what the fu count and the key need; `sets` lists an
    arrangement's pung and kong blocks by kind, for the fu count. The facts a yaku
    predicate reads are spelled out from the key (`spell_out_key`).
    """

    __slots__ = (
        # the hand and its win conditions
        "win", "profile", "self_drawn", "is_open", "has_melds", "closed_counts", "hand_key",
        # one arrangement
        "pair", "sets", "arrangement_key",
        # spelled out from the key for the yaku predicates
        *(name for name in KEY_FACTS if name not in ("is_open", "self_drawn") and not name.startswith("win.")),
    )

    def __init__(self, hand, win, profile, closed_counts: tuple[int, ...], flags: int):
        """`flags`: the win flags that hold, context.FLAG_BITS[win[context.FLAGS_AT]]."""
        is_open = False
        kongs = 0
        for meld in hand.melds:
            kongs += len(meld.tiles) == 4
            is_open = is_open or meld.source is not None  # only a concealed kong has no source
        self.win, self.profile, self.self_drawn, self.is_open = win, profile, hand.self_drawn, is_open
        self.has_melds, self.closed_counts = bool(hand.melds), closed_counts
        key = (is_open, hand.self_drawn, kongs, closed_counts[hand.win_tile], win[0], win[1], flags,
               profile.open_tanyao, profile.double_yakuman, profile.stack_yakuman)
        hand_id = _HAND_IDS.get(key)
        if hand_id is None:
            hand_id = _HAND_IDS[key] = len(_HAND_FACTS_BY_ID)
            _HAND_FACTS_BY_ID.append(key)
        self.hand_key = hand_id << _ARRANGEMENT_BITS

    def set_standard(self, blocks) -> int:
        """Describe a four-sets-and-a-pair arrangement in one pass; returns how many sets are concealed pungs/kongs."""
        runs = pungs = concealed = 0
        sets = []
        pair = -1
        for block in blocks:
            # Indexed: unpacking a NamedTuple (not an exact tuple) goes through an iterator.
            kind, first = block[0], block[1]
            if kind is _CHOW:
                runs += _RUN_CODE[first]
            elif kind is _PAIR:
                pair = first
            else:
                pungs |= _PUNG_CODE[first]
                sets.append(block)
                concealed += block[2]
        if self.has_melds and len(sets) > 1:  # concealed blocks come sorted (decompose's order), melds in meld order
            sets.sort(key=_FIRST)
        self.pair, self.sets = pair, sets
        key = _RUN_FACTS[runs] | _TRIPLET_FACTS[pungs] | _PAIR_FACTS[pair]
        if not self.has_melds and (key & _SUITS_AND_HONOURS) in _ONE_SUIT:
            key |= self._nine_gates(key)
        self.arrangement_key = (self.hand_key | key) << _PLACEMENT_BITS
        return concealed

    def _nine_gates(self, classes: int) -> int:
        """NINE_GATES if the closed tiles, all of the one suit in `classes`, are a nine-gates hand, else 0."""
        base = 9 * _ONE_SUIT.index(classes & _SUITS_AND_HONOURS)
        return NINE_GATES if _is_nine_gates(self.closed_counts[base:base + 9]) else 0

    def set_irregular(self, shape: str, blocks) -> None:
        """Describe a seven-pairs or thirteen-orphans arrangement: no sets, no pair, nothing concealed."""
        classes = _ORPHANS_CLASSES
        if shape is _SEVEN_PAIRS:
            classes = 0
            for block in blocks:
                classes |= _CLASSES[block[1]]
        self.pair, self.sets = -1, []
        self.arrangement_key = (self.hand_key | classes | _SHAPE_CODE[shape] << _SHAPE) << _PLACEMENT_BITS

    def spell_out_key(self, key: int) -> None:
        """Set the facts in KEY_FACTS from a yaku key, for the registry when it meets a new key."""
        self.pinfu = bool(key & 1)
        self.concealed_triplets = concealed = key >> 1 & 7
        self.three_concealed, self.four_concealed = concealed >= 3, concealed == 4
        self._spell_out_arrangement(key >> _PLACEMENT_BITS)
        self._spell_out_classes(key >> _PLACEMENT_BITS)
        self._spell_out_hand(key >> (_PLACEMENT_BITS + _ARRANGEMENT_BITS))

    def _spell_out_arrangement(self, key: int) -> None:
        shape = key >> _SHAPE & 3
        self.irregular, self.seven_pairs, self.thirteen_orphans = shape != 0, shape == 1, shape == 2
        self.twin_pairs = key >> _TWINS & 3
        self.run_twins = self.twin_pairs > 0
        self.runs = key >> _RUNS & 7
        self.three_runs = self.runs >= 3
        self.same_runs_three_suits, self.full_straight = bool(key >> _SANSHOKU & 1), bool(key >> _STRAIGHT & 1)
        self.triplets = key >> _TRIPLETS & 7
        self.three_triplets, self.four_triplets = self.triplets >= 3, self.triplets == 4
        self.same_pungs_three_suits = bool(key >> _PUNG_SANSHOKU & 1)
        honours = key >> _HONOUR_PUNGS & 127
        self.honour_triplets = frozenset(EAST + bit for bit in range(7) if honours >> bit & 1)
        self.wind_triplet, self.dragon_triplet = bool(honours & 15), bool(honours >> 4)
        self.dragon_pair, self.wind_pair = bool(key >> _DRAGON_PAIR & 1), bool(key >> _WIND_PAIR & 1)
        self.outside = key & _OUTSIDE_ALL == _OUTSIDE_ALL  # never for an irregular shape: it sets none of them

    def _spell_out_classes(self, key: int) -> None:
        self.simples_only = not key & (TERMINAL | HONOUR)
        self.terminals_honours_only = not key & SIMPLE
        self.terminals_only = not key & (SIMPLE | HONOUR)
        self.honours_only = not key & (SIMPLE | TERMINAL)
        self.green_only = not key & NOT_GREEN
        suits = key & (MAN | PIN | SOU)
        self.single_suit = suits in (MAN, PIN, SOU)
        self.has_honours = bool(key & HONOUR)
        self.nine_gates = bool(key & NINE_GATES)

    def _spell_out_hand(self, hand_id: int) -> None:
        """The hand's facts not kept as attributes (the flags, winds and switches are read from `win` and `profile`)."""
        _, _, self.n_kongs, self.win_copies, *_ = _HAND_FACTS_BY_ID[hand_id]
        self.three_kongs = self.n_kongs >= 3
