"""King of the Quackers in players' words: the sentences of each step and the name of a play.

>>> play_words("play 1V=9 7VY 8VL")
'Straight Flush of Waves, 7 to 9: 1V=9 7VY 8VL'
>>> play_words("play 5ML")
'5ML the Forest — 5 (Moons/Leaves)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pondside.engine import Speaker
from pondside.engine.narrate import Lines, joined, ordinal, plural
from pondside.games.decktet import BY_CODE, SUIT_NAMES, rank_word

from .combinations import BOMB, CODE, FLUSH, SET, SINGLE, describe
from .events import QuackersEvent
from .state import left_of, right_of

KIND_WORD = {"single": "card", "set": "Set", "straight_flush": "Straight Flush", "bomb": "Bomb"}


def suits_words(code: str) -> str:
    """A card's suits: ``Moons/Leaves``, or ``no suit``."""
    return "/".join(SUIT_NAMES[s] for s in BY_CODE[code].suits) or "no suit"


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
        head = f"{rank_word(play.rank)} ({suits_words(code)})"
        return f"{codes[0]} {BY_CODE[code].name} — {head}"
    if play.kind == SET:
        head = f"Set of {n} {rank_word(play.rank)}s"
    elif play.kind == FLUSH:
        # KQ-17: the suit all its cards share (the first, should two be shared), low to high.
        shared = set.intersection(*(set(BY_CODE[CODE[c]].suits) for c in play.cards))
        suit = next(SUIT_NAMES[s] for s in SUIT_NAMES if s in shared)
        head = f"Straight Flush of {suit}, {play.rank - n + 1} to {play.rank}"
    else:
        assert play.kind == BOMB
        head = f"Bomb of {n}, rank {rank_word(play.rank)}"
    return f"{head}: {' '.join(codes)}"


def give_words(left: str, right: str, to_left: str, to_right: str) -> str:
    """The two cards to give, each to its neighbour (KQ-5): ``give the Forest (5ML) to Ann,
    the Ace of Knots (1K) to Bob``."""
    return f"give {card_words(left)} to {to_left}, {card_words(right)} to {to_right}"


def promise_words(value: int) -> str:
    """A promise with a play (KQ-29): ``+ PROMISE to go out first (value 7)``."""
    return f"+ PROMISE to go out first (value {value})"


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
            out["pass"] = "Everyone chooses two cards to pass: one to the left, one to the right."
        elif not chosen[seat]:
            out["pass"] = "Pass two cards: choose one for each neighbour."
        else:
            out["pass"] = "Your two cards are chosen; they change hands when everyone has chosen."
        if seat is not None and not chosen[seat]:
            out["status"] = (
                f"Choose a card for {names[left_of(seat, len(chosen))]} on your left, then one "
                f"for {names[right_of(seat, len(chosen))]} on your right, and give them."
            )
        elif waiting:
            out["status"] = f"Waiting for {joined(waiting)} to choose their two cards."
    rnd = view["round"]
    if rnd and rnd["plays"]:
        out["to beat"] = play_words(rnd["plays"][-1][1])
        for k, (_, action) in enumerate(rnd["plays"][:-1]):
            out[f"play {k}"] = short_names(action)
    if view["phase"] == "play":
        out.update(round_words(view, names))
        out.update(play_status(view, names, replay))
    out.update(notes_words(view, names))
    return out


def notes_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """What the notes beside the round say, for the seat of ``view``: the hand's promise
    (``"promise"``, KQ-28, KQ-29), the cards played this hand and the one put aside unseen
    (``"played"``, KQ-4), and once the match is over the last hand's points (``"last hand"``)."""
    sp = Speaker(names, view["seat"])
    out: dict[str, str] = {}
    playing = view["phase"] == "play" and not view["over"]
    promise = view["promise"]
    if promise:
        worth = promise["value"]
        out["promise"] = (
            f"{sp.does(promise['seat'], 'have')} promised to go out first (worth {worth})."
        )
    elif view["options"]["bidding"] and playing:
        out["promise"] = "No promise yet."
    if playing:
        aside = (
            "; one more card lies face down, out of play for this hand (no one sees it)"
            if view["put_aside"]
            else ""
        )
        # "No card", not "0 cards": a 0 alone reads as the Excuse's code (0) to a reader of codes.
        played = plural(len(view["played"]), "card") if view["played"] else "No card"
        out["played"] = f"{played} played this hand{aside}."
    if view["over"] and view["hand_scores"]:
        row = view["hand_scores"][-1]
        best_first = sorted(range(len(row)), key=lambda s: -row[s])
        points = " · ".join(f"{sp.who(s)} +{row[s]}" for s in best_first)
        out["last hand"] = f"Hand {len(view['hand_scores'])}: {points}"
    return out


