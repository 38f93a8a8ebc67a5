"""King of the Quackers in players' words: the sentences of each step and the name of a play.

>>> play_words("play 1V=9 7VY 8VL")
'Straight Flush of Waves, 7 to 9: 1V=9 7VY 8VL'
>>> play_words("play 5ML")
'5ML the Forest — 5 (Moons/Leaves)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pondside.engine import ActionLabel, Speaker, View
from pondside.engine.narrate import Lines, joined, ordinal
from pondside.games import decktet
from pondside.games.decktet import BY_CODE, SUIT_NAMES, card_name, name_of, rank_word, suit_name
from pondside.i18n import N_, _, ngettext, pgettext

from .combinations import BOMB, CODE, FLUSH, SET, SINGLE, describe, is_personality
from .events import QuackersEvent
from .state import deck_cards, left_of, right_of

ON_PLAY = {
    "single": (N_("on your card"), N_("on {name}'s card")),
    "set": (N_("on your Set"), N_("on {name}'s Set")),
    "straight_flush": (N_("on your Straight Flush"), N_("on {name}'s Straight Flush")),
    "bomb": (N_("on your Bomb"), N_("on {name}'s Bomb")),
    "excuse": (N_("on your Excuse"), N_("on {name}'s Excuse")),
    "play": (N_("on your play"), N_("on {name}'s play")),
}
"""What a play lands on, by the kind of the play to beat, as its owner (you, or a name) is
told: each phrase whole, for a language whose article and possessive follow the noun's gender
(German "auf dein Set", "auf deine Bombe")."""


def suits_words(code: str) -> str:
    """A card's suits: ``Moons/Leaves``, or ``no suit``."""
    return "/".join(suit_name(s) for s in BY_CODE[code].suits) or _("no suit")


def play_words(action: str, show: Callable[[str], str] = str) -> str:
    """A play by its cards' codes: ``play 1V=9 7VY 8VL`` → ``Straight Flush of Waves, 7 to 9:
    1V=9 7VY 8VL`` (its suit and numbers, the Ace read as it stands); a single card is named
    too (``5ML the Forest — 5 (Moons/Leaves)``). ``show`` writes each card's word (the
    terminal colours them)."""
    words = action.removesuffix(" promise")
    play = describe(words)
    if play is None:
        return action
    codes = [show(word) for word in words.split()[1:]]
    n = len(play.cards)
    if play.kind == SINGLE:
        code = CODE[play.cards[0]]
        return _("{code} {name} — {rank} ({suits})").format(
            code=codes[0], name=name_of(code), rank=rank_word(play.rank), suits=suits_words(code)
        )
    if play.kind == SET:
        head = _("Set of {n} {rank}s").format(n=n, rank=rank_word(play.rank))
    elif play.kind == FLUSH:
        # KQ-17: the suit all its cards share (the first, should two be shared), low to high.
        shared = set.intersection(*(set(BY_CODE[CODE[c]].suits) for c in play.cards))
        suit = next(suit_name(s) for s in SUIT_NAMES if s in shared)
        head = _("Straight Flush of {suit}, {low} to {high}").format(
            suit=suit, low=play.rank - n + 1, high=play.rank
        )
    else:
        assert play.kind == BOMB
        head = _("Bomb of {n}, rank {rank}").format(n=n, rank=rank_word(play.rank))
    return _("{play}: {cards}").format(play=head, cards=" ".join(codes))


def give_words(left: str, right: str, to_left: str, to_right: str) -> str:
    """The two cards to give, each to its neighbour (KQ-5): ``give the Forest (5ML) to Ann,
    the Ace of Knots (1K) to Bob``."""
    return _("give {left} to {to_left}, {right} to {to_right}").format(
        left=card_words(left), right=card_words(right), to_left=to_left, to_right=to_right
    )


def promise_words(value: int) -> str:
    """A promise with a play (KQ-29): ``+ PROMISE to go out first (value 7)``."""
    return _("+ PROMISE to go out first (value {value})").format(value=value)


