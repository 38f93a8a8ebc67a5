"""Ladders in players' words: the sentences of each step. ACCENT and RUNG piles are numbered
from 1, as the table shows them (the notation counts them from 0).

>>> from pondside.games.ladders.events import Play
>>> play: Play = {"type": "play", "seat": 1, "from": "rung", "card": "8", "to": 2, "as": 8,
...               "owner": 1, "rung": 0}
>>> narrate([play], ["Ann", "Bob"], 0, teams=False)
['Bob plays an 8 from their RUNG pile 1 onto ACCENT pile 3.']
"""

from __future__ import annotations

from collections.abc import Sequence

from pondside.engine import ActionLabel, Speaker, Term, View
from pondside.engine.narrate import Lines, joined, plural

from .events import LaddersEvent, Play, RoundEnd
from .state import CARD, TOP, WILD, partner

WILD_NAME = "SKIP PORTAL"
WILD_CODE = CARD[WILD]  # "W"


def card_words(code: str) -> str:
    """``a 7``, ``an 8``, ``an 11``, ``a SKIP PORTAL``."""
    if code == WILD_CODE:
        return f"a {WILD_NAME}"
    return f"{'an' if code in ('8', '11') else 'a'} {code}"


def accent_name(slot: int) -> str:
    """An ACCENT pile as the table labels it: ``accent_name(0)`` is ``ACCENT pile 1``."""
    return f"ACCENT pile {slot + 1}"


def rung_name(rung: int) -> str:
    """A RUNG pile as the table labels it: ``rung_name(0)`` is ``RUNG pile 1``."""
    return f"RUNG pile {rung + 1}"


class _Speaker(Speaker):
    def own(self, seat: int) -> str:
        """The subject's own things: ``your`` or the singular ``their`` (nobody's pronouns are
        known)."""
        return "your" if self.is_me(seat) else "their"

    def side(self, seats: Sequence[int], start: bool = True) -> str:
        """A side's seats, the receiver first: ``You and Cid``, ``Ann and Cid``."""
        ordered = sorted(seats, key=lambda s: (not self.is_me(s), s))
        return joined([self.who(s, start and i == 0) for i, s in enumerate(ordered)])


def _play(ev: Play, sp: _Speaker) -> str:
    seat = ev["seat"]
    if ev["card"] == WILD_CODE:
        card = f"a {WILD_NAME} (as {card_words(str(ev['as'])).split(' ', 1)[1]})"
    else:
        card = card_words(ev["card"])
    owner = ev.get("owner", seat)
    pile = sp.own(seat) if owner == seat else sp.whose(owner, False)
    source = ev["from"].removeprefix("partner ")
    if source == "hand":
        where = f"from {sp.own(seat)} hand"
    elif source == "climb":
        where = f"from {pile} CLIMB"
    else:
        where = f"from {pile} {rung_name(ev.get('rung', 0))}"
    if ev["as"] == 1:
        return f"{sp.does(seat, 'start')} {accent_name(ev['to'])} with {card} {where}."
    return f"{sp.does(seat, 'play')} {card} {where} onto {accent_name(ev['to'])}."


def _round_end(ev: RoundEnd, sp: _Speaker) -> str:
    winners = ev["winners"]
    if not winners:
        return (
            f"Nobody can move any more: round {ev['round']} ends, and as several sides share "
            "the fewest CLIMB cards, nobody scores."
        )
    points = ev["points"][winners[0]]
    left = sum(n for s, n in enumerate(ev["climb_sizes"]) if s not in winners)
    team = len(winners) > 1
    each = " each" if team else ""
    score = f"{points} points{each} ({plural(left, 'card')} left in the other CLIMB piles)"
    subject = sp.side(winners)
    win = "win" if team or sp.is_me(winners[0]) else "wins"
    if ev["reason"] == "climb":
        if team:
            mine = any(sp.is_me(s) for s in winners)
            what = f"empty both {'your' if mine else 'their'} CLIMB piles"
        else:
            what = f"{'empty' if sp.is_me(winners[0]) else 'empties'} {sp.own(winners[0])} CLIMB"
        return f"{subject} {what} and {win} round {ev['round']}: {score}."
    have = "have" if team or sp.is_me(winners[0]) else "has"
    return (
        f"Nobody can move any more: round {ev['round']} ends. {subject} {have} the fewest "
        f"CLIMB cards and {win} {score}."
    )


