"""Wildcat Chicane in players' words: the sentences of each step, and how a call or a ruling
card is offered.

>>> call_words("trump Y"), call_words("top")
('trump Wyrms', 'top')
"""

from __future__ import annotations

from collections.abc import Sequence

from pondside.engine import Speaker
from pondside.engine.narrate import joined, plural
from pondside.games.decktet import BY_CODE, SUIT_NAMES

from .cards import INDEX, READING_NAMES, reading_of_ruler
from .events import ChicaneEvent


def call_words(call: str) -> str:
    """A call as the menu offers it: ``trump M`` → ``trump Moons`` (``top`` stays)."""
    word, _, suit = call.partition(" ")
    return f"{word} {SUIT_NAMES[suit]}" if word == "trump" and suit in SUIT_NAMES else call


def ruler_words(code: str) -> str:
    """A ruling card and what it makes its player (WC-4..WC-6): ``the Calamity: read TOP, trump
    Wyrms``."""
    card = BY_CODE[code]
    reading = READING_NAMES[reading_of_ruler(INDEX[code])].upper()
    return f"{card.name}: read {reading}, trump {SUIT_NAMES[card.top]}"


def play_effect(suit: str | None, trump: bool) -> str:
    """What a card counts as for its player (WC-5, WC-6): ``as Moons, a trump``; empty while
    the player's reading is not known."""
    if suit is None:
        return ""
    return f"as {SUIT_NAMES[suit]}" + (", a trump" if trump else "")


def narrate(
    events: Sequence[ChicaneEvent], names: Sequence[str], receiver: int | None
) -> list[str]:
    """The lines of one step for ``receiver``: ruling cards, calls and bids, each card as its
    player reads it, the tricks and the hands' scores."""
    sp = Speaker(names, receiver)
    lines = []
    for ev in events:
        if ev["type"] == "chose":
            lines.append(f"{sp.does(ev['seat'], 'have chosen')} a ruling card.")
        elif ev["type"] == "reveal":
            parts = [
                f"{sp.who(s)} {r} ({reading.upper()}, trump {SUIT_NAMES[t]})"
                for s, (r, reading, t) in enumerate(
                    zip(ev["rulers"], ev["readings"], ev["trumps"], strict=True)
                )
            ]
            lines.append("The ruling cards are revealed: " + "; ".join(parts) + ".")
        elif ev["type"] == "call":
            lines.append(f"{sp.does(ev['seat'], 'call')} {call_words(ev['call'])}.")
        elif ev["type"] == "bid":
            lines.append(f"{sp.does(ev['seat'], 'bid')} {plural(ev['bid'], 'trick')}.")
        elif ev["type"] == "play":
            trump = ", a trump" if ev["trump"] else ""
            lines.append(
                f"{sp.does(ev['seat'], 'play')} {ev['card']} ({BY_CODE[ev['card']].name}) as "
                f"{SUIT_NAMES[ev['suit']]}{trump}."
            )
        elif ev["type"] == "trick":
            lines.append(f"{sp.does(ev['winner'], 'win')} trick {ev['number']}.")
        elif ev["type"] == "hand_end":
            rows = [
                f"{sp.who(s)} bid {b}, won {w}: {score:+d} (total {t})"
                for s, (b, w, score, t) in enumerate(
                    zip(ev["bids"], ev["won"], ev["scores"], ev["totals"], strict=True)
                )
            ]
            lines.append(f"Hand {ev['hand']} is over. " + "; ".join(rows) + ".")
        elif ev["type"] == "deal":
            lines.append(f"Hand {ev['hand']}: {sp.does(ev['dealer'], 'deal')}.")
        elif ev["type"] == "match_end":
            first = [s for s, place in enumerate(ev["places"]) if place == 1]
            score = ev["scores"][first[0]]
            if len(first) == 1:
                lines.append(f"{sp.does(first[0], 'win')} the match with {score}.")
            else:
                # WC-16: after the 100th hand, tied totals share first place.
                who = joined([sp.who(s, i == 0) for i, s in enumerate(first)])
                lines.append(f"{who} share the win with {score} each (the 100th hand, WC-16).")
    return lines
