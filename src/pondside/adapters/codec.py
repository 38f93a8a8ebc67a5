"""Fixed action numbering and fixed-size observation encoding for every game (issue 8).

Everything here is derived from two public things only: the canonical notation of
``shared/protocol.md`` (actions are strings; the numbering lists every string a game can ever
offer in a configuration, built from the notation and the deck) and a seat's ``view`` dict
(observations are encoded field by field from it, never from the hidden state). So the
adapters cannot leak hidden information the view does not already show.

>>> codec = Codec("lame-duck", 4)
>>> codec.num_actions, codec.decode(0), codec.encode("take 3")
(108, 'play 1', 107)
>>> Codec("down-the-drain", 4).actions[:3]
['play 2', 'play 3', 'play 4']

Seats in an observation are *relative*: row 0 is the observing seat, row k the seat k places
to its left (``(seat + k) % players``), so one policy can play every seat.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from pondside.engine import Game
from pondside.games import get_game
from pondside.games.decktet import ALL_CARDS, BASIC_DECK, SUITS
from pondside.games.down_the_drain import COUNTS as DOWN_THE_DRAIN_COUNTS

# --- layouts: named fields of one flat float32 vector ------------------------------------


@dataclass(frozen=True)
class Field:
    """One field of an observation vector: ``size`` floats from ``start``, at most ``high``."""

    name: str
    start: int
    shape: tuple[int, ...]
    high: float
    doc: str

    @property
    def size(self) -> int:
        return int(np.prod(self.shape)) if self.shape else 1


class Layout:
    """The fields of a game's observation vector, in order (``docs/adapters.md`` lists them)."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, shape: int | tuple[int, ...], high: float, doc: str) -> int:
        """Append a field; returns its offset."""
        shp = (shape,) if isinstance(shape, int) else tuple(shape)
        f = Field(name, self.size, shp, float(high), doc)
        self.fields.append(f)
        self.size += f.size
        return f.start

    def high(self) -> np.ndarray:
        out = np.empty(self.size, dtype=np.float32)
        for f in self.fields:
            out[f.start : f.start + f.size] = f.high
        return out

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The vector cut into its named fields, each reshaped (for inspection and tests)."""
        return {
            f.name: vector[f.start : f.start + f.size].reshape(f.shape or (1,)) for f in self.fields
        }

    def markdown(self) -> str:
        rows = ["| field | shape | max | meaning |", "|---|---|---|---|"]
        for f in self.fields:
            shape = " × ".join(str(s) for s in f.shape)
            high = "∞" if f.high >= BIG else f"{f.high:g}"
            rows.append(f"| `{f.name}` | {shape} | {high} | {f.doc} |")
        return "\n".join(rows)


BIG = 1e9
"""The bound of unbounded counters (match totals): finite, so the space can be sampled."""

Encoder = Callable[[Mapping[str, Any], np.ndarray], None]


@dataclass
class GameCodec:
    """What a game contributes: its action list, and its observation layout and encoder."""

    actions: list[str]
    layout: Layout
    encode: Encoder
    features: Callable[[str], np.ndarray] | None = None
    feature_size: int = 0


# --- Lame Duck ------------------------------------------------------------------------------


def _lame_duck(players: int, options: Mapping[str, Any]) -> GameCodec:
    d = 10 * players + 4 if options["expert"] else 104  # LD-1
    n = players
    actions = [f"play {c}" for c in range(1, d + 1)] + [f"take {i}" for i in range(4)]
    lay = Layout()
    o_hand = lay.add("hand", d, 1, "1 where card c+1 is in my hand")
    o_choice = lay.add("my_choice", d, 1, "1 at the card I chose this turn (not yet revealed)")
    o_cols = lay.add("column_cards", (4, d), 1, "1 where card c+1 lies in column k")
    o_len = lay.add("column_length", 4, 5, "cards in each column")
    o_end = lay.add("column_end", 4, d, "the last card of each column")
    o_cduck = lay.add("column_ducks", 4, 35, "ducks in each column (`column_ducks`)")
    o_rev = lay.add("revealed", (n, d), 1, "the card each seat revealed this (or last) turn")
    o_taken = lay.add("taken", (n, d), 1, "cards each seat has taken this round")
    o_size = lay.add("hand_size", n, 10, "cards in each hand")
    o_chosen = lay.add("chosen", n, 1, "1 if the seat has chosen this turn")
    o_await = lay.add("awaiting_take", n, 1, "1 for the seat that must take a column (LD-8)")
    o_toact = lay.add("to_act", n, 1, "1 for each seat still to decide now")
    o_rd = lay.add("round_ducks", n, 171, "ducks taken this round")
    o_tot = lay.add("totals", n, BIG, "ducks over the match")
    o_misc = lay.add("round_turn_over", 3, BIG, "round number, turn 1-10, 1 if over")

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        for c in v["hand"]:
            out[o_hand + c - 1] = 1
        if v.get("my_choice"):
            out[o_choice + v["my_choice"] - 1] = 1
        for k, col in enumerate(v["columns"]):
            for c in col:
                out[o_cols + k * d + c - 1] = 1
            out[o_len + k] = len(col)
            out[o_end + k] = col[-1]
            out[o_cduck + k] = v["column_ducks"][k]
        for s, c in v["revealed"]:
            out[o_rev + ((s - me) % n) * d + c - 1] = 1
        for s in range(n):
            r = (s - me) % n
            for c in v["taken"][s]:
                out[o_taken + r * d + c - 1] = 1
            out[o_size + r] = v["hand_sizes"][s]
            out[o_chosen + r] = v["chosen"][s]
            out[o_rd + r] = v["round_ducks"][s]
            out[o_tot + r] = v["totals"][s]
        if v["awaiting_take"] is not None:
            out[o_await + (v["awaiting_take"] - me) % n] = 1
        for s in v["to_act"]:
            out[o_toact + (s - me) % n] = 1
        out[o_misc] = v["hand_number"]
        out[o_misc + 1] = v["turn_number"]
        out[o_misc + 2] = v["over"]

    return GameCodec(actions, lay, encode)


# --- Down the Drain -------------------------------------------------------------------------

# DD-1's deck, from the game itself, so the observation counts cannot drift from the rules.
DD_COUNTS = DOWN_THE_DRAIN_COUNTS
"""DD-1: the deck, number → copies (90 cards)."""


def _down_the_drain(players: int, options: Mapping[str, Any]) -> GameCodec:
    n = players
    numbers = list(DD_COUNTS)
    col = {x: i for i, x in enumerate(numbers)}
    k = len(numbers)
    actions = [f"play {x}" for x in numbers]
    lay = Layout()
    o_hand = lay.add("hand_counts", k, 16, "copies of each number 2..20 in my hand")
    o_front = lay.add("front", (n, k), 1, "1 at the number in front of each seat")
    o_group = lay.add("group_value", n, 320, "value of the group the seat's card is in (DD-3)")
    o_disc = lay.add("discard_counts", k, 16, "copies of each number on the discard pile")
    o_unseen = lay.add(
        "unseen_counts", k, 16, "copies of each number I cannot see (other hands and the stack)"
    )
    o_size = lay.add("hand_size", n, 90, "cards in each hand")
    o_held = lay.add("held", n, 90, "cards each seat holds, hand and front (DD-9)")
    o_turn = lay.add("turn", n, 1, "1 for the seat whose turn it is")
    o_start = lay.add("start", n, 1, "1 for this game's start player")
    o_wins = lay.add("wins", n, BIG, "games won in the series")
    o_tot = lay.add("totals", n, BIG, "cards held at the end of finished games, summed")
    o_misc = lay.add("stack_plays_game", 3, BIG, "stack size, plays so far, game number")

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        unseen = dict(DD_COUNTS)
        for x in v["hand"]:
            out[o_hand + col[x]] += 1
            unseen[x] -= 1
        front = v["front"]
        for s in range(n):
            r = (s - me) % n
            x = front[s]
            if x:
                out[o_front + r * k + col[x]] = 1
                out[o_group + r] = x * front.count(x)
                unseen[x] -= 1
            out[o_size + r] = v["hand_sizes"][s]
            out[o_held + r] = v["held"][s]
            out[o_wins + r] = v["wins"][s]
            out[o_tot + r] = v["totals"][s]
        for x in v["discard"]:
            out[o_disc + col[x]] += 1
            unseen[x] -= 1
        for x, c in unseen.items():
            out[o_unseen + col[x]] = c
        for s in v["to_act"]:
            out[o_turn + (s - me) % n] = 1
        out[o_start + (v["start"] - me) % n] = 1
        out[o_misc] = v["stack_size"]
        out[o_misc + 1] = v["plays"]
        out[o_misc + 2] = v["hand_number"]

    return GameCodec(actions, lay, encode)


# --- Wildcat Chicane ------------------------------------------------------------------------

DECKTET = [c.code for c in ALL_CARDS]
"""Decktet codes in the table order of rules/decktet.md (basic deck = the first 36)."""
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
WC_PHASES = ("rule", "call", "bid", "play", "over")
WC_CALLS = ("top", "bottom", *(f"trump {s}" for s in SUITS))


def _wildcat_chicane(players: int, options: Mapping[str, Any]) -> GameCodec:
    n = players
    classic = options["variant"] == "classic"
    codes = [c.code for c in BASIC_DECK]
    idx = {c: i for i, c in enumerate(codes)}
    rulers = [c.code for c in BASIC_DECK if c.rank in (1, 12)]  # WC-4: Aces and Crowns
    tricks = 36 // n - (0 if classic else 1)  # WC-4, WC-15
    actions = (
        ([] if classic else [f"rule {c}" for c in rulers])
        + ([f"call {c}" for c in WC_CALLS] if classic else [])
        + [f"bid {b}" for b in range(tricks + 1)]
        + [f"play {c}" for c in codes]
    )
    lay = Layout()
    o_hand = lay.add("hand", 36, 1, "1 where a basic-deck card (table order) is in my hand")
    o_choice = lay.add("my_choice", 36, 1, "the ruling card I chose, before the reveal")
    o_phase = lay.add("phase", 5, 1, "one-hot: rule, call, bid, play, over")
    o_dealer = lay.add("dealer", n, 1, "1 for the dealer")
    o_ruler = lay.add("ruler", (n, 36), 1, "each seat's revealed ruling card")
    o_read = lay.add("reading", (n, 2), 1, "each seat's reading: top, bottom (WC-5, WC-15)")
    o_trump = lay.add("trump", (n, 6), 1, "each seat's trump suit (M S V L Y K)")
    o_calls = lay.add("calls", 8, 1, "classic calls made: top, bottom, trump M..K")
    o_bid = lay.add("bid", n, 12, "each seat's bid (0 before it bids)")
    o_bidm = lay.add("has_bid", n, 1, "1 once the seat has bid")
    o_won = lay.add("won", n, 12, "tricks won this hand")
    o_size = lay.add("hand_size", n, 12, "cards in each hand")
    o_chosen = lay.add("chosen", n, 1, "1 if the seat has chosen its ruling card")
    o_toact = lay.add("to_act", n, 1, "1 for each seat to decide now")
    o_played = lay.add("played", (n, 36), 1, "cards each seat played to this hand's tricks")
    o_trick = lay.add("trick", (n, 36), 1, "the card each seat played to the current trick")
    o_leader = lay.add("trick_leader", n, 1, "the seat that led the current trick")
    o_led = lay.add("led_suit", 6, 1, "the led suit as the leader reads it")
    o_winning = lay.add("winning", n, 1, "the seat winning the current trick")
    o_voids = lay.add("voids", (n, 6), 1, "suits each seat has shown it lacks")
    o_tot = lay.add("totals", n, BIG, "match scores")
    o_misc = lay.add("hand_tricks", 3, BIG, "hand number, tricks in the hand, tricks done")

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        for c in v["hand"]:
            out[o_hand + idx[c]] = 1
        if v.get("my_choice"):
            out[o_choice + idx[v["my_choice"]]] = 1
        out[o_phase + WC_PHASES.index(v["phase"])] = 1
        out[o_dealer + (v["dealer"] - me) % n] = 1
        for s in range(n):
            r = (s - me) % n
            if v["rulers"][s]:
                out[o_ruler + r * 36 + idx[v["rulers"][s]]] = 1
            if v["readings"][s]:
                out[o_read + r * 2 + (v["readings"][s] == "bottom")] = 1
            if v["trumps"][s]:
                out[o_trump + r * 6 + SUIT_INDEX[v["trumps"][s]]] = 1
            if v["bids"][s] is not None:
                out[o_bid + r] = v["bids"][s]
                out[o_bidm + r] = 1
            out[o_won + r] = v["won"][s]
            out[o_size + r] = v["hand_sizes"][s]
            out[o_chosen + r] = v["chosen"][s]
            for suit in v["voids"][s]:
                out[o_voids + r * 6 + SUIT_INDEX[suit]] = 1
            out[o_tot + r] = v["totals"][s]
        for call in v["calls"]:
            out[o_calls + WC_CALLS.index(call)] = 1
        for s in v["to_act"]:
            out[o_toact + (s - me) % n] = 1
        for t in v["tricks"]:
            for s, c in t["cards"]:
                out[o_played + ((s - me) % n) * 36 + idx[c]] = 1
        for i, (s, c) in enumerate(v["trick"]):
            r = (s - me) % n
            out[o_played + r * 36 + idx[c]] = 1
            out[o_trick + r * 36 + idx[c]] = 1
            if i == 0:
                out[o_leader + r] = 1
        if v["led_suit"]:
            out[o_led + SUIT_INDEX[v["led_suit"]]] = 1
        if v["winning"] is not None:
            out[o_winning + (v["winning"] - me) % n] = 1
        out[o_misc] = v["hand_number"]
        out[o_misc + 1] = v["tricks_in_hand"]
        out[o_misc + 2] = len(v["tricks"])

    return GameCodec(actions, lay, encode)


# --- King of the Quackers -------------------------------------------------------------------

KQ_KINDS = ("open", "single", "set", "straight_flush", "bomb")
PERSONALITIES = frozenset(
    (
        "2MK",
        "3SK",
        "3LY",
        "4VL",
        "5YK",
        "6MV",
        "6SY",
        "8MS",
        "9LK",
        "NM",
        "NS",
        "PMYK",
        "PSVK",
        "TMVK",
        "0",
    )
)
"""KQ-20: the personality cards, and the Excuse."""


def kq_deck(deck: str) -> list[str]:
    return [c.code for c in (BASIC_DECK if deck == "basic" else ALL_CARDS)]


def kq_hand_size(players: int, deck: str) -> int:
    return len(kq_deck(deck)) // players  # KQ-4


def kq_plays(deck: str, max_cards: int) -> list[str]:
    """Every ``play`` a hand of at most ``max_cards`` cards can ever make (KQ-13..KQ-21),
    written as protocol.md asks: cards in table order, ``=N`` after an Ace in a flush."""
    cards = [c for c in (BASIC_DECK if deck == "basic" else ALL_CARDS)]
    order = {c.code: c.order for c in cards}

    def text(codes: Iterable[str], ace: str = "", number: int = 0) -> str:
        ordered = sorted(codes, key=order.__getitem__)
        return "play " + " ".join(f"{c}={number}" if c == ace else c for c in ordered)

    out: dict[str, None] = {}
    for c in cards:  # KQ-13: any single card
        out[text([c.code])] = None
    by_rank: dict[int, list[str]] = {}
    for c in cards:
        if c.rank not in (0, 12):  # KQ-16: no Crowns or Excuse in a Set
            by_rank.setdefault(c.rank, []).append(c.code)
    for same in by_rank.values():  # KQ-16: Sets of two or more of one rank
        for k in range(2, min(len(same), max_cards) + 1):
            for combo in itertools.combinations(same, k):
                out[text(combo)] = None
    for suit in SUITS:  # KQ-17, KQ-18: Straight Flushes, with an Ace of the suit or not
        number = {c.rank: c.code for c in cards if 2 <= c.rank <= 9 and suit in c.suits}
        ace = "1" + suit
        for low in range(2, 10):
            for high in range(low + 2, 10):
                if high - low + 1 > max_cards:
                    continue
                run = [number[r] for r in range(low, high + 1)]
                out[text(run)] = None
                for r in range(low, high + 1):
                    out[
                        text([*(number[x] for x in range(low, high + 1) if x != r), ace], ace, r)
                    ] = None
    bombs = [c.code for c in cards if c.code in PERSONALITIES]
    for k in range(2, min(len(bombs), max_cards) + 1):  # KQ-20: two or more personalities
        for combo in itertools.combinations(bombs, k):
            out[text(combo)] = None
    return list(out)


def _king_of_the_quackers(players: int, options: Mapping[str, Any]) -> GameCodec:
    n = players
    deck = kq_deck(options["deck"])
    c_n = len(deck)
    idx = {c: i for i, c in enumerate(deck)}
    k = kq_hand_size(n, options["deck"])
    plays = kq_plays(options["deck"], k)
    actions = [f"give {a} {b}" for a in deck for b in deck if a != b] + ["pass"] + plays
    if options["bidding"]:  # KQ-28: a promise follows a play that keeps a card, without 4MS
        actions += [
            p + " promise" for p in plays if "4MS" not in p.split() and len(p.split()) - 1 < k
        ]
    lay = Layout()
    o_hand = lay.add("hand", c_n, 1, "1 where a card (table order of the deck) is in my hand")
    o_gave = lay.add("gave", (2, c_n), 1, "the cards I gave: to the left, to the right")
    o_recv = lay.add("received", (2, c_n), 1, "the cards I received, in the view's order")
    o_phase = lay.add("phase", 2, 1, "one-hot: pass, play")
    o_dealer = lay.add("dealer", n, 1, "1 for the dealer")
    o_turn = lay.add("turn", n, 1, "1 for the seat whose turn it is in play")
    o_toact = lay.add("to_act", n, 1, "1 for each seat to decide now")
    o_chosen = lay.add("chosen", n, 1, "1 if the seat has chosen its two cards to give")
    o_size = lay.add("hand_size", n, 15, "cards in each hand")
    o_out = lay.add("out_place", n, 4, "the place a seat went out in (1 = first), 0 if still in")
    o_played = lay.add("played", c_n, 1, "cards played so far this hand")
    o_rsize = lay.add("round_size", 1, 15, "cards per play in this round (0: no lead yet)")
    o_kind = lay.add(
        "round_kind", 5, 1, "the round's kind: open, single, set, straight_flush, bomb"
    )
    o_lead = lay.add("lead_card", c_n, 1, "the card that led a round of singles")
    o_lseat = lay.add("last_seat", n, 1, "the seat that played last in this round")
    o_lkind = lay.add("last_kind", 5, 1, "the last play's kind")
    o_lrank = lay.add("last_rank", 1, 12, "the last play's rank")
    o_lcards = lay.add("last_play", c_n, 1, "the cards of the last play in this round")
    o_passed = lay.add("passed", n, 1, "1 for seats that have passed since the last play")
    o_rplays = lay.add("round_plays", 1, BIG, "plays made in this round")
    o_prom = lay.add("promise", n, 1, "1 for the seat that promised (KQ-28)")
    o_pval = lay.add("promise_value", 1, 15, "the promise's value (KQ-29)")
    o_aside = lay.add("put_aside", 1, 1, "1 if a card is put aside this hand (KQ-4)")
    o_tot = lay.add("scores", n, BIG, "match scores")
    o_misc = lay.add("hand_number", 1, BIG, "the hand's number")

    def codes_of(action: str) -> list[str]:
        return [w.partition("=")[0] for w in action.split(" ")[1:] if w != "promise"]

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        for c in v["hand"]:
            out[o_hand + idx[c]] = 1
        for i, c in enumerate(v.get("gave") or ()):
            out[o_gave + i * c_n + idx[c]] = 1
        for i, c in enumerate(v.get("received") or ()):
            out[o_recv + i * c_n + idx[c]] = 1
        out[o_phase + (v["phase"] != "pass")] = 1
        out[o_dealer + (v["dealer"] - me) % n] = 1
        if v["phase"] == "play":  # the seat whose turn it is (at the pass, everyone chooses)
            for s in v["to_act"]:
                out[o_turn + (s - me) % n] = 1
        for s in v["to_act"]:
            out[o_toact + (s - me) % n] = 1
        for s in range(n):
            r = (s - me) % n
            out[o_chosen + r] = v["chosen"][s]
            out[o_size + r] = v["hand_sizes"][s]
            out[o_tot + r] = v["totals"][s]
        for place, s in enumerate(v["out"], 1):
            out[o_out + (s - me) % n] = place
        for c in v["played"]:
            out[o_played + idx[c]] = 1
        rnd = v["round"]
        if rnd:
            out[o_rsize] = rnd["size"]
            out[o_kind + KQ_KINDS.index(rnd["kind"])] = 1
            if rnd["lead_card"]:
                out[o_lead + idx[rnd["lead_card"]]] = 1
            if rnd["last_seat"] is not None and rnd["last_seat"] >= 0:
                out[o_lseat + (rnd["last_seat"] - me) % n] = 1
            if rnd["last_kind"] in KQ_KINDS:
                out[o_lkind + KQ_KINDS.index(rnd["last_kind"])] = 1
            out[o_lrank] = rnd["last_rank"] or 0
            for s in rnd["passed"]:
                out[o_passed + (s - me) % n] = 1
            plays_ = rnd["plays"]
            out[o_rplays] = len(plays_)
            if plays_:
                for c in codes_of(plays_[-1][1]):
                    out[o_lcards + idx[c]] = 1
        if v["promise"]:
            out[o_prom + (v["promise"]["seat"] - me) % n] = 1
            out[o_pval] = v["promise"]["value"]
        out[o_aside] = v["put_aside"]
        out[o_misc] = v["hand_number"]

    feature_size = 3 + 3 * c_n + 8 + 1

    def features(action: str) -> np.ndarray:
        """Card counts of an action: [give, pass, play] one-hot, the card given left, the card
        given right, the cards played, the number an Ace stands for (2..9), promise."""
        f = np.zeros(feature_size, dtype=np.float32)
        words = action.split(" ")
        if words[0] == "give":
            f[0] = 1
            f[3 + idx[words[1]]] = 1
            f[3 + c_n + idx[words[2]]] = 1
        elif words[0] == "pass":
            f[1] = 1
        else:
            f[2] = 1
            for w in words[1:]:
                if w == "promise":
                    f[-1] = 1
                    continue
                code, _, number = w.partition("=")
                f[3 + 2 * c_n + idx[code]] = 1
                if number:
                    f[3 + 3 * c_n + int(number) - 2] = 1
        return f

    return GameCodec(actions, lay, encode, features, feature_size)


# --- Ladders --------------------------------------------------------------------------------

LADDERS_CARDS = [*(str(c) for c in range(1, 13)), "W"]
"""Ladders cards: 1..12 and W (a SKIP PORTAL)."""
LADDERS_COUNTS = [14] * 12 + [20]  # LA-1


def _ladders(players: int, options: Mapping[str, Any]) -> GameCodec:
    n = players
    teams = bool(options["teams"])
    vals = LADDERS_CARDS
    col = {c: i for i, c in enumerate(vals)}
    actions = (
        [f"play hand {c} to {s}" for c in vals for s in range(4)]
        + [f"play climb to {s}" for s in range(4)]
        + [f"play rung {r} to {s}" for r in range(4) for s in range(4)]
        + (
            [f"play partner climb to {s}" for s in range(4)]
            + [f"play partner rung {r} to {s}" for r in range(4) for s in range(4)]
            if teams
            else []
        )
        + [f"discard {c} to {r}" for c in vals for r in range(4)]
    )
    lay = Layout()
    o_hand = lay.add("hand_counts", 13, 5, "copies of 1..12, W in my hand")
    o_ctop = lay.add("climb_top", (n, 13), 1, "each seat's face-up CLIMB top (1..12, W)")
    o_csize = lay.add("climb_size", n, 30, "cards in each CLIMB")
    o_rtop = lay.add("rung_top", (n, 4, 13), 1, "the top card of each RUNG pile")
    o_rsize = lay.add("rung_size", (n, 4), 188, "cards in each RUNG pile")
    o_rcount = lay.add("rung_counts", (n, 4, 13), 188, "copies of each card in each RUNG pile")
    o_acc = lay.add("accent_size", 4, 12, "cards on each ACCENT pile (0: a free slot)")
    o_disc = lay.add("discard_counts", 13, 20, "copies of each card in DISCARD")
    o_unseen = lay.add(
        "unseen_counts", 13, 20, "copies of each card I cannot see (hands, CLIMBs, DRAW)"
    )
    o_size = lay.add("hand_size", n, 5, "cards in each hand")
    o_turn = lay.add("turn", n, 1, "1 for the seat whose turn it is")
    o_dealer = lay.add("dealer", n, 1, "1 for the dealer")
    o_partner = lay.add("partner", n, 1, "1 for my partner (teams)")
    o_tot = lay.add("totals", n, BIG, "match scores")
    o_misc = lay.add(
        "draw_played_idle_round",
        4,
        BIG,
        "DRAW size, 1 if a card reached an ACCENT pile this "
        "turn, idle turns in a row (LA-15), round number",
    )

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        unseen = list(LADDERS_COUNTS)
        for c in v["hand"]:
            out[o_hand + col[c]] += 1
            unseen[col[c]] -= 1
        for s in range(n):
            r = (s - me) % n
            top = v["climb_tops"][s]
            if top is not None:
                out[o_ctop + r * 13 + col[top]] = 1
                unseen[col[top]] -= 1
            out[o_csize + r] = v["climb_sizes"][s]
            for i, pile in enumerate(v["rungs"][s]):
                out[o_rsize + r * 4 + i] = len(pile)
                if pile:
                    out[o_rtop + (r * 4 + i) * 13 + col[pile[-1]]] = 1
                for c in pile:
                    out[o_rcount + (r * 4 + i) * 13 + col[c]] += 1
                    unseen[col[c]] -= 1
            out[o_size + r] = v["hand_sizes"][s]
            out[o_tot + r] = v["totals"][s]
        for i, pile in enumerate(v["accents"]):
            out[o_acc + i] = len(pile)
            for c in pile:
                unseen[col[c]] -= 1
        for c in v["discard"]:
            out[o_disc + col[c]] += 1
            unseen[col[c]] -= 1
        for i, c in enumerate(unseen):
            out[o_unseen + i] = c
        for s in v["to_act"]:
            out[o_turn + (s - me) % n] = 1
        out[o_dealer + (v["dealer"] - me) % n] = 1
        if teams:
            out[o_partner + 2] = 1
        out[o_misc] = v["draw_size"]
        out[o_misc + 1] = bool(v["played"])
        out[o_misc + 2] = v["idle_turns"]
        out[o_misc + 3] = v["hand_number"]

    return GameCodec(actions, lay, encode)


# --- the registry ---------------------------------------------------------------------------

BUILDERS: dict[str, Callable[[int, Mapping[str, Any]], GameCodec]] = {
    "lame-duck": _lame_duck,
    "down-the-drain": _down_the_drain,
    "wildcat-chicane": _wildcat_chicane,
    "king-of-the-quackers": _king_of_the_quackers,
    "ladders": _ladders,
}


def supported(slug: str) -> bool:
    return slug in BUILDERS


def _key(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


@cache
def _build(slug: str, players: int, key: tuple[tuple[str, Any], ...]) -> GameCodec:
    return BUILDERS[slug](players, dict(key))


class Codec:
    """Action numbering and observation encoding of one game configuration.

    ``Codec(slug, players, options)``: ``actions`` (every action the game can offer, fixed
    order), ``encode``/``decode`` between strings and numbers, ``mask(legal)``,
    ``observe(view)`` (the float32 vector) and ``layout`` (its documented fields).
    """

    def __init__(
        self, slug: str, players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> None:
        self.game: Game[Any] = get_game(slug)
        self.slug = slug
        self.players = self.game.info.default_players if players is None else players
        self.options = self.game.options(self.players, options)
        if slug not in BUILDERS:
            raise NotImplementedError(f"no action codec for {slug} yet")
        built = _build(slug, self.players, _key(self.options))
        self.actions: list[str] = built.actions
        self.index: dict[str, int] = {a: i for i, a in enumerate(built.actions)}
        self.num_actions = len(built.actions)
        self.layout = built.layout
        self.obs_size = built.layout.size
        self._encode = built.encode
        self._features = built.features
        self.feature_size = built.feature_size or self.num_actions

    def encode(self, action: str) -> int:
        """The number of an action string (``KeyError`` for text the game never offers)."""
        return self.index[action]

    def decode(self, number: int) -> str:
        return self.actions[number]

    def legal_ids(self, legal: Iterable[str]) -> list[int]:
        """Numbers of the legal actions, ascending (OpenSpiel's order)."""
        index = self.index
        return sorted(index[a] for a in legal)

    def mask(self, legal: Iterable[str]) -> np.ndarray:
        """An int8 vector with 1 at every legal action (PettingZoo's ``action_mask``)."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        index = self.index
        for a in legal:
            out[index[a]] = 1
        return out

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        """The fixed-size float32 encoding of one seat's view (``docs/adapters.md``)."""
        if view.get("seat") is None:
            raise ValueError("observations are encoded for a seat, not for a spectator")
        out = np.zeros(self.obs_size, dtype=np.float32)
        self._encode(view, out)
        return out

    def features(self, action: str) -> np.ndarray:
        """A compact feature vector of an action: card counts where the game defines them
        (King of the Quackers), else the one-hot of its number."""
        if self._features is not None:
            return self._features(action)
        out = np.zeros(self.num_actions, dtype=np.float32)
        out[self.index[action]] = 1
        return out
