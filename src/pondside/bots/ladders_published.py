"""The published Skip-Bo baseline, rebuilt for Ladders from its source's description (issue 31).

Ladders is the Skip-Bo family: a CLIMB pile to empty (Skip-Bo's stock), four RUNG piles (its
discard piles), shared ACCENT piles built 1 to 12 (its building piles) and SKIP PORTALs (its
wild cards). skipbot (meesvandongen/skipbot, ``research/heuristic_research.md``) measured its
heuristics against one baseline over 100,000 two-player games with a stock of 20:

- ``naive``: skipbot's ``heuristic14``, the "naive play-first" bot: it makes any play it can,
  looking first at its stock (our CLIMB), then its discard piles (our RUNGs), then its hand;
  it discards only when no play is left, the first card of its hand onto its first discard
  pile. Its best planner (``heuristic13``, which plans the turn's whole card sequence through
  hand, discard piles and stock) won 95.71 % against it, a blocking bot 20.88 %.

Where skipbot's bot takes the first play of a kind in its own list order (its hand in the order
drawn), this one takes one of them at random (with its own seed): the same choice in
distribution, since a hand in draw order is in random order. Our hands are shown sorted, so the
"first card of the hand" it discards is also drawn at random from the hand, onto the first RUNG
pile. In a partnership (LA-12, which skipbot's game lacks) the partner's CLIMB and RUNG tops
come right after one's own.
"""

from __future__ import annotations

from pondside.engine import View

from .base import Bot

# The naive order of the plays: CLIMB first, then RUNG tops, then the hand (skipbot's stock,
# discard, hand), each of one's partner right after one's own.
PLAY_ORDER = (
    "play climb ",
    "play partner climb ",
    "play rung ",
    "play partner rung ",
    "play hand ",
)


class NaiveBot(Bot):
    """skipbot's baseline: any play (CLIMB, then RUNG tops, then the hand), else a discard of a
    card of the hand (drawn at random) onto the first RUNG pile it may go to."""

    name = "naive"

    def choose(self, view: View, legal: list[str]) -> str:
        for kind in PLAY_ORDER:
            plays = [a for a in legal if a.startswith(kind)]
            if plays:
                return plays[self.rng.randrange(len(plays))]
        discards = [a for a in legal if a.startswith("discard ")]
        if not discards:
            return legal[0]
        card = view["hand"][self.rng.randrange(len(view["hand"]))]
        mine = [a for a in discards if a.split()[1] == card] or discards
        return min(mine, key=lambda a: int(a.rsplit(" ", 1)[1]))