def captions(view: Mapping[str, Any], names: Sequence[str], replay: bool) -> dict[str, str]:
    """What the board writes beside its parts, for the seat of ``view`` (the page's keys):

    - ``"pass"``, while cards are passed (KQ-5): what this seat is to do or has done;
    - ``"status"``, while cards are passed: whom the table waits for, or what this seat is to
      choose. Both read the view, so a replay watched from a seat says the same as its table;
    - ``"to beat"``, in a round: the play to beat by what it makes and its cards, an Ace with
      the number it stands for (KQ-17: ``Straight Flush of Wyrms, 2 to 4: 1Y=4 2SY 3LY``);
    - ``"play K"``, in a round: the K-th play before the one to beat, by its cards' names;
    - who leads a new round, what a selection beats, where the seat went out
      (:func:`round_words`); the promise, the cards played, the last hand (:func:`notes_words`);
    - the status line while the hand is played (:func:`play_status`).
    """
    seat = view["seat"]
    out: dict[str, str] = {}
    if view["over"]:
        return notes_words(view, names)
    if view["phase"] == "pass":
        chosen = view["chosen"]
        waiting = [names[s] for s, c in enumerate(chosen) if not c]
        if seat is None:
            out["pass"] = _(
                "Everyone chooses two cards to pass: one to the left, one to the right."
            )
        elif not chosen[seat]:
            out["pass"] = _("Pass two cards: choose one for each neighbour.")
        else:
            out["pass"] = _(
                "Your two cards are chosen; they change hands when everyone has chosen."
            )
        n = len(chosen)
        if seat is not None:
            # The two slots of the pass, one for each neighbour (KQ-5).
            out["pass left"] = _("For {name} (your left)").format(name=names[left_of(seat, n)])
            out["pass right"] = _("For {name} (your right)").format(name=names[right_of(seat, n)])
        if seat is not None and not chosen[seat]:
            out["status"] = _(
                "Choose a card for {left} on your left, then one for {right} on your right, "
                "and give them."
            ).format(left=names[left_of(seat, n)], right=names[right_of(seat, n)])
            # Once the page holds both (its own selection, before the give is sent).
            out["status both chosen"] = _(
                "Both cards are picked: give them, or pick a slot to change its card."
            )
        elif waiting:
            out["status"] = _("Waiting for {names} to choose their two cards.").format(
                names=joined(waiting)
            )
        out["turn info"] = _("Passing cards")
    rnd = view["round"]
    if rnd and rnd["plays"]:
        out["to beat"] = play_words(rnd["plays"][-1][1])
        for k, (_seat, action) in enumerate(rnd["plays"][:-1]):
            out[f"play {k}"] = short_names(action)
    if view["phase"] == "play":
        out.update(round_words(view, names))
        out.update(play_status(view, names, replay))
        out.update(hand_words(view))
    out.update(notes_words(view, names))
    return out


def round_kind(size: int, kind: str) -> str:
    """A round's kind in the plural, for its heading (KQ-8: every play of a round has the
    lead's size and kind): ``single cards``, ``Sets of 3``, ``Straight Flushes of 4``."""
    if size == 1:
        return _("single cards")
    if kind == "set":
        return _("Sets of {n}").format(n=size)
    if kind == "straight_flush":
        return _("Straight Flushes of {n}").format(n=size)
    return _("{n}-card plays").format(n=size)


def hand_words(view: Mapping[str, Any]) -> dict[str, str]:
    """While the hand is played, for the seat of ``view``: the round's heading (``"round"``,
    also the frame's ``"turn info"``), what the seat selects cards for (``"select"``: to beat
    the play or pass, KQ-9, or to lead, KQ-8), and the cards it gave and received at the pass
    (``"gave"``, ``"received"``, KQ-5)."""
    rnd, seat = view["round"], view["seat"]
    out: dict[str, str] = {}
    if view["over"]:
        return out
    if rnd:
        out["round"] = _("Round of {kind}").format(kind=round_kind(rnd["size"], rnd["kind"]))
        out["turn info"] = out["round"]
    else:
        out["turn info"] = _("New lead")
    if seat is None:
        return out
    if rnd:
        out["select"] = _("Select cards to beat the play, or pass.")
    else:
        out["select"] = _("Select the cards of your lead.")
    if view.get("gave") and view.get("received"):
        out["gave"], out["received"] = _("You gave:"), _("You received:")
    return out


