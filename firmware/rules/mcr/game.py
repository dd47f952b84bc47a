"""An MCR game, as data (seed 000 §3.4, §3.5.6, §3.9.2; ../shared/rules/mcr.md §6).

A game (局) is four rounds (圈) of four hands, the deal passing after every hand whether or
not the dealer won (3.4.8 庄家不连庄), or ends at the time limit, when the hand still being
played stops and the scores so far stand (3.5.6). The game score is the sum of the hands'
gains and losses (3.9.2 一); the four players then get standard scores 4, 2, 1, 0 by it (二).
"""

HANDS_PER_GAME = 16  # 3.4.4 每打完四圈…为一局; 3.4.3 四人各坐一次庄为一圈
GAME_MINUTES = 150  # 3.5.6 每局竞赛时间不超过150分钟
TIME_UP_VOIDS_HAND = True  # 3.5.6 尚在进行的竞赛应即终止，按已取得的分数计算成绩
STARTING_SCORE = 0
STANDARD_SCORES = (4, 2, 1, 0)  # 3.9.2 二 标准分：4、2、1、0制
