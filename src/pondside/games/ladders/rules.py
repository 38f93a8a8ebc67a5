"""Ladders' rules as functions of the state: the deal, plays and the discard that ends a turn
(LA-3..LA-11), the end of a round and of the match (LA-12..LA-15). ``game`` binds them to the
engine's ``Game``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from pondside.engine import (
    BadDeal,
    BadOption,
    BadPosition,
    DealLayout,
    IllegalAction,
    Option,
    Outcome,
    Rng,
    View,
    places_from_results,
    seed_state,
)
from pondside.i18n import N_, _

from . import seat as seat_knows
from .events import LaddersEvent, Play, PlaySource, RoundEndReason
from .state import (
    CARD,
    DECK,
    DECK_COUNTS,
    HAND,
    PARSE_CARD,
    RUNGS,
    SLOTS,
    TOP,
    WILD,
    LaddersState,
    sides,
)

"""A card in the state: 1..12, 13 for a SKIP PORTAL; in a snapshot its code."""

# Canonical actions (protocol.md), built once: text -> (kind, card or pile, slot).
HAND_PLAY = {(c, s): f"play hand {CARD[c]} to {s}" for c in CARD for s in range(SLOTS)}
CLIMB_PLAY = {s: f"play climb to {s}" for s in range(SLOTS)}
RUNG_PLAY = {(r, s): f"play rung {r} to {s}" for r in range(RUNGS) for s in range(SLOTS)}
PCLIMB_PLAY = {s: f"play partner climb to {s}" for s in range(SLOTS)}
PRUNG_PLAY = {(r, s): f"play partner rung {r} to {s}" for r in range(RUNGS) for s in range(SLOTS)}
DISCARD = {(c, r): f"discard {CARD[c]} to {r}" for c in CARD for r in range(RUNGS)}
DISCARDS = {c: [DISCARD[c, r] for r in range(RUNGS)] for c in CARD}  # a card's, in order
PARSE: dict[str, tuple[str, int, int]] = {
    **{a: ("hand", c, s) for (c, s), a in HAND_PLAY.items()},
    **{a: ("climb", 0, s) for s, a in CLIMB_PLAY.items()},
    **{a: ("rung", r, s) for (r, s), a in RUNG_PLAY.items()},
    **{a: ("partner climb", 0, s) for s, a in PCLIMB_PLAY.items()},
    **{a: ("partner rung", r, s) for (r, s), a in PRUNG_PLAY.items()},
    **{a: ("discard", c, r) for (c, r), a in DISCARD.items()},
}
NOTATION = N_(
    "'play hand CARD to SLOT', 'play climb to SLOT', 'play rung R to SLOT', "
    "'play partner climb to SLOT', 'play partner rung R to SLOT' or 'discard CARD to R' "
    "(CARD 1..12 or W, SLOT and R 0..3)"
)
"""The actions as they are written (a translation keeps the quoted notation as it is)."""


CLIMB_SIZE: int | None = None
"""The designer's lab's setting of LA-3's CLIMB size (``TUNABLES``); None: the rulebook's."""
TUNABLES = (
    Option(
        "climb_size",
        int,
        None,
        "cards in each CLIMB (stock) pile (LA-3: 30, or 20 at 5-6 players)",
        minimum=5,
        maximum=40,
        nullable=True,
    ),
)
"""Rule constants the designer's lab may change (``pondside lab --sweep climb_size=20,30``):
each names the module constant it sets (upper case) and the ruling it changes."""


def climb_size(players: int) -> int:
    """LA-3: 30 cards each with 2-4 players, 20 with 5-6."""
    if CLIMB_SIZE is not None:
        return CLIMB_SIZE
    return 30 if players <= 4 else 20


def fits(card: int, height: int) -> bool:
    """LA-5: ``card`` may go onto an ACCENT pile of ``height`` cards (0 = a new pile)."""
    return card == WILD or card == height + 1


def open_slots(accents: tuple[tuple[int, ...], ...], card: int) -> list[int]:
    """The ACCENT slots ``card`` may be played to; of the empty slots only the lowest (protocol)."""
    out = []
    empty_offered = False
    for s, pile in enumerate(accents):
        if not pile:
            if not empty_offered and fits(card, 0):
                out.append(s)
            empty_offered = True
        elif fits(card, len(pile)):
            out.append(s)
    return out


def parse_cards(cards: Any, where: str, error: type[Exception]) -> list[int]:
    if not isinstance(cards, list):
        raise error(_("{where} must be a list of cards").format(where=where))
    out = []
    for c in cards:
        if not isinstance(c, str) or c not in PARSE_CARD:
            raise error(
                _(
                    "{where} holds {card}; Ladders cards are the strings '1'..'12' and 'W' (LA-1)"
                ).format(where=where, card=repr(c))
            )
        out.append(PARSE_CARD[c])
    return out


# --- drawing ---------------------------------------------------------------------------
def _draw_cards(st: LaddersState, seat: int, count: int, events: list[LaddersEvent]) -> None:
    """Draw ``count`` cards one by one; an empty DRAW takes the shuffled DISCARD (LA-11)."""
    # The cards come off the top (the end) in slices: the pile is copied once per draw, not
    # turned into a list and back (it holds a hundred cards, and every turn draws).
    draw = st.draw
    got: list[int] = []
    while count > 0:
        if not draw:
            if not st.discard:
                break  # LA-11: both empty, draw what there is
            rng = Rng(st.rng)
            draw = tuple(rng.shuffled(st.discard))
            st.rng = rng.state
            events.append({"type": "reshuffle", "cards": len(draw)})
            st.discard = ()
        k = min(count, len(draw))
        got += draw[-k:]
        draw = draw[:-k]
        count -= k
    if got:
        st.draw = draw
        st.hands = _replace(st.hands, seat, tuple(sorted(st.hands[seat] + tuple(got))))
        events.append({"type": "draw", "seat": seat, "cards": len(got)})


def _replace(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*seq[:i], value, *seq[i + 1 :])


def _has_play(st: LaddersState, seat: int) -> bool:
    """Whether any card can reach an ACCENT pile now (LA-5, LA-14)."""
    need = {len(p) + 1 for p in st.accents if p}
    if any(not p for p in st.accents):
        need.add(1)
    cards: list[int] = list(st.hands[seat])
    for s in (seat, st.partner(seat)) if st.teams else (seat,):
        if st.climbs[s]:
            cards.append(st.climbs[s][-1])
        cards.extend(r[-1] for r in st.rungs[s] if r)
    return any(c == WILD or c in need for c in cards)


# --- setting up -------------------------------------------------------------------
def _blank(players: int, options: dict[str, Any], seed: int) -> LaddersState:
    st = LaddersState.blank()
    st.n = players
    st.teams = options["teams"]
    st.target = options["target"]
    st.rounds = options["rounds"]
    st.rng = seed_state(seed)
    st.round_no = 1
    st.totals = (0,) * players
    st.history = ()
    st.idle = 0
    st.played = False
    st.over = False
    return st


def _round_won(st: LaddersState, seat: int) -> bool:
    """LA-12: an empty CLIMB wins; a partnership needs both CLIMBs empty (LA-14)."""
    return not st.climbs[seat] and (not st.teams or not st.climbs[st.partner(seat)])


def _fewest_climb_side(st: LaddersState) -> int | None:
    """LA-15: the side with the fewest CLIMB cards, or None when several share the fewest."""
    counts = [sum(len(st.climbs[s]) for s in side) for side in st.sides()]
    low = min(counts)
    return counts.index(low) if counts.count(low) == 1 else None


def side_places(totals: Sequence[int], seats_of: list[list[int]]) -> list[int]:
    """The highest total first; partners share their side's place (LA-14, protocol)."""
    ranked = places_from_results([totals[side[0]] for side in seats_of], lower_is_better=False)
    places = [0] * len(totals)
    for i, side in enumerate(seats_of):
        for s in side:
            places[s] = ranked[i]
    return places


