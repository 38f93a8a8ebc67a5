"""Ladders in players' words: the sentences of each step. ACCENT and RUNG piles are numbered
from 1, as the table shows them (the notation counts them from 0).

Every sentence goes through the message catalog (``pondside.i18n``), whole per person: the
"you" sentence and the "{name}" sentence are written apart (``Speaker.says``), a shared win in
its four forms (``Speaker.says_together``). What stays a phrase of its own is what a sentence
takes whole in every language: a card with its article (``card_words``; German "eine 8", "ein
SKIP PORTAL"; after "with" the dative, ``card_with``), the pile a card comes from
(``_source``) and a round's score.

>>> from pondside.games.ladders.events import Play
>>> play: Play = {"type": "play", "seat": 1, "from": "rung", "card": "8", "to": 2, "as": 8,
...               "owner": 1, "rung": 0}
>>> narrate([play], ["Ann", "Bob"], 0, teams=False)
['Bob plays an 8 from their RUNG pile 1 onto ACCENT pile 3.']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pondside.engine import ActionLabel, Speaker, Term, View
from pondside.engine.narrate import Lines, joined
from pondside.i18n import N_, _, ngettext

from .events import LaddersEvent, Play, RoundEnd
from .state import CARD, TOP, WILD, partner

WILD_NAME = N_("SKIP PORTAL")
WILD_CODE = CARD[WILD]  # "W"
_AN = ("8", "11")  # the numbers English says with "an"


def card_words(code: str, counts_as: int | None = None) -> str:
    """A card as a sentence's object: ``a 7``, ``an 8``, ``a SKIP PORTAL``, and what a SKIP
    PORTAL counts as where it lies: ``a SKIP PORTAL (as 2)``."""
    if code == WILD_CODE:
        if counts_as is None:
            return _("a SKIP PORTAL")
        return _("a SKIP PORTAL (as {n})").format(n=counts_as)
    return (_("an {card}") if code in _AN else _("a {card}")).format(card=code)


def card_with(code: str, counts_as: int | None = None) -> str:
    """A card after "with" (German takes the dative there: "mit einer 1"): ``with a 1``,
    ``with a SKIP PORTAL (as 1)``."""
    if code == WILD_CODE:
        if counts_as is None:
            return _("with a SKIP PORTAL")
        return _("with a SKIP PORTAL (as {n})").format(n=counts_as)
    return (_("with an {card}") if code in _AN else _("with a {card}")).format(card=code)


def accent_name(slot: int) -> str:
    """An ACCENT pile as the table labels it: ``accent_name(0)`` is ``ACCENT pile 1``."""
    return _("ACCENT pile {n}").format(n=slot + 1)


def rung_name(rung: int) -> str:
    """A RUNG pile as the table labels it: ``rung_name(0)`` is ``RUNG pile 1``."""
    return _("RUNG pile {n}").format(n=rung + 1)


def _source(ev: Play, sp: Speaker) -> str:
    """Where a played card comes from, for the reader: the player's own hand or pile ("from
    your hand", "from their CLIMB"), or a partner's (LA-14: "from your CLIMB" when the reader
    is the partner, else "from Cid's RUNG pile 2")."""
    seat = ev["seat"]
    owner = ev.get("owner", seat)
    pile = ev["from"].removeprefix("partner ")
    n = ev.get("rung", 0) + 1
    if owner == seat:
        if pile == "hand":
            return _("from your hand") if sp.is_me(seat) else _("from their hand")
        if pile == "climb":
            return _("from your CLIMB") if sp.is_me(seat) else _("from their CLIMB")
        mine = sp.is_me(seat)
        return (_("from your RUNG pile {n}") if mine else _("from their RUNG pile {n}")).format(n=n)
    if pile == "climb":
        return sp.says(owner, _("from your CLIMB"), _("from {name}'s CLIMB"))
    return sp.says(owner, _("from your RUNG pile {n}"), _("from {name}'s RUNG pile {n}"), n=n)


def _play(ev: Play, sp: Speaker) -> str:
    counts_as = ev["as"] if ev["card"] == WILD_CODE else None
    fields = {"pile": accent_name(ev["to"]), "where": _source(ev, sp)}
    if ev["as"] == 1:
        return sp.says(
            ev["seat"],
            # TRANSLATORS: {with_card} is "with a 1" ("mit einer 1"), {where} "from your hand".
            _("You start {pile} {with_card} {where}."),
            _("{name} starts {pile} {with_card} {where}."),
            with_card=card_with(ev["card"], counts_as),
            **fields,
        )
    return sp.says(
        ev["seat"],
        # TRANSLATORS: {card} is "a 7" ("eine 7"), {where} "from your hand", {pile} "ACCENT pile 2".
        _("You play {card} {where} onto {pile}."),
        _("{name} plays {card} {where} onto {pile}."),
        card=card_words(ev["card"], counts_as),
        **fields,
    )


def _round_end(ev: RoundEnd, sp: Speaker) -> str:
    winners = ev["winners"]
    if not winners:
        return _(
            "Nobody can move any more: round {round} ends, and as several sides share the "
            "fewest CLIMB cards, nobody scores."
        ).format(round=ev["round"])
    points = ev["points"][winners[0]]
    left = sum(n for s, n in enumerate(ev["climb_sizes"]) if s not in winners)
    if len(winners) > 1:
        score = ngettext(
            "{points} points each ({n} card left in the other CLIMB piles)",
            "{points} points each ({n} cards left in the other CLIMB piles)",
            left,
        )
    else:
        score = ngettext(
            "{points} points ({n} card left in the other CLIMB piles)",
            "{points} points ({n} cards left in the other CLIMB piles)",
            left,
        )
    fields = {"round": ev["round"], "score": score.format(points=points, n=left)}
    # The receiver first, then by seat (a side is two partners, LA-14).
    ordered = sorted(winners, key=lambda s: (not sp.is_me(s), s))
    if ev["reason"] == "climb":
        return sp.says_together(
            ordered,
            you=_("You empty your CLIMB and win round {round}: {score}."),
            you_and=_(
                "You and {names} empty both your CLIMB piles and win round {round}: {score}."
            ),
            one=_("{name} empties their CLIMB and wins round {round}: {score}."),
            many=_("{names} empty both their CLIMB piles and win round {round}: {score}."),
            **fields,
        )
    return sp.says_together(
        ordered,
        you=_(
            "Nobody can move any more: round {round} ends. You have the fewest CLIMB cards and "
            "win {score}."
        ),
        you_and=_(
            "Nobody can move any more: round {round} ends. You and {names} have the fewest "
            "CLIMB cards and win {score}."
        ),
        one=_(
            "Nobody can move any more: round {round} ends. {name} has the fewest CLIMB cards "
            "and wins {score}."
        ),
        many=_(
            "Nobody can move any more: round {round} ends. {names} have the fewest CLIMB cards "
            "and win {score}."
        ),
        **fields,
    )


def _match_end(places: Sequence[int], scores: Sequence[int], sp: Speaker, teams: bool) -> str:
    first = sorted((s for s, p in enumerate(places) if p == 1), key=lambda s: (not sp.is_me(s), s))
    score = scores[first[0]]
    # Partners share their side's place (LA-14): two first places of one side are one win.
    if len(first) == 1 or (teams and len(first) == 2):
        return sp.says_together(
            first,
            you=_("The match is over: you win with {score} points."),
            you_and=_("The match is over: you and {names} win with {score} points each."),
            one=_("The match is over: {name} wins with {score} points."),
            many=_("The match is over: {names} win with {score} points each."),
            score=score,
        )
    # Several seats share first place (three may, or both sides of a partnership): one list,
    # the receiver first among them (German's verb then takes "ihr": "Du und Bob teilt euch").
    others = [sp.name(s) for s in first if not sp.is_me(s)]
    if len(others) < len(first):
        # "you and Bob", "you, Bob and Cid": English's list, the receiver first.
        if len(others) == 1:
            shared = _("The match is over: you and {names} share first place with {score} points.")
        else:
            shared = _("The match is over: you, {names} share first place with {score} points.")
        return shared.format(names=joined(others), score=score)
    names = joined([sp.name(s) for s in first])
    return _("The match is over: {names} share first place with {score} points.").format(
        names=names, score=score
    )


def _climb_top(sp: Speaker, seat: int, code: str) -> str:
    """One seat's CLIMB top in the list a deal shows: ``you 7``, ``Bob SKIP PORTAL``."""
    card = _(WILD_NAME) if code == WILD_CODE else code
    return sp.says(
        seat,
        # TRANSLATORS: one player's CLIMB top card in the list of "The CLIMB tops: {tops}."
        _("you {card}"),
        # TRANSLATORS: one player's CLIMB top card in the list of "The CLIMB tops: {tops}."
        _("{name} {card}"),
        card=card,
    )


