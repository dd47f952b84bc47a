"""Pure rules engines: the shared hand-analysis core plus one scoring package per rule set."""