def outcome(state: LaddersState) -> Outcome | None:
    """The highest total wins; partners share their side's place (LA-14, protocol)."""
    if not state.over:
        return None
    places = side_places(state.totals, state.sides())
    return Outcome(tuple(map(float, state.totals)), tuple(places))


def _start_round(
    st: LaddersState,
    climbs: list[list[int]],
    hands: list[list[int]],
    draw: list[int],
    dealer: int,
    events: list[LaddersEvent],
) -> None:
    """Lay out a round (lists top card first) and let the dealer's left start (LA-3, LA-4)."""
    st.dealer = dealer
    st.turn = (dealer + 1) % st.n
    st.climbs = tuple(tuple(reversed(c)) for c in climbs)
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.draw = tuple(reversed(draw))
    st.rungs = (((),) * RUNGS,) * st.n
    st.accents = ((),) * SLOTS
    st.discard = ()
    st.idle = 0
    st.played = False
    events.append(
        {
            "type": "deal",
            "round": st.round_no,
            "dealer": dealer,
            "climb_tops": [CARD[c[-1]] for c in st.climbs],
        }
    )
    _start_turn(st, events)


def _deal_from_rng(st: LaddersState, dealer: int | None, events: list[LaddersEvent]) -> None:
    rng = Rng(st.rng)
    cards = rng.shuffled(DECK)
    if dealer is None:
        dealer = rng.below(st.n)  # LA-3: the first dealer is random
    st.rng = rng.state
    k = climb_size(st.n)
    climbs = [cards[i * k : (i + 1) * k] for i in range(st.n)]
    _start_round(st, climbs, [[] for _ in range(st.n)], cards[st.n * k :], dealer, events)