def narrate(
    events: Sequence[LaddersEvent], names: Sequence[str], receiver: int | None, teams: bool
) -> list[str]:
    """The lines of one step for ``receiver``: turns, draws, each card's move and the piles it
    completes, the rounds' ends. ``teams``: partners share their side's place (LA-14)."""
    sp = Speaker(names, receiver)
    lines = Lines()
    for ev in lines.each(events):
        if ev["type"] == "deal":
            tops = ", ".join(_climb_top(sp, s, c) for s, c in enumerate(ev["climb_tops"]))
            lines.append(
                sp.says(
                    ev["dealer"],
                    _("Round {round}: You deal. The CLIMB tops: {tops}."),
                    _("Round {round}: {name} deals. The CLIMB tops: {tops}."),
                    round=ev["round"],
                    tops=tops,
                )
            )
        elif ev["type"] == "turn":
            lines.append(sp.says(ev["seat"], _("Your turn."), _("{name}'s turn.")))
        elif ev["type"] == "draw":
            n = ev["cards"]
            lines.append(
                sp.says(
                    ev["seat"],
                    ngettext("You draw {n} card.", "You draw {n} cards.", n),
                    ngettext("{name} draws {n} card.", "{name} draws {n} cards.", n),
                    n=n,
                )
            )
        elif ev["type"] == "reshuffle":
            n = ev["cards"]
            lines.append(
                ngettext(
                    "DRAW is empty: the {n} card of DISCARD is shuffled into a new DRAW.",
                    "DRAW is empty: the {n} cards of DISCARD are shuffled into a new DRAW.",
                    n,
                ).format(n=n)
            )
        elif ev["type"] == "play":
            lines.append(_play(ev, sp))
        elif ev["type"] == "complete":
            lines.append(
                _(
                    "ACCENT pile {n} reaches {top} and goes to DISCARD; its place is free again."
                ).format(n=ev["slot"] + 1, top=TOP)
            )
        elif ev["type"] == "turn_up":
            lines.append(
                sp.says(
                    ev["seat"],
                    _("Your next CLIMB card turns up: {card}."),
                    _("{name}'s next CLIMB card turns up: {card}."),
                    card=card_words(ev["card"]),
                )
            )
        elif ev["type"] == "discard":
            lines.append(
                sp.says(
                    ev["seat"],
                    _("You end your turn, leaving {card} on your RUNG pile {n}."),
                    _("{name} ends their turn, leaving {card} on their RUNG pile {n}."),
                    card=card_words(ev["card"]),
                    n=ev["rung"] + 1,
                )
            )
        elif ev["type"] == "pass":
            lines.append(
                sp.says(
                    ev["seat"],
                    _("You have no card and no play left: your turn ends."),
                    _("{name} has no card and no play left: their turn ends."),
                )
            )
        elif ev["type"] == "round_end":
            lines.append(_round_end(ev, sp))
        elif ev["type"] == "match_end":
            lines.append(_match_end(ev["places"], ev["scores"], sp, teams))
    return lines


