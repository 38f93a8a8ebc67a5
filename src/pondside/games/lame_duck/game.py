"""Lame Duck's ``Game`` binding: the engine's methods are the functions of ``rules`` (the game),
``seat`` (what a seat sees) and ``narrate`` (the words), named, not restated."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from pondside.engine import ActionLabel, Event, Game, GameInfo, Option, View

from . import narrate as words
from . import playout, rules
from . import seat as seat_knows
from .events import LameDuckEvent
from .state import LameDuckState, LameDuckView


class LameDuck(Game[LameDuckState]):
    state_type = LameDuckState
    info = GameInfo(
        slug="lame-duck",
        name="Lame Duck",
        min_players=2,
        max_players=10,
        default_players=4,
        options=(
            Option(
                "expert",
                bool,
                False,
                "a smaller deck: 10 cards per player plus 4 (44 at four players), every card "
                "dealt, so you can count what the others hold (LD-1)",
            ),
            Option("rounds", int, 1, "play this many rounds (LD-10)", minimum=1, nullable=True),
            Option(
                "target",
                int,
                None,
                "play until someone has this many ducks",
                minimum=1,
                nullable=True,
            ),
        ),
        simultaneous=True,
        lower_score_is_better=True,
        summary="Everyone plays a card at once; cards file onto four columns, and the sixth "
        "card of a column, or a card too low for any, collects ducks. Fewest ducks wins.",
        score_unit=("duck", "ducks"),
        clock="normal",  # one card of ten: a newcomer's decision is quick
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
    withdraw_choices = staticmethod(rules.withdraw_choices)
    timeout_action = staticmethod(rules.timeout_action)
    scores = staticmethod(rules.scores)
    hands_played = staticmethod(rules.hands_played)
    outcome = staticmethod(rules.outcome)
    determinize = staticmethod(rules.determinize)
    random_playout = staticmethod(playout.random_playout)

    terms = staticmethod(words.terms)
    score_notes = staticmethod(words.score_notes)
    prompts = staticmethod(words.prompts)
    card_facts = staticmethod(words.card_facts)
    counts = staticmethod(words.counts)
    hand_action = staticmethod(words.hand_action)
    standings = staticmethod(words.standings)
    labels_read = staticmethod(words.labels_read)

    def view(self, state: LameDuckState, seat: int | None) -> LameDuckView:
        return seat_knows.view(self, state, seat)

    def views(self, state: LameDuckState, seats: Iterable[int | None]) -> list[View]:
        return seat_knows.views(self, state, seats)

    def narrate(
        self,
        before: View | None,
        events: Sequence[Event],
        after: View,
        receiver: int | None,
        names: Sequence[str],
    ) -> list[str]:
        return words.narrate(before, cast(Sequence[LameDuckEvent], events), names, receiver)

    def captions(self, view: View, names: Sequence[str], replay: bool = False) -> dict[str, str]:
        return words.captions(view, names, replay)

    def action_label(self, view: View, action: str, names: Sequence[str]) -> ActionLabel:
        return words.action_label(view, action)


GAME = LameDuck()
