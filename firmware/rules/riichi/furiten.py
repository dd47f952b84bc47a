"""Furiten: a ron is refused when the winner let one of their own waiting tiles go (three kinds)."""

from firmware.rules.tiles import format_tiles

# Evidence order matches WinContext.furiten_evidence: own discards, passed since own discard, passed after riichi.
_KINDS = (
    "furiten: {tiles} in the winner's own discards",
    "temporary furiten: {tiles} let pass since the winner's last discard",
    "riichi furiten: {tiles} let pass after riichi",
)


def furiten_reason(win, self_drawn: bool, waits) -> str | None:
    """Why a ron is furiten, or None. A self-draw is never furiten.

    `waits` are all kinds completing the hand before the win (yaku or not, as the rule
    goes): any of them discarded by the winner is permanent furiten; any let pass since
    the winner's last discard is temporary furiten; any let pass after riichi lasts to the
    end of the hand. The last only counts with riichi declared.
    """
    if self_drawn:
        return None
    wanted = set(waits)
    after_riichi = win.riichi_declared
    for index, (evidence, text) in enumerate(zip(win.furiten_evidence, _KINDS)):
        if index == 2 and not after_riichi:
            continue
        hit = wanted.intersection(evidence)
        if hit:
            return text.format(tiles=format_tiles(hit))
    return None
