"""King of the Quackers, a Decktet climbing game (rules/king-of-the-quackers.md, KQ-1..KQ-30).

Each hand the whole deck is dealt (KQ-4), everyone secretly gives one card to each neighbour
(KQ-5), and then players climb: the leader plays a single card, a Set, a Straight Flush or a
Bomb, and the others follow with the same kind and size of equal or higher rank or pass
(KQ-8..KQ-24). Places in going out score points (KQ-25); the optional bidding rules let a
player promise to go out first (KQ-28..KQ-30).

Cards are ints inside the state: their index in the table of rules/decktet.md (``CODE[i]``).

>>> from pondside.engine import Match
>>> m = Match(GAME, 4, seed=3)
>>> m.to_act()
(0, 1, 2, 3)

One game in the modules every game has (docs/adding-a-game.md), with its own
``combinations`` (the cards and what they make): ``state`` (the state, its constants and the
view a seat gets), ``events``, ``rules`` (the game as functions of the state: deal, pass, climb,
scoring), ``seat`` (what a seat knows: its view, the determinization from it, the check of a
given position), ``narrate`` (the lines a person reads) and ``game`` (the ``Game`` binding,
naming those functions).
"""

from pondside.games.decktet import INDEX

from .combinations import (
    ACE_OF,
    BOMB,
    CODE,
    CROWN,
    EXCUSE,
    FLUSH,
    KIND_NAME,
    KIND_VALUE,
    NUMBER_OF,
    PASS,
    PERSONALITY,
    RANK,
    SET,
    SINGLE,
    Play,
    all_plays,
    classify,
    describe,
    is_personality,
    parse_play,
    play_text,
)
from .game import GAME, KingOfTheQuackers
from .state import (
    QuackersOptions,
    QuackersPromise,
    QuackersRound,
    QuackersState,
    QuackersView,
    deck_cards,
    hand_size,
)

__all__ = [
    "ACE_OF",
    "BOMB",
    "CODE",
    "CROWN",
    "EXCUSE",
    "FLUSH",
    "GAME",
    "INDEX",
    "KIND_NAME",
    "KIND_VALUE",
    "NUMBER_OF",
    "PASS",
    "PERSONALITY",
    "RANK",
    "SET",
    "SINGLE",
    "KingOfTheQuackers",
    "Play",
    "QuackersOptions",
    "QuackersPromise",
    "QuackersRound",
    "QuackersState",
    "QuackersView",
    "all_plays",
    "classify",
    "deck_cards",
    "describe",
    "hand_size",
    "is_personality",
    "parse_play",
    "play_text",
]
