"""Down the Drain in players' words: the sentences of each step, and what a card would do if
played now. The rules' facts (which groups a card beats, DD-4, DD-5) come from ``rules``;
``game`` binds these to the game.

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

from pondside.engine import ActionLabel, ScoreNote, Speaker, Term, View
from pondside.engine.narrate import Lines, joined, waiting_for
from pondside.i18n import N_, _, ngettext

from .events import DownTheDrainEvent, Play
from .rules import PARSE, beaten_by, group_value
from .state import COUNTS, OTHERS

COUNT_WORDS = {
    2: N_("two"),
    3: N_("three"),
    4: N_("four"),
    5: N_("five"),
    6: N_("six"),
    7: N_("seven"),
    8: N_("eight"),
    9: N_("nine"),
    10: N_("ten"),
    11: N_("eleven"),
    12: N_("twelve"),
    16: N_("sixteen"),
}
"""The counts said in words: a group's cards (at most eight, one per player) and the deck's
copies of a number (DD-1)."""


def a(number: int) -> str:
    """``a 7``, ``an 8``, ``an 11``, ``an 18``."""
    return (_("an {number}") if number in (8, 11, 18) else _("a {number}")).format(number=number)


def count(k: int) -> str:
    """``two`` for 2, ``sixteen`` for 16: a group's size or the deck's count of a number."""
    return _(COUNT_WORDS[k]) if k in COUNT_WORDS else str(k)


def group_words(card: int, size: int) -> str:
    """A group of two or more cards and its worth: ``two 7s, worth 14``."""
    return _("{count} {number}s, worth {value}").format(
        count=count(size), number=card, value=card * size
    )


def owned(sp: Speaker, seat: int, card: int) -> str:
    """A card in front of a seat, inside a sentence: ``your 7``, ``Ann's 7`` (the object of
    "beats" or the subject of "are pushed through")."""
    if sp.is_me(seat):
        return _("your {number}").format(number=card)
    return _("{name}'s {number}").format(name=sp.name(seat), number=card)


def joined_card(sp: Speaker, seat: int, card: int) -> str:
    """A card that a card played joins, inside a sentence: ``your 7``, ``Ann's 7``."""
    # A language may inflect these apart from "your {number}" (German's dative, "deiner 7").
    if sp.is_me(seat):
        # TRANSLATORS: the card that a card played joins ("and joins your 7"); German: dative.
        return _("your {joined}").format(joined=card)
    # TRANSLATORS: another player's card that a card played joins ("and joins Ann's 7").
    return _("{name}'s {joined}").format(name=sp.name(seat), joined=card)


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
    # The groups a card does not join ("It does not join the two 7s"): a language may
    # inflect them (German's dative, "den zwei 7ern", "der 14").
    names = [
        # TRANSLATORS: a group a card does not join ("It does not join the two 7s").
        _("the {count} {tied}s").format(count=count(trial.count(c)), tied=c)
        if trial.count(c) > 1
        # TRANSLATORS: a card a card does not join ("It does not join the 14").
        else _("the {tied}").format(tied=c)
        for c in equal
    ]
    said = _("It does not join {groups}: equal in value, neither beats the other.")
    return " " + said.format(groups=joined(names))


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
            front = before["front"] if before is not None else []
            line = play_line(sp, ev, front)
            if before is not None:
                line += ties(before["front"], ev["seat"], ev["card"], ev["value"])
            lines.append(line)
        elif ev["type"] == "beaten":
            lost = joined([owned(sp, t, c) for t, c in zip(ev["seats"], ev["cards"], strict=True)])
            if played and played["group"] > 1:
                lines.append(_("Together they beat {cards}: down the drain.").format(cards=lost))
            else:
                lines.append(_("It beats {cards}: down the drain.").format(cards=lost))
        elif ev["type"] == "draw":
            seats = [ev["seat"]]
            while i + 1 < len(events) and (nxt := events[i + 1])["type"] == "draw":
                seats.append(nxt["seat"])
                i += 1
            lines.event = i  # one line for the draws together: told once the last is shown
            lines.append(
                sp.says_together(
                    seats,
                    you=_("You draw a card from the stack."),
                    one=_("{name} draws a card from the stack."),
                    # TRANSLATORS: {people} names you among others ("Dee and you").
                    you_and=_("{people} each draw a card from the stack."),
                    many=_("{names} each draw a card from the stack."),
                )
            )
        elif ev["type"] == "reshuffle":
            n = ev["cards"]
            lines.append(
                ngettext(
                    "The stack is empty: the discard pile is shuffled into a new stack of "
                    "{n} card.",
                    "The stack is empty: the discard pile is shuffled into a new stack of "
                    "{n} cards.",
                    n,
                ).format(n=n)
            )
        elif ev["type"] == "push":
            lines.append(push_line(sp, ev["seat"], ev["card"], ev["seats"]))
        elif ev["type"] == "guard":
            n = ev["cycles"]
            lines.append(
                ngettext(
                    "The game has lasted {n} full round: it ends with no winner.",
                    "The game has lasted {n} full rounds: it ends with no winner.",
                    n,
                ).format(n=n)
            )
        elif ev["type"] == "game_end":
            if ev["winners"]:  # none when DD-10 ended the game
                lines.append(won_line(sp, ev["winners"], ev["game"] if games > 1 else None))
            rest = [
                sp.says(s, _("{held} by you"), _("{held} by {name}"), held=h)
                for s, h in enumerate(ev["held"])
                if s not in ev["winners"]
            ]
            if rest:
                lines.append(_("Cards still held: {rest}.").format(rest=joined(rest)))
        elif ev["type"] == "match_end" and games > 1:
            first = [s for s, p in enumerate(ev["places"]) if p == 1]
            lines.append(
                sp.says_together(
                    first,
                    you=_("The series is over: You win it."),
                    one=_("The series is over: {name} wins it."),
                    # TRANSLATORS: {people} names you among others ("Dee and you").
                    you_and=_("The series is over: {people} share it."),
                    many=_("The series is over: {names} share it."),
                )
            )
        elif ev["type"] == "deal":
            lines.append(deal_line(sp, ev["game"], ev["start"], after))
        i += 1
    return lines


