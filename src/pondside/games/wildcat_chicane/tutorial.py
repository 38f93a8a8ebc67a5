"""The tutorial's script for Wildcat Chicane (the server's ``/learn``): what the coach says to a
newcomer the first time each kind of decision comes to them (keyed by the action's first word),
and what the tutorial taught, said at its end. The rules are rules/wildcat-chicane.md's. The
sentences are marked for the catalog and translated where they are shown."""

from pondside.i18n import N_

OPTIONS = {"target": 1}
"""The options of the tutorial's match: the shortest (one hand), to learn the rules."""

LESSONS = {
    "rule": N_(
        "Welcome to Wildcat Chicane! Each hand you bid how many tricks you will win and try to "
        "win exactly that many. First, pick your ruling card, an Ace or a Crown: its suit "
        "becomes your trump, and it says how you read your two-suit cards (a Crown by the top "
        "suit, an Ace by the bottom)."
    ),
    "bid": N_(
        "Now say how many tricks you will win. Exactly your bid scores 4 points a trick; one "
        "trick off scores half that, two off a quarter, more nothing."
    ),
    "play": N_(
        "A trick: the leader plays a card, and everyone follows the led suit if they can, as "
        "they read their own cards. The highest trump wins the trick; with no trump, the highest "
        "card of the led suit. You may lead a trump only when you hold nothing else."
    ),
}

DONE = N_(
    "You have played a whole hand of Wildcat Chicane: choosing a ruling card, bidding your "
    "tricks, following suit and trumping. Making your bid exactly scores most."
)