def prompts() -> dict[str, str]:
    """Words the page fills with what it has: a round's single lead card (``"lead card"``,
    KQ-13), the selection that can grow into a play (``"more"``), and the buttons of a play
    with its promise (KQ-28, KQ-29: ``{n}``, the number an Ace stands for, KQ-17; ``{value}``,
    what the promise is worth)."""
    return {
        "lead card": _("The lead card: {card}."),
        "more": _("The marked cards can complete a play."),
        "promise": _("Play and promise"),
        "promise ace": _("Play, Ace as {n}, and promise"),
        "promise worth": _("Play and promise ({value})"),
        "promise ace worth": _("Play, Ace as {n}, and promise ({value})"),
        "play ace": _("Play, Ace as {n}"),
        "pass button": _("Pass"),
        # The cards as the table marks them: a personality (KQ-20), the Excuse, an Ace's
        # number (KQ-17), a card passed to the seat (KQ-5).
        "personality card": _("{card} ☺ (a personality)"),
        "personality": _("personality"),
        "ace as": _("as {n}"),
        "card ace as": _("{card}, as {n}"),
        "mark personality": _("☺ a personality card."),
        "mark excuse": _("E the Excuse."),
        "mark passed": _("↓ a card passed to you this hand."),
        "passed to you": _("passed to you"),
        "received title": _("Received: {name} passed you this card at the start of the hand"),
        "received": _("received: {name} passed you this card at the start of the hand"),
        # KQ-5: the pass to the neighbours.
        "the pass": _("The pass"),
        "pass left": _("◀ left"),
        "pass right": _("right ▶"),
        "give the cards": _("Give the two cards"),
        "cards passed": _("The cards passed this hand"),
        "given to": _("{card}, given to {name}"),
        "received from": _("{card}, received from {name}"),
        "chose": _("✓ chose"),
        # KQ-8, KQ-9: the round and what beats it; KQ-25..KQ-29: the seats' marks.
        "this round": _("This round"),
        "earlier plays": _("Earlier plays of this round"),
        "to beat heading": _("To beat"),
        "to beat": _("to beat"),
        "passed": _("passed"),
        "out": _("out {place}"),
        "dealer": _("dealer"),
        "promised": _("promised {n}"),
        # The legend.
        "legend": _("What are a Set, a Straight Flush, a Bomb, the Excuse? The card symbols"),
        "legend rules": _("Set, Straight Flush, Bomb, the Excuse and the rest: see {rules}."),
        "legend link": _("the rules of King of the Quackers"),
        "words": _("Words"),
        "ranks": _("Ranks"),
        "ranks key": _("low to high: {ranks}. ☺ marks a personality; ↓ a card passed to you."),
        "suits": _("Suits"),
        # One deal: German "Spiel", as its rules page says.
        "hand name": pgettext("king-of-the-quackers", "Hand"),
    }


def notes_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """What the notes beside the round say, for the seat of ``view``: the hand's promise
    (``"promise"``, KQ-28, KQ-29), the cards played this hand and the one put aside unseen
    (``"played"``, KQ-4), and once the match is over the last hand's points (``"last hand"``)."""
    sp = Speaker(names, view["seat"])
    out: dict[str, str] = {}
    playing = view["phase"] == "play" and not view["over"]
    promise = view["promise"]
    if promise:
        out["promise"] = sp.says(
            promise["seat"],
            _("You have promised to go out first (worth {worth})."),
            _("{name} has promised to go out first (worth {worth})."),
            worth=promise["value"],
        )
    elif view["options"]["bidding"] and playing:
        out["promise"] = _("No promise yet.")
    if playing:
        out["played"] = played_words(len(view["played"]), view["put_aside"])
    if view["over"] and view["hand_scores"]:
        row = view["hand_scores"][-1]
        best_first = sorted(range(len(row)), key=lambda s: -row[s])
        points = " · ".join(
            sp.says(s, _("You +{points}"), _("{name} +{points}"), points=row[s]) for s in best_first
        )
        out["last hand"] = _("Hand {n}: {points}").format(n=len(view["hand_scores"]), points=points)
    return out


def played_words(n: int, aside: bool) -> str:
    """The cards played this hand, and the one put aside unseen (KQ-4), if one is."""
    # "No card", not "0 cards": a 0 alone reads as the Excuse's code (0) to a reader of codes.
    if not n:
        if aside:
            return _(
                "No card played this hand; one more card lies face down, out of play for this "
                "hand (no one sees it)."
            )
        return _("No card played this hand.")
    if aside:
        return ngettext(
            "{n} card played this hand; one more card lies face down, out of play for this "
            "hand (no one sees it).",
            "{n} cards played this hand; one more card lies face down, out of play for this "
            "hand (no one sees it).",
            n,
        ).format(n=n)
    return ngettext("{n} card played this hand.", "{n} cards played this hand.", n).format(n=n)


