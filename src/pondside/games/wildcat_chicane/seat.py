"""What one seat of Wildcat Chicane knows: its view of the table (the readings once revealed,
the voids the tricks show, its hand as it reads it), the determinization from that view for the
bots that search, and the check of a given position's cards."""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable, Sequence
from itertools import accumulate

from pondside.engine import BadPosition, Game, View
from pondside.engine.rng import seed_state, shuffle
from pondside.i18n import _

from . import narrate as words
from .cards import (
    CODES,
    HAND_LIMIT,
    INDEX,
    IS_RULER,
    NUMBER_CARDS,
    READING_NAMES,
    RULER_CARDS,
    SUIT,
    SUIT_BIT,
    trick_count,
    trick_winner,
)
from .state import (
    ChicaneState,
    ChicaneView,
    hand_read,
    suits_of_mask,
    trick_read,
    voids,
)


def view(game: Game[ChicaneState], state: ChicaneState, seat: int | None) -> ChicaneView:
    """What ``seat`` sees (a spectator: None): the table, the readings once revealed, the
    voids the tricks show, and its own hand read as it reads it (WC-5)."""
    st = state
    known = st.readings[0] >= 0
    v: ChicaneView = {
        # The common keys; mypy cannot know the ** holds no "hand", set below.
        **game.common_view(st, seat, st.hand_no, st.hands, st.totals, st.history),  # type: ignore[typeddict-item]
        "options": {"variant": st.variant, "target": st.target},
        "dealer": st.dealer,
        "phase": st.phase,
        "tricks_in_hand": trick_count(st.n, st.variant),
        "chosen": [c >= 0 for c in st.chosen],
        "rulers": [CODES[c] if c >= 0 else None for c in st.rulers],
        "calls": [c[5:] for c in st.calls],
        "readings": [READING_NAMES[r] if r >= 0 else None for r in st.readings],
        "trumps": [t or None for t in st.trumps],
        "bids": [b if b >= 0 else None for b in st.bids],
        "won": list(st.won),
        "tricks": [
            {"cards": [[s, CODES[c]] for s, c in t], "winner": w, "read": trick_read(st, t)}
            for t, w in zip(st.tricks, st.winners, strict=True)
        ],
        "trick": [[s, CODES[c]] for s, c in st.trick],
        "trick_read": trick_read(st, st.trick),
        "led_suit": st.led_suit() or None,
        "winning": trick_winner(st.trick, st.readings, st.trumps) if st.trick else None,
        "voids": [sorted(suits_of_mask(m)) for m in voids(st)] if known else [[]] * st.n,
    }
    if seat is not None:
        v["hand"] = [CODES[c] for c in st.hands[seat]]
        v["my_choice"] = CODES[st.chosen[seat]] if st.chosen[seat] >= 0 else None
        v["hand_read"] = hand_read(st.hands[seat], st.readings[seat], st.trumps[seat])
        v["prompt"] = words.prompt(st, seat) if game.legal_actions(st, seat) else None
        bidding = st.phase == "bid" and st.turn == seat
        v["choice_rule"] = _(words.SCORING) if bidding else None
    return v


