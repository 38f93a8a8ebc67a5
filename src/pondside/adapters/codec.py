"""Fixed action numbering and fixed-size observation encoding for every game (issues 8, 12).

Everything here comes from public things only. The numbering is the game's own list of every
action it can ever offer in a configuration (``Game.all_actions``, in the canonical notation of
``shared/protocol.md``); observations are encoded field by field from a seat's ``view``, never
from the hidden state. So the adapters cannot leak hidden information the view does not show.

A game's observation encoding lives in ``pondside.adapters.<module>``, named after the game's
module under ``pondside.games`` (``MODULES``), next to nothing but the game's own facts: it
defines ``codec(players, options) -> GameCodec``. A game without such a module gets the
:func:`generic` encoding, so every registered game works in every framework.

>>> codec = Codec("lame-duck", 4)
>>> codec.num_actions, codec.decode(0), codec.encode("take 3")
(108, 'play 1', 107)
>>> Codec("down-the-drain", 4).actions[:3]
['play 2', 'play 3', 'play 4']

Seats in an observation are *relative*: row 0 is the observing seat, row k the seat k places
to its left (``(seat + k) % players``), so one policy can play every seat.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from pondside.engine import Game
from pondside.games import companion, get_game

# --- layouts: named fields of one flat float32 vector ------------------------------------


@dataclass(frozen=True)
class Field:
    """One field of an observation vector: ``size`` floats from ``start``, from ``low`` to
    ``high``."""

    name: str
    start: int
    shape: tuple[int, ...]
    high: float
    doc: str
    low: float = 0.0

    @property
    def size(self) -> int:
        return int(np.prod(self.shape)) if self.shape else 1


class Layout:
    """The fields of a game's observation vector, in order (``docs/adapters.md`` lists them)."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(
        self, name: str, shape: int | tuple[int, ...], high: float, doc: str, low: float = 0.0
    ) -> int:
        """Append a field; returns its offset."""
        shp = (shape,) if isinstance(shape, int) else tuple(shape)
        f = Field(name, self.size, shp, float(high), doc, float(low))
        self.fields.append(f)
        self.size += f.size
        return f.start

    def _bounds(self, which: str) -> np.ndarray:
        out = np.empty(self.size, dtype=np.float32)
        for f in self.fields:
            out[f.start : f.start + f.size] = getattr(f, which)
        return out

    def low(self) -> np.ndarray:
        return self._bounds("low")

    def high(self) -> np.ndarray:
        return self._bounds("high")

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
            if f.low < 0:
                high = f"±{high}"
            rows.append(f"| `{f.name}` | {shape} | {high} | {f.doc} |")
        return "\n".join(rows)


BIG = 1e9
"""The bound of unbounded counters (match totals): finite, so the space can be sampled."""

Encoder = Callable[[Mapping[str, Any], np.ndarray], None]
"""Writes one seat's view into a zeroed vector of the layout's size."""


@dataclass(frozen=True)
class GameCodec:
    """What a game's adapter module contributes: its observation layout and encoder, and
    optionally a compact feature vector of an action (``feature_size`` floats)."""

    layout: Layout
    encode: Encoder
    features: Callable[[str], np.ndarray] | None = None
    feature_size: int = 0


Builder = Callable[[int, Mapping[str, Any]], GameCodec]
"""``codec(players, options)`` of a game's adapter module; ``options`` are complete."""


# --- the generic encoding, for a game without an adapter module ----------------------------


def generic(game: Game[Any], players: int, options: Mapping[str, Any]) -> GameCodec:
    """What every view has: the cards of my hand over the deck of the game's deal layout, each
    seat's hand size and total, the seats to act, the hand's number (``docs/adapters.md``)."""
    deal = game.deal_layout(players, options)
    n = players
    card = {c: i for i, c in enumerate(deal.alphabet)}
    lay = Layout()
    o_hand = lay.add("hand", len(card), max(deal.counts), "copies of each card in my hand")
    o_size = lay.add("hand_size", n, sum(deal.counts), "cards in each hand")
    o_tot = lay.add("totals", n, BIG, "match scores", low=-BIG)
    o_toact = lay.add("to_act", n, 1, "1 for each seat to decide now")
    o_misc = lay.add("hand_number", 1, BIG, "the hand's number")

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        for c in v["hand"]:
            out[o_hand + card[c]] += 1
        for s in range(n):
            r = (s - me) % n
            out[o_size + r] = v["hand_sizes"][s]
            out[o_tot + r] = v["totals"][s]
        for s in v["to_act"]:
            out[o_toact + (s - me) % n] = 1
        out[o_misc] = v["hand_number"]

    return GameCodec(lay, encode)


def adapter_module(slug: str) -> str | None:
    """``pondside.adapters.<the game's module>`` when it exists, else ``None`` (generic)."""
    found = companion(get_game(slug), __package__ or "pondside.adapters")
    return None if found is None else found.__name__


def _key(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


@cache
def _actions(slug: str, players: int, key: tuple[tuple[str, Any], ...]) -> list[str]:
    return get_game(slug).all_actions(players, dict(key))


@cache
def _build(
    slug: str, module: str | None, players: int, key: tuple[tuple[str, Any], ...]
) -> GameCodec:
    if module is None:
        return generic(get_game(slug), players, dict(key))
    builder: Builder = importlib.import_module(module).codec
    return builder(players, dict(key))


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
        key = _key(self.options)
        self.actions: list[str] = _actions(slug, self.players, key)
        self.index: dict[str, int] = {a: i for i, a in enumerate(self.actions)}
        self.num_actions = len(self.actions)
        built = _build(slug, adapter_module(slug), self.players, key)
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
