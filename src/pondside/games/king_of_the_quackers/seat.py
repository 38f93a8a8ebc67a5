"""What one seat of King of the Quackers knows (KQ-27): its view of the table, the
determinization from that view for the bots that search, and the check of a given position."""

from __future__ import annotations

import random
from collections.abc import Callable

from pondside.engine import BadPosition, Game, View
from pondside.engine.rng import sample, seed_state, shuffle
from pondside.games.decktet import INDEX
from pondside.i18n import _

from .combinations import CODE, KIND_NAME, KIND_VALUE
from .state import (
    QuackersPromise,
    QuackersRound,
    QuackersState,
    QuackersView,
    deck_cards,
    hand_size,
    reset_round,
)


def view(game: Game[QuackersState], state: QuackersState, seat: int | None) -> QuackersView:
    """What ``seat`` sees (a spectator: None): the table, and its own hand and gives (KQ-27)."""
    st = state
    n = st.n
    playing = st.phase == "play" and not st.over
    rnd: QuackersRound | None = None
    if playing and st.size:
        rnd = {
            "size": st.size,
            "kind": KIND_NAME[st.kind],
            "lead_card": CODE[st.lead] if st.lead >= 0 else None,
            "last_seat": st.last_seat,
            "last_kind": KIND_NAME[st.last_kind],
            "last_rank": st.last_rank,
            "passed": [s for s in range(n) if st.passed >> s & 1],
            "plays": [[s, a] for s, a in st.round_plays],
        }
    v: QuackersView = {
        # The common keys; mypy cannot know the ** holds no "hand", set below.
        **game.common_view(st, seat, st.hand_no, st.hands, st.totals, st.history),  # type: ignore[typeddict-item]
        "options": st.options(),
        "dealer": st.dealer,
        "phase": st.phase,
        "put_aside": st.aside >= 0,
        "chosen": [g is not None for g in st.gives],
        "round": rnd,
        "played": [CODE[c] for c in st.played],
        "out": list(st.out),
        "promise": _promise_json(st),
    }
    if seat is not None:
        v["hand"] = [CODE[c] for c in st.hands[seat]]
        v["neighbours"] = [(seat + 1) % n, (seat - 1) % n]
        g = st.gives[seat]
        v["gave"] = None if g is None else [CODE[g[0]], CODE[g[1]]]
        v["received"] = None
        if st.phase == "play":
            left, right = st.gives[(seat + 1) % n], st.gives[(seat - 1) % n]
            assert left is not None and right is not None
            v["received"] = [CODE[left[1]], CODE[right[0]]]
    return v


def _promise_json(st: QuackersState) -> QuackersPromise | None:
    return None if st.promise is None else {"seat": st.promise[0], "value": st.promise[1]}


def determinizer(view: View, st: QuackersState) -> Callable[[random.Random], QuackersState]:
    """States consistent with what ``view``'s seat knows (KQ-27).

    The seat knows its hand, every played card, every hand's size and the two cards it gave:
    each is still in its receiver's hand unless played. The other cards, the put-aside card
    among them, are dealt at random; others' choices at the pass are sampled from their
    sampled hands, and the cards others gave to third seats are sampled from those seats'
    hands. ``st`` is a blank state for the view's table. The view is read once, here: each
    call of the sampler returned draws the blank's seed, then deals (a search samples one view
    a thousand times).
    """
    seat = view["seat"]
    if seat is None:
        raise BadPosition(_("determinization is from one seat's view, not a spectator's"))
    n = st.n
    st.hand_no = view["hand_number"]
    st.dealer = view["dealer"]
    st.history = tuple(tuple(h) for h in view["hand_scores"])
    st.totals = tuple(view["totals"])
    st.last_events = tuple(view["last_events"])
    st.over = view["over"]
    st.phase = view["phase"]
    st.played = tuple(INDEX[c] for c in view["played"])
    st.out = tuple(view["out"])
    pr = view["promise"]
    st.promise = None if pr is None else (pr["seat"], pr["value"])
    st.bonus = _bonus_from_view(st)
    own = tuple(INDEX[c] for c in view["hand"])
    gave = None if view["gave"] is None else (INDEX[view["gave"][0]], INDEX[view["gave"][1]])
    fixed: list[list[int]] = [[] for _seat in range(n)]
    playing = st.phase == "play" and gave is not None
    if playing:
        assert gave is not None
        played = set(st.played)
        for card, to in ((gave[0], (seat + 1) % n), (gave[1], (seat - 1) % n)):
            if card not in played:
                fixed[to].append(card)
    known = set(own) | set(st.played) | {c for f in fixed for c in f}
    unseen_cards = [c for c in deck_cards(st.deck) if c not in known]
    takes = [
        (s, fixed[s], size - len(fixed[s]))
        for s, size in enumerate(view["hand_sizes"])
        if s != seat
    ]
    aside = bool(view["put_aside"])
    _round_from_view(st, view)
    st.hands, st.aside, st.gives = (), -1, ()  # each sample's own

    def sample(rng: random.Random) -> QuackersState:
        new = st.copy()
        new.rng = seed_state(rng.getrandbits(63))
        unseen = unseen_cards.copy()
        shuffle(rng, unseen)
        hands = [own] * n
        at = 0
        for s, given, take in takes:
            hands[s] = tuple(sorted(given + unseen[at : at + take]))
            at += take
        new.hands = tuple(hands)
        new.aside = unseen[at] if aside else -1
        new.gives = _sample_gives(view, new, gave, rng)
        return new

    return sample


