"""Wildcat Chicane's ``Game`` binding: the engine's methods are the functions of ``rules`` (the
game), ``seat`` (what a seat sees) and ``narrate`` (the words), named, not restated."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from pondside.engine import Event, Game, GameInfo, Option, View
from pondside.games import decktet

from . import board, playout, rules
from . import narrate as words
from . import seat as seat_knows
from .events import ChicaneEvent
from .state import ChicaneState, ChicaneView


class WildcatChicane(Game[ChicaneState]):
    state_type = ChicaneState
    info = GameInfo(
        slug="wildcat-chicane",
        name="Wildcat Chicane",
        min_players=3,
        max_players=4,
        default_players=3,
        options=(
            Option(
                "variant",
                str,
                "wildcat",
                "wildcat: each player's own ruling card; classic: one call for the table (WC-15)",
                choices=("wildcat", "classic"),
            ),
            Option(
                "target",
                int,
                40,
                "the match ends when someone reaches this score (WC-13)",
                minimum=1,
            ),
        ),
        simultaneous=True,
        lower_score_is_better=False,
        summary="Decktet trick-taking with bids: each player's own ruling card decides how they "
        "read every two-suit card and what their trump is. Make your bid exactly.",
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
    withdraw_choices = staticmethod(rules.withdraw_choices)
    timeout_action = staticmethod(rules.timeout_action)
    scores = staticmethod(rules.scores)
    hands_played = staticmethod(rules.hands_played)
    outcome = staticmethod(rules.outcome)
    determinize = staticmethod(rules.determinize)
    determinizer = staticmethod(rules.determinizer)
    random_playout = staticmethod(playout.random_playout)

    terms = staticmethod(words.terms)
    card_spans = staticmethod(decktet.card_spans)
    tallies = staticmethod(words.tallies)
    tally_notes = staticmethod(words.tally_notes)
    action_label = staticmethod(words.action_label)
    hand_action = staticmethod(words.hand_action)

    def view(self, state: ChicaneState, seat: int | None) -> ChicaneView:
        return seat_knows.view(self, state, seat)

    def narrate(
        self,
        before: View | None,
        events: Sequence[Event],
        after: View,
        receiver: int | None,
        names: Sequence[str],
    ) -> list[str]:
        return words.narrate(before, cast(Sequence[ChicaneEvent], events), after, names, receiver)

    def prompts(self) -> dict[str, str]:
        return board.prompts()

    def counts(self) -> dict[str, dict[str, str]]:
        return board.counts()

    def card_facts(self) -> dict[str, Any]:
        # The Decktet as the page names and draws it, the basic deck's ranks (WC-1).
        return {"decktet": decktet.deck_facts(c.code for c in decktet.BASIC_DECK)}

    def captions(self, view: View, names: Sequence[str], replay: bool = False) -> dict[str, str]:
        return board.captions(view, names, replay)


GAME = WildcatChicane()