def round_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """What the round's panel and the hand say, for the seat of ``view``: who leads a new
    round (``"new round"``, KQ-8), who made the play to beat and who passed since (``"to beat
    by"``, ``"passed"``), what a selection of the seat's would do (``"beats"``: it beats a
    seat's play, KQ-9, or it leads), and where the seat went out (``"went out"``)."""
    sp, me, rnd = Speaker(names, view["seat"]), view["seat"], view["round"]
    out: dict[str, str] = {}
    if view["to_act"] and not rnd:
        out["new round"] = sp.says(
            view["to_act"][0], _("New round: Your lead."), _("New round: {name} leads.")
        )
    if rnd and rnd["plays"]:
        # The play to beat's player, and who passed since (KQ-9).
        if len(rnd["plays"]) == 1:
            out["to beat by"] = sp.says(rnd["last_seat"], _("You led"), _("{name} led"))
        else:
            out["to beat by"] = sp.says(rnd["last_seat"], _("You played"), _("{name} played"))
        if rnd["passed"]:
            who = [_("you") if sp.is_me(s) else sp.name(s) for s in rnd["passed"]]
            out["passed"] = _("Passed since: {names}.").format(names=joined(who))
    if me is None:
        return out
    if rnd:
        out["beats"] = sp.says(rnd["last_seat"], _("Beats your own play"), _("Beats {name}'s play"))
    else:
        out["beats"] = _("A lead")
    if me in view["out"]:
        out["went out"] = _("You went out {place}: the others play on.").format(
            place=ordinal(view["out"].index(me) + 1)
        )
    return out


def play_status(view: Mapping[str, Any], names: Sequence[str], replay: bool) -> dict[str, str]:
    """The status line while the hand is played (``Game.captions``): who is to lead or to
    beat the play (KQ-8, KQ-9); for the seat to act, what it may do, and, when nothing in its
    hand beats the play (its page offers no play), that it passes (``"status nothing
    beats"``, ``"nothing beats"``: the line under its hand)."""
    me, rnd = view["seat"], view["round"]
    turn = view["to_act"][0] if view["to_act"] else None
    sp = Speaker(names, None if replay else me)
    if turn is not None and sp.is_me(turn):
        if not rnd:
            return {
                "status": _("Your lead: select any combination and play it."),
                "status sent": _("Sending…"),
            }
        return {
            "status": sp.says(
                rnd["last_seat"],
                _("Your turn: beat your own play, or pass."),
                _("Your turn: beat {name}'s play, or pass."),
            ),
            "status nothing beats": _("Your turn: nothing in your hand beats the play, so pass."),
            "nothing beats": sp.says(
                rnd["last_seat"],
                _("Nothing in your hand beats your own play: pass."),
                _("Nothing in your hand beats {name}'s play: pass."),
            ),
            "status sent": _("Sending…"),
        }
    doing = ""
    if turn is not None:
        doing = (_("{name} to play or pass.") if rnd else _("{name} leads a new round.")).format(
            name=names[turn]
        )
    if me is None:
        return {"status": _("You are watching: {status}").format(status=doing).strip()}
    if me in view["out"]:
        status = sp.says(
            me,
            _("You went out {place}. {status}"),
            _("{name} went out {place}. {status}"),
            place=ordinal(view["out"].index(me) + 1),
            status=doing,
        )
        return {"status": status.strip()}
    return {"status": doing}


def short_names(action: str) -> str:
    """A play's cards by their names, low to high, as the board writes them under its small
    cards; an Ace with the number it stands for (KQ-17).

    >>> short_names("play 1S=4 5SV 6SY")
    'Ace of Suns as 4, Discovery, Penitent'
    """
    words = action.removesuffix(" promise").split()[1:]
    cards = [w.partition("=") for w in words]
    cards.sort(key=lambda c: (BY_CODE[c[0]].rank, BY_CODE[c[0]].order))
    out = []
    for code, _eq, number in cards:
        name = name_of(code).removeprefix("the ")
        out.append(_("{card} as {n}").format(card=name, n=number) if number else name)
    return ", ".join(out)


