"""Simulated RFID readers: the same frames as the real modules, over ptys, fed by the simulator."""