def play_label(what: str, slot: int, filled: bool, counts_as: int, wild: bool) -> tuple[str, str]:
    """A play as it is offered: the card and where it comes from (``what``: ``7 from hand``,
    ``W from Cid's CLIMB``), then the pile it goes on: ``→ ACCENT pile 2``, ``→ a new ACCENT
    pile``, with what a SKIP PORTAL counts as there."""
    if filled:
        onto = _("→ {pile} as {n}") if wild else _("→ {pile}")
    else:
        onto = _("→ a new ACCENT pile as {n}") if wild else _("→ a new ACCENT pile")
    return what, onto.format(pile=accent_name(slot), n=counts_as)


def source_words(source: str, card: str, rung: int | None, partner_name: str | None = None) -> str:
    """Where a played card comes from, for the seat playing it: ``7 from hand``, ``9 from
    RUNG pile 2``, ``W from Cid's CLIMB`` (the partner named, LA-14)."""
    n = (rung or 0) + 1
    pile = source.removeprefix("partner ")
    if not source.startswith("partner "):
        if pile == "hand":
            return _("{card} from hand").format(card=card)
        if pile == "climb":
            return _("{card} from CLIMB").format(card=card)
        return _("{card} from RUNG pile {n}").format(card=card, n=n)
    name = partner_name if partner_name is not None else _("partner")
    if pile == "climb":
        return _("{card} from {name}'s CLIMB").format(card=card, name=name)
    return _("{card} from {name}'s RUNG pile {n}").format(card=card, name=name, n=n)


