"""A CCM 2012 game, as data (seed 001 lines 67, 123): four rounds (圈: every player deals
once; a dealer who wins deals again), or two as the schedule says; it also ends when two
players have no points (``position.ends_game``) or time is up. The seed gives no time limit."""

ROUNDS_PER_GAME = 4  # 每打完赛制规定的四圈或两圈…为一局