def narrate(
    events: Sequence[LaddersEvent], names: Sequence[str], receiver: int | None, teams: bool
) -> list[str]:
    """The lines of one step for ``receiver``: turns, draws, each card's move and the piles it
    completes, the rounds' ends. ``teams``: partners share their side's place (LA-14)."""
    sp = _Speaker(names, receiver)
    lines = Lines()
    for ev in lines.each(events):
        if ev["type"] == "deal":
            tops = ", ".join(
                f"{sp.who(s, False)} {WILD_NAME if c == WILD_CODE else c}"
                for s, c in enumerate(ev["climb_tops"])
            )
            lines.append(
                f"Round {ev['round']}: {sp.does(ev['dealer'], 'deal')}. The CLIMB tops: {tops}."
            )
        elif ev["type"] == "turn":
            lines.append(f"{sp.whose(ev['seat'])} turn.")
        elif ev["type"] == "draw":
            lines.append(f"{sp.does(ev['seat'], 'draw')} {plural(ev['cards'], 'card')}.")
        elif ev["type"] == "reshuffle":
            lines.append(
                f"DRAW is empty: the {ev['cards']} cards of DISCARD are shuffled into a new DRAW."
            )
        elif ev["type"] == "play":
            lines.append(_play(ev, sp))
        elif ev["type"] == "complete":
            lines.append(
                f"{accent_name(ev['slot'])} reaches {TOP} and goes to DISCARD; its place is free "
                "again."
            )
        elif ev["type"] == "turn_up":
            lines.append(
                f"{sp.whose(ev['seat'])} next CLIMB card turns up: {card_words(ev['card'])}."
            )
        elif ev["type"] == "discard":
            seat = ev["seat"]
            lines.append(
                f"{sp.does(seat, 'end')} {sp.own(seat)} turn, leaving {card_words(ev['card'])} "
                f"on {sp.own(seat)} {rung_name(ev['rung'])}."
            )
        elif ev["type"] == "pass":
            seat = ev["seat"]
            lines.append(
                f"{sp.does(seat, 'have')} no card and no play left: {sp.own(seat)} turn ends."
            )
        elif ev["type"] == "round_end":
            lines.append(_round_end(ev, sp))
        elif ev["type"] == "match_end":
            first = [s for s, p in enumerate(ev["places"]) if p == 1]
            score = ev["scores"][first[0]]
            # Partners share their side's place (LA-14): two first places of one side are one win.
            if len(first) == 1 or (teams and len(first) == 2):
                one = len(first) == 1
                verb = "win" if not one or sp.is_me(first[0]) else "wins"
                lines.append(
                    f"The match is over: {sp.side(first, False)} {verb} with {score} points"
                    f"{'' if one else ' each'}."
                )
            else:
                lines.append(
                    f"The match is over: {sp.side(first, False)} share first place with "
                    f"{score} points."
                )
    return lines


def play_label(what: str, slot: int, filled: bool, counts_as: int, wild: bool) -> tuple[str, str]:
    """A play as it is offered: the card and where it comes from (``what``: ``7 from hand``,
    ``W from partner's CLIMB``), then the pile it goes on: ``→ ACCENT pile 2``, ``→ a new ACCENT
    pile``, with what a SKIP PORTAL counts as there."""
    onto = accent_name(slot) if filled else "a new ACCENT pile"
    return what, f"→ {onto}" + (f" as {counts_as}" if wild else "")


def source_words(source: str, card: str, rung: int | None, partner_name: str = "partner") -> str:
    """Where a played card comes from, for the seat playing it: ``7 from hand``, ``9 from
    RUNG pile 2``, ``W from Cid's CLIMB`` (the partner named, LA-14)."""
    partner = source.startswith("partner ")
    owner = f"{partner_name}'s " if partner else ""
    pile = source.removeprefix("partner ")
    if pile == "hand":
        return f"{card} from hand"
    if pile == "climb":
        return f"{card} from {owner}CLIMB"
    return f"{card} from {owner}{rung_name(rung or 0)}"