def discard_label(card: str, rung: int, top: str | None) -> tuple[str, str]:
    """A discard as it is offered: ``discard 7 to RUNG pile 2``, ``on 9 (ends your turn)``.
    An empty pile's effect does not say "empty": the pile's own name says it, and the page
    reads both together (issue 27: "RUNG pile 1: empty: … RUNG pile 1 empty, ending the
    turn")."""
    on = _("on {card} (ends your turn)").format(card=top) if top else _("(ends your turn)")
    return _("discard {card} to RUNG pile {n}").format(card=card, n=rung + 1), on


def action_label(
    view: View, action: str, parsed: tuple[str, int, int], names: Sequence[str]
) -> ActionLabel:
    """A play: the card, where it comes from and the ACCENT pile it goes on (what a SKIP
    PORTAL counts as there); a discard: the RUNG pile and its top card. ``parsed`` is the
    action as the game reads it: (source or ``discard``, card or pile, slot or RUNG pile);
    ``names``: the seats' names, for a partner's pile."""
    kind, x, y = parsed
    seat = view["seat"]
    if kind == "discard":
        pile = view["rungs"][seat][y]
        label, effect = discard_label(CARD[x], y, pile[-1] if pile else None)
    else:
        owner = partner(seat) if kind.startswith("partner") else seat
        if kind.endswith("climb"):
            card = view["climb_tops"][owner]
        elif kind.endswith("rung"):
            card = view["rungs"][owner][x][-1]
        else:
            card = CARD[x]
        rung = x if kind.endswith("rung") else None
        what = source_words(kind, card, rung, names[owner] if owner != seat else None)
        filled = bool(view["accents"][y])
        label, effect = play_label(what, y, filled, view["accent_next"][y], card == WILD_CODE)
    return {"action": action, "label": label, "effect": effect}


# The status of the seat to play (LA-7, LA-9), in the prompts and in the captions built for
# every frame.
TURN = N_(
    "Your turn: build the ACCENT piles (pick a lit card, then a lit pile), or end your turn by "
    "putting a hand card on a RUNG pile."
)


