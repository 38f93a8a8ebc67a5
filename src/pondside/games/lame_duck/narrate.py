"""Lame Duck in players' words: the sentences of each step, and how a card or a column is
offered. Columns are numbered from 1, as the table shows them; the rules' facts (where a card
goes, what a column costs) come from ``lame_duck``, which binds these to the game.

>>> from pondside.games.lame_duck.events import Place
>>> place: Place = {"type": "place", "seat": 1, "card": 23, "column": 1}
>>> before = {"columns": [[5], [21], [40], [77]]}
>>> narrate(before, [place], ["Ann", "Bob"], 0)
["Bob's 23 goes to column 2, after 21: the smallest gap (2)."]
>>> narrate(None, [place], ["Ann", "Bob"], 1)
['Your 23 goes to column 2.']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pondside.engine import ScoreNote, Speaker, Term
from pondside.engine.narrate import Lines, plural, waiting_for

from .events import LameDuckEvent


def column_name(index: int) -> str:
    """A column as the table labels it: ``column_name(0)`` is ``column 1``."""
    return f"column {index + 1}"


def ducks(n: int) -> str:
    return plural(n, "duck")


def narrate(
    before: Mapping[str, Any] | None,
    events: Sequence[LameDuckEvent],
    names: Sequence[str],
    receiver: int | None,
) -> list[str]:
    """The lines of one step for ``receiver``: the cards revealed, where each goes and why,
    who takes which column, and the rounds' ends. ``before`` is the receiver's view before the
    step: with it, a placed card's line names the card it follows."""
    sp = Speaker(names, receiver)
    columns = [list(c) for c in before["columns"]] if before is not None else None
    lines = Lines()
    for ev in lines.each(events):
        if ev["type"] == "reveal":
            cards = ", ".join(f"{c} ({sp.who(s, False)})" for s, c in ev["cards"])
            lines.append(
                f"The cards are revealed: {cards}. They are placed one at a time, lowest first."
            )
        elif ev["type"] == "too_low":
            lines.append(
                f"{sp.whose(ev['seat'])} {ev['card']} is the lowest card and lower than the last "
                f"card of every column, so {sp.does(ev['seat'], 'choose', False)} which column "
                "to take."
            )
        elif ev["type"] == "place":
            where = column_name(ev["column"])
            line = f"{sp.whose(ev['seat'])} {ev['card']} goes to {where}"
            if columns is not None:
                end = columns[ev["column"]][-1]
                line += f", after {end}: the smallest gap ({ev['card'] - end})"
                columns[ev["column"]].append(ev["card"])
            lines.append(line + ".")
        elif ev["type"] == "take":
            seat, card, where = ev["seat"], ev["card"], column_name(ev["column"])
            got = f"{ducks(ev['ducks'])}, {plural(len(ev['cards']), 'card')}"
            if ev["reason"] == "too low":
                lines.append(
                    f"{sp.whose(seat)} {card} is lower than every column: "
                    f"{sp.does(seat, 'take', False)} {where} ({got}); the {card} starts it again."
                )
            else:
                lines.append(
                    f"{sp.whose(seat)} {card} is the sixth card of {where}: "
                    f"{sp.does(seat, 'take', False)} its {got}; the {card} starts it again."
                )
            if columns is not None:
                columns[ev["column"]] = [card]
        elif ev["type"] == "round_end":
            each = ", ".join(f"{sp.who(s)} {d}" for s, d in enumerate(ev["ducks"]))
            lines.append(f"Round {ev['round']} is over. Ducks this round: {each}.")
        elif ev["type"] == "deal":
            columns = [list(c) for c in ev["columns"]]
            starts = ", ".join(str(c[0]) for c in ev["columns"])
            lines.append(
                f"Round {ev['round']}: ten new cards each and four new columns ({starts})."
            )
        elif ev["type"] == "match_end":
            best = min(ev["scores"])
            winners = [s for s, score in enumerate(ev["scores"]) if score == best]
            lines.append(f"The match is over: {sp.together(winners, 'win')} with {ducks(best)}.")
    return lines


def play_label(card: int, card_ducks: int) -> str:
    """A card of the hand as it is offered: ``play 45 (2 ducks)``."""
    return f"play {card} ({ducks(card_ducks)})"