def _discard(
    st: LaddersState,
    seat: int,
    card: int,
    rung: int,
    events: list[LaddersEvent],
    deal: bool = True,
) -> None:
    """LA-9: one card from the hand onto one of the player's own RUNG piles ends the turn."""
    hand = list(st.hands[seat])
    if card not in hand:
        raise IllegalAction(
            _("there is no {card} in seat {seat}'s hand to discard").format(
                card=CARD[card], seat=seat
            ),
            "LA-9",
        )
    hand.remove(card)
    st.hands = _replace(st.hands, seat, tuple(hand))
    rungs = st.rungs[seat]
    st.rungs = _replace(st.rungs, seat, _replace(rungs, rung, (*rungs[rung], card)))
    events.append({"type": "discard", "seat": seat, "card": CARD[card], "rung": rung})
    _end_turn(st, events, deal=deal)


def _play(
    st: LaddersState,
    seat: int,
    kind: str,
    x: int,
    slot: int,
    events: list[LaddersEvent],
    deal: bool = True,
) -> None:
    """LA-5: move one card onto an ACCENT pile; LA-6..LA-8 and LA-12 follow at once."""
    owner = seat
    if kind.startswith("partner"):
        if not st.teams:
            raise IllegalAction(_("only partners play from each other's piles"), "LA-14")
        owner = st.partner(seat)
    if kind == "hand":
        card = x
        if card not in st.hands[seat]:
            raise IllegalAction(
                _("there is no {card} in seat {seat}'s hand").format(card=CARD[card], seat=seat),
                "LA-5",
            )
    elif kind.endswith("climb"):
        if not st.climbs[owner]:
            raise IllegalAction(_("seat {seat}'s CLIMB pile is empty").format(seat=owner), "LA-5")
        card = st.climbs[owner][-1]
    else:
        if not st.rungs[owner][x]:
            raise IllegalAction(
                _("seat {seat}'s RUNG pile {rung} is empty").format(seat=owner, rung=x), "LA-5"
            )
        card = st.rungs[owner][x][-1]
    if slot not in open_slots(st.accents, card):
        pile = st.accents[slot]
        if not pile and card in (1, WILD):
            why = _(
                "{card} cannot go to ACCENT {slot}: a new ACCENT pile is started in the "
                "lowest-numbered empty slot"
            )
        elif not pile:
            why = _(
                "{card} cannot go to ACCENT {slot}: a new ACCENT pile is started only with a 1 "
                "or a SKIP PORTAL"
            )
        else:
            why = _(
                "{card} cannot go to ACCENT {slot}: ACCENT pile {slot} needs a {n} or a SKIP PORTAL"
            )
        raise IllegalAction(why.format(card=CARD[card], slot=slot, n=len(pile) + 1), "LA-5")
    if kind == "hand":
        hand = list(st.hands[seat])
        hand.remove(card)
        st.hands = _replace(st.hands, seat, tuple(hand))
    elif kind.endswith("climb"):
        st.climbs = _replace(st.climbs, owner, st.climbs[owner][:-1])
    else:
        rungs = st.rungs[owner]
        st.rungs = _replace(st.rungs, owner, _replace(rungs, x, rungs[x][:-1]))
    pile = (*st.accents[slot], card)
    st.played = True
    event: Play = {
        "type": "play",
        "seat": seat,
        "from": cast(PlaySource, kind),
        "card": CARD[card],
        "to": slot,
        "as": len(pile),
    }
    if not kind.startswith("hand"):
        event["owner"] = owner
    if kind == "rung" or kind == "partner rung":
        event["rung"] = x
    events.append(event)
    if len(pile) == TOP:  # LA-7: the completed pile goes to DISCARD; the slot is free
        st.accents = _replace(st.accents, slot, ())
        st.discard = st.discard + pile
        events.append({"type": "complete", "slot": slot})
    else:
        st.accents = _replace(st.accents, slot, pile)
    if kind.endswith("climb"):
        climb = st.climbs[owner]
        if climb:  # LA-6: the next CLIMB card is turned face up at once
            events.append({"type": "turn_up", "seat": owner, "card": CARD[climb[-1]]})
        if _round_won(st, owner):
            _end_round(st, st.side(owner), "climb", events, deal)
            return
    _settle(st, events, deal)


