"""Wildcat Chicane in players' words: the sentences of each step, how each action is offered
(a call, a ruling card, a card with the suit it counts as) and the tally of exact bids.

>>> call_words("trump Y"), call_words("top")
('trump Wyrms', 'top')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pondside.engine import Event, Speaker, Term, View
from pondside.engine.narrate import ActionLabel, Lines
from pondside.games.decktet import BY_CODE, SUIT_NAMES, card_name, name_of, suit_name
from pondside.i18n import N_, _, ngettext

from .cards import (
    INDEX,
    PLAY,
    READING_NAMES,
    SUIT,
    hand_score,
    read_suit,
    reading_of_ruler,
    trick_count,
)
from .events import ChicaneEvent
from .state import ChicaneState, hand_read

READING_WORDS = {"top": N_("TOP"), "bottom": N_("BOTTOM")}
"""A reading as the rules write it (WC-5), marked for the catalog (German keeps both words)."""


def reading_word(reading: str) -> str:
    """``TOP`` or ``BOTTOM``, in the reader's language."""
    return _(READING_WORDS[reading])


def call_words(call: str) -> str:
    """A call as the menu offers it: ``trump M`` → ``trump Moons`` (``top`` stays)."""
    word, _space, suit = call.partition(" ")
    if word == "trump" and suit in SUIT_NAMES:
        return _("trump {suit}").format(suit=suit_name(suit))
    return {"top": _("top"), "bottom": _("bottom")}.get(call, call)


def ruler_words(code: str) -> str:
    """A ruling card and what it makes its player (WC-4..WC-6): ``the Calamity: read TOP, trump
    Wyrms``."""
    card = BY_CODE[code]
    reading = reading_word(READING_NAMES[reading_of_ruler(INDEX[code])])
    return _("{card}: read {reading}, trump {suit}").format(
        card=name_of(code),
        reading=reading,
        suit=suit_name(card.top),
    )


def play_effect(suit: str | None, trump: bool) -> str:
    """What a card counts as for its player (WC-5, WC-6): ``as Moons, a trump``; empty while
    the player's reading is not known."""
    if suit is None:
        return ""
    if trump:
        return _("as {suit}, a trump").format(suit=suit_name(suit))
    return _("as {suit}").format(suit=suit_name(suit))


def bid_effect(bid: int) -> str:
    """What a bid will score (WC-12): ``exactly 3 → 12 points, one off → 6, two off → 3,
    further → 0``."""
    if bid == 0:
        return _("it scores nothing, whatever you take")
    exact, one, two = (hand_score(bid, bid + off) for off in range(3))
    return _(
        "exactly {bid} → {exact} points, one off → {one}, two off → {two}, further → 0"
    ).format(bid=bid, exact=exact, one=one, two=two)


def call_effect(call: str, trumps: int | None) -> str:
    """What a classic call does (WC-15) and, once it would settle this player's reading and
    trump, how many trumps they would hold: ``TOP: everyone reads ...; you would hold 3
    trumps``."""
    does = _call(call)
    if trumps is None:
        return does
    return ngettext(
        "{does}; you would hold {n} trump", "{does}; you would hold {n} trumps", trumps
    ).format(does=does, n=trumps)


SCORING = N_(
    "A bid scores 4 × the bid if you take exactly that many tricks, 2 × if one off, 1 × if two "
    "off, nothing further off; a bid of 0 scores nothing."
)
"""WC-12 for every bid, in one sentence (marked: shown with ``_``)."""

EXACT_BIDS = "exact bids"
TALLY_NOTES = {
    EXACT_BIDS: N_(
        "Exact bids: the share of a bot's bids (a bid of 0 among them) after which it "
        "took exactly the tricks it bid, the 4 × bid of WC-12."
    ),
}
"""What a results table says of the game's tallies (the rules' ``tallies``; marked)."""

RULE_PROMPT = N_(
    "Choose your ruling card: one of your marked Aces or Crowns. Its suit becomes your trump; "
    "a Crown makes the upper suit of your two-suit cards count (TOP), an Ace the lower (BOTTOM). "
    "Your choice is final and stays hidden until everyone has chosen."
)
"""What a player choosing a ruling card is told (WC-4, WC-5, WC-6; marked)."""


