"""Wildcat Chicane's board in players' words: the captions and prompts the page draws beside
its parts (the bids against the tricks, the table's middle, each seat's title, the top bar,
the status line), from the view alone, so a replay watched from a seat says what its table
said. The sentences of each step and the actions' labels are ``narrate``'s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pondside.engine import Speaker
from pondside.engine.narrate import waiting_for
from pondside.games.decktet import suit_name
from pondside.i18n import _, ngettext, pgettext, plural_forms

from .narrate import (
    bid_effect,
    reading_word,
    reading_words,
    ruler_reading,
)


def bids_words(bids: Sequence[int | None], tricks: int) -> dict[str, str]:
    """The bids made against the hand's tricks, as the board's banner says them (WC-7):
    ``"bids"`` (``bids: 9 for 8 tricks · 1 over``, the over or under once everyone has bid) and,
    once there is a bid, ``"bids meaning"``, what over and under mean.

    >>> bids_words([3, None, 5], 11)["bids"], bids_words([3, 2, 5], 11)["bids"]
    ('bids: 8 for 11 tricks', 'bids: 10 for 11 tricks · 1 under')
    """
    made = [b for b in bids if b is not None]
    if not made:
        return {"bids": ngettext("{n} trick", "{n} tricks", tricks).format(n=tricks)}
    diff = sum(made) - tricks
    said = ngettext("bids: {bids} for {n} trick", "bids: {bids} for {n} tricks", tricks).format(
        bids=sum(made), n=tricks
    )
    if len(made) == len(bids):
        if diff == 0:
            said = _("{bids} · even").format(bids=said)
        elif diff > 0:
            said = _("{bids} · {n} over").format(bids=said, n=diff)
        else:
            said = _("{bids} · {n} under").format(bids=said, n=-diff)
    return {
        "bids": said,
        "bids meaning": _(
            "The bids' total against the tricks in this hand: over, someone must take fewer "
            "than they bid; under, someone must take more."
        ),
    }


def prompts() -> dict[str, str]:
    """The game's words where the page draws them, some with numbers or names it fills: each
    seat's bid against the tricks it took in the last hand (``"bid took"``, WC-12: from the
    hand's end), the readings and trumps (WC-4..WC-6), the calls (WC-15), the bids (WC-7,
    WC-12) and the trick (WC-10, WC-11) as the board marks them, and the legend's heading."""
    return {
        "bid took": _("bid {bid}, took {won}"),
        # WC-4..WC-6: a ruling card, its reading and the trump it makes.
        "top": _("TOP"),
        "bottom": _("BOTTOM"),
        "suit trump": _("{suit} trump"),
        "ruler title": _("{card}: {reading}, trump {suit}"),
        "ruler hidden": _("hidden"),
        "ruler hidden title": _("Your ruling card, chosen."),
        "ruler pick": _("your pick?"),
        "ruler pick title": _("Not chosen yet: confirm it below."),
        "ruler chosen mark": _("chosen"),
        "ruler choosing": _("choosing"),
        "ruler mark": _("ruling"),
        "ruling chosen": _("ruling card chosen"),
        "choose ruler": _("{card}: choose as your ruling card"),
        "choose ruler effect": _("{card}: choose as your ruling card ({effect})"),
        "card ruler chosen": _("{card}: your ruling card, chosen"),
        "rule with": _("Rule with {card}"),
        "card read as": _("{card}, read as {suit}"),
        "card trump": _("{card}, a trump"),
        "read as": _("as"),
        "trump mark": _("trump"),
        # WC-15: the calls of the classic variant.
        "your call": _("Your call"),
        "call": _("call {call}"),
        # WC-7, WC-12: the bids.
        "bidding": _("bidding"),
        "bidding now": _("bidding…"),
        "to bid": _("to bid"),
        "bid made": _("bid"),
        "bid to come": _("bid to come"),
        "your bid": _("Your bid"),
        "bid label": _("Bid:"),
        "bid line": _("Bid {n}: {effect}."),
        "won of bid": _("won {won} of {bid} bid"),
        # WC-2, WC-10, WC-11: the dealer, and the trick as the board marks it.
        "dealer": _("dealer"),
        "to play": _("to play"),
        "to lead": _("to lead"),
        "led": _("led"),
        "leads": _("leads"),
        "took it": _("took it"),
        "winning": _("winning"),
        # The legend (the terms' names are found in the reader's language).
        "legend classic": _(
            "What are the calls, TOP and BOTTOM, trump? What a bid scores; the symbols"
        ),
        "legend": _(
            "What are a ruling card, TOP and BOTTOM, trump? What a bid scores; the symbols"
        ),
        "term top bottom": _("TOP / BOTTOM"),
        "suits": _("Suits"),
        "ranks": _("Ranks"),
        "ranks key": _("low to high: {key}. ☺ marks a personality."),
        # One deal: German "Runde", as its rules page says.
        "hand name": pgettext("wildcat-chicane", "Hand"),
    }


