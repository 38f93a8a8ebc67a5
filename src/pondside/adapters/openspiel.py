"""OpenSpiel games for every Pondside game (issue 8).

:func:`register_all` registers each game with ``pyspiel.register_game`` under
``pondside_<slug with underscores>``; players and the game's options are game parameters::

    register_all()
    game = pyspiel.load_game("pondside_lame_duck(players=4)")

What the games are, in OpenSpiel's terms:

* **Sequential, imperfect information.** A simultaneous step of the rules (Lame Duck's card
  choice, King of the Quackers' passing, Wildcat Chicane's ruling card) is played one seat
  after another, in seat order, exactly as the engine does it: a seat that has chosen drops
  out of ``to_act`` and nobody's observation shows the choice until the reveal.
* **Explicit chance for the first deal.** The match starts with one chance node per card of
  the first deal (the deal format of ``shared/protocol.md``, card by card, each drawn
  uniformly from the cards left: the game's ``deal_layout``), then one for the dealer or
  start player where the rules draw one. Later randomness (the deals of later hands,
  reshuffles of a discard pile) is drawn by the engine's own generator inside the match,
  seeded from a hash of the first deal: it is a deterministic function of the history, so
  states, clones and serialization stay exact, but it is not exposed as chance nodes. For
  exact algorithms (CFR, best response) use one-hand options (``rounds=1``, ``games=1``, a
  small target).
* **Returns** are given when the match ends, from the places: (seats beaten - seats that
  beat you) / (both), so 1 for first, -1 for last, partners sharing their side's result
  (``common.place_utilities``); general-sum, terminal rewards.
* **Information states** (``information_state_string``): every public event of the match so
  far (``Game.apply``'s events, which never show a hidden card), the seat's own actions in
  order, then the seat's current view. The information-state *tensor* and the observation
  tensor are both the fixed-size view encoding of ``codec.py`` (the current view only);
  the observation string is the view as JSON.
* **Resampling**: ``state.resample_from_infostate(player, sampler)`` returns a state built by
  the game's own ``determinize`` from the player's view (OpenSpiel's Python ISMCTS uses it).
  The resampled state plays on normally but its ``history()`` is the original's chance-free
  prefix only: do not serialize it and replay it.

OpenSpiel's C++ MCTS/ISMCTS bots crash on Python-defined games; use the Python ones
(``open_spiel.python.algorithms.ismcts``, ``mcts``).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from pondside.engine import DealLayout, Game, Option, View
from pondside.games import get_game, slugs

from .codec import Codec
from .common import place_utilities

MAX_GAME_LENGTH = 1_000_000
"""A bound on actions per match (chance included); target matches have no exact bound."""


def short_name(slug: str) -> str:
    return "pondside_" + slug.replace("-", "_")


def _null_for(option: Option) -> int:
    """How a nullable whole-number option says "not set" as a game parameter (0 or -1)."""
    return 0 if (option.minimum is not None and option.minimum >= 1) else -1


def _parameter_default(option: Option) -> Any:
    if option.kind is int and option.default is None:
        return _null_for(option)
    return option.default


def _options_from_params(game: Game[Any], params: Mapping[str, Any]) -> dict[str, Any]:
    """The options a parameter set gives (only those that differ from the game's defaults,
    so that options that exclude each other, like Lame Duck's rounds and target, work)."""
    given: dict[str, Any] = {}
    for o in game.info.options:
        if o.name not in params:
            continue
        value = params[o.name]
        if o.kind is int and o.nullable and value == _null_for(o):
            value = None
        if value != o.default:
            given[o.name] = value
    return given


class _Frozen:
    """An immutable value OpenSpiel's ``Clone`` (a deepcopy of the state's attributes) may
    share instead of copying."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: Any) -> _Frozen:
        return self

    def __getstate__(self) -> Any:
        return self.value

    def __setstate__(self, value: Any) -> None:
        self.value = value


class _Log:
    """An append-only log shared between states: a state holds (list, length) and sees
    ``items[:length]``; appending at the end of the shared list is O(1) for the newest
    state, and a state that branched off earlier copies its prefix first."""

    __slots__ = ("items", "length")

    def __init__(self, items: list[tuple[int, str]], length: int) -> None:
        self.items = items
        self.length = length

    def append(self, entries: list[tuple[int, str]]) -> _Log:
        items = self.items
        if len(items) != self.length:
            items = items[: self.length]
        items.extend(entries)
        return _Log(items, len(items))

    def __deepcopy__(self, memo: Any) -> _Log:
        return self

    def __getstate__(self) -> Any:
        return self.items[: self.length]

    def __setstate__(self, items: list[tuple[int, str]]) -> None:
        self.items = items
        self.length = len(items)


class _Config:
    """Everything a game instance and its states share (kept off the states, which OpenSpiel
    deep-copies on every clone)."""

    def __init__(self, slug: str, players: int, options: dict[str, Any]) -> None:
        self.game: Game[Any] = get_game(slug)
        self.codec = Codec(slug, players, options)
        self.players = self.codec.players
        self.options = self.codec.options
        self.deal_layout: DealLayout = self.game.deal_layout(self.players, self.options)


_CONFIGS: dict[str, _Config] = {}


class PondsideGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types
    """A Pondside game as an OpenSpiel game (see the module docstring)."""

    slug = ""
    game_type: pyspiel.GameType

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = get_game(self.slug)
        players = int(params.get("players", game.info.default_players))
        options = game.options(players, _options_from_params(game, params))
        config = _Config(self.slug, players, options)
        deal = config.deal_layout
        info = pyspiel.GameInfo(
            num_distinct_actions=config.codec.num_actions,
            max_chance_outcomes=max(len(deal.alphabet), deal.seats),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.game_type, info, params)
        self.key = str(self)
        _CONFIGS[self.key] = config
        self.config = config

    def new_initial_state(self) -> PondsideState:
        return PondsideState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PondsideObserver:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return PondsideObserver(self.config, recall)


class PondsideState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no types
    """A match in progress: the chance outcomes dealt so far, then the engine state."""

    def __init__(self, game: PondsideGame) -> None:
        super().__init__(game)
        self._key = game.key
        self._dealt: _Frozen = _Frozen(())
        self._st: _Frozen | None = None
        self._log = _Log([], 0)

    # --- helpers ------------------------------------------------------------------------
    @property
    def config(self) -> _Config:
        return _CONFIGS[self._key]

    @property
    def engine_state(self) -> Any:
        """The Pondside game state (``None`` while the first deal is being dealt)."""
        return None if self._st is None else self._st.value

    def view(self, seat: int | None) -> View:
        if self._st is None:
            raise ValueError("the cards are still being dealt")
        return self.config.game.view(self._st.value, seat)

    # --- the OpenSpiel interface ----------------------------------------------------------
    def current_player(self) -> int:
        if self._st is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = self.config.game.to_act(self._st.value)
        return to_act[0] if to_act else int(pyspiel.PlayerId.TERMINAL)

    def is_terminal(self) -> bool:
        return self._st is not None and self.config.game.is_over(self._st.value)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.config.deal_layout.outcomes(self._dealt.value)

    def _legal_actions(self, player: int) -> list[int]:
        config = self.config
        st = self._st.value if self._st is not None else None
        if st is None:
            return []
        return config.codec.legal_ids(config.game.legal_actions(st, player))

    def _apply_action(self, action: int) -> None:
        config = self.config
        if self._st is None:
            dealt = (*self._dealt.value, int(action))
            self._dealt = _Frozen(dealt)
            if config.deal_layout.done(dealt):
                seed = (
                    int.from_bytes(
                        hashlib.blake2b(repr(dealt).encode(), digest_size=8).digest(), "big"
                    )
                    >> 1
                )
                deal = config.deal_layout.deal(dealt)
                self._st = _Frozen(
                    config.game.from_deal(config.players, config.options, deal, seed)
                )
            return
        game, st = config.game, self._st.value
        seat = game.to_act(st)[0]
        text = config.codec.actions[action]
        new, events = game.apply(st, seat, text)
        self._st = _Frozen(new)
        entries = [(seat, text)]
        entries.extend((-1, json.dumps(e, sort_keys=True)) for e in events)
        self._log = self._log.append(entries)

    def _action_to_string(self, player: int, action: int) -> str:
        config = self.config
        if player == pyspiel.PlayerId.CHANCE:
            dealt = self._dealt.value
            if len(dealt) >= len(config.deal_layout.slots):
                return f"seat {action} deals or starts"
            return f"deal {config.deal_layout.alphabet[action]}"
        return config.codec.actions[action]

    def returns(self) -> list[float]:
        config = self.config
        if not self.is_terminal():
            return [0.0] * config.players
        outcome = config.game.outcome(self._st.value)  # type: ignore[union-attr]
        assert outcome is not None
        return place_utilities(outcome.places)

    def __str__(self) -> str:
        if self._st is None:
            return "dealing: " + " ".join(str(a) for a in self._dealt.value)
        return json.dumps(self.config.game.position(self._st.value), sort_keys=True)

    # --- information ------------------------------------------------------------------
    def information_state(self, player: int) -> str:
        if self._st is None:
            return f"dealing {len(self._dealt.value)}"
        log = self._log
        lines = [t for who, t in log.items[: log.length] if who < 0 or who == player]
        lines.append(json.dumps(self.view(player), sort_keys=True))
        return "\n".join(lines)

    def resample_from_infostate(self, player: int, sampler: Any = None) -> PondsideState:
        """A state the player cannot tell from this one, from the game's ``determinize``."""
        if self._st is None:
            raise ValueError("nothing to resample while the cards are being dealt")
        config = self.config
        if sampler is not None:
            try:
                seed = int(float(sampler()) * 2**52)
            except TypeError:
                seed = random.getrandbits(52)
        else:
            seed = random.getrandbits(52)
        det = config.game.determinize(self.view(player), random.Random(seed))
        game: PondsideGame = self.get_game()
        new = game.new_initial_state()
        new._dealt = self._dealt
        new._st = _Frozen(det)
        new._log = self._log
        return new


class PondsideObserver:
    """OpenSpiel observer: the view encoding as tensor; strings as described above."""

    def __init__(self, config: _Config, perfect_recall: bool) -> None:
        self.config = config
        self.perfect_recall = perfect_recall
        layout = config.codec.layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {
            f.name: self.tensor[f.start : f.start + f.size].reshape(f.shape or (1,))
            for f in layout.fields
        }

    def set_from(self, state: PondsideState, player: int) -> None:
        if state._st is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = self.config.codec.observe(state.view(player))

    def string_from(self, state: PondsideState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state(player)
        if state._st is None:
            return f"dealing {len(state._dealt.value)}"
        return json.dumps(state.view(player), sort_keys=True)


def _game_type(slug: str) -> pyspiel.GameType:
    game = get_game(slug)
    info = game.info
    params: dict[str, Any] = {"players": info.default_players}
    for o in info.options:
        params[o.name] = _parameter_default(o)
    return pyspiel.GameType(
        short_name=short_name(slug),
        long_name=f"Pondside {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


GAME_CLASSES: dict[str, type[PondsideGame]] = {}


def _class_name(slug: str) -> str:
    return "PondsideGame_" + slug.replace("-", "_")


def __getattr__(name: str) -> Any:
    """Game classes are made on registration; unpickling in a fresh process finds them here."""
    for slug in slugs():
        if name == _class_name(slug):
            register(slug)
            return GAME_CLASSES[slug]
    raise AttributeError(name)


def register(slug: str) -> str:
    """Register one game (idempotent); returns its OpenSpiel short name."""
    name = short_name(slug)
    if slug in GAME_CLASSES:
        return name
    game_type = _game_type(slug)
    cls_name = _class_name(slug)
    cls = type(cls_name, (PondsideGame,), {"slug": slug, "game_type": game_type})
    cls.__module__ = __name__
    cls.__qualname__ = cls_name
    GAME_CLASSES[slug] = cls
    globals()[cls_name] = cls  # so that pickle finds it
    if name not in pyspiel.registered_names():
        pyspiel.register_game(game_type, cls)
    return name


def register_all() -> list[str]:
    """Register every Pondside game with OpenSpiel; returns their short names."""
    return [register(slug) for slug in slugs()]


def load(slug: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a Pondside game, registering it first."""
    register(slug)
    return pyspiel.load_game(short_name(slug), params)
