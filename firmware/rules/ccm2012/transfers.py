"""What settling a hand produces: point transfers with their reasons, and what was held back."""

from dataclasses import dataclass
from enum import Enum


class Reason(str, Enum):
    """Why points move (the seed's terms in the comments)."""

    SELF_DRAW = "self_draw"  # 自摸和牌
    DISCARD = "discard"  # 点炮和牌
    ROBBED_KONG = "robbed_kong"  # 抢杠和牌, 因杠牌点炮
    AFTER_KONG = "after_kong"  # 因杠牌点炮, wider reading (AMB-3)
    THREE_CALL = "three_call_liability"  # 吃牌与吃牌的包付
    FLUSH_DANGER = "flush_danger_liability"  # 险牌的包付 (1)
    HUNG_TILE = "hung_tile_liability"  # 险牌的包付 (2), 全求独钓
    MELDED_KONG = "melded_kong"  # 明杠, 点杠者一家支付
    ADDED_KONG = "added_kong"
    CONCEALED_KONG = "concealed_kong"  # 暗杠
    FLOWER_KONG = "flower_kong"  # 花杠
    CHASE = "chase"  # 追牌现场汇
    PENALTY = "penalty"  # 罚分


@dataclass(frozen=True)
class Transfer:
    """`payer` pays `points` to `payee`; a payee of None is a deduction only (a penalty)."""

    payer: int
    payee: int | None
    points: int
    reason: Reason


@dataclass(frozen=True)
class Unsettled:
    """An event that moved no points, and why (refused win, missing amount, game over)."""

    event: object
    reason: str