def call_prompt(calls: Sequence[str]) -> str:
    """What the caller is told (WC-15), given the calls made so far (``top``, ``trump Y``)."""
    if not calls:
        return _(
            "Your call: TOP or BOTTOM (which suit of a two-suit card counts, for everyone), or "
            "the trump suit. The next player then calls the other one."
        )
    word, _space, suit = calls[0].partition(" ")
    if word == "trump":
        return _(
            "{suit} are trump: now call TOP or BOTTOM for how everyone reads two-suit cards "
            "(beside each, how many trumps you would hold)."
        ).format(suit=suit_name(suit))
    if word == "top":
        return _(
            "The upper suit of two-suit cards counts for everyone (TOP): now call the trump "
            "suit (beside each suit, how many trumps you would hold)."
        )
    return _(
        "The lower suit of two-suit cards counts for everyone (BOTTOM): now call the trump "
        "suit (beside each suit, how many trumps you would hold)."
    )


def bid_prompt(tricks: int, bids: Sequence[int | None]) -> str:
    """What the bidder is told (WC-7): the tricks and the bids so far (what a bid scores is
    said beside the bids: ``SCORING``, the view's choice_rule)."""
    made = [b for b in bids if b is not None]
    if made:
        return _("Bid how many of the {tricks} tricks you will take (bids so far: {bids}).").format(
            tricks=tricks, bids=sum(made)
        )
    return _("Bid how many of the {tricks} tricks you will take.").format(tricks=tricks)


def play_prompt(
    led: str, can_follow: bool, trump: str, trump_lead: str, *, holds_trump: bool = True
) -> str:
    """What the player to play is told (WC-9, WC-10): following ``led`` (a suit as the leader
    read it) or, leading (``led`` empty), whether a trump may be led: ``trump_lead`` is
    ``only`` (the hand holds only trumps), ``any`` (classic, trumps broken) or ``no``. A hand
    with no trump is not told that a trump can win (issue 27: it read as a hint to hold one)."""
    if led:
        if can_follow:
            return _("Follow {suit}: play one of your marked cards.").format(suit=suit_name(led))
        if not holds_trump:
            return _("You have no {suit}: play any card.").format(suit=suit_name(led))
        return _("You have no {suit}: play any card (a trump can win the trick).").format(
            suit=suit_name(led)
        )
    if trump_lead == "only":
        return _("Your lead: you hold only trumps, so lead one.")
    if trump_lead == "any":
        return _("Your lead: play any card.")
    return _("Your lead: play any card but a trump ({suit}).").format(suit=suit_name(trump))


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
    if ruler is not None and will:
        head = _(
            "With {ruler} you will read {reading}: the faded suit of your two-suit cards does "
            "not count."
        )
        trump_is = _("Your trump will be {suit} ({n} in your hand).")
    elif ruler is not None:
        head = _(
            "With {ruler} you would read {reading}: the faded suit of your two-suit cards does "
            "not count."
        )
        trump_is = _("Your trump would be {suit} ({n} in your hand).")
    elif classic:
        head = _("Everyone reads {reading}: the faded suit of two-suit cards does not count.")
        trump_is = _("Trump for all: {suit} ({n} in your hand).")
    else:
        head = _("You read {reading}: the faded suit of your two-suit cards does not count.")
        trump_is = _("Your trump: {suit} ({n} in your hand).")
    named = ruler_name(ruler) if ruler is not None else ""
    return {
        "reading": head.format(ruler=named, reading=reading_word(reading)),
        "trump": trump_is.format(suit=suit_name(trump), n=trumps),
    }


def ruler_name(code: str) -> str:
    """A ruling card's short name in a sentence: ``the Calamity``, ``the Ace of Knots``."""
    return card_name(code)


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
    word, _space, suit = call.partition(" ")
    known = (None, None) if seat is None else (view["readings"][seat], view["trumps"][seat])
    reading = known[0] if word == "trump" else word
    trump = suit if word == "trump" else known[1]
    count = None
    if reading is not None and trump is not None:
        r = READING_NAMES.index(reading)
        count = sum(read_suit(c, r) == trump for c in view.get("hand", ()))
    label: ActionLabel = {
        "action": action,
        "label": _("call {call}").format(call=call_words(call)),
        "effect": call_effect(call, count),
    }
    if count is not None:
        label["shows"] = {"trumps": count}
    return label


