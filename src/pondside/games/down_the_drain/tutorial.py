"""The tutorial's script for Down the Drain (the server's ``/learn``): what the coach says to a
newcomer the first time each kind of decision comes to them (keyed by the action's first word),
and what the tutorial taught, said at its end. The rules are rules/down-the-drain.md's.

Each line is marked for the message catalog (``N_``) and translated where it is shown."""

from pondside.i18n import N_

OPTIONS = {"games": 1}
"""The options of the tutorial's match: the shortest (one game), to learn the rules."""

LESSONS = {
    "play": N_(
        "Welcome to Down the Drain! Get rid of all your cards. On your turn you play any card "
        "in front of you. Cards of the same number in front of different players join forces "
        "(two 7s are worth 14), and your group beats every group worth less: those cards go down "
        "the drain and their owners draw a new card. A card still in front of you when your next "
        "turn comes is pushed through: it leaves the game and you hold one card fewer."
    ),
}

DONE = N_(
    "You have played a whole game of Down the Drain: any card may be played, equal numbers join "
    "forces, a bigger group beats the smaller ones, and a card that survives a whole round is "
    "pushed through. Pushing your last card through wins."
)
