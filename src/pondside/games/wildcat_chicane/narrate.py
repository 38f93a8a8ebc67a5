"""Wildcat Chicane in players' words: the sentences of each step, and how a call or a ruling
card is offered.

>>> call_words("trump Y"), call_words("top")
('trump Wyrms', 'top')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pondside.engine import Speaker, Term
from pondside.engine.narrate import ActionLabel, Lines, joined, plural, waiting_for
from pondside.games.decktet import BY_CODE, SUIT_NAMES
from pondside.i18n import _

from .cards import (
    INDEX,
    READING_NAMES,
    SUIT,
    hand_score,
    read_suit,
    reading_of_ruler,
    trick_count,
)
from .events import ChicaneEvent
from .state import ChicaneState


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


def bid_effect(bid: int) -> str:
    """What a bid will score (WC-12): ``exactly 3 → 12 points, one off → 6, two off → 3,
    further → 0``."""
    if bid == 0:
        return "it scores nothing, whatever you take"
    exact, one, two = (hand_score(bid, bid + off) for off in range(3))
    return f"exactly {bid} → {exact} points, one off → {one}, two off → {two}, further → 0"


def call_effect(call: str, trumps: int | None) -> str:
    """What a classic call does (WC-15) and, once it would settle this player's reading and
    trump, how many trumps they would hold: ``TOP: everyone reads ...; you would hold 3
    trumps``."""
    does = _call(call)
    return does if trumps is None else f"{does}; you would hold {plural(trumps, 'trump')}"


SCORING = (
    "A bid scores 4 × the bid if you take exactly that many tricks, 2 × if one off, 1 × if two "
    "off, nothing further off; a bid of 0 scores nothing."
)
"""WC-12 for every bid, in one sentence."""

EXACT_BIDS = "exact bids"
TALLY_NOTES = {
    EXACT_BIDS: "Exact bids: the share of a bot's bids (a bid of 0 among them) after which it "
    "took exactly the tricks it bid, the 4 × bid of WC-12.",
}
"""What a results table says of the game's tallies (the rules' ``tallies``)."""

RULE_PROMPT = (
    "Choose your ruling card: one of your marked Aces or Crowns. Its suit becomes your trump; "
    "a Crown makes the upper suit of your two-suit cards count (TOP), an Ace the lower (BOTTOM). "
    "Your choice is final and stays hidden until everyone has chosen."
)
"""What a player choosing a ruling card is told (WC-4, WC-5, WC-6)."""


def call_prompt(calls: Sequence[str]) -> str:
    """What the caller is told (WC-15), given the calls made so far (``top``, ``trump Y``)."""
    if not calls:
        return (
            "Your call: TOP or BOTTOM (which suit of a two-suit card counts, for everyone), or "
            "the trump suit. The next player then calls the other one."
        )
    word, _, suit = calls[0].partition(" ")
    if word == "trump":
        return (
            f"{SUIT_NAMES[suit]} are trump: now call TOP or BOTTOM for how everyone reads "
            "two-suit cards (beside each, how many trumps you would hold)."
        )
    upper = "The upper" if word == "top" else "The lower"
    return (
        f"{upper} suit of two-suit cards counts for everyone ({word.upper()}): now call the "
        "trump suit (beside each suit, how many trumps you would hold)."
    )


def bid_prompt(tricks: int, bids: Sequence[int | None]) -> str:
    """What the bidder is told (WC-7): the tricks and the bids so far (what a bid scores is
    said beside the bids: ``SCORING``, the view's choice_rule)."""
    made = [b for b in bids if b is not None]
    so_far = f" (bids so far: {sum(made)})" if made else ""
    return f"Bid how many of the {tricks} tricks you will take{so_far}."


def play_prompt(led: str, can_follow: bool, trump: str, trump_lead: str) -> str:
    """What the player to play is told (WC-9, WC-10): following ``led`` (a suit as the leader
    read it) or, leading (``led`` empty), whether a trump may be led: ``trump_lead`` is
    ``only`` (the hand holds only trumps), ``any`` (classic, trumps broken) or ``no``."""
    if led:
        if can_follow:
            return f"Follow {SUIT_NAMES[led]}: play one of your marked cards."
        return f"You have no {SUIT_NAMES[led]}: play any card (a trump can win the trick)."
    if trump_lead == "only":
        return "Your lead: you hold only trumps, so lead one."
    if trump_lead == "any":
        return "Your lead: play any card."
    return f"Your lead: play any card but a trump ({SUIT_NAMES[trump]})."


def reading_words(
    reading: str,
    trump: str,
    trumps: int,
    classic: bool,
    ruler: str | None = None,
    *,
    will: bool = True,
) -> dict[str, str]:
    """How a seat reads its cards, in the two sentences the board writes under the table
    (WC-5, WC-6; classic: the calls', for everyone, WC-15): ``"reading"``, what TOP or BOTTOM
    means for two-suit cards, and ``"trump"``, the trump suit with ``trumps``, how many the
    hand holds. ``ruler``: said of a ruling card not yet revealed, chosen (``will``) or only
    picked (the page's preview: ``will=False``).

    >>> reading_words("top", "Y", 3, False)["reading"]
    'You read TOP: the faded suit of your two-suit cards does not count.'
    >>> reading_words("bottom", "K", 1, False, "NK", will=False)["trump"]
    'Your trump would be Knots (1 in your hand).'
    """
    mode = "will" if will else "would"
    if ruler is not None:
        head, whose = f"With {ruler_name(ruler)} you {mode} read", "your "
        trump_is = f"Your trump {mode} be"
    elif classic:
        head, whose, trump_is = "Everyone reads", "", "Trump for all:"
    else:
        head, whose, trump_is = "You read", "your ", "Your trump:"
    return {
        "reading": f"{head} {reading.upper()}: the faded suit of {whose}two-suit cards does not "
        "count.",
        "trump": f"{trump_is} {SUIT_NAMES[trump]} ({trumps} in your hand).",
    }


def ruler_name(code: str) -> str:
    """A ruling card's short name in a sentence: ``the Calamity``, ``the Ace of Knots``."""
    name = BY_CODE[code].name
    return name if name.startswith("the ") else f"the {name}"


def bids_words(bids: Sequence[int | None], tricks: int) -> dict[str, str]:
    """The bids made against the hand's tricks, as the board's banner says them (WC-7):
    ``"bids"`` (``bids: 9 for 8 tricks · 1 over``, the over or under once everyone has bid) and,
    once there is a bid, ``"bids meaning"``, what over and under mean.

    >>> bids_words([3, None, 5], 11)["bids"], bids_words([3, 2, 5], 11)["bids"]
    ('bids: 8 for 11 tricks', 'bids: 10 for 11 tricks · 1 under')
    """
    made = [b for b in bids if b is not None]
    if not made:
        return {"bids": plural(tricks, "trick")}
    diff = sum(made) - tricks
    tail = (
        ""
        if len(made) < len(bids)
        else " · even"
        if diff == 0
        else f" · {diff} over"
        if diff > 0
        else f" · {-diff} under"
    )
    return {
        "bids": f"bids: {sum(made)} for {plural(tricks, 'trick')}{tail}",
        "bids meaning": "The bids' total against the tricks in this hand: over, someone must take "
        "fewer than they bid; under, someone must take more.",
    }


def captions(view: Mapping[str, Any], names: Sequence[str], replay: bool = False) -> dict[str, str]:
    """What the board writes beside its parts for the seat of ``view``: the bids against the
    tricks (``bids_words``), while ruling cards are chosen what a chosen one's back means
    (``"ruler chosen"``) and, for a seat, how it reads its cards once that is known or its
    ruling card is chosen (``reading_words``) and what its bid will score (``"bid"``, WC-12);
    who calls, leads or takes the trick (:func:`middle_words`), and the status line
    (:func:`status`)."""
    out = bids_words(view["bids"], view["tricks_in_hand"])
    out.update(middle_words(view, names))
    out.update(seat_words(view, names))
    out.update(status(view, names, replay))
    if view["phase"] == "rule":
        # WC-4: the ruling cards are chosen in secret and shown together.
        out["ruler chosen"] = "A ruling card is chosen, face down until everyone has chosen."
    seat = view["seat"]
    if seat is None or "hand_read" not in view:
        return out
    classic = view["options"]["variant"] == "classic"
    reading, trump = view["readings"][seat], view["trumps"][seat]
    if reading is not None and trump is not None:
        held = sum(1 for r in view["hand_read"] if r["trump"])
        out.update(reading_words(reading, trump, held, classic))
    elif view.get("my_choice"):
        out.update(ruler_reading(view, view["my_choice"], will=True))
    bid = view["bids"][seat]
    if bid is not None:
        out["bid"] = f"Your bid {bid}: {bid_effect(bid)}."
    return out


def middle_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """What the table says of the seats, for the seat of ``view``: who deals (``"dealer"``,
    WC-2), who calls (``"caller"``, WC-15); in a trick, who leads it (``"leads"``), who is
    winning it and would take it (``"winning"``, ``"takes it"``, WC-11); once it is taken, who
    took it and so leads the next (``"took it"``, ``"takes it"`` while the page shows it
    complete, ``"leads next"``)."""
    sp = Speaker(names, view["seat"])
    out: dict[str, str] = {"dealer": sp.does(view["dealer"], "deal")}
    # The trick just completed, which the page shows complete for a moment, even when it
    # ended the hand or the match.
    for event in view["last_events"]:
        if event["type"] == "trick":
            out["takes it"] = sp.does(event["winner"], "take it")
    to_act = view["to_act"]
    if view["over"] or not to_act:
        return out
    if view["phase"] == "call":
        out["caller"] = sp.does(
            to_act[0], "make the second call" if view["calls"] else "call first"
        )
    elif view["phase"] == "play" and view["trick"] and view["winning"] is not None:
        out["winning"] = sp.does(view["winning"], "are winning")
        out["takes it"] = sp.does(view["winning"], "take it")
    elif view["phase"] == "play":
        out["leads"] = sp.does(to_act[0], "lead")
        if view["tricks"]:
            winner = view["tricks"][-1]["winner"]
            out["took it"] = f"{sp.who(winner)} took it"
            out["leads next"] = sp.does(winner, "lead next")
    return out


def seat_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """What the players' bar says of each seat, for the seat of ``view``: how it reads its
    cards (``"seat reads 2"``: "Cy reads TOP, trump Wyrms.", WC-5, WC-6) and its bid against
    the tricks it has taken (``"seat bid 2"``, WC-7)."""
    sp = Speaker(names, view["seat"])
    out: dict[str, str] = {}
    for s, (reading, trump) in enumerate(zip(view["readings"], view["trumps"], strict=True)):
        if reading and trump:
            out[f"seat reads {s}"] = (
                f"{sp.does(s, 'read')} {reading.upper()}, trump {SUIT_NAMES[trump]}."
            )
    for s, bid in enumerate(view["bids"]):
        if bid is not None:
            have = "have" if sp.is_me(s) else "has"
            out[f"seat bid {s}"] = (
                f"{sp.who(s)} bid {bid} and {have} taken {plural(view['won'][s], 'trick')}."
            )
    return out


def status(view: Mapping[str, Any], names: Sequence[str], replay: bool) -> dict[str, str]:
    """The status line, by the page's situation (``Game.captions``): the seat to act reads
    its prompt (what to do, under which rule), or, with a ruling card picked, what the card
    would make it (``{what}``: the pick's label); the others read whom the table waits for
    (a replay, which asks no one, the seat it follows too)."""
    me, to_act, phase = view["seat"], view["to_act"], view["phase"]
    if me is not None and me in to_act and not replay and view.get("prompt"):
        out = {"status": view["prompt"], "status sent": "Sent: waiting for the table…"}
        if phase == "rule":
            out["status picked"] = "You picked {what}: confirm, or pick another."
        return out
    what = {
        "rule": _("Waiting for {names} to choose their ruling cards.")
        if len(to_act) > 1
        else _("Waiting for {names} to choose a ruling card."),
        "call": _("Waiting for {names} to make the second call.")
        if view["calls"]
        else _("Waiting for {names} to make the first call."),
        "bid": _("Waiting for {names} to bid."),
        "play": _("Waiting for {names} to play.")
        if view["trick"]
        else _("Waiting for {names} to lead."),
    }.get(phase)
    if what is None:
        return {"status": ""}
    watching = "You are watching. " if me is None else ""
    return {
        "status": f"{watching}{waiting_for(to_act, names, None if replay else me, what)}".strip()
    }


def ruler_reading(view: Mapping[str, Any], code: str, *, will: bool) -> dict[str, str]:
    """``reading_words`` for a ruling card of the seat's hand not yet revealed (WC-4..WC-6):
    the reading and trump it gives and the trumps the rest of the hand would then hold."""
    reading, trump = reading_of_ruler(INDEX[code]), BY_CODE[code].top
    held = sum(1 for c in view.get("hand", ()) if c != code and read_suit(c, reading) == trump)
    return reading_words(READING_NAMES[reading], trump, held, False, code, will=will)


def call_label(view: Mapping[str, Any], action: str, call: str) -> ActionLabel:
    """A classic call (WC-15) with what it does and, where it would settle the seat's reading
    and trump, the trumps it would then hold (also as shows: {"trumps": n})."""
    seat = view["seat"]
    word, _, suit = call.partition(" ")
    known = (None, None) if seat is None else (view["readings"][seat], view["trumps"][seat])
    reading = known[0] if word == "trump" else word
    trump = suit if word == "trump" else known[1]
    count = None
    if reading is not None and trump is not None:
        r = READING_NAMES.index(reading)
        count = sum(read_suit(c, r) == trump for c in view.get("hand", ()))
    label: ActionLabel = {
        "action": action,
        "label": f"call {call_words(call)}",
        "effect": call_effect(call, count),
    }
    if count is not None:
        label["shows"] = {"trumps": count}
    return label


def prompt(st: ChicaneState, seat: int) -> str:
    """What ``seat``, to act now, is told: what to do and the rule it does it under."""
    if st.phase == "rule":
        return RULE_PROMPT
    if st.phase == "call":
        return call_prompt([c[5:] for c in st.calls])
    if st.phase == "bid":
        return bid_prompt(trick_count(st.n, st.variant), [b if b >= 0 else None for b in st.bids])
    hand, reading, trump = st.hands[seat], st.readings[seat], st.trumps[seat]
    led = st.led_suit()
    follow = any(SUIT[c][reading] == led for c in hand)
    only = all(SUIT[c][reading] == trump for c in hand)
    lead = "only" if only else "any" if st.classic and st.broken else "no"
    return play_prompt(led, follow, trump, lead)


def card_words(code: str) -> str:
    """A card in a sentence: its name and code, ``the Sailor (4VL)``, ``the Ace of Leaves
    (1L)``."""
    name = BY_CODE[code].name
    return f"{name if name.startswith('the ') else 'the ' + name} ({code})"


def _call(call: str) -> str:
    """What a classic call does (WC-15): ``Wyrms as trump for everyone``, ``TOP: everyone
    reads each two-suit card as its top suit only``."""
    word, _, suit = call.partition(" ")
    if word == "trump":
        return f"{SUIT_NAMES[suit]} as trump for everyone"
    return f"{call.upper()}: everyone reads each two-suit card as its {call} suit only"


def narrate(
    before: Mapping[str, Any] | None,
    events: Sequence[ChicaneEvent],
    after: Mapping[str, Any] | None,
    names: Sequence[str],
    receiver: int | None,
) -> list[str]:
    """The lines of one step for ``receiver``: ruling cards and what they make each player,
    calls and bids, each card as its player reads it (led, followed or not), the tricks and
    the hands' scores. ``before`` says whether a card led and what was led; ``after`` the
    receiver's own ruling card and who calls first."""
    sp = Speaker(names, receiver)
    mine = after.get("my_choice") if after is not None else None
    rulers = next((ev["rulers"] for ev in events if ev["type"] == "reveal"), None)
    lines = Lines()
    for ev in lines.each(events):
        if ev["type"] == "chose":
            seat = ev["seat"]
            chosen = (mine or (rulers[seat] if rulers else None)) if sp.is_me(seat) else None
            if chosen:
                lines.append(
                    f"You choose {card_words(chosen)} as your ruling card; it stays hidden until "
                    "everyone has chosen."
                )
            else:
                lines.append(f"{sp.does(seat, 'have chosen')} a ruling card.")
        elif ev["type"] == "reveal":
            lines.append("The ruling cards are revealed:")
            for s, (code, reading, trump) in enumerate(
                zip(ev["rulers"], ev["readings"], ev["trumps"], strict=True)
            ):
                if sp.is_me(s):
                    lines.append(
                        f"Your ruling card is {card_words(code)}: you read {reading.upper()} (each "
                        f"two-suit card in your hand counts only as its {reading} suit), and your "
                        f"trump is {SUIT_NAMES[trump]}."
                    )
                else:
                    name = sp.name(s)
                    lines.append(
                        f"{name}'s ruling card is {card_words(code)}: {name} reads "
                        f"{reading.upper()}, and {name}'s trump is {SUIT_NAMES[trump]}."
                    )
        elif ev["type"] == "call":
            lines.append(f"{sp.does(ev['seat'], 'call')} {_call(ev['call'])}.")
        elif ev["type"] == "bid":
            lines.append(f"{sp.does(ev['seat'], 'bid')} {plural(ev['bid'], 'trick')}.")
        elif ev["type"] == "play":
            seat, code = ev["seat"], ev["card"]
            read = f", read as {SUIT_NAMES[ev['suit']]}" if len(BY_CODE[code].suits) > 1 else ""
            trump = f": a trump for {sp.who(seat, False)}" if ev["trump"] else ""
            card = f"{card_words(code)}{read}{trump}"
            led = before.get("led_suit") if before is not None else None
            if before is not None and not before["trick"]:
                lines.append(f"{sp.does(seat, 'lead')} {card}.")
            elif led and ev["suit"] != led:
                plays = "play" if sp.is_me(seat) else "plays"
                lines.append(f"{sp.does(seat, 'have')} no {SUIT_NAMES[led]} and {plays} {card}.")
            else:
                lines.append(f"{sp.does(seat, 'play')} {card}.")
        elif ev["type"] == "trick":
            winner = ev["winner"]
            taken = next(str(c) for s, c in ev["cards"] if s == winner)
            lines.append(
                f"{sp.does(winner, 'take')} trick {ev['number']} with {card_words(taken)}."
            )
        elif ev["type"] == "hand_end":
            lines.append(f"Hand {ev['hand']} is over.")
            for s, (bid, won, score, total) in enumerate(
                zip(ev["bids"], ev["won"], ev["scores"], ev["totals"], strict=True)
            ):
                lines.append(
                    f"{sp.who(s)} bid {bid} and took {won}: {plural(score, 'point')} "
                    f"(total {total})."
                )
        elif ev["type"] == "deal":
            line = f"Hand {ev['hand']}: {sp.does(ev['dealer'], 'deal')}."
            if after is not None and after["phase"] == "call" and after["to_act"]:
                line += f" {sp.does(after['to_act'][0], 'make')} the first call."
            else:
                line += " Everyone chooses a ruling card."
            lines.append(line)
        elif ev["type"] == "match_end":
            first = [s for s, place in enumerate(ev["places"]) if place == 1]
            points = plural(ev["scores"][first[0]], "point")
            if len(first) == 1:
                lines.append(f"The match is over: {sp.does(first[0], 'win', False)} with {points}.")
            else:
                # WC-16: after the 100th hand, tied totals share first place.
                who = joined([sp.who(s, False) for s in first])
                lines.append(f"The match is over: {who} share first place with {points}.")
    return lines


CLASSIC = {"variant": "classic"}
WILDCAT = {"variant": "wildcat"}


def terms() -> list[Term]:
    """The game's words, as the table's legend explains them; the variant's own where the
    two differ (WC-5, WC-7, WC-9, WC-12)."""
    faded = "The suit that does not count is faded and struck through."
    return [
        {
            "term": "Calls",
            "meaning": "two, for the whole table: the player on the dealer's left calls TOP or "
            "BOTTOM or a trump suit, the next player makes the other kind of call.",
            "when": CLASSIC,
        },
        {
            "term": "Ruling card",
            "meaning": "one of your Aces or Crowns, chosen in secret, then shown to all. It stays "
            "in front of you, out of play: its suit is your trump, and it decides whether you "
            "read TOP or BOTTOM.",
            "when": WILDCAT,
        },
        {
            "term": "TOP / BOTTOM",
            "meaning": "each two-suit card counts as one suit only, for everyone: TOP its upper "
            f"suit, BOTTOM its lower one. {faded}",
            "when": CLASSIC,
        },
        {
            "term": "TOP / BOTTOM",
            "meaning": "each of your two-suit cards counts as one suit only: TOP (a Crown ruling "
            f"card) its upper suit, BOTTOM (an Ace) its lower one. {faded}",
            "when": WILDCAT,
        },
        {
            "term": "Trump",
            "meaning": "the called suit beats all others: the highest trump takes the trick. No "
            "one may lead a trump until one has been played, unless they hold only trumps.",
            "when": CLASSIC,
        },
        {
            "term": "Trump",
            "meaning": "a card of your trump suit (as you read it) beats all other suits: the "
            "highest trump takes the trick. You may not lead your trump while you hold another "
            "suit.",
            "when": WILDCAT,
        },
        {
            "term": "Following",
            "meaning": "play the suit that was led if you hold it (as you read your cards); if "
            "not, any card.",
        },
        {"term": "Bid", "meaning": f"how many tricks you will take. {SCORING}"},
        {
            "term": "Personality (☺)",
            "meaning": "a kind of Decktet card; in Wildcat Chicane it plays like any other card.",
        },
    ]
