"""What the yaku predicates read about one hand, one arrangement of it and one placement of the winning tile."""

from firmware.rules.tiles import EAST, GREEN, TERMINALS_AND_HONOURS

_OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
_TERMINALS = frozenset(k for k in TERMINALS_AND_HONOURS if k < EAST)
_GREEN = frozenset((19, 20, 21, 23, 25, GREEN))  # 2 3 4 6 8 of bamboo and the green dragon


class HandFacts:
    """A mutable, slotted record: hand-level facts are set once, arrangement and placement facts per candidate.

    Kept as plain attributes (not properties) because every yaku predicate reads them on
    every candidate arrangement; this is the scorer's hot path.
    """

    __slots__ = (
        "win", "profile", "self_drawn", "is_open", "n_kongs", "win_copies",
        "simples_only", "terminals_honours_only", "terminals_only", "honours_only", "green_only",
        "single_suit", "has_honours", "nine_gates",
        "shape", "chis", "triplets", "pair", "outside",
        "concealed_triplets", "pinfu",
    )

    def __init__(self, hand, win, profile, all_counts: list[int]):
        self.win = win
        self.profile = profile
        self.is_open = not hand.is_concealed_hand
        self.self_drawn = hand.self_drawn
        self.n_kongs = sum(m.is_kong for m in hand.melds)
        self.win_copies = all_counts[hand.win_tile]
        kinds = {k for k, n in enumerate(all_counts) if n}
        self.simples_only = kinds.isdisjoint(_OUTSIDE)
        self.terminals_honours_only = kinds <= _OUTSIDE
        self.terminals_only = kinds <= _TERMINALS
        self.honours_only = min(kinds) >= EAST
        self.green_only = kinds <= _GREEN
        self.has_honours = max(kinds) >= EAST
        suits = {k // 9 for k in kinds if k < EAST}
        self.single_suit = len(suits) == 1
        self.nine_gates = self.single_suit and not self.has_honours and not hand.melds and _is_nine_gates(all_counts, suits.pop())
        self.concealed_triplets = 0
        self.pinfu = False

    def set_arrangement(self, shape: str, chis: tuple[int, ...], triplets: tuple[int, ...], pair: int) -> None:
        """Describe one arrangement: run starts and pung/kong kinds (sorted), the pair kind (-1 if none)."""
        self.shape = shape
        self.chis = chis
        self.triplets = triplets
        self.pair = pair
        self.outside = (
            shape == "standard"
            and pair in _OUTSIDE
            and all(t in _OUTSIDE for t in triplets)
            and all(c % 9 in (0, 6) for c in chis)
        )


def _is_nine_gates(all_counts: list[int], suit: int) -> bool:
    """1112345678999 plus one more of the suit: 3+ of the ends, 1+ of each middle rank (14 tiles in all)."""
    ranks = all_counts[suit * 9: suit * 9 + 9]
    return ranks[0] >= 3 and ranks[8] >= 3 and all(ranks[1:8])
