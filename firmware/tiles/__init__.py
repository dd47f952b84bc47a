"""Tile identity: the enrolled sets, the wall map from the head reader, set and hand-count checks."""
