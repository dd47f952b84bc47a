"""The Sichuan fan table as data: base rows (only the highest counts) and the +1 add-ons.

The seed's base list is lost (its fan section is garbled, seed lines 49-51); the rows and
their order are those of ../shared/spec/sichuan-records.md, highest first, so that a tie
goes to the row listed first. 天和/地和 head the list: when the setting turns them on they
are worth 6 fan (×32), above every other row.
"""

from typing import NamedTuple


class Fan(NamedTuple):
    zh: str
    en: str
    fan: int


HEAVENLY_WIN = Fan("天和", "Heavenly Win", 6)
EARTHLY_WIN = Fan("地和", "Earthly Win", 6)
PURE_SEVEN_PAIRS = Fan("清七对", "Pure Seven Pairs", 5)
PURE_ALL_PUNGS = Fan("清对", "Pure All Pungs", 4)
PUNGS_258 = Fan("将对", "2-5-8 Pungs", 4)
FULL_FLUSH = Fan("清一色", "Full Flush", 3)
SEVEN_PAIRS = Fan("七对", "Seven Pairs", 3)
OUTSIDE_HAND = Fan("带幺九", "Outside Hand", 3)
ALL_PUNGS = Fan("对对和", "All Pungs", 2)
BASIC_WIN = Fan("平和", "Basic Win", 1)

BASE_FANS = (HEAVENLY_WIN, EARTHLY_WIN, PURE_SEVEN_PAIRS, PURE_ALL_PUNGS, PUNGS_258, FULL_FLUSH,
             SEVEN_PAIRS, OUTSIDE_HAND, ALL_PUNGS, BASIC_WIN)

# Add-ons, one fan each (seed line 51), in the order a result lists them.
WIN_AFTER_KONG = Fan("杠上花", "Win after Kong", 1)
DISCARD_AFTER_KONG = Fan("杠上炮", "Discard after Kong", 1)
GOLDEN_SINGLE_WAIT = Fan("金钩钓", "Golden Single Wait", 1)
SELF_DRAWN = Fan("自摸", "Self-Drawn", 1)
ROOT = Fan("根", "Root", 1)
# Off unless the settings turn them on (brief AMB-6).
ROBBING_THE_KONG = Fan("抢杠和", "Robbing the Kong", 1)
LAST_TILE = Fan("海底", "Last Tile", 1)
