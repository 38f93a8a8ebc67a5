"""King of the Quackers' ``Game`` binding: the engine's methods are the functions of ``rules``
(the game), ``seat`` (what a seat sees) and ``narrate`` (the words), named, not restated."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from pondside.engine import Event, Game, GameInfo, Option, View
from pondside.games import decktet

from . import narrate as words
from . import playout, rules
from . import seat as seat_knows
from .events import QuackersEvent
from .state import QuackersState, QuackersView


class KingOfTheQuackers(Game[QuackersState]):
    state_type = QuackersState
    info = GameInfo(
        slug="king-of-the-quackers",
        name="King of the Quackers",
        min_players=3,
        max_players=4,
        default_players=4,
        options=(
            Option(
                "deck",
                str,
                "extended",
                "extended (45 cards) or basic (36) Decktet (KQ-1)",
                choices=("extended", "basic"),
            ),
            Option("bidding", bool, False, "the optional bidding rules with promises (KQ-28..30)"),
            Option(
                "target",
                int,
                50,
                "points that end the match (50; 75 with bidding) (KQ-26)",
                minimum=1,
            ),
            Option(
                "lead_passes",
                str,
                "right",
                "where the lead goes when its player is out (KQ-11)",
                choices=("right", "left"),
            ),
        ),
        simultaneous=True,
        lower_score_is_better=False,
        # KQ-13: "equal or higher", sharing a suit with the round's lead. The summary said
        # "higher", which the rules page and the table contradicted (the fourth trial, 14).
        summary="A Decktet climbing game: pass two cards, then follow the last play with an "
        "equal or higher single sharing a suit with the lead, Set or Straight Flush, or blow "
        "it up with a Bomb of personalities. Go out first to score most.",
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
    determinizer = staticmethod(rules.determinizer)
    random_playout = staticmethod(playout.random_playout)

    card_facts = staticmethod(words.card_facts)
    card_spans = staticmethod(decktet.card_spans)
    action_label = staticmethod(words.action_label)
    hand_action = staticmethod(words.hand_action)

    def view(self, state: QuackersState, seat: int | None) -> QuackersView:
        return seat_knows.view(self, state, seat)

    def narrate(
        self,
        before: View | None,
        events: Sequence[Event],
        after: View,
        receiver: int | None,
        names: Sequence[str],
    ) -> list[str]:
        return words.narrate(before, cast(Sequence[QuackersEvent], events), after, names, receiver)

    def prompts(self) -> dict[str, str]:
        return words.prompts()

    def captions(self, view: View, names: Sequence[str], replay: bool = False) -> dict[str, str]:
        return words.captions(view, names, replay)


GAME = KingOfTheQuackers()
