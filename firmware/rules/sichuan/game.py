"""A Sichuan game, as data (seed 004 line 158; sichuan_bloody.md §6): 16 hands or 100
minutes; when time is called the hand in play is void and the game ends (此时未结束的牌局
无效); the score is the sum of the hands."""

HANDS_PER_GAME = 16  # 每局16盘100分钟
GAME_MINUTES = 100
TIME_UP_VOIDS_HAND = True
STARTING_SCORE = 0