def card_words(code: str) -> str:
    """A card in a sentence (``the Ace of Suns (1S)``, ``the Forest (5ML)``): its name for the
    reader, its code for the terminal's input and the hands shown by codes."""
    return f"{card_name(code)} ({code})"


def play_line(
    sp: Speaker, ev: Mapping[str, Any], rnd: Mapping[str, Any] | None, leads: bool
) -> str:
    """A play as the table is told it (KQ-7..KQ-24): who leads or plays what, on whose play,
    a Bomb called out, and the cards left in the player's hand."""
    seat = ev["seat"]
    action = " ".join(ev["action"].split()[: len(ev["cards"]) + 1])
    if ev["kind"] == "bomb" and len(ev["cards"]) == 1:  # the Excuse, a one-card Bomb (KQ-15)
        if leads:
            line = sp.says(seat, _("You lead the Excuse"), _("{name} leads the Excuse"))
        else:
            line = sp.says(seat, _("You play the Excuse"), _("{name} plays the Excuse"))
    elif leads:
        line = sp.says(
            seat, _("You lead {play}"), _("{name} leads {play}"), play=play_words(action)
        )
    else:
        line = sp.says(
            seat, _("You play {play}"), _("{name} plays {play}"), play=play_words(action)
        )
    if rnd is not None and rnd["last_seat"] != seat:
        excuse = rnd["size"] == 1 and rnd["last_kind"] == "bomb"
        kind = "excuse" if excuse else rnd["last_kind"] if rnd["last_kind"] in ON_PLAY else "play"
        you, other = ON_PLAY[kind]
        on = sp.says(rnd["last_seat"], _(you), _(other))
        line = _("{play}, {on}").format(play=line, on=on)
    if ev["kind"] == "bomb" and len(ev["cards"]) > 1:
        line = _("{play} — BOMB!").format(play=line)
    # The same English for one card left or several: a language whose words follow the count
    # says it in its own forms.
    said = ngettext("{play} ({n} left).", "{play} ({n} left).", ev["left"]).format(
        play=line, n=ev["left"]
    )
    if ev["kind"] == "bomb" and len(ev["cards"]) == 1:
        # Issue 27: after a Crown, the Excuse then a Pawn looked like a broken rule; say what
        # the Excuse does to what may follow it.
        return f"{said} {excuse_effect(leads)}"
    return said


def excuse_effect(leads: bool) -> str:
    """What the Excuse does to the round (KQ-14 led: it has no suit, any single may follow;
    KQ-15 played: a one-card Bomb whose rank, the lowest, is the one to beat)."""
    if leads:
        return _("The Excuse has no suit: any single card may follow it, and leads the round.")
    return _(
        "The Excuse is a one-card Bomb: it beats any single, and the rank to beat is now the "
        "lowest, so any single sharing a suit with the round's lead card may follow it."
    )