def prompt(st: ChicaneState, seat: int) -> str:
    """What ``seat``, to act now, is told: what to do and the rule it does it under."""
    if st.phase == "rule":
        return _(RULE_PROMPT)
    if st.phase == "call":
        return call_prompt([c[5:] for c in st.calls])
    if st.phase == "bid":
        return bid_prompt(trick_count(st.n, st.variant), [b if b >= 0 else None for b in st.bids])
    hand, reading, trump = st.hands[seat], st.readings[seat], st.trumps[seat]
    led = st.led_suit()
    follow = any(SUIT[c][reading] == led for c in hand)
    only = all(SUIT[c][reading] == trump for c in hand)
    lead = "only" if only else "any" if st.classic and st.broken else "no"
    holds = any(SUIT[c][reading] == trump for c in hand)
    return play_prompt(led, follow, trump, lead, holds_trump=holds)


def card_words(code: str) -> str:
    """A card in a sentence: its name and code, ``the Sailor (4VL)``, ``the Ace of Leaves
    (1L)``."""
    return _("{card} ({code})").format(card=card_name(code), code=code)


def _call(call: str) -> str:
    """What a classic call does (WC-15): ``Wyrms as trump for everyone``, ``TOP: everyone
    reads each two-suit card as its top suit only``."""
    word, _space, suit = call.partition(" ")
    if word == "trump":
        return _("{suit} as trump for everyone").format(suit=suit_name(suit))
    if word == "top":
        return _("TOP: everyone reads each two-suit card as its top suit only")
    return _("BOTTOM: everyone reads each two-suit card as its bottom suit only")