def determinizer(view: View, st: ChicaneState) -> Callable[[random.Random], ChicaneState]:
    """Deal the cards this seat cannot see so that everything it knows still holds.

    Kept: its own hand, the revealed ruling cards (so every reading and trump) or the calls,
    the bids, every card played, and how many Aces/Crowns and number cards each other hand
    still holds (WC-3). A seat that failed to follow a suit never gets a card it would read
    as that suit. Others who already chose a ruling card get one from their sampled hand.
    ``st`` is a blank state for the view's table. The view is read once, here: each call of
    the sampler returned draws the blank's seed and a deal (a search samples one view a
    thousand times, and reading it was half of each determinization).
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
    st.phase = view["phase"]
    st.rulers = tuple(INDEX[c] if c else -1 for c in view["rulers"])
    st.calls = tuple(f"call {c}" for c in view["calls"])
    st.readings = tuple(READING_NAMES.index(r) if r else -1 for r in view["readings"])
    st.trumps = tuple(t or "" for t in view["trumps"])
    st.bids = tuple(-1 if b is None else b for b in view["bids"])
    st.won = tuple(view["won"])
    st.tricks = tuple(tuple((s, INDEX[c]) for s, c in t["cards"]) for t in view["tricks"])
    st.winners = tuple(t["winner"] for t in view["tricks"])
    st.trick = tuple((s, INDEX[c]) for s, c in view["trick"])
    st.broken = any(st.is_trump(s, c) for t in (*st.tricks, st.trick) for s, c in t)
    to_act = view["to_act"]
    st.turn = -1 if st.phase in ("rule", "over") else to_act[0]
    own = tuple(INDEX[c] for c in view["hand"])
    if st.phase == "over":
        st.hands = tuple(() for _seat in range(n))
        st.chosen = (-1,) * n
        return lambda rng: _seeded(st, rng)
    st.hands, st.chosen = (), ()  # each sample's own
    void = [0] * n if st.readings[0] < 0 else voids(st)
    played: list[list[int]] = [[] for _seat in range(n)]
    for s, c in (*(p for t in st.tricks for p in t), *st.trick):
        played[s].append(c)
    seen = set(own) | {c for c in st.rulers if c >= 0} | {c for p in played for c in p}
    others = [s for s in range(n) if s != seat]
    deals: list[tuple[list[int], list[int], dict[int, int]]] = []  # pool, caps, masks
    classes = [tuple(range(36))] if st.classic else [RULER_CARDS, NUMBER_CARDS]
    for cls in classes:
        if st.classic:
            caps = [view["hand_sizes"][s] for s in others]
        else:
            dealt = 12 // n if cls is RULER_CARDS else 24 // n
            caps = [
                dealt
                - sum(1 for c in played[s] if c in cls)
                - (1 if cls is RULER_CARDS and st.rulers[s] >= 0 else 0)
                for s in others
            ]
        pool = [c for c in cls if c not in seen]
        # Which hands each card may go to (a bit per hand): a void suit, as that seat reads
        # it, is closed to it (WC-10). Worked out here once, not asked card by card.
        anywhere = (1 << len(others)) - 1
        closed = [
            (1 << i, void[s], st.readings[s])
            for i, s in enumerate(others)
            if st.readings[s] >= 0 and void[s]
        ]
        masks = dict.fromkeys(pool, anywhere)
        for bit, suits, reading in closed:
            for c in pool:
                if suits & SUIT_BIT[SUIT[c][reading]]:
                    masks[c] &= ~bit
        deals.append((pool, caps, masks))
    my_choice = view.get("my_choice")
    mine = INDEX[my_choice] if my_choice else -1
    chose = [s for s in range(n) if s != seat and view["chosen"][s]]

    def sample(rng: random.Random) -> ChicaneState:
        new = _seeded(st, rng)
        hands: list[list[int]] = [[] for _seat in range(n)]
        hands[seat] = list(own)
        for pool, caps, masks in deals:
            for i, cards in enumerate(deal_hands(pool, caps, masks, rng)):
                hands[others[i]].extend(cards)
        new.hands = dealt = tuple([tuple(sorted(h)) for h in hands])
        chosen = [-1] * n
        chosen[seat] = mine
        for s in chose:
            chosen[s] = rng.choice([c for c in dealt[s] if IS_RULER[c]])
        new.chosen = tuple(chosen)
        return new

    return sample


def _seeded(st: ChicaneState, rng: random.Random) -> ChicaneState:
    """A copy of ``st`` with its generator seeded by ``rng`` (the blank's seed, drawn first)."""
    new = st.copy()
    new.rng = seed_state(rng.getrandbits(63))
    return new


def sample_hands(
    pool: Sequence[int],
    caps: Sequence[int],
    allowed: Callable[[int, int], bool],
    rng: random.Random,
) -> list[list[int]]:
    """Deal ``pool`` into hands of sizes ``caps`` so that hand i only gets cards it ``allowed``.

    Cards go one at a time to a hand chosen in proportion to its free room, among the hands
    for which the rest can still be dealt (Hall's condition over every group of hands), so
    the deal never dead-ends when any consistent deal exists.
    """
    k = len(caps)
    masks = {c: sum(1 << i for i in range(k) if allowed(i, c)) for c in pool}
    return deal_hands(pool, caps, masks, rng)


def _weighted_choice(rng: random.Random, options: list[int], weights: list[int]) -> int:
    """``rng.choices(options, weights)[0]``: the library's own formula (one ``random()``, the
    cumulative weights bisected), without its checks and list."""
    cum = list(accumulate(weights))
    return options[bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(cum) - 1)]


def _same_choices() -> bool:
    """Whether ``_weighted_choice`` draws as this Python's ``random.Random.choices``."""
    for seed in range(20):
        one, other = random.Random(seed), random.Random(seed)
        for weights in ([3, 1, 4], [1], [2, 7], [5, 0, 5, 1]):
            options = list(range(len(weights)))
            if one.choices(options, weights)[0] != _weighted_choice(other, options, weights):
                return False
    return one.random() == other.random()


_CHOICES_INLINE = _same_choices()


