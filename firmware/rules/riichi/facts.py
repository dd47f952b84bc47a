"""What the yaku predicates read about one hand, one arrangement of it and one placement of the winning tile."""

from firmware.rules.decompose import BlockKind
from firmware.rules.riichi.yaku.registry import han_column
from firmware.rules.tiles import EAST, GREEN, TERMINALS_AND_HONOURS

OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
_TERMINALS = frozenset(k for k in TERMINALS_AND_HONOURS if k < EAST)
_OUTSIDE_RUNS = frozenset((0, 6, 9, 15, 18, 24))  # runs holding a 1 or a 9
_GREEN = frozenset((19, 20, 21, 23, 25, GREEN))  # 2 3 4 6 8 of bamboo and the green dragon
_CHOW, _PAIR, _KONG = BlockKind.CHOW, BlockKind.PAIR, BlockKind.KONG


class HandFacts:
    """A mutable, slotted record: hand-level facts are set once, arrangement and placement facts per reading.

    Plain attributes (not properties) because every yaku predicate reads them on every
    reading; this is the scorer's hot path. The boolean facts also serve as the yaku's
    cheap preconditions (`needs`). `sets` lists an arrangement's pungs and kongs as
    (block index, kind, is kong, concealed) for the fu count.
    """

    __slots__ = (
        # the hand: tiles and win conditions
        "win", "profile", "self_drawn", "is_open", "han_column", "any_flag", "n_kongs", "three_kongs",
        "win_copies", "simples_only", "terminals_honours_only", "terminals_only", "honours_only",
        "green_only", "single_suit", "has_honours", "nine_gates",
        # one arrangement
        "shape", "irregular", "chis", "triplets", "pair", "sets", "outside",
        "run_twins", "three_runs", "three_triplets", "four_triplets", "honour_triplet",
        # one placement of the winning tile
        "concealed_triplets", "three_concealed", "pinfu",
    )

    def __init__(self, hand, win, profile, all_counts: list[int], is_open: bool):
        self.win = win
        self.profile = profile
        self.is_open = is_open
        self.han_column = han_column(is_open, profile.double_yakuman)
        self.self_drawn = hand.self_drawn
        self.any_flag = win.any_flag
        self.n_kongs = sum(m.is_kong for m in hand.melds) if hand.melds else 0
        self.three_kongs = self.n_kongs >= 3
        self.win_copies = all_counts[hand.win_tile]
        kinds = set(hand.concealed)
        kinds.add(hand.win_tile)
        for meld in hand.melds:
            kinds.update(meld.tiles)
        self.simples_only = kinds.isdisjoint(OUTSIDE)
        self.terminals_honours_only = kinds <= OUTSIDE
        self.terminals_only = kinds <= _TERMINALS
        self.honours_only = min(kinds) >= EAST
        self.green_only = kinds <= _GREEN
        self.has_honours = max(kinds) >= EAST
        suits = [any(all_counts[0:9]), any(all_counts[9:18]), any(all_counts[18:27])]
        self.single_suit = sum(suits) == 1
        self.nine_gates = (self.single_suit and not self.has_honours and not hand.melds
                           and _is_nine_gates(all_counts[suits.index(True) * 9:][:9]))
        self.set_arrangement("", (), (), -1)
        self.sets = ()
        self.set_placement(0, False)

    def set_standard(self, blocks) -> int:
        """Describe a four-sets-and-a-pair arrangement in one pass; returns how many sets are concealed pungs/kongs."""
        chis, triplets, sets = [], [], []
        pair = -1
        for index, block in enumerate(blocks):
            kind = block.kind
            if kind is _CHOW:
                chis.append(block.first)
            elif kind is _PAIR:
                pair = block.first
            else:
                triplets.append(block.first)
                sets.append((index, block.first, kind is _KONG, block.concealed))
        chis.sort()
        triplets.sort()
        sets.sort(key=_second)
        self.sets = sets
        self.set_arrangement("standard", tuple(chis), tuple(triplets), pair)
        return sum(1 for entry in sets if entry[3])

    def set_arrangement(self, shape: str, chis: tuple[int, ...], triplets: tuple[int, ...], pair: int) -> None:
        """Describe one arrangement: run starts and pung/kong kinds (sorted), the pair kind (-1 if none)."""
        self.shape = shape
        self.irregular = shape in ("seven_pairs", "thirteen_orphans")
        self.chis = chis
        self.triplets = triplets
        self.pair = pair
        self.run_twins = len(set(chis)) < len(chis)
        self.three_runs = len(chis) >= 3
        self.three_triplets = len(triplets) >= 3
        self.four_triplets = len(triplets) == 4
        self.honour_triplet = bool(triplets) and triplets[-1] >= EAST
        self.outside = (shape == "standard" and pair in OUTSIDE
                        and OUTSIDE.issuperset(triplets) and _OUTSIDE_RUNS.issuperset(chis))

    def set_placement(self, concealed_triplets: int, pinfu: bool) -> None:
        """Describe where the winning tile sits: how many pungs/kongs stay concealed, whether it is pinfu."""
        self.concealed_triplets = concealed_triplets
        self.three_concealed = concealed_triplets >= 3
        self.pinfu = pinfu


def _second(entry: tuple) -> int:
    return entry[1]


def _is_nine_gates(ranks: list[int]) -> bool:
    """1112345678999 plus one more of the suit: 3+ of the ends, 1+ of each middle rank (14 tiles in all)."""
    return ranks[0] >= 3 and ranks[8] >= 3 and all(ranks[1:8])