def discard_label(card: str, rung: int, top: str | None) -> tuple[str, str]:
    """A discard as it is offered: ``discard 7 to RUNG pile 2``, ``on 9, ending the turn``."""
    on = f"on {top}" if top else "empty"
    return f"discard {card} to {rung_name(rung)}", f"{on}, ending the turn"


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
        what = source_words(kind, card, rung, names[owner] if owner != seat else "partner")
        filled = bool(view["accents"][y])
        label, effect = play_label(what, y, filled, view["accent_next"][y], card == WILD_CODE)
    return {"action": action, "label": label, "effect": effect}


def prompts() -> dict[str, str]:
    """What the page tells the seat to act, by what it has picked (LA-7..LA-10: a card goes
    onto a lit ACCENT pile, or onto one of the player's RUNG piles, which ends the turn; with
    nothing left to draw and no card in hand, the turn ends by itself); a phone's ``short``
    ones, for the width of a few words beside the clock. ``{what}``: the card picked."""
    return {
        "play or drop": "{what}: pick a lit ACCENT pile to play it, or one of your RUNG piles to "
        "leave it there and end your turn.",
        "play or drop short": "{what}: pick a lit ACCENT pile, or a RUNG pile to end your turn.",
        "play": "{what}: pick a lit ACCENT pile to play it.",
        "drop": "{what} fits no ACCENT pile: pick one of your RUNG piles to leave it there and "
        "end your turn.",
        "drop short": "{what} fits no ACCENT pile: pick a RUNG pile to end your turn.",
        "ending": "End your turn: pick the card from your hand to leave on one of your RUNG piles.",
        "ending short": "End your turn: pick a hand card, then a RUNG pile.",
        "no play": "No play left: end your turn by putting a card from your hand on one of your "
        "RUNG piles (the card, then the pile).",
        "no play short": "No play left: end your turn by putting a card on a RUNG pile.",
        "nothing to draw": "Your hand is empty and nothing is left to draw: make the plays that "
        "are open; your turn then ends by itself.",
        "nothing to draw short": "Nothing left to draw: make the open plays; your turn then ends.",
        "turn": "Your turn: build the ACCENT piles (pick a lit card, then a lit pile), or end "
        "your turn by putting a hand card on a RUNG pile.",
        "turn short": "Your turn: play lit cards onto ACCENT piles, or end it on a RUNG pile.",
        "score row": "Round {round}",
    }


def captions(view: View, names: Sequence[str], replay: bool) -> dict[str, str]:
    """Whose piles each seat's are, for the seat of ``view`` (:func:`pile_words`), and the
    status line (``Game.captions``) where the page's own situation does not choose one of
    :func:`prompts` (the seat to act, by what it picked): whom the table waits for, or whose
    turn a spectator or a replay is watching."""
    out = pile_words(view, names)
    if view["over"] or not view["to_act"]:
        return out
    turn, me = view["to_act"][0], view["seat"]
    if me is None:
        out["status"] = f"You are watching: {names[turn]} is playing."
    elif replay:
        out["status"] = f"{names[turn]} is playing."
    elif turn != me:
        out["status"] = f"Waiting for {names[turn]} to play."
    else:
        out.update({"status": prompts()["turn"], "status sent": "Playing…"})
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
            out[f"piles {s}"] = "Your piles"
        else:
            out[f"piles {s}"] = f"{names[s]}'s piles{' (your partner)' if s == mate else ''}"
    if mate is not None:
        out["partner note"] = "you may play their tops"
    return out


def terms() -> list[Term]:
    """The game's words, as the table's legend and its piles' tooltips explain them."""
    return [
        {
            "term": "CLIMB",
            "meaning": "your race pile, face down with its top card face up. Only the top card "
            "plays; empty it to win the round.",
        },
        {
            "term": "RUNG",
            "meaning": "your four holding piles. You end your turn by putting one hand card on "
            "one of them; later their top cards can be played.",
        },
        {
            "term": "ACCENT",
            "meaning": "the four shared piles in the middle, built up from 1 to 12. A full pile "
            "(12) goes to DISCARD and its place is free again.",
        },
        {
            "term": "SKIP PORTAL",
            "meaning": "the wild card: it counts as whatever number the ACCENT pile needs (the "
            "gold badge shows which).",
        },
    ]
