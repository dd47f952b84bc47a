"""Points: basic points from han and fu, limits, who pays what (dealer/non-dealer, ron/tsumo), honba, sticks."""

MANGAN = 2000
MAX_YAKUMAN_MULTIPLE = 6
# Lowest han of each limit and its basic points, highest first (below 5 han, B = fu * 2^(han+2)).
_LIMITS = ((11, 6000, "sanbaiman"), (8, 4000, "baiman"), (6, 3000, "haneman"), (5, MANGAN, "mangan"))


def basic_points(han: int, fu: int, yakuman: int, profile) -> tuple[int, str]:
    """Basic points B and the limit's name ("" below mangan).

    `yakuman` is how many yakuman units the hand scores (0 for none). Plain han of 13 or
    more are a counted yakuman only under profiles that allow it; RCR stops them at
    sanbaiman (seed 003 item 11: 11+ han are sanbaiman).
    """
    if han < 5 and not yakuman:
        base = fu << (han + 2)
        if base > MANGAN or (profile.kiriage_mangan and (han, fu) in ((4, 30), (3, 60))):
            return MANGAN, "mangan"
        return base, ""
    if not yakuman and han >= 13 and profile.kazoe_yakuman:
        yakuman = 1
    if yakuman:
        units = min(yakuman, MAX_YAKUMAN_MULTIPLE)
        return 8000 * units, "yakuman" if units == 1 else f"{units}x yakuman"
    return next((points, name) for least, points, name in _LIMITS if han >= least)


def cost(han: int, fu: int, yakuman: int, dealer: bool, self_drawn: bool, honba: int, sticks: int, profile) -> dict:
    """The record's `cost`: payments before honba (`main`, `additional`), honba bonuses, sticks, total won.

    Ron: the discarder pays 4B (6B to a dealer) plus 300 a honba. Tsumo: a dealer gets 2B
    from each; a non-dealer 2B from the dealer (`main`) and B from each other (`additional`),
    each payer adding 100 a honba. Each payment is rounded up to 100. Every winner needs
    one; they come from a table of the few (han, fu, ...) seen, each a fresh copy.
    """
    key = (han, fu, yakuman, dealer, self_drawn, honba, sticks, profile.name)
    paid = _COSTS.get(key)
    if paid is None:
        if len(_COSTS) >= _COSTS_LIMIT:  # honba and sticks could make it grow without bound
            _COSTS.clear()
        paid = _COSTS[key] = _cost(han, fu, yakuman, dealer, self_drawn, honba, sticks, profile)
    return paid.copy()


_COSTS: dict[tuple, dict] = {}
_COSTS_LIMIT = 4096


def _cost(han: int, fu: int, yakuman: int, dealer: bool, self_drawn: bool, honba: int, sticks: int, profile) -> dict:
    main, additional, level = payments(han, fu, yakuman, dealer, self_drawn, profile)
    if self_drawn:
        main_bonus = additional_bonus = profile.honba_tsumo_each * honba
    else:
        main_bonus, additional_bonus = profile.honba_ron * honba, 0
    kyoutaku = profile.riichi_stick * sticks
    return {
        "main": main, "additional": additional, "main_bonus": main_bonus,
        "additional_bonus": additional_bonus, "kyoutaku_bonus": kyoutaku,
        "total": main + main_bonus + 2 * (additional + additional_bonus) + kyoutaku,
        "yaku_level": level,
    }


# The cost table: (han, fu, yakuman units, dealer, self-drawn, profile) -> (main, additional,
# limit name), filled on first use. Bounded: han, fu and units take few values.
_PAYMENTS: dict[tuple, tuple[int, int, str]] = {}


def payments(han: int, fu: int, yakuman: int, dealer: bool, self_drawn: bool, profile) -> tuple[int, int, str]:
    """(main, additional, limit name) before honba and sticks, from the cost table."""
    key = (han, fu, yakuman, dealer, self_drawn, profile.name)
    paid = _PAYMENTS.get(key)
    if paid is None:
        paid = _PAYMENTS[key] = _payments(han, fu, yakuman, dealer, self_drawn, profile)
    return paid


def _payments(han: int, fu: int, yakuman: int, dealer: bool, self_drawn: bool, profile) -> tuple[int, int, str]:
    base, level = basic_points(han, fu, yakuman, profile)
    if self_drawn:
        main = -(-2 * base // 100) * 100
        return main, main if dealer else -(-base // 100) * 100, level
    return -(-(6 if dealer else 4) * base // 100) * 100, 0, level


def pao_payments(profile, yaku_names, paid: dict, self_drawn: bool) -> dict | None:
    """Who pays when a liable player (pao) fed the pung completing a pao yakuman; None if no pao yakuman.

    Seed 003 item 10 (设大三元、大四喜包牌): daisangen and daisuushii only. On tsumo the
    liable player pays it all; on a ron by someone else the discarder and the liable player
    pay half each, honba from the discarder only (brief §4). Riichi sticks come from the
    table either way.
    """
    if not profile.pao_yakuman.intersection(yaku_names):
        return None
    hand = paid["main"] + 2 * paid["additional"]
    honba = paid["main_bonus"] + 2 * paid["additional_bonus"]
    if self_drawn:
        return {"liable": hand + honba, "discarder": 0}
    return {"liable": hand // 2, "discarder": hand // 2 + honba}


def draw_payments(profile, ready: tuple[bool, bool, bool, bool]) -> tuple[int, int, int, int]:
    """Exhaustive-draw settlement per seat: ready players gain, the others pay (seed 003 item 7 for RCR)."""
    n_ready = sum(ready)
    if n_ready in (0, len(ready)):
        return (0, 0, 0, 0)
    gain, loss = profile.noten_payments[n_ready - 1]
    return tuple(gain if r else -loss for r in ready)