def round_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """What the round's panel and the hand say, for the seat of ``view``: who leads a new
    round (``"new round"``, KQ-8), who made the play to beat and who passed since (``"to beat
    by"``, ``"passed"``), what a selection of the seat's would do (``"beats"``: it beats a
    seat's play, KQ-9, or it leads), and where the seat went out (``"went out"``)."""
    sp, me, rnd = Speaker(names, view["seat"]), view["seat"], view["round"]
    out: dict[str, str] = {}
    if view["to_act"] and not rnd:
        turn = view["to_act"][0]
        out["new round"] = (
            f"New round: {'Your lead' if sp.is_me(turn) else f'{names[turn]} leads'}."
        )
    if rnd and rnd["plays"]:
        # The play to beat's player, and who passed since (KQ-9).
        verb = "led" if len(rnd["plays"]) == 1 else "played"
        out["to beat by"] = f"{sp.who(rnd['last_seat'])} {verb}"
        if rnd["passed"]:
            out["passed"] = f"Passed since: {joined([sp.who(s, False) for s in rnd['passed']])}."
    if me is None:
        return out
    out["beats"] = f"Beats {whose_play(rnd['last_seat'], me, names)}" if rnd else "A lead"
    if me in view["out"]:
        out["went out"] = f"You went out {ordinal(view['out'].index(me) + 1)}: the others play on."
    return out


def play_status(view: Mapping[str, Any], names: Sequence[str], replay: bool) -> dict[str, str]:
    """The status line while the hand is played (``Game.captions``): who is to lead or to
    beat the play (KQ-8, KQ-9); for the seat to act, what it may do, and, when nothing in its
    hand beats the play (its page offers no play), that it passes (``"status nothing
    beats"``, ``"nothing beats"``: the line under its hand)."""
    me, rnd = view["seat"], view["round"]
    turn = view["to_act"][0] if view["to_act"] else None
    sp = Speaker(names, None if replay else me)
    prefix = "You are watching: " if me is None else ""
    if me is not None and me in view["out"]:
        prefix = f"{sp.who(me)} went out {ordinal(view['out'].index(me) + 1)}. "
    if turn is not None and sp.is_me(turn):
        if not rnd:
            return {
                "status": "Your lead: select any combination and play it.",
                "status sent": "Sending…",
            }
        whose = whose_play(rnd["last_seat"], me, names)
        return {
            "status": f"Your turn: beat {whose}, or pass.",
            "status nothing beats": "Your turn: nothing in your hand beats the play, so pass.",
            "nothing beats": f"Nothing in your hand beats {whose}: pass.",
            "status sent": "Sending…",
        }
    if turn is None:
        return {"status": prefix.strip()}
    return {"status": f"{prefix}{names[turn]} {'to play or pass' if rnd else 'leads a new round'}."}


def whose_play(seat: int, me: int | None, names: Sequence[str]) -> str:
    """The play to beat, as the seat ``me`` reads it: ``your own play`` or ``Ann's play``."""
    return "your own play" if seat == me else f"{names[seat]}'s play"


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
    for code, _, number in cards:
        name = BY_CODE[code].name.removeprefix("the ")
        out.append(f"{name} as {number}" if number else name)
    return ", ".join(out)


