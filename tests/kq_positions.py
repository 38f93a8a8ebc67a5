"""King of the Quackers scenarios as positions: a hand in play with only the cards a test is
about, every other card already played. Shared by the ruling tests and the heuristic's tests."""

from __future__ import annotations

from typing import Any

from pondside.engine import Match
from pondside.games.king_of_the_quackers import CODE, GAME, deck_cards


def position(
    hands: list[list[str]],
    *,
    turn: int,
    options: dict[str, Any] | None = None,
    dealer: int = 0,
    out: tuple[int, ...] = (),
    aside: str | None = None,
    totals: list[int] | None = None,
    history: list[list[int]] | None = None,
) -> Match[Any]:
    """A hand in play with these hands, ``turn`` to lead; every other card is already played."""
    n = len(hands)
    opts = GAME.options(n, options or {})
    held = {c for h in hands for c in h} | ({aside} if aside else set())
    played = [CODE[i] for i in deck_cards(opts["deck"]) if CODE[i] not in held]
    pos = {
        "game": "king-of-the-quackers",
        "players": n,
        "options": opts,
        "last_events": [],
        "rng": 12345,
        "hand_no": len(history or []) + 1,
        "dealer": dealer,
        "history": history or [],
        "totals": totals or [0] * n,
        "over": False,
        "phase": "play",
        "hands": hands,
        "aside": aside,
        "gives": [[played[0], played[1]]] * n,
        "played": played,
        "out": list(out),
        "promise": None,
        "bonus": [0] * n,
        "turn": turn,
        # a new round to lead: nothing to beat yet
        "size": 0,
        "kind": "open",
        "lead": None,
        "last_seat": -1,
        "last_kind": "open",
        "last_rank": 0,
        "passed": 0,
        "round_plays": [],
    }
    return Match(GAME, n, opts, position=pos, seed=5)
