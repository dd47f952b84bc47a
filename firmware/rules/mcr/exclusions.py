"""Which fans a fan makes uncountable (counting principle 1, non-repeat), as ordered data.

`EXCLUSIONS` lists, in the order they are applied, each fan with the fans it implies and
so excludes. Order matters only where an excluded fan would itself exclude others; it
follows pymahjonggb's order so the `mil` profile agrees with it. Terminal/honour pungs
(幺九刻) absorbed by a bigger fan are taken off by count (`PUNGS_ABSORBED`).
"""

from firmware.rules.mcr.fans import F

EXCLUSIONS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (F.BIG_FOUR_WINDS, (F.BIG_THREE_WINDS, F.ALL_PUNGS, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.BIG_THREE_DRAGONS, (F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG)),
    (F.ALL_GREEN, (F.HALF_FLUSH, F.ONE_VOIDED_SUIT)),
    (F.NINE_GATES, (F.FULL_FLUSH, F.CONCEALED_HAND, F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    (F.FOUR_KONGS, (F.SINGLE_WAIT,)),
    (F.SEVEN_SHIFTED_PAIRS, (F.SEVEN_PAIRS, F.FULL_FLUSH, F.CONCEALED_HAND, F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    (F.THIRTEEN_ORPHANS, (F.ALL_TYPES, F.CONCEALED_HAND, F.SINGLE_WAIT)),
    (F.ALL_TERMINALS, (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND,
                       F.PUNG_OF_TERMINALS_OR_HONORS, F.NO_HONORS, F.DOUBLE_PUNG)),
    (F.LITTLE_FOUR_WINDS, (F.BIG_THREE_WINDS, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.LITTLE_THREE_DRAGONS, (F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG)),
    (F.ALL_HONORS, (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND,
                    F.PUNG_OF_TERMINALS_OR_HONORS, F.ONE_VOIDED_SUIT)),
    (F.FOUR_CONCEALED_PUNGS, (F.ALL_PUNGS, F.CONCEALED_HAND)),
    (F.PURE_TERMINAL_CHOWS, (F.SEVEN_PAIRS, F.FULL_FLUSH, F.ALL_CHOWS, F.PURE_DOUBLE_CHOW,
                             F.TWO_TERMINAL_CHOWS, F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    (F.QUADRUPLE_CHOW, (F.PURE_SHIFTED_PUNGS, F.TILE_HOG, F.PURE_DOUBLE_CHOW)),
    (F.FOUR_PURE_SHIFTED_PUNGS, (F.PURE_TRIPLE_CHOW, F.ALL_PUNGS)),
    (F.FOUR_PURE_SHIFTED_CHOWS, (F.PURE_SHIFTED_CHOWS, F.TWO_TERMINAL_CHOWS, F.SHORT_STRAIGHT)),
    (F.ALL_TERMINALS_AND_HONORS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.SEVEN_PAIRS, (F.CONCEALED_HAND, F.SINGLE_WAIT)),
    (F.GREATER_HONORS_AND_KNITTED, (F.ALL_TYPES, F.CONCEALED_HAND)),
    (F.ALL_EVEN_PUNGS, (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS)),
    (F.FULL_FLUSH, (F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    (F.PURE_TRIPLE_CHOW, (F.PURE_SHIFTED_PUNGS, F.PURE_DOUBLE_CHOW)),
    (F.PURE_SHIFTED_PUNGS, (F.PURE_TRIPLE_CHOW,)),
    (F.UPPER_TILES, (F.UPPER_FOUR, F.NO_HONORS)),
    (F.MIDDLE_TILES, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.LOWER_TILES, (F.LOWER_FOUR, F.NO_HONORS)),
    (F.THREE_SUITED_TERMINAL_CHOWS, (F.ALL_CHOWS, F.NO_HONORS, F.MIXED_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS)),
    (F.ALL_FIVE, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.LESSER_HONORS_AND_KNITTED, (F.ALL_TYPES, F.CONCEALED_HAND)),
    (F.UPPER_FOUR, (F.NO_HONORS,)),
    (F.LOWER_FOUR, (F.NO_HONORS,)),
    (F.BIG_THREE_WINDS, ()),  # only absorbs its wind pungs, see PUNGS_ABSORBED
    (F.REVERSIBLE_TILES, (F.ONE_VOIDED_SUIT,)),
    (F.LAST_TILE_DRAW, (F.SELF_DRAWN,)),
    (F.OUT_WITH_REPLACEMENT_TILE, (F.SELF_DRAWN,)),
    (F.ROBBING_THE_KONG, (F.LAST_TILE,)),
    (F.TWO_CONCEALED_KONGS, (F.CONCEALED_KONG,)),
    (F.HALF_FLUSH, (F.ONE_VOIDED_SUIT,)),
    (F.MELDED_HAND, (F.SINGLE_WAIT,)),
    (F.TWO_DRAGON_PUNGS, (F.DRAGON_PUNG,)),
    (F.FULLY_CONCEALED_HAND, (F.SELF_DRAWN,)),
    (F.TWO_MELDED_KONGS, (F.MELDED_KONG,)),
    (F.ALL_CHOWS, (F.NO_HONORS,)),
    (F.ALL_SIMPLES, (F.NO_HONORS,)),
)

# Fans whose own pungs would otherwise also count as 幺九刻: how many they absorb.
# (九莲宝灯's one absorbed pung is part of its fixed fan set in special.py.)
PUNGS_ABSORBED = {F.BIG_THREE_WINDS: 3}

# With one of these, every wind pung was already taken off 幺九刻 (so 圈风刻/门风刻 take none).
_WIND_PUNGS_ABSORBED_BY = frozenset((F.BIG_THREE_WINDS, F.ALL_TERMINALS_AND_HONORS, F.ALL_HONORS,
                                     F.LITTLE_FOUR_WINDS))

_EXCLUDED_BY = dict(EXCLUSIONS)
_RANK = {fan: rank for rank, (fan, _excluded) in enumerate(EXCLUSIONS)}
_EXCLUDERS = frozenset(_RANK)


def apply_exclusions(table: dict[int, int]) -> None:
    """Take every fan excluded by a fan present in `table` out of it, in EXCLUSIONS order.

    Only the few fans the hand has that exclude others are visited, not the whole list.
    """
    for fan in sorted(_EXCLUDERS.intersection(table), key=_RANK.__getitem__):
        if fan in table:  # it may itself have been excluded by an earlier entry
            for other in _EXCLUDED_BY[fan]:
                table.pop(other, None)
            if fan in PUNGS_ABSORBED:
                _take_pungs(table, PUNGS_ABSORBED[fan])


def apply_wind_pungs(table: dict[int, int], wind_pungs: list[int], seat_wind: int, round_wind: int) -> None:
    """圈风刻 and 门风刻 for a hand with wind pungs (`wind_pungs` not empty); each takes its pung
    off 幺九刻 unless a bigger fan already did."""
    if F.BIG_FOUR_WINDS in table:
        return
    absorbed = not _WIND_PUNGS_ABSORBED_BY.isdisjoint(table)
    for wind in wind_pungs:
        if wind == round_wind:
            table[F.PREVALENT_WIND] = 1
            if not absorbed:
                _take_pungs(table, 1)
        if wind == seat_wind:
            table[F.SEAT_WIND] = 1
            if seat_wind != round_wind and not absorbed:
                _take_pungs(table, 1)


def _take_pungs(table: dict[int, int], absorbed: int) -> None:
    """Take `absorbed` pungs off 幺九刻, which leaves the tally when none is left."""
    left = table.get(F.PUNG_OF_TERMINALS_OR_HONORS, 0) - absorbed
    if left > 0:
        table[F.PUNG_OF_TERMINALS_OR_HONORS] = left
    else:
        table.pop(F.PUNG_OF_TERMINALS_OR_HONORS, None)
