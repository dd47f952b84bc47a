"""Tile pictures for the page: one SVG face per tile kind, drawn here from circles, sticks and
characters, so a hand on the screen looks like tiles on the table rather than ``123m``.

Codes follow the tile notation (``../shared/spec/hand-records.md``): ``1m``-``9m``,
``1p``-``9p``, ``1s``-``9s``, ``1z``-``7z`` (E S W N, white, green, red) and the flowers
``1f``-``8f`` (spring, summer, autumn, winter, plum, orchid, bamboo, chrysanthemum), plus
``back``. ``tile_codes`` reads notation into codes, the suits through the rules core's parser.
"""

import re

from firmware.rules.tiles import NotationError, parse_tiles

W, H = 60, 80
FACE, EDGE, INK = "#fbf7ea", "#7d7361", "#1a1a1a"
BLUE, GREEN, RED = "#1f4e9c", "#1c7a3e", "#c62828"
CJK_FONT = ("'Noto Serif CJK SC','Noto Sans CJK SC','WenQuanYi Micro Hei','Source Han Sans SC',"
            "'Microsoft YaHei',serif")

NUMERALS = "一二三四五六七八九"
HONOURS = {1: ("東", INK, "E"), 2: ("南", INK, "S"), 3: ("西", INK, "W"), 4: ("北", INK, "N"),
           6: ("發", GREEN, ""), 7: ("中", RED, "")}
FLOWERS = "春夏秋冬梅蘭竹菊"

# (x, y, radius, colour) of each dot of a circles tile.
_DOTS = {
    1: [(30, 40, 19, RED)],
    2: [(30, 23, 10, GREEN), (30, 57, 10, BLUE)],
    3: [(16, 18, 8.5, BLUE), (30, 40, 8.5, RED), (44, 62, 8.5, GREEN)],
    4: [(19, 24, 9, BLUE), (41, 24, 9, GREEN), (19, 56, 9, GREEN), (41, 56, 9, BLUE)],
    5: [(17, 19, 8.5, BLUE), (43, 19, 8.5, GREEN), (30, 40, 8.5, RED), (17, 61, 8.5, GREEN),
        (43, 61, 8.5, BLUE)],
    6: [(19, 16, 7.5, GREEN), (41, 16, 7.5, GREEN), (19, 42, 7.5, RED), (41, 42, 7.5, RED),
        (19, 64, 7.5, RED), (41, 64, 7.5, RED)],
    7: [(15, 13, 6.5, GREEN), (30, 22, 6.5, GREEN), (45, 31, 6.5, GREEN), (19, 49, 7, RED),
        (41, 49, 7, RED), (19, 66, 7, RED), (41, 66, 7, RED)],
    8: [(x, y, 7.5, BLUE) for y in (15, 32, 49, 66) for x in (19, 41)],
    9: [(x, y, 7, colour) for y, colour in ((17, BLUE), (40, RED), (63, GREEN))
        for x in (15, 30, 45)],
}

# (x, y, length, colour) of each stick of a bamboo tile (1s is a bird, drawn apart).
_STICKS = {
    2: [(30, 23, 26, GREEN), (30, 57, 26, BLUE)],
    3: [(30, 22, 26, GREEN), (19, 58, 26, GREEN), (41, 58, 26, GREEN)],
    4: [(19, 24, 26, GREEN), (41, 24, 26, BLUE), (19, 56, 26, BLUE), (41, 56, 26, GREEN)],
    5: [(16, 23, 26, GREEN), (44, 23, 26, BLUE), (30, 40, 26, RED), (16, 57, 26, BLUE),
        (44, 57, 26, GREEN)],
    6: [(x, y, 26, GREEN) for y in (24, 56) for x in (15, 30, 45)],
    7: [(30, 15, 18, RED)] + [(x, y, 20, GREEN) for y in (41, 65) for x in (15, 30, 45)],
    8: [(x, y, 26, GREEN if x in (12, 48) else BLUE) for y in (24, 56) for x in (12, 24, 36, 48)],
    9: [(x, y, 20, RED if x == 30 else GREEN) for y in (16, 40, 64) for x in (15, 30, 45)],
}

CODES = tuple([f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]
              + [f"{rank}z" for rank in range(1, 8)] + [f"{rank}f" for rank in range(1, 9)]
              + ["back"])

_NOTATION = re.compile(r"(\d+)([mpszf])")


def _frame(body: str, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
            f'height="{H}" role="img" aria-label="{label}">'
            f'<rect x="1.5" y="3.5" width="57" height="75" rx="7" fill="{GREEN}"/>'
            f'<rect x="1.5" y="1.5" width="57" height="73" rx="7" fill="{FACE}" stroke="{EDGE}" '
            f'stroke-width="1.5"/>{body}</svg>')


