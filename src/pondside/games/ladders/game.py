"""Ladders' ``Game`` binding: the engine's methods are the functions of ``rules`` (the game),
``seat`` (what a seat sees) and ``narrate`` (the words), named, not restated."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from pondside.engine import ActionLabel, Event, Game, GameInfo, Option, View

from . import narrate as words
from . import playout, rules
from . import seat as seat_knows
from .events import LaddersEvent
from .state import PARSE_CARD, LaddersState, LaddersView


class Ladders(Game[LaddersState]):
    state_type = LaddersState
    info = GameInfo(
        slug="ladders",
        name="Ladders",
        min_players=2,
        max_players=6,
        default_players=2,
        options=(
            Option(
                "teams",
                bool,
                False,
                "two partnerships, partners sitting opposite: seats 1 and 3 against seats 2 and 4 "
                "(4 players, LA-2)",
            ),
            Option(
                "target",
                int,
                500,
                "play rounds until someone has this many points (LA-13)",
                minimum=1,
                nullable=True,
            ),
            Option(
                "rounds",
                int,
                None,
                "play this many rounds instead; the highest total wins",
                minimum=1,
                nullable=True,
            ),
        ),
        simultaneous=False,
        lower_score_is_better=False,
        summary="A Skip-Bo race: build the shared ACCENT piles from 1 to 12 with your hand, "
        "your RUNG piles and your CLIMB top; the first to empty their CLIMB wins the round.",
    )

    # Each method is the function itself, not a method that calls it: no call in between on
    # the hot path (to_act, legal_actions and apply run at every step of every playout).
    check_options = staticmethod(rules.check_options)
    all_actions = staticmethod(rules.all_actions)
    deal_layout = staticmethod(rules.deal_layout)
    new = staticmethod(rules.new)
    from_deal = staticmethod(rules.from_deal)
    check_position = staticmethod(rules.check_position)
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    timeout_action = staticmethod(rules.timeout_action)
    scores = staticmethod(rules.scores)
    progress = staticmethod(rules.progress)
    hands_played = staticmethod(rules.hands_played)
    outcome = staticmethod(rules.outcome)
    standing = staticmethod(rules.standing)
    determinize = staticmethod(rules.determinize)
    determinizer = staticmethod(rules.determinizer)
    random_playout = staticmethod(playout.random_playout)

    terms = staticmethod(words.terms)
    prompts = staticmethod(words.prompts)
    card_facts = staticmethod(words.card_facts)

    def view(self, state: LaddersState, seat: int | None) -> LaddersView:
        """LA-16: CLIMB tops and sizes, RUNG piles, ACCENT piles, DISCARD, DRAW size, hand
        sizes (seat)."""
        return seat_knows.view(self, state, seat)

    def narrate(
        self,
        before: View | None,
        events: Sequence[Event],
        after: View,
        receiver: int | None,
        names: Sequence[str],
    ) -> list[str]:
        return words.narrate(
            cast(Sequence[LaddersEvent], events), names, receiver, after["options"]["teams"]
        )

    def captions(self, view: View, names: Sequence[str], replay: bool = False) -> dict[str, str]:
        return words.captions(view, names, replay)

    def action_label(self, view: View, action: str, names: Sequence[str]) -> ActionLabel:
        return words.action_label(view, action, rules.PARSE[action], names)

    def hand_action(self, view: View, card: Any) -> str | None:
        """A hand card is played at least by a discard to a RUNG pile (LA-9): the sentence a
        discard raises says why it cannot be played now."""
        return rules.DISCARD[PARSE_CARD[card], 0]


GAME = Ladders()