def _played(sp: Speaker, ev: Mapping[str, Any]) -> str:
    """The card of a play event as its player reads it: ``the Cave (7VY), read as Waves: a
    trump for Ann`` (WC-5, WC-6)."""
    seat, code = ev["seat"], ev["card"]
    card = card_words(code)
    if len(BY_CODE[code].suits) > 1:
        card = _("{card}, read as {suit}").format(card=card, suit=suit_name(ev["suit"]))
    if ev["trump"]:
        card = sp.says(
            seat, _("{card}: a trump for you"), _("{card}: a trump for {name}"), card=card
        )
    return card


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
                    _(
                        "You choose {card} as your ruling card; it stays hidden until everyone "
                        "has chosen."
                    ).format(card=card_words(chosen))
                )
            else:
                lines.append(
                    sp.says(
                        seat,
                        _("You have chosen a ruling card."),
                        _("{name} has chosen a ruling card."),
                    )
                )
        elif ev["type"] == "reveal":
            lines.append(_("The ruling cards are revealed:"))
            for s, (code, reading, trump) in enumerate(
                zip(ev["rulers"], ev["readings"], ev["trumps"], strict=True)
            ):
                if not sp.is_me(s):
                    line = _(
                        "{name}'s ruling card is {card}: {name} reads {reading}, and {name}'s "
                        "trump is {suit}."
                    )
                elif reading == "top":
                    line = _(
                        "Your ruling card is {card}: you read TOP (each two-suit card in your "
                        "hand counts only as its top suit), and your trump is {suit}."
                    )
                else:
                    line = _(
                        "Your ruling card is {card}: you read BOTTOM (each two-suit card in your "
                        "hand counts only as its bottom suit), and your trump is {suit}."
                    )
                lines.append(
                    line.format(
                        name=sp.name(s),
                        card=card_words(code),
                        reading=reading_word(reading),
                        suit=suit_name(trump),
                    )
                )
        elif ev["type"] == "call":
            what = _call(ev["call"])
            lines.append(
                sp.says(ev["seat"], _("You call {what}."), _("{name} calls {what}."), what=what)
            )
        elif ev["type"] == "bid":
            n = ev["bid"]
            lines.append(
                sp.says(
                    ev["seat"],
                    ngettext("You bid {n} trick.", "You bid {n} tricks.", n),
                    ngettext("{name} bids {n} trick.", "{name} bids {n} tricks.", n),
                    n=n,
                )
            )
        elif ev["type"] == "play":
            seat, card = ev["seat"], _played(sp, ev)
            led = before.get("led_suit") if before is not None else None
            if before is not None and not before["trick"]:
                said = sp.says(seat, _("You lead {card}."), _("{name} leads {card}."), card=card)
            elif led and ev["suit"] != led:
                said = sp.says(
                    seat,
                    _("You have no {suit} and play {card}."),
                    _("{name} has no {suit} and plays {card}."),
                    suit=suit_name(led),
                    card=card,
                )
            else:
                said = sp.says(seat, _("You play {card}."), _("{name} plays {card}."), card=card)
            lines.append(said)
        elif ev["type"] == "trick":
            winner = ev["winner"]
            taken = next(str(c) for s, c in ev["cards"] if s == winner)
            lines.append(
                sp.says(
                    winner,
                    _("You take trick {n} with {card}."),
                    _("{name} takes trick {n} with {card}."),
                    n=ev["number"],
                    card=card_words(taken),
                )
            )
        elif ev["type"] == "hand_end":
            lines.append(_("Hand {n} is over.").format(n=ev["hand"]))
            for s, (bid, won, score, total) in enumerate(
                zip(ev["bids"], ev["won"], ev["scores"], ev["totals"], strict=True)
            ):
                lines.append(
                    sp.says(
                        s,
                        ngettext(
                            "You bid {bid} and took {won}: {n} point (total {total}).",
                            "You bid {bid} and took {won}: {n} points (total {total}).",
                            score,
                        ),
                        ngettext(
                            "{name} bid {bid} and took {won}: {n} point (total {total}).",
                            "{name} bid {bid} and took {won}: {n} points (total {total}).",
                            score,
                        ),
                        bid=bid,
                        won=won,
                        n=score,
                        total=total,
                    )
                )
        elif ev["type"] == "deal":
            line = sp.says(
                ev["dealer"], _("Hand {n}: You deal."), _("Hand {n}: {name} deals."), n=ev["hand"]
            )
            if after is not None and after["phase"] == "call" and after["to_act"]:
                then = sp.says(
                    after["to_act"][0],
                    _("You make the first call."),
                    _("{name} makes the first call."),
                )
            else:
                then = _("Everyone chooses a ruling card.")
            lines.append(f"{line} {then}")
        elif ev["type"] == "match_end":
            first = [s for s, place in enumerate(ev["places"]) if place == 1]
            n = ev["scores"][first[0]]
            # WC-16: after the 100th hand, tied totals share first place.
            lines.append(
                sp.says_together(
                    first,
                    you=ngettext(
                        "The match is over: you win with {n} point.",
                        "The match is over: you win with {n} points.",
                        n,
                    ),
                    you_and=ngettext(
                        "The match is over: you and {names} share first place with {n} point.",
                        "The match is over: you and {names} share first place with {n} points.",
                        n,
                    ),
                    one=ngettext(
                        "The match is over: {name} wins with {n} point.",
                        "The match is over: {name} wins with {n} points.",
                        n,
                    ),
                    many=ngettext(
                        "The match is over: {names} share first place with {n} point.",
                        "The match is over: {names} share first place with {n} points.",
                        n,
                    ),
                    n=n,
                )
            )
    return lines


CLASSIC = {"variant": "classic"}
WILDCAT = {"variant": "wildcat"}
FADED = N_("The suit that does not count is faded and struck through.")


