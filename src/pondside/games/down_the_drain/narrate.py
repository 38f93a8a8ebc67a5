"""Down the Drain in players' words: the sentences of each step, and what a card would do if
played now. The rules' facts (which groups a card beats, DD-4, DD-5) come from
``down_the_drain``, which binds these to the game.

>>> from pondside.games.down_the_drain.events import Beaten, Play
>>> play: Play = {"type": "play", "seat": 0, "card": 7, "value": 14, "group": 2}
>>> beaten: Beaten = {"type": "beaten", "seats": [2], "cards": [5]}
>>> before = {"front": [None, 7, 5], "options": {"games": 1}}
>>> for line in narrate(before, [play, beaten], None, ["Ann", "Bob", "Cy"], 1):
...     print(line)
Ann plays a 7 and joins your 7: two 7s, worth 14.
Together they beat Cy's 5: down the drain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pondside.engine import ScoreNote, Speaker, Term
from pondside.engine.narrate import Lines, joined, plural

from .events import DownTheDrainEvent, Play
from .state import COUNTS

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def a(number: int) -> str:
    """``a 7``, ``an 8``, ``an 11``, ``an 18``."""
    return f"{'an' if number in (8, 11, 18) else 'a'} {number}"


def count(k: int) -> str:
    return NUMBER_WORDS[k] if k < len(NUMBER_WORDS) else str(k)


def group_words(card: int, size: int) -> str:
    """``two 7s, worth 14`` or ``a 7, worth 7``."""
    return f"{count(size)} {card}s, worth {card * size}" if size > 1 else f"{a(card)}, worth {card}"


def ties(front: Sequence[int | None], seat: int, card: int, value: int) -> str:
    """The sentence for groups of another number worth as much as the card's own (DD-5:
    neither beats the other), or "": `` It does not join the two 7s: equal in value, ...``.

    >>> ties([7, 7, None, 2], 2, 14, 14)
    ' It does not join the two 7s: equal in value, neither beats the other.'
    """
    trial = [card if t == seat else (f or 0) for t, f in enumerate(front)]
    equal = sorted(
        {c for c in trial if c and c != card and c * trial.count(c) == value}, reverse=True
    )
    if not equal:
        return ""
    names = [
        f"the {count(trial.count(c))} {c}s" if trial.count(c) > 1 else f"the {c}" for c in equal
    ]
    return f" It does not join {joined(names)}: equal in value, neither beats the other."


def narrate(
    before: Mapping[str, Any] | None,
    events: Sequence[DownTheDrainEvent],
    after: Mapping[str, Any] | None,
    names: Sequence[str],
    receiver: int | None,
) -> list[str]:
    """The lines of one step for ``receiver``: the card played and the group it joins, what it
    beats, the draws, pushes and ends. ``before`` (the receiver's view before the step) names
    the cards a card joins; ``after`` says the series' length and the hand size of a deal."""
    sp = Speaker(names, receiver)
    views = [v for v in (after, before) if v is not None]
    games = views[0]["options"]["games"] if views else 1
    lines = Lines()
    played: Play | None = None
    i = 0
    while i < len(events):
        ev = events[i]
        lines.event = i
        if ev["type"] == "play":
            played = ev
            seat, card = ev["seat"], ev["card"]
            front = before["front"] if before is not None else []
            mates = [t for t, f in enumerate(front) if f == card and t != seat]
            line = f"{sp.does(seat, 'play')} {a(card)}"
            if ev["group"] > 1 and mates:
                ones = joined([f"{sp.whose(t, False)} {card}" for t in mates])
                line += f" and {'join' if sp.is_me(seat) else 'joins'} {ones}: "
                line += f"{group_words(card, ev['group'])}."
            elif ev["group"] > 1:
                line += f", joining a group: {group_words(card, ev['group'])}."
            else:
                line += "."
            if before is not None:
                line += ties(before["front"], seat, card, ev["value"])
            lines.append(line)
        elif ev["type"] == "beaten":
            lost = [
                f"{sp.whose(t, False)} {c}" for t, c in zip(ev["seats"], ev["cards"], strict=True)
            ]
            subject = "Together they beat" if played and played["group"] > 1 else "It beats"
            lines.append(f"{subject} {joined(lost)}: down the drain.")
        elif ev["type"] == "draw":
            seats = [ev["seat"]]
            while i + 1 < len(events) and (nxt := events[i + 1])["type"] == "draw":
                seats.append(nxt["seat"])
                i += 1
            lines.event = i  # one line for the draws together: told once the last is shown
            verb = "each draw" if len(seats) > 1 else "draw"
            lines.append(f"{sp.together(seats, verb)} a card from the stack.")
        elif ev["type"] == "reshuffle":
            lines.append(
                "The stack is empty: the discard pile is shuffled into a new stack of "
                f"{plural(ev['cards'], 'card')}."
            )
        elif ev["type"] == "push":
            seat, card, k = ev["seat"], ev["card"], len(ev["seats"])
            if k == 1:
                lines.append(
                    f"{sp.whose(seat)} {card} went round unbeaten: it is pushed through, "
                    "discarded with no card drawn."
                )
            else:
                cards = joined([f"{sp.whose(t, False)} {card}" for t in ev["seats"]])
                lines.append(
                    f"{sp.whose(seat)} turn begins with the {count(k)} {card}s unbeaten: {cards} "
                    "are pushed through, discarded with no card drawn."
                )
        elif ev["type"] == "guard":
            lines.append(f"The game has lasted {ev['cycles']} full rounds: it ends with no winner.")
        elif ev["type"] == "game_end":
            name = f"game {ev['game']}" if games > 1 else "the game"
            won = ev["winners"]
            if len(won) == 1:
                lines.append(
                    f"{sp.does(won[0], 'have')} no cards left and "
                    f"{'win' if sp.is_me(won[0]) else 'wins'} {name}!"
                )
            elif won:
                lines.append(
                    f"{sp.together(won, 'have')} no cards left and share the win of {name}!"
                )
            rest = [f"{h} by {sp.who(s, False)}" for s, h in enumerate(ev["held"]) if s not in won]
            if rest:
                lines.append(f"Cards still held: {joined(rest)}.")
        elif ev["type"] == "match_end" and games > 1:
            first = [s for s, p in enumerate(ev["places"]) if p == 1]
            verb = "share" if len(first) > 1 else "win"
            lines.append(f"The series is over: {sp.together(first, verb)} it.")
        elif ev["type"] == "deal":
            dealt = f", {plural(max(after['hand_sizes']), 'card')} each" if after else ""
            lines.append(
                f"Game {ev['game']} is dealt{dealt}: {sp.does(ev['start'], 'play', False)} first."
            )
        i += 1
    return lines


def play_effect(joins: Sequence[str], value: int, beats: Sequence[str]) -> str:
    """What a card would do now: the players whose equal cards it joins, its group's worth,
    the players whose cards it beats: ``→ joins Ann: worth 14; beats Bob and Cy``."""
    text = f"→ joins {joined(joins)}: worth {value}" if joins else f"→ worth {value}"
    return text + (f"; beats {joined(beats)}" if beats else "")


def deck_words() -> str:
    """DD-1 as a person reads it: how many cards of each number the deck holds.

    >>> deck_words()[:40]
    '90 cards: sixteen 2s, twelve 3s, nine 4s'
    """
    many = [f"{count_words(k)} {c}s" for c, k in COUNTS.items() if k > 1]
    ones = [c for c, k in COUNTS.items() if k == 1]
    return (
        f"{sum(COUNTS.values())} cards: {', '.join(many)}, and one each of {ones[0]} to {ones[-1]}."
    )


def count_words(k: int) -> str:
    """``sixteen`` for 16: the deck's counts in words."""
    big = {9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 16: "sixteen"}
    return big.get(k) or count(k)


def score_notes() -> list[ScoreNote]:
    """The line under the scores (DD-9): what wins one game, and a series."""
    return [
        {
            "note": "The first to shed every card wins; the others are ranked by the fewest "
            "cards held.",
            "when": {"games": 1},
        },
        {
            "note": "Most games won wins; between equal numbers of games won, the fewest cards "
            "held over the games.",
        },
    ]


def prompts() -> dict[str, str]:
    """What the page tells the seat to act, by its situation: the whole rule in two sentences
    before a card is picked (DD-4..DD-6), the turn with nothing in front to beat (DD-5), and
    what the cards held count for (DD-9)."""
    return {
        "rule": "Any card may be played: equal numbers join forces (two 7s are worth 14) and beat "
        "every lower group, which goes down the drain and is replaced from the stack. A card "
        "still in front at its owner's next turn is shed.",
        "any card": "Your turn: play any card (nothing in front to beat).",
        "held": "fewer is better, none wins",
    }


def captions(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """What the board writes beside each group and each seat's spot, for the seat of
    ``view``: whose turn pushes a group through (DD-4a: still to come, and a play before then
    may beat it), what the last action did to a seat (beaten: it drew a card, DD-6), and,
    when there is no group to beat, why (``"to beat"``)."""
    sp = Speaker(names, view["seat"])
    out: dict[str, str] = {}
    if all(view["seat"] in g["seats"] for g in view["groups"]):
        # Nothing to beat (DD-5: with no card in front, any card may be played).
        out["to beat"] = (
            "Nothing but your own card in front."
            if view["groups"]
            else "No card in front: any card may be played."
        )
    for g in view["groups"]:
        t = g.get("through")
        if t is not None:
            out[f"group {g['number']}"] = (
                f"to be pushed through on {sp.whose(t, False)} turn unless beaten first"
            )
    done: dict[int, str] = {}
    for e in view["last_events"]:
        if e["type"] == "deal":
            return out  # a new game: the last one's events are over
        if e["type"] == "play":
            done[e["seat"]] = "just played"
        elif e["type"] == "beaten":
            done.update(dict.fromkeys(e["seats"], "beaten: drew a card"))
        elif e["type"] == "push":
            done.update(dict.fromkeys(e["seats"], "pushed through"))
    out.update({f"seat {s}": words for s, words in done.items()})
    return out


def status(
    view: Mapping[str, Any], names: Sequence[str], beating: int, replay: bool
) -> dict[str, str]:
    """The status line, by the page's situation (``Game.captions``): whose turn it is, or,
    for the seat to play, how many of its cards beat a group now (``beating``, DD-4d)."""
    if view["over"] or not view["to_act"]:
        return {"status": "Waiting for the next game."}
    turn, me = view["to_act"][0], view["seat"]
    if replay or me is None:
        watching = "" if replay else "You are watching: "
        return {"status": f"{watching}{names[turn]} is to play."}
    if turn != me:
        return {"status": f"Waiting for {names[turn]} to play."}
    if not view["groups"]:
        now = prompts()["any card"]
    else:
        which = (
            "none of your cards beats a group"
            if beating == 0
            else "one of your cards beats a group"
            if beating == 1
            else f"{beating} of your cards beat a group"
        )
        now = f"Your turn: pick a card to play; {which}."
    return {
        "status": now,
        "status picked": "Play your {what}, or pick another card.",
        "status sent": "Playing your {what}…",
    }


def terms() -> list[Term]:
    """The game's words, as the table's legend explains them (DD-1, DD-3..DD-9)."""
    return [
        {
            "term": "joins",
            "meaning": "a card of the same number as cards in front joins them: "
            "two 7s are worth 14.",
        },
        {
            "term": "beats",
            "meaning": "a group worth more beats every group worth less: those cards go down "
            "the drain (discarded) and their players each draw a card.",
        },
        {
            "term": "pushed through",
            "meaning": "a card still in front of its player when their turn comes is discarded, "
            "and no card is drawn: one card fewer. Shed your last card this way to win.",
        },
        {
            "term": "held",
            "meaning": "the cards in a hand and the one in front; the fewer the better.",
        },
        {"term": "the deck", "meaning": deck_words()},
    ]