def play_line(sp: Speaker, ev: Play, front: Sequence[int | None]) -> str:
    """A card played, and the cards it joins (those in ``front`` before it was played)."""
    seat, card = ev["seat"], ev["card"]
    mates = [t for t, f in enumerate(front) if f == card and t != seat]
    said = {"card": a(card)}
    if ev["group"] > 1 and mates:
        ones = joined([joined_card(sp, t, card) for t in mates])
        return sp.says(
            seat,
            _("You play {card} and join {cards}: {group}."),
            _("{name} plays {card} and joins {cards}: {group}."),
            cards=ones,
            group=group_words(card, ev["group"]),
            **said,
        )
    if ev["group"] > 1:
        return sp.says(
            seat,
            _("You play {card}, joining a group: {group}."),
            _("{name} plays {card}, joining a group: {group}."),
            group=group_words(card, ev["group"]),
            **said,
        )
    return sp.says(seat, _("You play {card}."), _("{name} plays {card}."), **said)


def push_line(sp: Speaker, seat: int, card: int, seats: Sequence[int]) -> str:
    """DD-4a: the card in front of ``seat`` at its turn, and its group, pushed through."""
    if len(seats) == 1:
        return sp.says(
            seat,
            _(
                "Your {number} went round unbeaten: it is pushed through, discarded with no "
                "card drawn."
            ),
            _(
                "{name}'s {number} went round unbeaten: it is pushed through, discarded with "
                "no card drawn."
            ),
            number=card,
        )
    return sp.says(
        seat,
        _(
            "Your turn begins with the {count} {number}s unbeaten: {cards} are pushed through, "
            "discarded with no card drawn."
        ),
        _(
            "{name}'s turn begins with the {count} {number}s unbeaten: {cards} are pushed "
            "through, discarded with no card drawn."
        ),
        count=count(len(seats)),
        number=card,
        cards=joined([owned(sp, t, card) for t in seats]),
    )


def won_line(sp: Speaker, winners: Sequence[int], game: int | None) -> str:
    """DD-8: who shed every card and won the game (``game``: its number in a series, None for
    a single game)."""
    if game is None:
        return sp.says_together(
            winners,
            you=_("You have no cards left and win the game!"),
            one=_("{name} has no cards left and wins the game!"),
            # TRANSLATORS: {people} names you among others ("Dee and you").
            you_and=_("{people} have no cards left and share the win of the game!"),
            many=_("{names} have no cards left and share the win of the game!"),
        )
    return sp.says_together(
        winners,
        you=_("You have no cards left and win game {game}!"),
        one=_("{name} has no cards left and wins game {game}!"),
        # TRANSLATORS: {people} names you among others ("Dee and you").
        you_and=_("{people} have no cards left and share the win of game {game}!"),
        many=_("{names} have no cards left and share the win of game {game}!"),
        game=game,
    )


