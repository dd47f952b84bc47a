"""The table simulator: the real drivers on a mock pin factory driven by a physics model, in virtual or real time."""