def play_effect(column: int, sixth_ducks: int | None) -> str:
    """Where a card would go now if no lower card came first (the rulebook's card preview):
    ``column`` from 0, -1 when the card is too low; ``sixth_ducks`` the ducks it would take as
    the column's sixth card (``None`` when it would not be the sixth)."""
    if column < 0:
        return "too low: you choose a column"
    if sixth_ducks is None:
        return f"→ {column_name(column)}"
    return f"→ {column_name(column)}, 6th: you take {ducks(sixth_ducks)}"


def take_label(column: int) -> str:
    """A column to take, as it is offered: ``take column 2``."""
    return f"take {column_name(column)}"


def take_effect(cards: Sequence[int], column_ducks: int) -> str:
    """What taking a column costs: ``5 21 33 — 4 ducks``."""
    return f"{' '.join(map(str, cards))} — {ducks(column_ducks)}"


# LD-2's five kinds of card, one example each, as the legend of card faces captions them.
DUCK_SAMPLES = (
    (7, "1 duck"),
    (15, "2: ends in 5"),
    (30, "3: ends in 0"),
    (44, "5: × 11"),
    (55, "7: the 55"),
)


def prompts() -> dict[str, str]:
    """What the page says while a column is to be taken (LD-6: a card lower than every
    column's last takes a column; ``{card}`` the card, ``{who}`` the seat taking), the heading
    of a turn's explanations, the status while the revealed cards are placed (LD-6), the
    banners of a round's end and of a new deal, and a round's
    row of the scores (``{round}``, ``{turn}``: numbers the page reads from the view)."""
    return {
        "too low": "Your {card} is lower than every column: choose a column to take.",
        "too low other": "{who}'s {card} is too low: {who} is choosing a column to take.",
        "placing": "Placing the cards…",
        "heading": "Round {round}, turn {turn}",
        "round over": "Round {round} is over",
        "new cards": "Round {round}: new cards",
        "score row": "Round {round}",
        "in play": "in play",
    }


def captions(view: Mapping[str, Any], names: Sequence[str], replay: bool) -> dict[str, str]:
    """The table's headings (``"match"``: how long the match is, LD-9; ``"round"``, ``"turn"``:
    where it stands, LD-5) and the status line (``Game.captions``), for the seat of ``view``;
    a replay calls the seat it follows by name ("Ann played 45")."""
    options = view["options"]
    target, rounds = options.get("target"), options.get("rounds") or 1
    out = {
        "match": f"to {ducks(target)}" if target else plural(rounds, "round"),
        "round": f"Round {view['hand_number']}"
        if target
        else f"Round {view['hand_number']} of {rounds}",
        "turn": "Finished" if view["over"] else f"Turn {view['turn_number']} of {view['turns']}",
    }
    out.update(status(view, names, replay))
    return out


def status(view: Mapping[str, Any], names: Sequence[str], replay: bool) -> dict[str, str]:
    """The status line, by the page's situation (``Game.captions``): whom the table waits
    for (LD-4: the cards are chosen together and revealed at once), who is choosing a column
    to take (LD-6), or what this seat is to do."""
    me, to_act = view["seat"], view["to_act"]
    waiting = waiting_for(to_act, names, me)
    taking = view["awaiting_take"]
    if taking is not None:
        # The seat taking reads the take's own prompt (prompts "too low").
        return {"status": "" if taking == me else f"{names[taking]} is choosing a column to take."}
    if me is None:
        return {"status": f"You are watching. {waiting}".strip()}
    who = names[me] if replay else "You"
    if view.get("my_choice") is not None:
        return {"status": f"{who} played {view['my_choice']}. {waiting}".strip()}
    if me not in to_act:
        return {"status": ""}
    if replay:
        return {"status": f"{names[me]} is choosing a card."}
    return {
        "status": "Choose a card to play.",
        "status confirm": "Choose a card, then confirm it.",
        "status sent": f"You played {{what}}. {waiting}".strip(),
    }


def score_notes() -> list[ScoreNote]:
    """The line under the scores (LD-8: the fewest ducks win)."""
    return [{"note": "Fewer ducks are better."}]


def terms() -> list[Term]:
    """The game's words, as the table's how-to figure and legend explain them (LD-2), and as
    the pond's sixth cells say them (LD-7)."""
    return [
        {
            "term": "Ducks per card",
            "meaning": "1 for most cards, 2 for numbers ending in 5, 3 for those ending in 0, "
            "5 for multiples of 11, 7 for the 55.",
        },
        {
            "term": "Sixth card",
            "meaning": "a column's sixth card takes the five before it and starts the column "
            "again (LD-7).",
        },
    ]