def counts() -> dict[str, dict[str, str]]:
    """The trumps a call would make (WC-15) and a bid's tricks (WC-7), for the numbers the
    page's buttons hold."""
    return {
        "trumps": plural_forms("{n} trump", "{n} trumps"),
        "bid tricks": plural_forms("Bid {n} trick", "Bid {n} tricks"),
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
    out.update(table_words(view, names))
    out.update(seat_words(view, names))
    out.update(status(view, names, replay))
    if view["phase"] == "rule":
        # WC-4: the ruling cards are chosen in secret and shown together.
        out["ruler chosen"] = _("A ruling card is chosen, face down until everyone has chosen.")
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
        out["bid"] = _("Your bid {bid}: {effect}.").format(bid=bid, effect=bid_effect(bid))
    return out


def middle_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """What the table says of the seats, for the seat of ``view``: who deals (``"dealer"``,
    WC-2), who calls (``"caller"``, WC-15); in a trick, who leads it (``"leads"``), who is
    winning it and would take it (``"winning"``, ``"takes it"``, WC-11); once it is taken, who
    took it and so leads the next (``"took it"``, ``"takes it"`` while the page shows it
    complete, ``"leads next"``)."""
    sp = Speaker(names, view["seat"])
    out: dict[str, str] = {"dealer": sp.says(view["dealer"], _("You deal"), _("{name} deals"))}
    # The trick just completed, which the page shows complete for a moment, even when it
    # ended the hand or the match.
    takes = _("You take it"), _("{name} takes it")
    for event in view["last_events"]:
        if event["type"] == "trick":
            out["takes it"] = sp.says(event["winner"], *takes)
    to_act = view["to_act"]
    if view["over"] or not to_act:
        return out
    if view["phase"] == "call":
        if view["calls"]:
            calls = _("You make the second call"), _("{name} makes the second call")
        else:
            calls = _("You call first"), _("{name} calls first")
        out["caller"] = sp.says(to_act[0], *calls)
    elif view["phase"] == "play" and view["trick"] and view["winning"] is not None:
        out["winning"] = sp.says(view["winning"], _("You are winning"), _("{name} is winning"))
        out["takes it"] = sp.says(view["winning"], *takes)
    elif view["phase"] == "play":
        out["leads"] = sp.says(to_act[0], _("You lead"), _("{name} leads"))
        if view["tricks"]:
            winner = view["tricks"][-1]["winner"]
            out["took it"] = sp.says(winner, _("You took it"), _("{name} took it"))
            out["leads next"] = sp.says(winner, _("You lead next"), _("{name} leads next"))
    return out


def table_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """The headings of the table, for the seat of ``view``: classic's calls and who made each
    (``"calls"``, ``"call 0 by"``: WC-15, the dealer's left calls first), the last hand's
    result while the next is set up or once the match is over (``"last hand"``), the middle's
    title and count (``"middle"``, ``"middle count"``: the ruling cards chosen, WC-4; the bids
    and their total, WC-7; the trick in play, or the one just taken while it is shown) and the
    led suit (``"led"``, WC-10)."""
    n, phase, me = view["players"], view["phase"], view["seat"]
    out: dict[str, str] = {}
    if view["options"]["variant"] == "classic" and view["calls"]:
        out["calls"] = _("Calls:")
        sp = Speaker(names, me)
        for i in range(len(view["calls"])):
            seat = (view["dealer"] + 1 + i) % n
            out[f"call {i} by"] = sp.says(seat, _("(you)"), _("({name})"))
    number = view["hand_number"]
    shown = not view["tricks"] and not view["trick"] and phase != "play"
    if view["over"] and len(view["hand_scores"]) >= number:
        out["last hand"] = _("Hand {n}, the last").format(n=number)
    elif number > 1 and shown and len(view["hand_scores"]) >= number - 1:
        out["last hand"] = _("Hand {n}").format(n=number - 1)
    if phase == "rule":
        out["middle"] = _("Ruling cards")
        chosen = sum(bool(c) for c in view["chosen"])
        out["middle count"] = _("{n} of {players} chosen").format(n=chosen, players=n)
    elif phase == "call":
        out["middle"] = _("Calls")
    elif phase == "bid":
        made = [b for b in view["bids"] if b is not None]
        out["middle"] = _("Bidding")
        out["middle count"] = _("{n} of {players} bid · total {sum}").format(
            n=len(made), players=n, sum=sum(made)
        )
    elif phase == "play":
        # Between two tricks the page shows the one just taken until the next lead.
        taken = len(view["tricks"]) if view["tricks"] and not view["trick"] else None
        out["middle"] = _("Trick {n} of {total}").format(
            n=taken or len(view["tricks"]) + 1, total=view["tricks_in_hand"]
        )
        if view["trick"] and view["led_suit"]:
            out["led"] = _("Led: {suit}").format(suit=suit_name(view["led_suit"]))
    out.update(turn_info(view))
    return out


def turn_info(view: Mapping[str, Any]) -> dict[str, str]:
    """The top bar's turn (``"turn info"``): what the hand is at, and, since the bar names the
    game "Wildcat Chicane" whatever the variant, that classic Chicane is played (WC-15)."""
    phase, total = view["phase"], view["tricks_in_hand"]
    if view["over"] or phase == "over":
        return {}
    if phase == "rule":
        return {"turn info": _("Ruling cards")}
    if phase == "call":
        what = _("Calls")
    elif phase == "bid":
        what = _("Bidding")
    elif not view["trick"] and view["tricks"]:
        # Between two tricks the table shows the one just taken until the next lead: so does
        # the bar (issue 27, s35-4: it said "Trick 2" over trick 1 taken).
        what = _("Trick {n} of {total} taken").format(n=len(view["tricks"]), total=total)
    else:
        what = _("Trick {n} of {total}").format(n=min(len(view["tricks"]) + 1, total), total=total)
    if view["options"]["variant"] == "classic":
        what = _("classic Chicane · {what}").format(what=what)
    return {"turn info": what}


def seat_words(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """What the players' bar says of each seat, for the seat of ``view``: how it reads its
    cards (``"seat reads 2"``: "Cy reads TOP, trump Wyrms.", WC-5, WC-6) and its bid against
    the tricks it has taken (``"seat bid 2"``, WC-7), and, where it stands past its bid or
    exactly at it, that too (``"seat bid over 2"``, ``"seat bid exact 2"``: the page marks the
    bid so, WC-12)."""
    sp = Speaker(names, view["seat"])
    out: dict[str, str] = {}
    for s, (reading, trump) in enumerate(zip(view["readings"], view["trumps"], strict=True)):
        if reading and trump:
            out[f"seat reads {s}"] = sp.says(
                s,
                _("You read {reading}, trump {suit}."),
                _("{name} reads {reading}, trump {suit}."),
                reading=reading_word(reading),
                suit=suit_name(trump),
            )
    for s, bid in enumerate(view["bids"]):
        if bid is not None:
            won = view["won"][s]
            out[f"seat bid {s}"] = sp.says(
                s,
                ngettext(
                    "You bid {bid} and have taken {n} trick.",
                    "You bid {bid} and have taken {n} tricks.",
                    won,
                ),
                ngettext(
                    "{name} bid {bid} and has taken {n} trick.",
                    "{name} bid {bid} and has taken {n} tricks.",
                    won,
                ),
                bid=bid,
                n=won,
            )
            # Where the bid stands now (WC-12 scores the difference): past it already, or met
            # exactly once the tricks are being played (a bid of 0 is not "met" before then).
            if won > bid:
                out[f"seat bid over {s}"] = sp.says(
                    s,
                    _("You have taken more tricks than you bid."),
                    _("{name} has taken more tricks than bid."),
                )
            elif won == bid and view["phase"] in ("play", "over"):
                out[f"seat bid exact {s}"] = sp.says(
                    s,
                    _("You have taken exactly as many tricks as you bid."),
                    _("{name} has taken exactly as many tricks as bid."),
                )
    return out


def status(view: Mapping[str, Any], names: Sequence[str], replay: bool) -> dict[str, str]:
    """The status line, by the page's situation (``Game.captions``): the seat to act reads
    its prompt (what to do, under which rule), or, with a ruling card picked, what the card
    would make it (``{what}``: the pick's label); the others read whom the table waits for
    (a replay, which asks no one, the seat it follows too)."""
    me, to_act, phase = view["seat"], view["to_act"], view["phase"]
    if me is not None and me in to_act and not replay and view.get("prompt"):
        out = {"status": view["prompt"], "status sent": _("Sent: waiting for the table…")}
        if phase == "rule":
            out["status picked"] = _("You picked {what}: confirm, or pick another.")
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
    waiting = waiting_for(to_act, names, None if replay else me, what)
    if me is None:
        return {"status": _("You are watching. {waiting}").format(waiting=waiting).strip()}
    return {"status": waiting}