def prompts() -> dict[str, str]:
    """What the page tells the seat to act, by what it has picked (LA-7..LA-10: a card goes
    onto a lit ACCENT pile, or onto one of the player's RUNG piles, which ends the turn; with
    nothing left to draw and no card in hand, the turn ends by itself); a phone's ``short``
    ones, for the width of a few words beside the clock. ``{what}``: the card picked."""
    return {
        "play or drop": _(
            "{what}: pick a lit ACCENT pile to play it, or one of your RUNG piles to leave it "
            "there and end your turn."
        ),
        "play or drop short": _("{what}: pick a lit ACCENT pile, or a RUNG pile to end your turn."),
        "play": _("{what}: pick a lit ACCENT pile to play it."),
        "drop": _(
            "{what} fits no ACCENT pile: pick one of your RUNG piles to leave it there and end "
            "your turn."
        ),
        "drop short": _("{what} fits no ACCENT pile: pick a RUNG pile to end your turn."),
        "ending": _(
            "End your turn: pick the card from your hand to leave on one of your RUNG piles."
        ),
        "ending short": _("End your turn: pick a hand card, then a RUNG pile."),
        "no play": _(
            "No play left: end your turn by putting a card from your hand on one of your RUNG "
            "piles (the card, then the pile)."
        ),
        "no play short": _("No play left: end your turn by putting a card on a RUNG pile."),
        "nothing to draw": _(
            "Your hand is empty and nothing is left to draw: make the plays that are open; your "
            "turn then ends by itself."
        ),
        "nothing to draw short": _(
            "Nothing left to draw: make the open plays; your turn then ends."
        ),
        "turn": _(TURN),
        "turn short": _("Your turn: play lit cards onto ACCENT piles, or end it on a RUNG pile."),
        "score row": _("Round {round}"),
        "hand name": _("Round"),  # what the rules call one deal (LA-12)
        # LA-9 on the page's "End turn…" button and when a source is picked while ending.
        "end turn": _("End your turn: put one card from your hand on one of your RUNG piles"),
        "ending only": _(
            "You are ending your turn: pick a card in your hand, then a lit RUNG pile (Esc goes "
            "back)."
        ),
        # LA-4, LA-7 and LA-11 in the tooltips of the DRAW and DISCARD stacks.
        "draw": _("DRAW: the face-down pile the hands are filled from"),
        "discard": _("DISCARD: the full ACCENT piles, shuffled into a new DRAW when DRAW runs out"),
        # The board's labels, in the rulebook's words (LA-1..LA-5, LA-14).
        "legend": _("What are CLIMB, RUNG, ACCENT and SKIP PORTAL?"),
        "climb": _("CLIMB"),
        "climb size": _("CLIMB {n}"),
        "climb left": _("{n} left"),
        "rung": _("RUNG"),
        "rung n": _("RUNG {n}"),
        "accent": _("ACCENT"),
        "accent n": _("ACCENT {n}"),
        "accent needs": _("needs {n}"),
        "draw name": _("DRAW"),
        "discard name": _("DISCARD"),
        "stacks": _("DRAW {draw} · DISCARD {discard}"),
        "wild in hand": _("SKIP PORTAL (wild) in your hand"),
        "in hand": _("{card} in your hand"),
        "from hand": _("{card} from hand"),
        "counting as": _("{card} counting as {n}"),
        "partner you": _("with you"),
        "partner": _("with {name}"),
    }


def card_facts() -> dict[str, Any]:
    """Each card in words as a sentence names it (``card_words``: "a 7", "an 8", "a SKIP
    PORTAL"), for the faces' names wherever a page draws them."""
    return {"words": {code: card_words(code) for code in CARD.values()}}


def captions(view: View, names: Sequence[str], replay: bool) -> dict[str, str]:
    """Whose piles each seat's are, for the seat of ``view`` (:func:`pile_words`), and the
    status line (``Game.captions``) where the page's own situation does not choose one of
    :func:`prompts` (the seat to act, by what it picked): whom the table waits for, or whose
    turn a spectator or a replay is watching."""
    out = pile_words(view, names)
    out.update(accent_words(view))
    me = view["seat"]
    if me is not None and not view["over"] and not view.get("hand"):
        # LA-8: the hand of the seat to act is empty only with nothing left to draw; its
        # piles may still play.
        out["empty hand"] = (
            _("Your hand is empty: play what you can from your piles.")
            if me in view["to_act"] and not replay
            else _("Your hand is empty.")
        )
    if view["over"] or not view["to_act"]:
        return out
    turn = view["to_act"][0]
    if me is None:
        out["status"] = _("You are watching: {name} is playing.").format(name=names[turn])
    elif replay:
        out["status"] = _("{name} is playing.").format(name=names[turn])
    elif turn != me:
        out["status"] = _("Waiting for {name} to play.").format(name=names[turn])
    else:
        out.update({"status": _(TURN), "status sent": _("Playing…")})
    return out


def accent_words(view: View) -> dict[str, str]:
    """Each ACCENT pile in words (``"accent 0"``: "ACCENT pile 1: up to 3, needs a 4"), and
    the number a SKIP PORTAL on its top stands for (``"accent 0 as"``: its gold badge): a pile
    is built up one number a card from 1 (LA-5), so its top counts as the pile's height."""
    out: dict[str, str] = {}
    for s, pile in enumerate(view["accents"]):
        if not pile:
            out[f"accent {s}"] = _("ACCENT pile {n}: empty, starts with a 1").format(n=s + 1)
            continue
        height = view["accent_next"][s] - 1
        slots = {"n": s + 1, "height": height, "card": card_words(str(height + 1))}
        if pile[-1] == WILD_CODE:
            out[f"accent {s} as"] = str(height)
            words = _("ACCENT pile {n}: up to {height} (a SKIP PORTAL as {height}), needs {card}")
        else:
            words = _("ACCENT pile {n}: up to {height}, needs {card}")
        out[f"accent {s}"] = words.format(**slots)
    return out


