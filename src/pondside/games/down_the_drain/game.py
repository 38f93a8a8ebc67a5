"""Down the Drain's ``Game`` binding: the engine's methods are the functions of ``rules`` (the
game), ``seat`` (what a seat sees) and ``narrate`` (the words), named, not restated."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from pondside.engine import Event, Game, GameInfo, Option, View

from . import narrate as words
from . import playout, rules
from . import seat as seat_knows
from .events import DownTheDrainEvent
from .state import DownTheDrainState, DownTheDrainView


class DownTheDrain(Game[DownTheDrainState]):
    state_type = DownTheDrainState
    info = GameInfo(
        slug="down-the-drain",
        name="Down the Drain",
        min_players=3,
        max_players=8,
        default_players=4,
        options=(Option("games", int, 1, "play a series of this many games (DD-9)", minimum=1),),
        simultaneous=False,
        lower_score_is_better=True,
        summary="Play a card in front of you; equal numbers join forces and beat every lower "
        "group, flushing it down the drain. Push your card through a whole round to shed it; "
        "the first to shed every card wins.",
        # DD-9: the score is the cards left in hand (summed over a series).
        score_unit=("card held", "cards held"),
    )

    # Each method is the function itself, not a method that calls it: no call in between on
    # the hot path (to_act, legal_actions and apply run at every step of every playout).
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
    hands_played = staticmethod(rules.hands_played)
    outcome = staticmethod(rules.outcome)
    standing = staticmethod(rules.standing)
    determinize = staticmethod(rules.determinize)
    determinizer = staticmethod(rules.determinizer)
    random_playout = staticmethod(playout.random_playout)

    terms = staticmethod(words.terms)
    score_notes = staticmethod(words.score_notes)
    prompts = staticmethod(words.prompts)
    captions = staticmethod(words.table_captions)
    action_label = staticmethod(words.action_label)

    def view(self, state: DownTheDrainState, seat: int | None) -> DownTheDrainView:
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
            before, cast(Sequence[DownTheDrainEvent], events), after, names, receiver
        )


GAME = DownTheDrain()
