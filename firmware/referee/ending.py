"""How a hand ends, and what the draw asks of the seats still in play.

`win`: the hand ended on a win (where winners leave play, when all but one have won);
`draw`: the wall ran out and its last discard was not won (where winners leave play, also
after some wins); `cut`: the events stopped with the hand still open — or an offence was
flagged, which leaves the hand's outcome to the judge. At a draw the rule sets that pay on
it list the seats still in play that are ready (a wait they do not hold all four of; a dead
hand or a 花猪 is never ready) and, with a declared void suit, the 花猪.
"""


def conclude(ref, discards: bool = True) -> dict:
    """The hand's result: flags, wins, end, ready, flower_pigs, moves and (unless told not
    to: formatting them is most of a runner's work) each discard's zones."""
    end = _end(ref)
    ready = pigs = None
    if end == "draw":
        ref.record(None, "draw_end")
        in_play = [s for s in ref.seats if not s.out]
        if ref.play.flower_pig is not None:
            pigs = [s.index for s in in_play
                    if s.void is not None and ref.play.flower_pig(ref.counts_of(s.index), s.void)]
        if ref.play.ready_at_draw:
            ready = [s.index for s in in_play if not s.dead and s.index not in (pigs or ())
                     and ref.is_ready(s.concealed34(), len(s.melds))]
    return {"flags": ref.flags, "wins": ref.wins, "end": end, "ready": ready, "flower_pigs": pigs,
            "discards": ref.discards() if discards else None, "moves": ref.moves}


def _end(ref) -> str:
    if ref.won_by_wins:
        return "win"
    if not ref.flags and ref.wall.empty and ref.holder is None and ref.replacing is None:
        return "draw"
    return "cut"
