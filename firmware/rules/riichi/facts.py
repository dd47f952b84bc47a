"""What the yaku predicates read about one hand, one arrangement of it and one placement of the winning tile."""

from operator import attrgetter

from firmware.rules.decompose import BlockKind
from firmware.rules.tiles import DRAGONS, EAST, GREEN, TERMINALS_AND_HONOURS

OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
_OUTSIDE_RUNS = frozenset((0, 6, 9, 15, 18, 24))  # runs holding a 1 or a 9


def _mask(kinds) -> int:
    return sum(1 << k for k in set(kinds))


# Bit k set = kind k present; these masks turn tile-content facts into a few integer tests.
_OUTSIDE_MASK = _mask(TERMINALS_AND_HONOURS)
_HONOUR_MASK = _mask(range(EAST, 34))
_TERMINAL_MASK = _OUTSIDE_MASK & ~_HONOUR_MASK
_SUIT_MASKS = (_mask(range(0, 9)), _mask(range(9, 18)), _mask(range(18, 27)))
_GREEN_MASK = _mask((19, 20, 21, 23, 25, GREEN))  # 2 3 4 6 8 of bamboo and the green dragon
_CHOW, _PAIR, _KONG = BlockKind.CHOW, BlockKind.PAIR, BlockKind.KONG

# The boolean facts a yaku may name in `needs`, per level. Together they key the registry's
# cache of which yaku are worth asking, so a `needs` outside these lists is refused.
HAND_KEY = (
    "is_open", "self_drawn", "simples_only", "terminals_honours_only", "terminals_only", "honours_only",
    "green_only", "single_suit", "nine_gates", "three_kongs", "win.riichi", "win.double_riichi",
    "win.ippatsu", "win.rinshan", "win.chankan", "win.haitei", "win.houtei", "win.tenhou", "win.chiihou",
)
ARRANGEMENT_KEY = ("irregular", "run_twins", "three_runs", "three_triplets", "four_triplets",
                   "dragon_triplet", "wind_triplet", "outside")
PLACEMENT_KEY = ("three_concealed", "pinfu")
KEY_FACTS = frozenset(HAND_KEY + ARRANGEMENT_KEY + PLACEMENT_KEY)
_hand_key = attrgetter(*HAND_KEY)
_hand_ids: dict[tuple, int] = {}


def han_column(is_open: bool, double_yakuman: bool) -> int:
    """Index into `Yaku.hans` (looked up per reading, so kept to one tuple index)."""
    return is_open + 2 * double_yakuman