def narrate(
    before: Mapping[str, Any] | None,
    events: Sequence[QuackersEvent],
    after: Mapping[str, Any] | None,
    names: Sequence[str],
    receiver: int | None,
) -> list[str]:
    """The lines of one step for ``receiver``: the cards passed and received (the receiver's
    own, from its views), each play and what it beats, passes, promises, places and points."""
    sp = Speaker(names, receiver)
    lines = Lines()
    for ev in lines.each(events):
        if ev["type"] == "gave":
            seat = ev["seat"]
            gave = after.get("gave") if after is not None and sp.is_me(seat) else None
            if gave and after is not None:
                n = after["players"]
                lines.append(
                    _("You pass {left_card} to {left} and {right_card} to {right}.").format(
                        left_card=card_words(gave[0]),
                        left=sp.name(left_of(seat, n)),
                        right_card=card_words(gave[1]),
                        right=sp.name(right_of(seat, n)),
                    )
                )
            else:
                lines.append(
                    sp.says(
                        seat,
                        _("You have chosen two cards to pass."),
                        _("{name} has chosen two cards to pass."),
                    )
                )
        elif ev["type"] == "exchange":
            said = [_("The chosen cards change hands.")]
            got = after.get("received") if after is not None and receiver is not None else None
            if got and after is not None and receiver is not None:
                n = after["players"]
                said.append(
                    _("You receive {left_card} from {left} and {right_card} from {right}.").format(
                        left_card=card_words(got[0]),
                        left=sp.name(left_of(receiver, n)),
                        right_card=card_words(got[1]),
                        right=sp.name(right_of(receiver, n)),
                    )
                )
            said.append(sp.says(ev["leader"], _("You lead first."), _("{name} leads first.")))
            lines.append(" ".join(said))
        elif ev["type"] == "play":
            rnd = before["round"] if before is not None else None
            lines.append(play_line(sp, ev, rnd, before is not None and rnd is None))
        elif ev["type"] == "pass":
            lines.append(sp.says(ev["seat"], _("You pass."), _("{name} passes.")))
        elif ev["type"] == "promise":
            value = ev["value"]
            you = ngettext(
                "You promise to go out first, worth {n} point.",
                "You promise to go out first, worth {n} points.",
                value,
            )
            other = ngettext(
                "{name} promises to go out first, worth {n} point.",
                "{name} promises to go out first, worth {n} points.",
                value,
            )
            lines.append(sp.says(ev["seat"], you, other, n=value))
        elif ev["type"] == "promise_resolved":
            seat = ev["seat"]
            if ev["kept"]:
                lines.append(
                    sp.says(
                        seat,
                        _("You keep the promise: +{value}."),
                        _("{name} keeps the promise: +{value}."),
                        value=ev["value"],
                    )
                )
            else:
                gain = max(ev["points"])
                you = ngettext(
                    "You break the promise: everyone else gains {n}.",
                    "You break the promise: everyone else gains {n}.",
                    gain,
                )
                other = ngettext(
                    "{name} breaks the promise: everyone else gains {n}.",
                    "{name} breaks the promise: everyone else gains {n}.",
                    gain,
                )
                lines.append(sp.says(seat, you, other, n=gain))
        elif ev["type"] == "out":
            lines.append(
                sp.says(
                    ev["seat"],
                    _("You go out {place}!"),
                    _("{name} goes out {place}!"),
                    place=ordinal(ev["place"]),
                )
            )
        elif ev["type"] == "round_end":
            last = before["round"]["last_seat"] if before and before["round"] else ev["leader"]
            lines.append(
                " ".join(
                    [
                        _("Everyone else passed: the round's cards are put aside."),
                        lead_passes(sp, last, ev["leader"]),
                    ]
                )
            )
        elif ev["type"] == "hand_end":
            order = sorted(range(len(ev["places"])), key=lambda s: ev["places"][s])
            parts = ", ".join(
                sp.says(
                    s,
                    _("You {place} {points} → {total}"),
                    _("{name} {place} {points} → {total}"),
                    place=ordinal(ev["places"][s]),
                    points=f"{ev['points'][s]:+d}",
                    total=ev["totals"][s],
                )
                for s in order
            )
            lines.append(_("Hand {n} is over: {results}.").format(n=ev["hand"], results=parts))
        elif ev["type"] == "deal":
            lines.append(
                sp.says(
                    ev["dealer"],
                    _("Hand {n}: You deal; everyone chooses two cards to pass."),
                    _("Hand {n}: {name} deals; everyone chooses two cards to pass."),
                    n=ev["hand"],
                )
            )
        elif ev["type"] == "match_end":
            winner = ev["places"].index(1)
            score = ev["scores"][winner]
            you = ngettext(
                "The match is over: You are King of the Quackers, with {n} point!",
                "The match is over: You are King of the Quackers, with {n} points!",
                score,
            )
            other = ngettext(
                "The match is over: {name} is King of the Quackers, with {n} point!",
                "The match is over: {name} is King of the Quackers, with {n} points!",
                score,
            )
            lines.append(sp.says(winner, you, other, n=score))
    return lines


def lead_passes(sp: Speaker, last: int, leader: int) -> str:
    """Who leads the next round once everyone else passed (KQ-10): the last player to play,
    or, when that player is out, the next one holding cards (KQ-11)."""
    if last == leader:
        return sp.says(leader, _("You lead the next round."), _("{name} leads the next round."))
    if sp.is_me(last):
        return _("You are out, so the lead passes to {leader}.").format(leader=sp.name(leader))
    if sp.is_me(leader):
        return _("{name} is out, so the lead passes to you.").format(name=sp.name(last))
    return _("{name} is out, so the lead passes to {leader}.").format(
        name=sp.name(last), leader=sp.name(leader)
    )