def _settle(st: LaddersState, events: list[LaddersEvent], deal: bool = True) -> None:
    """An empty hand is refilled at once (LA-8); with nothing to draw and no play left the
    turn ends by itself (LA-9), possibly turn after turn until the deadlock guard (LA-15),
    which ends the round (the next one, dealt, settled itself)."""
    rounds = len(st.history)
    while not st.over and len(st.history) == rounds:
        seat = st.turn
        if not st.hands[seat]:
            _draw_cards(st, seat, HAND, events)
        if st.hands[seat] or _has_play(st, seat):
            return
        events.append({"type": "pass", "seat": seat})
        _end_turn(st, events, settle=False, deal=deal)


def _end_turn(
    st: LaddersState, events: list[LaddersEvent], settle: bool = True, deal: bool = True
) -> None:
    """LA-15: count idle turns; then the next player (clockwise) starts (LA-4)."""
    if not st.played and not st.draw and not st.discard:
        st.idle += 1
    else:
        st.idle = 0
    if st.idle >= st.n:
        _end_round(st, _fewest_climb_side(st), "deadlock", events, deal)
        return
    st.turn = (st.turn + 1) % st.n
    st.played = False
    _start_turn(st, events, settle, deal)


def _start_turn(
    st: LaddersState, events: list[LaddersEvent], settle: bool = True, deal: bool = True
) -> None:
    """LA-4: draw until the hand holds 5 cards."""
    seat = st.turn
    events.append({"type": "turn", "seat": seat})
    _draw_cards(st, seat, HAND - len(st.hands[seat]), events)
    if settle:
        _settle(st, events, deal)