def pile_words(view: View, names: Sequence[str]) -> dict[str, str]:
    """The heading of each seat's piles (``"piles 2"``: "Your piles", "Cid's piles (your
    partner)"), and what a partner's piles offer (``"partner note"``: LA-14, a partner's CLIMB
    and RUNG tops may be played)."""
    me = view["seat"]
    mate = None if me is None else view["partners"][me]
    out: dict[str, str] = {}
    for s in range(view["players"]):
        if s == me:
            out[f"piles {s}"] = _("Your piles")
        elif s == mate:
            out[f"piles {s}"] = _("{name}'s piles (your partner)").format(name=names[s])
        else:
            out[f"piles {s}"] = _("{name}'s piles").format(name=names[s])
    if mate is not None:
        out["partner note"] = _("you may play their tops")
    for s in range(view["players"]):
        out.update(_seat_piles(view, s, names[s], s == me))
    return out


def _seat_piles(view: View, seat: int, name: str, mine: bool) -> dict[str, str]:
    """Seat ``seat``'s CLIMB (``"climb 1"``: "Ann's CLIMB: 12 cards, top a 7") and each of its
    RUNG piles (``"rung 1 0"``: "Ann's RUNG pile 1: 2 cards, 9, SKIP PORTAL (top SKIP
    PORTAL)"), bottom card first, for the reader (``mine``: the pile is the reader's)."""
    size = view["climb_sizes"][seat]
    top = view["climb_tops"][seat]
    climb = {"n": size, "name": name, "top": _("none") if top is None else card_words(top)}
    out = {
        f"climb {seat}": (
            ngettext("Your CLIMB: {n} card, top {top}", "Your CLIMB: {n} cards, top {top}", size)
            if mine
            else ngettext(
                "{name}'s CLIMB: {n} card, top {top}", "{name}'s CLIMB: {n} cards, top {top}", size
            )
        ).format(**climb)
    }
    for r, pile in enumerate(view["rungs"][seat]):
        shown = [_(WILD_NAME) if c == WILD_CODE else c for c in pile]
        slots = {"r": r + 1, "name": name, "n": len(pile)}
        if not pile:
            words = _("Your RUNG pile {r}: empty") if mine else _("{name}'s RUNG pile {r}: empty")
        elif mine:
            words = ngettext(
                "Your RUNG pile {r}: {n} card, {cards} (top {top})",
                "Your RUNG pile {r}: {n} cards, {cards} (top {top})",
                len(pile),
            )
        else:
            words = ngettext(
                "{name}'s RUNG pile {r}: {n} card, {cards} (top {top})",
                "{name}'s RUNG pile {r}: {n} cards, {cards} (top {top})",
                len(pile),
            )
        if pile:
            slots.update(cards=", ".join(shown), top=shown[-1])
        out[f"rung {seat} {r}"] = words.format(**slots)
    return out


TERMS = (
    (
        N_("CLIMB"),
        N_(
            "your race pile, face down with its top card face up. Only the top card plays; "
            "empty it to win the round."
        ),
    ),
    (
        N_("RUNG"),
        N_(
            "your four holding piles. You end your turn by putting one hand card on one of "
            "them; later their top cards can be played."
        ),
    ),
    (
        N_("ACCENT"),
        N_(
            "the four shared piles in the middle, built up from 1 to 12. A full pile (12) goes "
            "to DISCARD and its place is free again."
        ),
    ),
    (
        WILD_NAME,
        N_(
            "the wild card: it counts as whatever number the ACCENT pile needs (the gold badge "
            "shows which)."
        ),
    ),
)
"""The game's words and their meanings (the rulebook's names: German keeps them)."""


def terms() -> list[Term]:
    """The game's words, as the table's legend and its piles' tooltips explain them."""
    return [{"term": _(term), "meaning": _(meaning)} for term, meaning in TERMS]