def _bonus_from_view(st: QuackersState) -> tuple[int, ...]:
    """Promise points of this hand, known to all once the first player is out (KQ-30)."""
    bonus = [0] * st.n
    if st.promise is not None and st.out and st.phase == "play":
        promiser, value = st.promise
        if st.out[0] == promiser:
            bonus[promiser] = value
        else:
            share = -(-value // (st.n - 1))
            bonus = [0 if s == promiser else share for s in range(st.n)]
    return tuple(bonus)


def _sample_gives(
    view: View, st: QuackersState, gave: tuple[int, int] | None, rng: random.Random
) -> tuple[tuple[int, int] | None, ...]:
    n, seat = st.n, view["seat"]
    if st.phase == "pass":  # others' secret choices: two cards of their sampled hands
        out: list[tuple[int, int] | None] = []
        for s, chose in enumerate(view["chosen"]):
            if s == seat:
                out.append(gave)
            elif chose:
                a, b = sample(rng, st.hands[s], 2)
                out.append((a, b))
            else:
                out.append(None)
        return tuple(out)
    if gave is None:  # the match ended before any play: nothing to know
        return (None,) * n
    got_left, got_right = (INDEX[c] for c in view["received"])
    # a card given to a third seat is one of its cards (or, if it has none, a played card)
    pools: dict[int, list[int]] = {}

    def somewhere(to: int) -> int:
        pool = pools.get(to)
        if pool is None:  # its own cards are popped first
            held, gone = st.hands[to], st.played
            pool = pools[to] = sample(rng, gone, len(gone)) + sample(rng, held, len(held))
        return pool.pop()

    gives: list[tuple[int, int] | None] = []
    for s in range(n):
        if s == seat:
            gives.append(gave)
            continue
        left = got_right if (s + 1) % n == seat else somewhere((s + 1) % n)
        right = got_left if (s - 1) % n == seat else somewhere((s - 1) % n)
        gives.append((left, right))
    return tuple(gives)


def _round_from_view(st: QuackersState, view: View) -> None:
    if st.phase != "play" or st.over:
        reset_round(st, -1)
        return
    r = view["round"]
    reset_round(st, view["to_act"][0])
    if r is None:
        return
    st.size = r["size"]
    st.kind = KIND_VALUE[r["kind"]]
    st.lead = -1 if r["lead_card"] is None else INDEX[r["lead_card"]]
    st.last_seat = r["last_seat"]
    st.last_kind = KIND_VALUE[r["last_kind"]]
    st.last_rank = r["last_rank"]
    st.passed = sum(1 << s for s in r["passed"])
    st.round_plays = tuple((s, a) for s, a in r["plays"])


def check_position(state: QuackersState) -> QuackersState:
    """A given position checked (KQ-4, KQ-5, KQ-7, KQ-12): the deck once, the hands as the
    phase says, gives only of cards held, a seat to act that holds cards."""
    st = state
    st.hands = tuple(tuple(sorted(h)) for h in st.hands)
    n = st.n
    if not (len(st.hands) == len(st.gives) == len(st.totals) == len(st.bonus) == n):
        raise BadPosition(
            _("hands, gives, totals and bonus need one entry per seat ({n})").format(n=n)
        )
    if st.phase not in ("pass", "play"):
        raise BadPosition(_("phase is 'pass' or 'play'"))
    cards = [c for h in st.hands for c in h] + list(st.played)
    if st.aside >= 0:
        cards.append(st.aside)
    if sorted(cards) != list(deck_cards(st.deck)):
        raise BadPosition(
            _("the hands, the played cards and the put-aside card must be the deck (KQ-4)")
        )
    if len(st.history) != st.hand_no - 1 + st.over:
        raise BadPosition(_("history holds one entry per finished hand"))
    if st.phase == "pass":
        k = hand_size(n, st.deck)
        if st.played or any(len(h) != k for h in st.hands):
            raise BadPosition(
                _("at the pass every hand holds {n} cards and nothing is played").format(n=k)
            )
        for s, g in enumerate(st.gives):
            if g is not None and (g[0] == g[1] or not {g[0], g[1]} <= set(st.hands[s])):
                raise BadPosition(
                    _("seat {seat} gives cards it does not hold (KQ-5)").format(seat=s)
                )
    elif not st.over:
        if not 0 <= st.turn < n or not st.hands[st.turn]:
            raise BadPosition(_("the seat to act must hold cards (KQ-7)"))
        if len(st.holding()) < 2:
            raise BadPosition(_("a hand in play has at least two players with cards (KQ-12)"))
    return st