def deal_line(sp: Speaker, game: int, start: int, after: Mapping[str, Any] | None) -> str:
    """The next game of a series dealt (DD-9), the hand size when ``after`` shows it."""
    if after is None:
        return sp.says(
            start,
            _("Game {game} is dealt: you play first."),
            _("Game {game} is dealt: {name} plays first."),
            game=game,
        )
    n = max(after["hand_sizes"])
    return sp.says(
        start,
        ngettext(
            "Game {game} is dealt, {n} card each: you play first.",
            "Game {game} is dealt, {n} cards each: you play first.",
            n,
        ),
        ngettext(
            "Game {game} is dealt, {n} card each: {name} plays first.",
            "Game {game} is dealt, {n} cards each: {name} plays first.",
            n,
        ),
        game=game,
        n=n,
    )


def play_effect(joins: Sequence[str], value: int, beats: Sequence[str]) -> str:
    """What a card would do now: the players whose equal cards it joins, its group's worth,
    the players whose cards it beats: ``→ joins Ann: worth 14; beats Bob and Cy``."""
    if joins and beats:
        said = _("→ joins {joins}: worth {value}; beats {beats}")
    elif joins:
        said = _("→ joins {joins}: worth {value}")
    elif beats:
        said = _("→ worth {value}; beats {beats}")
    else:
        said = _("→ worth {value}")
    return said.format(joins=joined(joins), value=value, beats=joined(beats))


def deck_words() -> str:
    """DD-1 as a person reads it: how many cards of each number the deck holds.

    >>> deck_words()[:40]
    '90 cards: sixteen 2s, twelve 3s, nine 4s'
    """
    many = [
        _("{count} {number}s").format(count=count(k), number=c) for c, k in COUNTS.items() if k > 1
    ]
    ones = [c for c, k in COUNTS.items() if k == 1]
    return _("{total} cards: {counts}, and one each of {first} to {last}.").format(
        total=sum(COUNTS.values()), counts=", ".join(many), first=ones[0], last=ones[-1]
    )


def score_notes() -> list[ScoreNote]:
    """The line under the scores (DD-9): what wins one game, and a series."""
    return [
        {
            "note": _(
                "The first to shed every card wins; the others are ranked by the fewest cards held."
            ),
            "when": {"games": 1},
        },
        {
            "note": _(
                "Most games won wins; between equal numbers of games won, the fewest cards "
                "held over the games."
            ),
        },
    ]


# Said in the prompts and in the captions, which are built for every frame: the prompts' whole
# table is not built again to read one of them.
ANY_CARD = N_("Your turn: play any card (nothing in front to beat).")
HELD = N_("fewer is better, none wins")


def prompts() -> dict[str, str]:
    """What the page tells the seat to act, by its situation: the whole rule in two sentences
    before a card is picked (DD-4..DD-6), the turn with nothing in front to beat (DD-5), and
    what the cards held count for (DD-9)."""
    return {
        "rule": _(
            "Any card may be played: equal numbers join forces (two 7s are worth 14) and beat "
            "every lower group, which goes down the drain and is replaced from the stack. A "
            "card still in front at its owner's next turn is shed."
        ),
        "any card": _(ANY_CARD),
        "held": _(HELD),
        # A row of the scores: a game of the series, the cards each seat held at its end and
        # its winners (DD-9), and the game in play with the cards held now.
        "score row": _("Game {n}"),
        "score won": _("{n} (won)"),
        "score row in play": _("Game {n} (in play)"),
        "score held": _("{n} held"),
        "score wins": _("Games won"),
        "hand name": _("Game"),  # one deal, a game of the series (DD-9)
        # The board's words (DD-3..DD-6): a hand card's tag and its preview on the spots, the
        # groups' panel, the cards in front.
        "legend": _("What do joins, beats and pushed through mean?"),
        "tag both": _("joins + beats"),
        "tag beats": _("beats"),
        "tag joins": _("joins"),
        "will be beaten": _("beaten"),
        "will join": _("joined"),
        "to beat heading": _("To beat"),
        "group value": _("the group's value"),
        "in front": _("{number} in front"),
        "none in front": _("no card in front"),
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
            _("Nothing but your own card in front.")
            if view["groups"]
            else _("No card in front: any card may be played.")
        )
    for g in view["groups"]:
        t = g.get("through")
        if t is not None:
            out[f"group {g['number']}"] = sp.says(
                t,
                _("to be pushed through on your turn unless beaten first"),
                _("to be pushed through on {name}'s turn unless beaten first"),
            )
    done: dict[int, str] = {}
    for e in view["last_events"]:
        if e["type"] == "deal":
            return out  # a new game: the last one's events are over
        if e["type"] == "play":
            done[e["seat"]] = _("just played")
        elif e["type"] == "beaten":
            done.update(dict.fromkeys(e["seats"], _("beaten: drew a card")))
        elif e["type"] == "push":
            done.update(dict.fromkeys(e["seats"], _("pushed through")))
    out.update({f"seat {s}": words for s, words in done.items()})
    return out