class HandFacts:
    """A mutable, slotted record: hand-level facts are set once, arrangement and placement facts per reading.

    Plain attributes (not properties) because every yaku predicate reads them on every
    reading; this is the scorer's hot path. The boolean facts also serve as the yaku's
    cheap preconditions (`needs`). `sets` lists an arrangement's pungs and kongs as
    (kind, block index, is kong, concealed), by kind, for the fu count. `win_copies`
    counts the winning kind among the concealed tiles (with the winning tile).
    """

    __slots__ = (
        # the hand: tiles and win conditions
        "win", "profile", "self_drawn", "is_open", "han_column", "n_kongs", "three_kongs", "hand_id",
        "win_copies", "simples_only", "terminals_honours_only", "terminals_only", "honours_only",
        "green_only", "single_suit", "has_honours", "nine_gates",
        # one arrangement
        "shape", "irregular", "chis", "triplets", "pair", "sets", "outside",
        "run_twins", "three_runs", "three_triplets", "four_triplets", "dragon_triplet", "wind_triplet",
        "arrangement_key",
        # one placement of the winning tile
        "concealed_triplets", "three_concealed", "pinfu", "placement_key",
    )

    def __init__(self, hand, win, profile, closed_counts: list[int]):
        melds = hand.melds
        mask = 1 << hand.win_tile
        for k in hand.concealed:
            mask |= 1 << k
        n_kongs = 0
        is_open = False
        for meld in melds:
            mask |= (1 << meld.first) | (1 << meld.tiles[-1]) | (1 << meld.tiles[1])
            n_kongs += meld.is_kong
            is_open = is_open or not meld.is_concealed
        self.win, self.profile, self.self_drawn = win, profile, hand.self_drawn
        self.is_open = is_open
        self.han_column = han_column(is_open, profile.double_yakuman)
        self.n_kongs, self.three_kongs = n_kongs, n_kongs >= 3
        self.win_copies = closed_counts[hand.win_tile]
        self.simples_only = not mask & _OUTSIDE_MASK
        self.terminals_honours_only = not mask & ~_OUTSIDE_MASK
        self.terminals_only = not mask & ~_TERMINAL_MASK
        self.honours_only = not mask & ~_HONOUR_MASK
        self.green_only = not mask & ~_GREEN_MASK
        self.has_honours = bool(mask & _HONOUR_MASK)
        suits = [bool(mask & suit) for suit in _SUIT_MASKS]
        self.single_suit = sum(suits) == 1
        self.nine_gates = (self.single_suit and not self.has_honours and not melds
                           and _is_nine_gates(closed_counts, suits.index(True) * 9))
        key = _hand_key(self)
        self.hand_id = _hand_ids.setdefault(key, len(_hand_ids))

    def set_standard(self, blocks) -> int:
        """Describe a four-sets-and-a-pair arrangement in one pass; returns how many sets are concealed pungs/kongs."""
        chis, triplets, sets = [], [], []
        pair = -1
        concealed = 0
        for index, block in enumerate(blocks):
            kind = block.kind
            if kind is _CHOW:
                chis.append(block.first)
            elif kind is _PAIR:
                pair = block.first
            else:
                triplets.append(block.first)
                sets.append((block.first, index, kind is _KONG, block.concealed))
                concealed += block.concealed
        chis.sort()
        triplets.sort()
        sets.sort()
        self.sets = sets
        self.set_arrangement("standard", tuple(chis), tuple(triplets), pair)
        return concealed

    def set_arrangement(self, shape: str, chis: tuple[int, ...], triplets: tuple[int, ...], pair: int) -> None:
        """Describe one arrangement: run starts and pung/kong kinds (sorted), the pair kind (-1 if none)."""
        self.shape = shape
        self.irregular = shape != "standard"
        self.chis = chis
        self.triplets = triplets
        self.pair = pair
        self.run_twins = len(set(chis)) < len(chis)
        self.three_runs = len(chis) >= 3
        self.three_triplets = len(triplets) >= 3
        self.four_triplets = len(triplets) == 4
        honours = [t for t in triplets if t >= EAST] if triplets and triplets[-1] >= EAST else ()
        self.dragon_triplet = bool(honours) and honours[-1] >= DRAGONS[0]
        self.wind_triplet = bool(honours) and honours[0] < DRAGONS[0]
        self.outside = (not self.irregular and pair in OUTSIDE
                        and OUTSIDE.issuperset(triplets) and _OUTSIDE_RUNS.issuperset(chis))
        self.arrangement_key = (self.irregular, self.run_twins, self.three_runs, self.three_triplets,
                                self.four_triplets, self.dragon_triplet, self.wind_triplet, self.outside)

    def set_placement(self, concealed_triplets: int, pinfu: bool) -> None:
        """Describe where the winning tile sits: how many pungs/kongs stay concealed, whether it is pinfu."""
        self.concealed_triplets = concealed_triplets
        self.three_concealed = concealed_triplets >= 3
        self.pinfu = pinfu
        self.placement_key = (self.three_concealed, pinfu)


def _is_nine_gates(counts: list[int], base: int) -> bool:
    """1112345678999 plus one more of the suit: 3+ of the ends, 1+ of each middle rank (14 tiles in all)."""
    ranks = counts[base:base + 9]
    return ranks[0] >= 3 and ranks[8] >= 3 and all(ranks[1:8])
