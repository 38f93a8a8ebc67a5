"""High Card's heuristic: play a sure winner when there is one, else shed the lowest card."""

from __future__ import annotations

from pondside.bots.base import Bot
from pondside.bots.declared import GameBots
from pondside.engine import View


class HighCardHeuristic(Bot):
    name = "heuristic"

    def choose(self, view: View, legal: list[str]) -> str:
        cards = sorted(int(a.split()[1]) for a in legal)
        seen = set(view["hand"]) | set(view["played"])
        unseen = [c for c in range(1, 6 * view["players"] + 1) if c not in seen]
        sure = not unseen or cards[-1] > max(unseen)
        return f"play {cards[-1] if sure else cards[0]}"


BOTS = GameBots(heuristic=HighCardHeuristic)
