"""The tutorial's script for Lame Duck (the server's ``/learn``): what the coach says to a
newcomer the first time each kind of decision comes to them (keyed by the action's first word),
and what the tutorial taught, said at its end. The rules are rules/lame-duck.md's (LD-6..LD-9).
Marked for the catalog here and translated where they are said (``_()``)."""

from pondside.i18n import N_

OPTIONS = {"rounds": 1}
"""The options of the tutorial's match: the shortest (one round), to learn the rules."""

LESSONS = {
    "play": N_(
        "Welcome to Lame Duck! Everyone chooses one card at the same time, in secret; then the "
        "cards are placed lowest first, each on the column whose last card is lower than it and "
        "closest to it. The sixth card of a column takes the five before it, and their ducks "
        "count against you: the fewest ducks wins. Choose your card from your hand."
    ),
    "take": N_(
        "Your card is lower than the end of every column, so it cannot be placed: you take one "
        "column of your choice, and your card starts it again. Any column will do; the one with "
        "the fewest ducks usually costs least."
    ),
}

DONE = N_(
    "You have played a whole round of Lame Duck: choosing a card in secret, cards placed lowest "
    "first on the closest lower column, the sixth card taking a column, and a card too low "
    "choosing one to take. Fewest ducks wins."
)
