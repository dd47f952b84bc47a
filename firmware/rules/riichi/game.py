"""A riichi hanchan as the Beijing club plays it, as data (seed 003; riichi_rcr_beijing.md §6).

East and South rounds; the dealer keeps the deal on a win or tenpai at a draw, also in the
last hand (seed item 8: 不设庄家和牌结束、听牌结束); the riichi sticks left at the end go to
the table's first place (item 8). Starting points and uma are inferred from the seed's own
figures (brief AMB-1: an absent player is credited 25000; the 3-player uma +30000/+10000/
−10000). Time (seed line 79): the hand that ends after time is called is finished, and one
more is played (报和即代表下局已经开始).
"""

ROUNDS = 2  # 半庄: East and South
START_POINTS = 25000
RETURN_POINTS = 25000  # no oka: final = points − 25000 + uma
UMA = (30000, 10000, -10000, -30000)
HANDS_AFTER_TIME = 1