def deal_hands(
    pool: Sequence[int], caps: Sequence[int], masks: dict[int, int], rng: random.Random
) -> list[list[int]]:
    """``sample_hands`` with each card's hands given as a bit mask (bit i: hand i may get it)."""
    k = len(caps)
    if sum(caps) != len(pool):
        raise BadPosition(_("the unseen cards do not match the hand sizes"))
    count: dict[int, int] = {}
    for m in masks.values():
        count[m] = count.get(m, 0) + 1
    room = list(caps)
    subsets = range(1, 1 << k)

    def feasible() -> bool:
        for t in subsets:
            need = sum(v for m, v in count.items() if m & ~t == 0)
            if need > sum(room[i] for i in range(k) if t >> i & 1):
                return False
        return True

    anywhere = (1 << k) - 1
    restricted = sum(v for m, v in count.items() if m != anywhere)
    # With every card free to go anywhere, only the whole table's room counts, and the sizes
    # add up (checked above): the check over every group of hands is not needed.
    if restricted and not feasible():
        raise BadPosition(_("no deal of the unseen cards fits what this seat knows"))
    cards = list(pool)
    shuffle(rng, cards)
    hands: list[list[int]] = [[] for _hand in range(k)]
    hand_range = range(k)
    choose = _weighted_choice if _CHOICES_INLINE else None
    # Once every card left may go to every hand, any deal of them fits (the rooms add up to
    # the cards left): the check, the bulk of a search's determinization, is skipped. It draws
    # nothing, so the deal is the same.
    for at, c in enumerate(cards):
        if not restricted and choose is not None:
            _deal_freely(cards, at, room, hands, rng)
            break
        m = masks[c]
        if restricted:
            count[m] -= 1
            if m != anywhere:
                restricted -= 1
        options = [i for i in hand_range if m >> i & 1 and room[i] > 0]
        while True:
            weights = [room[i] for i in options]
            if choose is not None:
                i = choose(rng, options, weights)
            else:
                i = rng.choices(options, weights)[0]
            room[i] -= 1
            if not restricted or feasible():
                break
            room[i] += 1
            options.remove(i)
        hands[i].append(c)
    return hands


def _deal_freely(
    cards: list[int], at: int, room: list[int], hands: list[list[int]], rng: random.Random
) -> None:
    """``deal_hands``' loop from ``cards[at]`` on, where every card left may go to every hand:
    ``_weighted_choice`` over the hands with room, weighted by it, written out (the same
    ``random()`` a card; the first hand whose cumulative room exceeds it, as ``bisect``, the
    last hand with room where none does)."""
    random_ = rng.random
    hand_range = range(len(room))
    left = sum(room)
    for c in cards[at:]:
        x = random_() * (left + 0.0)
        acc, pick = 0, -1
        for i in hand_range:
            r = room[i]
            if r:
                acc += r
                pick = i
                if x < acc:
                    break
        room[pick] -= 1
        left -= 1
        hands[pick].append(c)


def check_position(state: ChicaneState) -> ChicaneState:
    """A given position's cards and counts checked (WC-1, WC-4, WC-16): the basic Decktet
    once, one entry per seat, ruling cards that are Aces or Crowns. That readings, trumps,
    totals and tricks follow from the rest is the rules' to check: they replay the hand."""
    st = state
    st.hands = tuple(tuple(sorted(h)) for h in st.hands)
    n = st.n
    if not (len(st.hands) == len(st.chosen) == len(st.rulers) == len(st.bids) == n):
        raise BadPosition(
            _("hands, chosen, rulers and bids need one entry per seat ({n})").format(n=n)
        )
    if not 1 <= st.hand_no <= HAND_LIMIT:
        raise BadPosition(_("a match has hands 1 to {n} (WC-16)").format(n=HAND_LIMIT))
    finished = st.hand_no - (st.phase != "over")
    if len(st.history) != finished or any(len(h) != n for h in st.history):
        raise BadPosition(_("history holds one score per seat for each finished hand"))
    played = [c for t in st.tricks for _, c in t] + [c for _, c in st.trick]
    cards = [c for h in st.hands for c in h] + [c for c in st.rulers if c >= 0] + played
    if sorted(cards) != list(range(36)):
        raise BadPosition(_("the position's cards are not exactly the basic Decktet, each once"))
    for s, c in enumerate(st.chosen):
        if c >= 0 and (c not in st.hands[s] or not IS_RULER[c]):
            raise BadPosition(
                _("seat {seat} chose {code}, not an Ace or Crown in its hand").format(
                    seat=s, code=CODES[c]
                )
            )
    for s, c in enumerate(st.rulers):
        if c >= 0 and not IS_RULER[c]:
            raise BadPosition(
                _("seat {seat}'s ruling card {code} is not an Ace or Crown (WC-4)").format(
                    seat=s, code=CODES[c]
                )
            )
    return st