def card_facts() -> dict[str, Any]:
    """Which ranks each deck holds (KQ-1), low to high by their codes, for the legend of
    the card symbols: the page looks its table's ``deck`` option up here and restates no
    deck; and every card low to high by its rank, then in the Decktet's table order
    (``"order"``), the order a hand and a play are shown in; and the cards that make Bombs
    (``"personalities"``, KQ-20: the fourteen personalities and the Excuse), which the page
    marks with their symbol; and the Decktet as the page names and draws it (``"decktet"``,
    :func:`decktet.deck_facts`)."""
    order = decktet.RANK_VALUE.__getitem__
    table = {code: i for i, code in enumerate(decktet.CODES)}
    return {
        "deck_ranks": {
            kind: sorted({CODE[c][0] for c in deck_cards(kind)}, key=order)
            for kind in ("extended", "basic")
        },
        "order": sorted(table, key=lambda code: (order(code[0]), table[code])),
        "personalities": [CODE[i] for i in range(len(CODE)) if is_personality(i)],
        "decktet": decktet.deck_facts(CODE),
    }


def action_label(view: View, action: str, names: Sequence[str]) -> ActionLabel:
    """A play named by what it makes (``Set of 2 7s: 7SK 7VY``) and, with a promise, what
    the promise is worth (KQ-29: the cards left after the play; ``shows: {"promise": N}``
    for the page's button); the two cards to give,
    each with the neighbour it goes to (KQ-5)."""
    seat = view["seat"]
    if action.startswith("give "):
        _verb, left, right = action.split()
        n = view["players"]
        sp = Speaker(names, seat)
        to_left, to_right = sp.name(left_of(seat, n)), sp.name(right_of(seat, n))
        label = give_words(left, right, to_left, to_right)
        return {"action": action, "label": label, "effect": ""}
    play = describe(action.removesuffix(" promise"))
    if play is None:  # pass
        return {"action": action, "label": _("pass"), "effect": pass_effect(view, names)}
    if action.endswith(" promise"):
        # KQ-29: the promise is worth the cards left after the play (the page shows it).
        value = len(view["hand"]) - len(play.cards)
        effect = promise_words(value)
        label = play_words(action)
        return {"action": action, "label": label, "effect": effect, "shows": {"promise": value}}
    effect = play_effect(view, names, len(view["hand"]) - len(play.cards))
    return {"action": action, "label": play_words(action), "effect": effect}


def play_effect(view: View, names: Sequence[str], left: int) -> str:
    """What a play would do (a puzzle's answers and the labels say it): lead the round or beat
    the play to beat (KQ-8, KQ-9), and the cards it leaves, or going out (KQ-25)."""
    rnd = view["round"]
    if rnd is None:
        if left == 0:
            return _("→ leads and goes out")
        return ngettext("→ leads; {n} card left", "→ leads; {n} cards left", left).format(n=left)
    holder = Speaker(names, view["seat"]).name(rnd["last_seat"])
    if left == 0:
        return _("→ beats {name}'s play and goes out").format(name=holder)
    return ngettext(
        "→ beats {name}'s play; {n} card left", "→ beats {name}'s play; {n} cards left", left
    ).format(name=holder, n=left)


def pass_effect(view: View, names: Sequence[str]) -> str:
    """What a pass would do (KQ-9, KQ-10): end the round when every other player still in has
    passed since the play to beat, its player leading the next; else leave that play to beat
    (a player who passed may play again this round)."""
    rnd = view["round"]
    if rnd is None:
        return ""
    seat, holder = view["seat"], rnd["last_seat"]
    name = Speaker(names, seat).name(holder)
    waiting = [
        s
        for s in range(view["players"])
        if s not in (seat, holder) and s not in view["out"] and s not in rnd["passed"]
    ]
    if waiting:
        return _("→ {name}'s play stays to beat").format(name=name)
    if holder in view["out"]:  # KQ-11: the lead goes to the nearest player still in
        return _("→ ends the round")
    return _("→ ends the round: {name} leads the next").format(name=name)


def hand_action(view: View, card: Any) -> str | None:
    # At the pass every card may be given (KQ-5); in play a card alone is a single.
    return f"play {card}" if view["phase"] == "play" else None
