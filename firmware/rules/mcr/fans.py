"""The MCR fan registry: the 81 fans (plus the MIL-only 明暗杠) with names and points.

Each fan is one `Fan` entry; `F` gives every fan a small integer id so a hand's fans can
be tallied in a flat list indexed by id. Order and numbering follow the 1998 table
(seed 002 / ../shared/rules/mcr.md §4), which is also pymahjonggb's order. Names are the
ones the hand records use (pymahjonggb's), e.g. 独听・单钓 for 单钓将; the WMO seed's own
names differ in places (#1 四风会 and #9 小四风会 for 大四喜 and 小四喜, #79 单调将), but
results must name fans as the records do.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Fan:
    """One scoring pattern: its Chinese and English names and the points of one instance."""

    zh: str
    en: str
    points: int


_TABLE = (
    ("BIG_FOUR_WINDS", "大四喜", "Big Four Winds", 88),
    ("BIG_THREE_DRAGONS", "大三元", "Big Three Dragons", 88),
    ("ALL_GREEN", "绿一色", "All Green", 88),
    ("NINE_GATES", "九莲宝灯", "Nine Gates", 88),
    ("FOUR_KONGS", "四杠", "Four Kongs", 88),
    ("SEVEN_SHIFTED_PAIRS", "连七对", "Seven Shifted Pairs", 88),
    ("THIRTEEN_ORPHANS", "十三幺", "Thirteen Orphans", 88),
    ("ALL_TERMINALS", "清幺九", "All Terminals", 64),
    ("LITTLE_FOUR_WINDS", "小四喜", "Little Four Winds", 64),
    ("LITTLE_THREE_DRAGONS", "小三元", "Little Three Dragons", 64),
    ("ALL_HONORS", "字一色", "All Honors", 64),
    ("FOUR_CONCEALED_PUNGS", "四暗刻", "Four Concealed Pungs", 64),
    ("PURE_TERMINAL_CHOWS", "一色双龙会", "Pure Terminal Chows", 64),
    ("QUADRUPLE_CHOW", "一色四同顺", "Quadruple Chow", 48),
    ("FOUR_PURE_SHIFTED_PUNGS", "一色四节高", "Four Pure Shifted Pungs", 48),
    ("FOUR_PURE_SHIFTED_CHOWS", "一色四步高", "Four Pure Shifted Chows", 32),
    ("THREE_KONGS", "三杠", "Three Kongs", 32),
    ("ALL_TERMINALS_AND_HONORS", "混幺九", "All Terminals and Honors", 32),
    ("SEVEN_PAIRS", "七对", "Seven Pairs", 24),
    ("GREATER_HONORS_AND_KNITTED", "七星不靠", "Greater Honors and Knitted Tiles", 24),
    ("ALL_EVEN_PUNGS", "全双刻", "All Even Pungs", 24),
    ("FULL_FLUSH", "清一色", "Full Flush", 24),
    ("PURE_TRIPLE_CHOW", "一色三同顺", "Pure Triple Chow", 24),
    ("PURE_SHIFTED_PUNGS", "一色三节高", "Pure Shifted Pungs", 24),
    ("UPPER_TILES", "全大", "Upper Tiles", 24),
    ("MIDDLE_TILES", "全中", "Middle Tiles", 24),
    ("LOWER_TILES", "全小", "Lower Tiles", 24),
    ("PURE_STRAIGHT", "清龙", "Pure Straight", 16),
    ("THREE_SUITED_TERMINAL_CHOWS", "三色双龙会", "Three-Suited Terminal Chows", 16),
    ("PURE_SHIFTED_CHOWS", "一色三步高", "Pure Shifted Chows", 16),
    ("ALL_FIVE", "全带五", "All Five", 16),
    ("TRIPLE_PUNG", "三同刻", "Triple Pung", 16),
    ("THREE_CONCEALED_PUNGS", "三暗刻", "Three Concealed Pungs", 16),
    ("LESSER_HONORS_AND_KNITTED", "全不靠", "Lesser Honors and Knitted Tiles", 12),
    ("KNITTED_STRAIGHT", "组合龙", "Knitted Straight", 12),
    ("UPPER_FOUR", "大于五", "Upper Four", 12),
    ("LOWER_FOUR", "小于五", "Lower Four", 12),
    ("BIG_THREE_WINDS", "三风刻", "Big Three Winds", 12),
    ("MIXED_STRAIGHT", "花龙", "Mixed Straight", 8),
    ("REVERSIBLE_TILES", "推不倒", "Reversible Tiles", 8),
    ("MIXED_TRIPLE_CHOW", "三色三同顺", "Mixed Triple Chow", 8),
    ("MIXED_SHIFTED_PUNGS", "三色三节高", "Mixed Shifted Pungs", 8),
    ("CHICKEN_HAND", "无番和", "Chicken Hand", 8),
    ("LAST_TILE_DRAW", "妙手回春", "Last Tile Draw", 8),
    ("LAST_TILE_CLAIM", "海底捞月", "Last Tile Claim", 8),
    ("OUT_WITH_REPLACEMENT_TILE", "杠上开花", "Out with Replacement Tile", 8),
    ("ROBBING_THE_KONG", "抢杠和", "Robbing The Kong", 8),
    ("ALL_PUNGS", "碰碰和", "All Pungs", 6),
    ("HALF_FLUSH", "混一色", "Half Flush", 6),
    ("MIXED_SHIFTED_CHOWS", "三色三步高", "Mixed Shifted Chows", 6),
    ("ALL_TYPES", "五门齐", "All Types", 6),
    ("MELDED_HAND", "全求人", "Melded Hand", 6),
    ("TWO_CONCEALED_KONGS", "双暗杠", "Two Concealed Kongs", 6),
    ("TWO_DRAGON_PUNGS", "双箭刻", "Two Dragons Pungs", 6),
    ("OUTSIDE_HAND", "全带幺", "Outside Hand", 4),
    ("FULLY_CONCEALED_HAND", "不求人", "Fully Concealed Hand", 4),
    ("TWO_MELDED_KONGS", "双明杠", "Two Melded Kongs", 4),
    ("LAST_TILE", "和绝张", "Last Tile", 4),
    ("DRAGON_PUNG", "箭刻", "Dragon Pung", 2),
    ("PREVALENT_WIND", "圈风刻", "Prevalent Wind", 2),
    ("SEAT_WIND", "门风刻", "Seat Wind", 2),
    ("CONCEALED_HAND", "门前清", "Concealed Hand", 2),
    ("ALL_CHOWS", "平和", "All Chows", 2),
    ("TILE_HOG", "四归一", "Tile Hog", 2),
    ("DOUBLE_PUNG", "双同刻", "Double Pung", 2),
    ("TWO_CONCEALED_PUNGS", "双暗刻", "Two Concealed Pungs", 2),
    ("CONCEALED_KONG", "暗杠", "Concealed Kong", 2),
    ("ALL_SIMPLES", "断幺", "All Simples", 2),
    ("PURE_DOUBLE_CHOW", "一般高", "Pure Double Chow", 1),
    ("MIXED_DOUBLE_CHOW", "喜相逢", "Mixed Double Chow", 1),
    ("SHORT_STRAIGHT", "连六", "Short Straight", 1),
    ("TWO_TERMINAL_CHOWS", "老少副", "Two Terminal Chows", 1),
    ("PUNG_OF_TERMINALS_OR_HONORS", "幺九刻", "Pung of Terminals or Honors", 1),
    ("MELDED_KONG", "明杠", "Melded Kong", 1),
    ("ONE_VOIDED_SUIT", "缺一门", "One Voided Suit", 1),
    ("NO_HONORS", "无字", "No Honors", 1),
    ("EDGE_WAIT", "独听・边张", "Edge Wait", 1),
    ("CLOSED_WAIT", "独听・嵌张", "Closed Wait", 1),
    ("SINGLE_WAIT", "独听・单钓", "Single Wait", 1),
    ("SELF_DRAWN", "自摸", "Self-Drawn", 1),
    # 花牌 (81) is not a fan of the list: flowers are reported as flower_points.
    # MIL supplementary rule (pymahjonggb): one melded + one concealed kong. Its points
    # depend on the profile (5 MIL, 6 WMO seed 000 line 239), see profiles.py.
    ("CONCEALED_KONG_AND_MELDED_KONG", "明暗杠", "Concealed Kong and Melded Kong", 5),
)

# Plain int class attributes rather than an IntEnum: fan ids index the tally list on every
# scored hand, and an enum member costs several times an int both to look up and to index with.
F = type("F", (), {key: index for index, (key, *_rest) in enumerate(_TABLE)})
F.__doc__ = "Fan ids, the index of each fan in FANS."

FANS: tuple[Fan, ...] = tuple(Fan(zh, en, points) for _key, zh, en, points in _TABLE)