def card_words(code: str) -> str:
    """A card in a sentence (``the Ace of Suns (1S)``, ``the Forest (5ML)``): its name for the
    reader, its code for the terminal's input and the hands shown by codes."""
    name = BY_CODE[code].name
    return f"{name if name.startswith('the ') else 'the ' + name} ({code})"


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
                    f"You pass {card_words(gave[0])} to {sp.name(left_of(seat, n))} and "
                    f"{card_words(gave[1])} to {sp.name(right_of(seat, n))}."
                )
            else:
                lines.append(f"{sp.does(seat, 'have chosen')} two cards to pass.")
        elif ev["type"] == "exchange":
            line = "The chosen cards change hands."
            got = after.get("received") if after is not None and receiver is not None else None
            if got and after is not None and receiver is not None:
                n = after["players"]
                line += (
                    f" You receive {card_words(got[0])} from {sp.name(left_of(receiver, n))} "
                    f"and {card_words(got[1])} from {sp.name(right_of(receiver, n))}."
                )
            lines.append(f"{line} {sp.does(ev['leader'], 'lead')} first.")
        elif ev["type"] == "play":
            seat = ev["seat"]
            rnd = before["round"] if before is not None else None
            leads = before is not None and rnd is None
            action = " ".join(ev["action"].split()[: len(ev["cards"]) + 1])
            excuse = ev["kind"] == "bomb" and len(ev["cards"]) == 1
            what = "the Excuse" if excuse else play_words(action)
            line = f"{sp.does(seat, 'lead' if leads else 'play')} {what}"
            if rnd is not None and rnd["last_seat"] != seat:
                kind = KIND_WORD.get(rnd["last_kind"], "play")
                excuse = rnd["size"] == 1 and rnd["last_kind"] == "bomb"
                line += f", on {sp.whose(rnd['last_seat'], False)} {'Excuse' if excuse else kind}"
            line += " — BOMB!" if ev["kind"] == "bomb" and len(ev["cards"]) > 1 else ""
            line += f" ({ev['left']} left)."
            lines.append(line)
        elif ev["type"] == "pass":
            lines.append(f"{sp.does(ev['seat'], 'pass')}.")
        elif ev["type"] == "promise":
            lines.append(
                f"{sp.does(ev['seat'], 'promise')} to go out first, worth "
                f"{plural(ev['value'], 'point')}."
            )
        elif ev["type"] == "promise_resolved":
            seat = ev["seat"]
            if ev["kept"]:
                lines.append(f"{sp.does(seat, 'keep')} the promise: +{ev['value']}.")
            else:
                lines.append(
                    f"{sp.does(seat, 'break')} the promise: everyone else gains "
                    f"{max(ev['points'])}."
                )
        elif ev["type"] == "out":
            lines.append(f"{sp.does(ev['seat'], 'go')} out {ordinal(ev['place'])}!")
        elif ev["type"] == "round_end":
            last = before["round"]["last_seat"] if before and before["round"] else ev["leader"]
            line = "Everyone else passed: the round's cards are put aside."
            if last != ev["leader"]:
                line += (
                    f" {sp.does(last, 'are')} out, so the lead passes to "
                    f"{sp.who(ev['leader'], False)}."
                )
            else:
                line += f" {sp.does(ev['leader'], 'lead')} the next round."
            lines.append(line)
        elif ev["type"] == "hand_end":
            order = sorted(range(len(ev["places"])), key=lambda s: ev["places"][s])
            parts = ", ".join(
                f"{sp.who(s)} {ordinal(ev['places'][s])} {ev['points'][s]:+d} → {ev['totals'][s]}"
                for s in order
            )
            lines.append(f"Hand {ev['hand']} is over: {parts}.")
        elif ev["type"] == "deal":
            lines.append(
                f"Hand {ev['hand']}: {sp.does(ev['dealer'], 'deal')}; everyone chooses two "
                "cards to pass."
            )
        elif ev["type"] == "match_end":
            winner = ev["places"].index(1)
            crowned = "You are" if sp.is_me(winner) else f"{sp.name(winner)} is"
            lines.append(
                f"The match is over: {crowned} King of the Quackers, with "
                f"{plural(ev['scores'][winner], 'point')}!"
            )
    return lines