def terms() -> list[Term]:
    """The game's words, as the table's legend explains them, in the reader's language; the
    variant's own where the two differ (WC-5, WC-7, WC-9, WC-12)."""
    return [
        {
            "term": _("Calls"),
            "meaning": _(
                "two, for the whole table: the player on the dealer's left calls TOP or "
                "BOTTOM or a trump suit, the next player makes the other kind of call."
            ),
            "when": CLASSIC,
        },
        {
            "term": _("Ruling card"),
            "meaning": _(
                "one of your Aces or Crowns, chosen in secret, then shown to all. It stays "
                "in front of you, out of play: its suit is your trump, and it decides whether you "
                "read TOP or BOTTOM."
            ),
            "when": WILDCAT,
        },
        {
            "term": _("TOP / BOTTOM"),
            "meaning": _(
                "each two-suit card counts as one suit only, for everyone: TOP its upper "
                "suit, BOTTOM its lower one."
            )
            + " "
            + _(FADED),
            "when": CLASSIC,
        },
        {
            "term": _("TOP / BOTTOM"),
            "meaning": _(
                "each of your two-suit cards counts as one suit only: TOP (a Crown ruling "
                "card) its upper suit, BOTTOM (an Ace) its lower one."
            )
            + " "
            + _(FADED),
            "when": WILDCAT,
        },
        {
            "term": _("Trump"),
            "meaning": _(
                "the called suit beats all others: the highest trump takes the trick. No "
                "one may lead a trump until one has been played, unless they hold only trumps."
            ),
            "when": CLASSIC,
        },
        {
            "term": _("Trump"),
            "meaning": _(
                "a card of your trump suit (as you read it) beats all other suits: the "
                "highest trump takes the trick. You may not lead your trump while you hold another "
                "suit."
            ),
            "when": WILDCAT,
        },
        {
            "term": _("Following"),
            "meaning": _(
                "play the suit that was led if you hold it (as you read your cards); if "
                "not, any card."
            ),
        },
        {"term": _("Bid"), "meaning": _("how many tricks you will take.") + " " + _(SCORING)},
        {
            "term": _("Personality (☺)"),
            "meaning": _(
                "a kind of Decktet card; in Wildcat Chicane it plays like any other card."
            ),
        },
    ]


def tallies(events: Sequence[Event], players: int) -> dict[str, list[tuple[int, int]]]:
    """Exact bids (WC-12, d = 0): per seat, the hands it took exactly the tricks it bid, of
    the hands it bid in (every finished hand)."""
    exact = [0] * players
    hands = 0
    for event in events:
        if event["type"] == "hand_end":
            hands += 1
            for s, (bid, won) in enumerate(zip(event["bids"], event["won"], strict=True)):
                exact[s] += bid == won
    return {EXACT_BIDS: [(k, hands) for k in exact]}


def tally_notes() -> dict[str, str]:
    """What each tally counts, in the reader's language."""
    return {name: _(note) for name, note in TALLY_NOTES.items()}


def action_label(view: View, action: str, names: Sequence[str]) -> ActionLabel:
    """A card named, with the suit it counts as for this seat (WC-5, WC-6); a ruling card
    with what it makes the seat; a call in"""
    verb, _space, rest = action.partition(" ")
    if verb == "play":
        seat, reading = view["seat"], view["readings"][view["seat"]]
        suit = None if reading is None else read_suit(rest, READING_NAMES.index(reading))
        effect = play_effect(suit, suit is not None and suit == view["trumps"][seat])
        return {
            "action": action,
            "label": _("play {code} {card}").format(code=rest, card=name_of(rest)),
            "effect": effect,
        }
    if verb == "rule":
        # shows: what the ruling card would make this seat, for the page's preview of the
        # hand read that way (WC-5, WC-6): {"reading": "top" | "bottom", "trump": suit,
        # "hand": the rest of the hand read so, as the view's hand_read, "captions": what
        # the board says of it, as the frame's captions say of a chosen one}.
        reading, trump = reading_of_ruler(INDEX[rest]), BY_CODE[rest].top
        rest_of_hand = [INDEX[c] for c in view.get("hand", ()) if c != rest]
        return {
            "action": action,
            "label": _("rule {code}").format(code=rest),
            "effect": ruler_words(rest),
            "shows": {
                "reading": READING_NAMES[reading],
                "trump": trump,
                "hand": hand_read(rest_of_hand, reading, trump),
                "captions": ruler_reading(view, rest, will=False),
            },
        }
    if verb == "call":
        return call_label(view, action, rest)
    if verb == "bid":
        return {
            "action": action,
            "label": _("bid {n}").format(n=int(rest)),
            "effect": bid_effect(int(rest)),
        }
    return {"action": action, "label": action, "effect": ""}


def hand_action(view: View, card: Any) -> str | None:
    # Cards are played in the play phase; in Wildcat's ruling phase a card of the hand is
    # chosen as the ruling card (WC-4); calls and bids name no card (WC-7, WC-15).
    if view["phase"] == "play":
        return PLAY[INDEX[card]]
    if view["phase"] == "rule":
        return f"rule {card}"
    return None
