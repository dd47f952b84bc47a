"""Riichi rule profiles: the Beijing club's RCR settings (default) and a Tenhou-like variant, as data."""

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Profile:
    """Every rule switch the scorer and the table logic read; nothing else varies between profiles.

    `kazoe_yakuman` lets 13+ plain han count as a yakuman (Tenhou); without it 11+ han stay
    sanbaiman (RCR: no counted yakuman). `stack_yakuman` adds several yakuman together,
    `double_yakuman` lets the "pure" forms (13-wait kokushi, single-wait suuankou, 9-wait
    chuuren, daisuushii) count twice. `noten_payments[n - 1]` is, with n players ready at an
    exhaustive draw (1..3), (each ready player's gain, each non-ready player's loss).
    `head_bump`, `abortive_draws`, `nagashi_mangan` and `pao_yakuman` are the game-flow
    settings the table's hand logic reads.
    """

    name: str
    open_tanyao: bool
    double_yakuman: bool
    stack_yakuman: bool
    kazoe_yakuman: bool
    fu_for_open_pinfu: bool
    fu_for_pinfu_tsumo: bool
    kiriage_mangan: bool
    head_bump: bool
    abortive_draws: bool
    nagashi_mangan: bool
    pao_yakuman: frozenset[str]
    noten_payments: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
    honba_ron: int = 300
    honba_tsumo_each: int = 100
    riichi_stick: int = 1000


# Seed 003 item 10/11: no multiple ron (head bump), no abortive draws, no nagashi mangan,
# pao only for daisangen and daisuushii; no counted yakuman (11+ han = sanbaiman), several
# yakuman count once, no double yakuman. Item 7: noten settlement at a fixed 2000 difference
# (1 ready: +1500 / -500 each; 2: +1000 / -1000; 3: +500 each / -1500).
RCR = Profile(
    name="rcr",
    open_tanyao=True,
    double_yakuman=False,
    stack_yakuman=False,
    kazoe_yakuman=False,
    fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False,
    kiriage_mangan=False,
    head_bump=True,
    abortive_draws=False,
    nagashi_mangan=False,
    pao_yakuman=frozenset({"Daisangen", "Dai Suushii"}),
    noten_payments=((1500, 500), (1000, 1000), (500, 1500)),
)

# The usual online settings: double and counted yakuman, several yakuman add up, 3000 noten pool.
TENHOU = replace(
    RCR,
    name="tenhou",
    double_yakuman=True,
    stack_yakuman=True,
    kazoe_yakuman=True,
    head_bump=False,
    abortive_draws=True,
    nagashi_mangan=True,
    noten_payments=((3000, 1000), (1500, 1500), (1000, 3000)),
)

PROFILE_BY_NAME = {p.name: p for p in (RCR, TENHOU)}

# Names hand records use in `rules.profile` for our profiles (../shared/spec/hand-records.md).
RECORD_PROFILE_ALIASES = {"rcr2016": "rcr", "tenhou_like": "tenhou", "rcr": "rcr", "tenhou": "tenhou"}