def _end_round(
    st: LaddersState,
    winner: int | None,
    reason: RoundEndReason,
    events: list[LaddersEvent],
    deal: bool = True,
) -> None:
    """LA-13: the winning side scores 25 + 5 per card left in the opponents' CLIMBs; then the
    next round is dealt, unless ``deal`` is false (a playout that stops at the round's end
    reads only the totals; the deal was a fifth of a playout)."""
    points = [0] * st.n
    if winner is not None:
        sides = st.sides()
        left = sum(len(st.climbs[s]) for i, side in enumerate(sides) if i != winner for s in side)
        for s in sides[winner]:
            points[s] = 25 + 5 * left
    st.history = (*st.history, tuple(points))
    st.totals = tuple(t + p for t, p in zip(st.totals, points, strict=True))
    events.append(
        {
            "type": "round_end",
            "round": st.round_no,
            "reason": reason,
            "winners": [] if winner is None else st.sides()[winner],
            "points": points,
            "totals": list(st.totals),
            "climb_sizes": [len(c) for c in st.climbs],
        }
    )
    if st.rounds is not None:
        st.over = st.round_no >= st.rounds
    else:
        st.over = max(st.totals) >= (st.target or 0)
    if st.over:
        out = outcome(st)
        assert out is not None
        events.append({"type": "match_end", "scores": list(st.totals), "places": list(out.places)})
        return
    if not deal:
        return
    st.round_no += 1
    _deal_from_rng(st, (st.dealer + 1) % st.n, events)  # LA-3: the deal passes left


end_round = _end_round
fewest_climb_side = _fewest_climb_side
"""For a playout that plays the steps on its own lists until the round ends (``playout.py``)."""


