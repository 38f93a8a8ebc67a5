"""The tutorial's script for Ladders (the server's ``/learn``): what the coach says to a newcomer
the first time each kind of decision comes to them (keyed by the action's first word), and what
the tutorial taught, said at its end. The rules are rules/ladders.md's. Marked for the message
catalog; translated where the coach says them."""

from pondside.i18n import N_

OPTIONS = {"rounds": 1}
"""The options of the tutorial's match: the shortest (one round), to learn the rules."""

LESSONS = {
    "play": N_(
        "Welcome to Ladders! Be the first to empty your CLIMB pile. The ACCENT piles in the "
        "middle are shared: each starts with a 1 and goes up one number at a time to 12, and a "
        "SKIP PORTAL counts as any number. On your turn play as many cards as you like onto "
        "them, from your hand, your CLIMB top or your RUNG piles."
    ),
    "discard": N_(
        "When you have played what you want, end your turn by putting one card from your hand "
        "on one of your four RUNG piles. Only a RUNG pile's top card can be played later, so "
        "keep runs in order."
    ),
}

DONE = N_(
    "You have played a whole round of Ladders: building the shared ACCENT piles from 1 to 12, "
    "playing from your hand, your CLIMB and your RUNG piles, and ending each turn with a "
    "discard. Emptying your CLIMB wins the round."
)
