"""The world around the simulated table: the players and the operator who use it."""
