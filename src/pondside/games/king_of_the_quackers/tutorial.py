"""The tutorial's script for King of the Quackers (the server's ``/learn``): what the coach says
to a newcomer the first time each kind of decision comes to them (keyed by the action's first
word), and what the tutorial taught, said at its end. The rules are
rules/king-of-the-quackers.md's. Each is marked for the catalog (``N_``) and translated where it is
shown."""

from pondside.i18n import N_

OPTIONS = {"target": 1}
"""The options of the tutorial's match: the shortest (one hand), to learn the rules."""

LESSONS = {
    "give": N_(
        "Welcome to King of the Quackers! The aim is to be first to get rid of all your cards. "
        "After the deal everyone gives one card to each neighbour, all at once: give away the "
        "cards that are hardest to play. Choose one card for each neighbour."
    ),
    "play": N_(
        "The leader of a round plays a single card, a Set (cards of one rank), a Straight Flush "
        "(a run of three or more sharing a suit) or a Bomb. Each player then beats the last play "
        "with the same kind and number of cards, of equal or higher rank, or passes."
    ),
    "pass": N_(
        "When you cannot or would rather not beat the last play, you pass. Once everyone else "
        "has passed, the last player to play leads the next round."
    ),
}

DONE = N_(
    "You have played a whole hand of King of the Quackers: passing a card to each neighbour, "
    "leading and beating singles, Sets and Straight Flushes, and passing. The first player out "
    "scores most."
)
