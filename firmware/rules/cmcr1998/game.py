"""A 1998 game, as data (seed 002 第五条, 第六条 四, 第十条): four rounds of four hands, the
deal passing every hand (莊家不連莊), the 500-point stake (``standings.STAKE``) and a 3-hour
limit (``time_limits.GAME_MINUTES``) at which the hand in progress ends the game unscored."""

HANDS_PER_GAME = 16  # 第五条 三/四: 四人各坐一次莊為一圈, 每打完四圈…為一局
TIME_UP_VOIDS_HAND = True  # 第六条 四: 一盤比賽尚在進行…即為一局(盤)比賽結束，按已取得的分數計算成績