def table_captions(view: View, names: Sequence[str], replay: bool = False) -> dict[str, str]:
    """``captions`` and the status line (``Game.captions``), which counts the cards of the
    hand that would beat a group if played now (DD-4d), as each card's label shows it."""
    said = captions(view, names)
    said.update(table_words(view, names))
    said.update(count_words(view))
    seat = view["seat"]
    beating = 0
    if seat is not None and seat in view["to_act"] and not replay:
        front = [f or 0 for f in view["front"]]
        for card in view.get("hand", ()):
            front[seat] = card
            beating += bool(beaten_by(tuple(front), seat))
    said.update(status(view, names, beating, replay))
    return said


def action_label(view: View, action: str, names: Sequence[str]) -> ActionLabel:
    """A card and what it would do now: the group it joins, its worth, what it beats."""
    seat, card = view["seat"], PARSE[action]
    front = [f or 0 for f in view["front"]]
    front[seat] = card
    trial = tuple(front)
    sp = Speaker(names, seat)
    mates = [t for t in OTHERS[len(trial)][seat] if trial[t] == card]
    beaten = list(beaten_by(trial, seat))
    value = group_value(trial, card)
    # The seats it joins and beats are the others: named, never "you".
    effect = play_effect([sp.name(t) for t in mates], value, [sp.name(t) for t in beaten])
    # The page's preview draws these (the seats it joins and beats, the group's worth); it
    # never works them out itself.
    shows = {"card": card, "joins": mates, "beats": beaten, "value": value}
    label = _("play {number}").format(number=card)
    return {"action": action, "label": label, "effect": effect, "shows": shows}


def table_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """The top bar's turn (``"turn info"``), the note on the spot of the seat to play (``"turn
    note"``: your turn or theirs), and each group to beat in words (``"group 7 words"``), the
    highest first (DD-4: a play beats every lower group, so the highest is the one to reach)."""
    me = view["seat"]
    out: dict[str, str] = {}
    if view["over"]:
        return out
    out["turn info"] = _("Turn {n}").format(n=view["plays"] + 1)
    if view["to_act"]:
        out["turn note"] = _("your turn") if view["to_act"][0] == me else _("their turn")
    # The seat's own group is not one to beat; the view lists the groups highest first.
    groups = [g for g in view["groups"] if me not in g["seats"]]
    for i, g in enumerate(groups):
        holders = joined([_("you") if s == me else names[s] for s in g["seats"]])
        group = ngettext(
            "{n} card of {number}, worth {value}, in front of {holders}",
            "{n} cards of {number}, worth {value}, in front of {holders}",
            len(g["seats"]),
        ).format(n=len(g["seats"]), number=g["number"], value=g["value"], holders=holders)
        out[f"group {g['number']} words"] = (
            _("Highest: {group}").format(group=group) if i == 0 else group
        )
    return out