# --- the options and the deal -----------------------------------------------------------
def check_options(players: int, options: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """LA-2: partnerships at 4 players only; the match ends after its rounds or at its
    target (LA-13), never both."""
    if options["teams"] and players != 4:
        raise BadOption(_("teams are two partnerships of two: play them with 4 players (LA-2)"))
    if given.get("target") is not None and given.get("rounds") is not None:
        raise BadOption(_("give either rounds or target, not both"))
    if options["rounds"] is not None:
        return {**options, "target": None}
    if options["target"] is None:
        raise BadOption(_("the match needs an end: give target (e.g. 500) or rounds (e.g. 1)"))
    return options


def all_actions(players: int, options: Mapping[str, Any]) -> list[str]:
    """Plays from the hand, the CLIMB top and each RUNG pile to each ACCENT slot (LA-5),
    a partner's in partnerships (LA-2), and every discard onto a RUNG pile (LA-9)."""
    slots, rungs = range(SLOTS), range(RUNGS)
    partner = (
        [PCLIMB_PLAY[s] for s in slots] + [PRUNG_PLAY[r, s] for r in rungs for s in slots]
        if options["teams"]
        else []
    )
    return (
        [HAND_PLAY[c, s] for c in CARD for s in slots]
        + [CLIMB_PLAY[s] for s in slots]
        + [RUNG_PLAY[r, s] for r in rungs for s in slots]
        + partner
        + [DISCARD[c, r] for c in CARD for r in rungs]
    )


def deal_layout(players: int, options: Mapping[str, Any]) -> DealLayout:
    """LA-3: each CLIMB pile in turn, then DRAW; hands start empty; a random dealer."""
    k = climb_size(players)

    def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
        return {
            "climbs": [cards[k * s : k * s + k] for s in range(players)],
            "hands": [[] for _ in range(players)],
            "draw": cards[k * players :],
            "dealer": seat,
        }

    alphabet = [CARD[c] for c in CARD]
    counts = [DECK_COUNTS[c] for c in CARD]
    return DealLayout.one_deck(alphabet, counts, len(DECK), players, build)


def new(players: int, options: dict[str, Any], seed: int) -> LaddersState:
    """A match dealt from ``seed``, with a random first dealer (LA-3)."""
    st = _blank(players, options, seed)
    _deal_from_rng(st, None, [])
    return st


def from_deal(players: int, options: dict[str, Any], deal: Any, seed: int) -> LaddersState:
    """A match whose first round is ``deal`` (checked: LA-1, LA-3, LA-4); later ones from
    ``seed``."""
    expect = (
        '{"climbs": [[cards] per seat], "hands": [[cards] per seat], "draw": [...], "dealer": seat}'
    )
    if not isinstance(deal, dict) or set(deal) != {"climbs", "hands", "draw", "dealer"}:
        raise BadDeal(
            _("a Ladders deal is {expect}, face-down lists top card first").format(expect=expect)
        )
    climbs, hands = deal["climbs"], deal["hands"]
    for name, lists in (("climbs", climbs), ("hands", hands)):
        if not isinstance(lists, list) or len(lists) != players:
            raise BadDeal(
                _("the deal needs {players} {name}, one per seat").format(
                    players=players, name=name
                )
            )
    k = climb_size(players)
    climb_cards = [parse_cards(c, f"climb {i}", BadDeal) for i, c in enumerate(climbs)]
    for i, c in enumerate(climb_cards):
        if len(c) != k:
            raise BadDeal(
                _("climb {i} holds {n} cards; with {players} players each has {k} (LA-3)").format(
                    i=i, n=len(c), players=players, k=k
                )
            )
    hand_cards = [parse_cards(h, f"hand {i}", BadDeal) for i, h in enumerate(hands)]
    for i, h in enumerate(hand_cards):
        if len(h) > HAND:
            raise BadDeal(
                _("hand {i} holds {n} cards; a hand holds at most {most} (LA-4)").format(
                    i=i, n=len(h), most=HAND
                )
            )
    draw = parse_cards(deal["draw"], "draw", BadDeal)
    dealer = deal["dealer"]
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise BadDeal(
            _("the dealer is a seat from 0 to {last}, not {dealer}").format(
                last=players - 1, dealer=repr(dealer)
            )
        )
    seat_knows.check_deck(
        [*(c for x in climb_cards for c in x), *(c for h in hand_cards for c in h), *draw],
        BadDeal,
    )
    st = _blank(players, options, seed)
    _start_round(st, climb_cards, hand_cards, draw, dealer, [])
    return st


def check_position(state: LaddersState) -> LaddersState:
    """A given position checked against the rules: the seat's checks, and the seat to act
    can act (LA-9)."""
    st = seat_knows.check_position(state)
    if not st.over and not st.hands[st.turn] and not _has_play(st, st.turn):
        raise BadPosition(_("the seat to act has neither a card in hand nor a play (LA-9)"))
    return st


def determinizer(view: View) -> Callable[[random.Random], LaddersState]:
    """Deals of what this seat cannot see, every public pile and its hand kept (seat), the
    view read once."""
    if view["seat"] is None:
        raise BadPosition(_("determinization is from one seat's view, not a spectator's"))
    return seat_knows.determinizer(view, _blank(view["players"], view["options"], 0))


def determinize(view: View, rng: random.Random) -> LaddersState:
    """Keep every public pile and the seat's hand; resample the rest (seat)."""
    return determinizer(view)(rng)


# --- playing ------------------------------------------------------------------------
def to_act(state: LaddersState) -> tuple[int, ...]:
    """LA-4: one seat at a time."""
    return () if state.over else (state.turn,)


def legal_actions(state: LaddersState, seat: int) -> list[str]:
    """LA-5: every play of the hand, the CLIMB top and the RUNG tops (a partner's too, LA-2)
    onto an ACCENT slot it fits; LA-9: every discard of a hand card onto a RUNG pile."""
    st = state
    if st.over or seat != st.turn:
        return []
    # open_slots for every number at once (LA-5): a pile of h cards takes h + 1, the lowest
    # empty slot a 1, and a SKIP PORTAL goes to any of them; the slots stay ascending.
    fit: dict[int, list[int]] = {}
    wild: list[int] = []
    empty = False
    for s, pile in enumerate(st.accents):
        if pile:
            fit.setdefault(len(pile) + 1, []).append(s)
        elif empty:
            continue
        else:
            empty = True
            fit.setdefault(1, []).append(s)
        wild.append(s)
    fit[WILD] = wild
    slots = fit.get
    none: list[int] = []

    hand = st.hands[seat]
    cards = set(hand)
    out = [HAND_PLAY[c, s] for c in cards for s in slots(c, none)]
    climb = st.climbs[seat]
    if climb:
        out += [CLIMB_PLAY[s] for s in slots(climb[-1], none)]
    for r, pile in enumerate(st.rungs[seat]):
        if pile:
            out += [RUNG_PLAY[r, s] for s in slots(pile[-1], none)]
    if st.teams:
        p = st.partner(seat)
        if st.climbs[p]:
            out += [PCLIMB_PLAY[s] for s in slots(st.climbs[p][-1], none)]
        for r, pile in enumerate(st.rungs[p]):
            if pile:
                out += [PRUNG_PLAY[r, s] for s in slots(pile[-1], none)]
    for c in cards:
        out += DISCARDS[c]
    return out


def apply(
    state: LaddersState, seat: int, action: str, deal: bool = True
) -> tuple[LaddersState, list[LaddersEvent]]:
    """``seat`` plays a card (LA-5..LA-8) or discards, ending the turn (LA-9); the given state
    is left as it was. ``deal=False``: a round ended leaves the next one undealt."""
    parsed = PARSE.get(action)
    if parsed is None:
        raise IllegalAction(
            _("{action} is not a Ladders action: write {notation}").format(
                action=repr(action), notation=_(NOTATION)
            )
        )
    if state.over:
        raise IllegalAction(_("the match is over"), "LA-13")
    if seat != state.turn:
        raise IllegalAction(
            _("it is seat {turn}'s turn, not seat {seat}'s").format(turn=state.turn, seat=seat),
            "LA-4",
        )
    kind, x, y = parsed
    st = state.copy()
    events: list[LaddersEvent] = []
    st.last_events = events
    if kind == "discard":
        _discard(st, seat, x, y, events, deal)
    else:
        _play(st, seat, kind, x, y, events, deal)
    return st, events


def timeout_action(state: LaddersState, seat: int) -> str:
    """A player out of time stops: the highest card of the hand (a SKIP PORTAL last) goes
    onto their shortest RUNG pile (LA-9); with an empty hand, the first open play."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction(_("seat {seat} has nothing to decide now").format(seat=seat))
    hand = state.hands[seat]
    if hand:
        plain = [c for c in hand if c != WILD]
        card = max(plain) if plain else WILD
        rungs = state.rungs[seat]
        rung = min(range(RUNGS), key=lambda r: (len(rungs[r]), r))
        return DISCARD[card, rung]
    return min(legal)


# --- scoring --------------------------------------------------------------------------
def scores(state: LaddersState) -> tuple[float, ...]:
    """The running totals (LA-13); partners carry their side's total (LA-14)."""
    return tuple(map(float, state.totals))


def progress(state: LaddersState) -> tuple[float, ...] | None:
    """Fewer CLIMB cards left on a seat's side is better (a partnership adds its two):
    the measure LA-15 uses to settle a stalled round."""
    left = [0.0] * state.n
    for side in state.sides():
        size = float(sum(len(state.climbs[s]) for s in side))
        for s in side:
            left[s] = -size
    return tuple(left)


def standing(view: View) -> list[int]:
    """The highest total first; partners share their side's place (LA-14), as at the end."""
    teams = bool(view["options"].get("teams"))
    return side_places(view["totals"], sides(view["players"], teams))


def hands_played(state: LaddersState) -> int:
    """Rounds finished so far."""
    return len(state.history)
