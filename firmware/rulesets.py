"""The five rule sets the table plays, by the names used in config, CLI and code."""

RULE_SETS = ("mcr", "cmcr1998", "ccm2012", "riichi", "sichuan")


def check_rule_set(name: str) -> str:
    """Return ``name`` if it is a known rule set, else raise ValueError naming the choices."""
    if name not in RULE_SETS:
        raise ValueError(f"unknown rule set {name!r}; choose one of {', '.join(RULE_SETS)}")
    return name