def _text(x: float, y: float, size: float, colour: str, text: str, weight: str = "bold") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-family="{CJK_FONT}" '
            f'font-weight="{weight}" fill="{colour}" text-anchor="middle">{text}</text>')


def _dot(x: float, y: float, r: float, colour: str) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.66:.2f}" fill="{FACE}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.4:.2f}" fill="{colour}"/>')


def _stick(x: float, y: float, length: float, colour: str) -> str:
    top, half = y - length / 2, length / 2
    nodes = "".join(f'<line x1="{x - 3}" y1="{y + dy}" x2="{x + 3}" y2="{y + dy}" '
                    f'stroke="{FACE}" stroke-width="1.4"/>' for dy in (-half / 2, 0, half / 2))
    return f'<rect x="{x - 3.2}" y="{top}" width="6.4" height="{length}" rx="3" fill="{colour}"/>{nodes}'


def _bird() -> str:
    """One bamboo: a small bird on a stem (tail feathers, body, head with a beak)."""
    tail = "".join(f'<line x1="30" y1="46" x2="{30 + dx}" y2="{70 - abs(dx) / 2}" stroke="{GREEN}" '
                   f'stroke-width="3" stroke-linecap="round"/>' for dx in (-12, -6, 0, 6, 12))
    return (tail + f'<ellipse cx="30" cy="40" rx="11" ry="14" fill="{GREEN}"/>'
            f'<ellipse cx="27" cy="42" rx="5" ry="8" fill="{BLUE}"/>'
            f'<circle cx="33" cy="22" r="7" fill="{RED}"/><circle cx="35" cy="20" r="1.6" fill="{FACE}"/>'
            f'<path d="M39 22 L47 24 L39 26 Z" fill="{INK}"/>')


def _white_dragon() -> str:
    return (f'<rect x="12" y="13" width="36" height="54" rx="3" fill="none" stroke="{BLUE}" '
            f'stroke-width="4"/><rect x="18" y="19" width="24" height="42" rx="2" fill="none" '
            f'stroke="{BLUE}" stroke-width="1.5"/>')


def _body(rank: int, suit: str) -> str:
    if suit == "m":
        return (_text(30, 35, 27, INK, NUMERALS[rank - 1]) + _text(30, 70, 29, RED, "萬")
                + _text(9, 14, 10, EDGE, str(rank), "normal"))
    if suit == "p":
        return "".join(_dot(*dot) for dot in _DOTS[rank])
    if suit == "s":
        return _bird() if rank == 1 else "".join(_stick(*stick) for stick in _STICKS[rank])
    if suit == "z":
        if rank == 5:
            return _white_dragon()
        glyph, colour, letter = HONOURS[rank]
        return _text(30, 55, 42, colour, glyph) + (_text(10, 15, 11, EDGE, letter) if letter else "")
    colour = RED if rank <= 4 else BLUE
    return (_text(30, 55, 38, colour, FLOWERS[rank - 1])
            + f'<circle cx="48" cy="14" r="7" fill="none" stroke="{colour}" stroke-width="1.2"/>'
            + _text(48, 18, 10, colour, str(rank)))


def svg(code: str) -> str:
    """The SVG picture of tile ``code`` (one of CODES); ValueError names an unknown code."""
    if code not in CODES:
        raise ValueError(f"no tile picture {code!r}; tiles are 1-9m/p/s, 1-7z, 1-8f and back")
    if code == "back":
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
                f'height="{H}" role="img" aria-label="back"><rect x="1.5" y="1.5" width="57" '
                f'height="77" rx="7" fill="{GREEN}" stroke="{EDGE}" stroke-width="1.5"/></svg>')
    return _frame(_body(int(code[0]), code[1]), code)


def tile_codes(text: str) -> list[str]:
    """Notation such as ``"123m55z2f"`` as picture codes in writing order; NotationError names
    text that is not tiles. Suits and honours go through the rules core's parser."""
    if not isinstance(text, str) or not text or _NOTATION.sub("", text):
        raise NotationError(f"not tile notation: {text!r}")
    codes = []
    for digits, suit in _NOTATION.findall(text):
        if suit == "f":
            if any(d not in "12345678" for d in digits):
                raise NotationError(f"flowers are 1f-8f, not {digits}f in {text!r}")
            codes += [f"{d}f" for d in digits]
        else:
            codes += [f"{kind % 9 + 1}{'mpsz'[kind // 9]}" for kind in parse_tiles(digits + suit)]
    return codes