def count_words(view: Mapping[str, Any]) -> dict[str, str]:
    """The counts the board and the players' bar show, in words: the stack and the discard
    pile (``"stack count"``, ``"stack words"``, ``"discard count"``, ``"discard words"``), each
    seat's cards held (DD-9: hand and front together; ``"held 2"``, with ``"held where 2"`` for its
    tooltip), its group on the spot (``"spot 2 group"``), its games won in a series (``"wins
    2"``, ``"wins words 2"``) and its score on the end screen (``"end score 2"``)."""
    stack, discard = view["stack_size"], len(view["discard"])
    out = {
        "stack count": ngettext("Stack: {n} card", "Stack: {n} cards", stack).format(n=stack),
        "stack words": ngettext(
            "The stack holds {n} card, face down", "The stack holds {n} cards, face down", stack
        ).format(n=stack),
        "discard count": ngettext("Discard: {n} card", "Discard: {n} cards", discard).format(
            n=discard
        ),
        "discard words": ngettext(
            "The discard pile holds {n} card", "The discard pile holds {n} cards", discard
        ).format(n=discard),
    }
    series = view["options"]["games"] > 1
    counts = _(HELD)
    for s in range(view["players"]):
        held, in_hand = view["held"][s], view["hand_sizes"][s]
        if view["front"][s]:
            # Both counts, so that the bar's number agrees with the spot's "in hand" (issue 27:
            # "6 cards held" beside "5 in hand" read as a miscount).
            out[f"held {s}"] = ngettext(
                "{n} card held: {hand} in hand, 1 in front",
                "{n} cards held: {hand} in hand, 1 in front",
                held,
            ).format(n=held, hand=in_hand)
            where = _("{n} in hand and 1 in front").format(n=in_hand)
        else:
            out[f"held {s}"] = ngettext("{n} card held", "{n} cards held", held).format(n=held)
            where = _("{n} in hand").format(n=in_hand)
        out[f"held where {s}"] = f"{where}: {counts}"
        group = next((g for g in view["groups"] if s in g["seats"]), None)
        if group is not None and len(group["seats"]) > 1:
            out[f"spot {s} group"] = ngettext(
                "{n} card of {number} together, worth {value}",
                "{n} cards of {number} together, worth {value}",
                len(group["seats"]),
            ).format(n=len(group["seats"]), number=group["number"], value=group["value"])
        total, won = view["totals"][s], view["wins"][s]
        if series:
            out[f"wins {s}"] = ngettext("{n} win", "{n} wins", won).format(n=won)
            out[f"wins words {s}"] = ngettext(
                "{n} game won in the series", "{n} games won in the series", won
            ).format(n=won)
            out[f"end score {s}"] = " · ".join(
                (
                    ngettext("{n} game won", "{n} games won", won).format(n=won),
                    ngettext(
                        "{n} card held over the games", "{n} cards held over the games", total
                    ).format(n=total),
                )
            )
        else:
            out[f"end score {s}"] = ngettext("{n} card held", "{n} cards held", total).format(
                n=total
            )
    return out


def status(
    view: Mapping[str, Any], names: Sequence[str], beating: int, replay: bool
) -> dict[str, str]:
    """The status line, by the page's situation (``Game.captions``): whose turn it is, or,
    for the seat to play, how many of its cards beat a group now (``beating``, DD-4d)."""
    if view["over"] or not view["to_act"]:
        return {"status": _("Waiting for the next game.")}
    turn, me = view["to_act"][0], view["seat"]
    if replay or me is None:
        said = _("{name} is to play.") if replay else _("You are watching: {name} is to play.")
        return {"status": said.format(name=names[turn])}
    if turn != me:
        return {"status": waiting_for([turn], names, me, _("Waiting for {names} to play."))}
    if not view["groups"]:
        now = _(ANY_CARD)
    elif beating == 0:
        now = _("Your turn: pick a card to play; none of your cards beats a group.")
    else:
        now = ngettext(
            "Your turn: pick a card to play; one of your cards beats a group.",
            "Your turn: pick a card to play; {n} of your cards beat a group.",
            beating,
        ).format(n=beating)
    return {
        "status": now,
        "status picked": _("Play your {what}, or pick another card."),
        "status sent": _("Playing your {what}…"),
    }


def terms() -> list[Term]:
    """The game's words, as the table's legend explains them (DD-1, DD-3..DD-9)."""
    return [
        {
            "term": _("joins"),
            "meaning": _(
                "a card of the same number as cards in front joins them: two 7s are worth 14."
            ),
        },
        {
            "term": _("beats"),
            "meaning": _(
                "a group worth more beats every group worth less: those cards go down the "
                "drain (discarded) and their players each draw a card."
            ),
        },
        {
            "term": _("pushed through"),
            "meaning": _(
                "a card still in front of its player when their turn comes is discarded, and "
                "no card is drawn: one card fewer. Shed your last card this way to win."
            ),
        },
        {
            "term": _("held"),
            "meaning": _("the cards in a hand and the one in front; the fewer the better."),
        },
        {"term": _("the deck"), "meaning": deck_words()},
    ]
