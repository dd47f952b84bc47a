"""The 1998 rules' time limits (seed 002 第七条 四/六, 第六条 四), in seconds unless named."""

FIRST_DISCARD_S = 30  # dealer's first discard, flower replacement included
TURN_S = 15  # each later turn, from the previous discard (chow, pung, flowers included)
PUNG_CALL_S = 3
GAME_MINUTES = 180
BREAK_MINUTES = 15
END_WARNING_MINUTES = 15
