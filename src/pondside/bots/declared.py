"""What a game declares about its bots, once, typed: ``BOTS`` in its bot module.

A game's bot module (``pondside.bots.<the game's module>``) ends with one declaration::

    BOTS = GameBots(
        heuristic=LameDuckHeuristic,
        strong="ismcts:iterations=500:rollout=heuristic:reward=rank",
        expert="mcs:iterations=8000:rollout=adaptive:reward=margin:infer=heuristic",
        inference=LameDuckInference,
    )

The levels (``levels.py``), the registry's ``heuristic``, inference, ``pondside strength`` and
the analysis all read it here, so a misspelt setting is a type error rather than a silent
fallback to a default. A game without a bot module has no declaration: the levels then use the
defaults below, and asking for its heuristic says that it has none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from pondside.engine import Game, PondsideError, View
from pondside.games import companion

from .base import Bot

DEFAULT_STRONG = "ismcts:iterations=300:rollout=heuristic"
DEFAULT_EXPERT = "ismcts:iterations=1000:rollout=heuristic"
"""The search levels of a game whose declaration names none of its own."""


class PlayerModel(Protocol):
    """A model of the other players for inference (``infer=heuristic`` on a search bot): it
    sees each of the bot's views (``observe``) and weighs a sampled state by how likely the
    others' past plays were in it (``likelihood``)."""

    def observe(self, view: View) -> None: ...

    def likelihood(self, state: Any) -> float: ...


@runtime_checkable
class SeatModel(PlayerModel, Protocol):
    """A player model that also weighs each other seat apart (``rollout=adaptive`` on a search
    bot): for a sampled state, per seat, how likely the plays it was seen to make this hand
    were under the model, under a player choosing uniformly among its legal actions, and under
    each of ``others`` (more players the search may meet: bots that choose without chance,
    each slipping as the model does), in that order (``seat_likelihoods``); ``hand_seen``
    numbers the hand those plays are of."""

    def hand_seen(self) -> int: ...

    def seat_likelihoods(
        self, state: Any, others: Sequence[Bot] = ()
    ) -> dict[int, tuple[float, ...]]: ...


PlayerModelFactory = Callable[[Game[Any], int, float], PlayerModel]
"""``cls(game, seat, epsilon)``: the model of one bot's opponents, slipping with ``epsilon``."""


class Memory(Protocol):
    """What a player keeps in mind of the cards played before (``bots/slips.py``)."""

    def kept(self, deal: int, what: object) -> bool: ...


Forget = Callable[[View, Memory], View]
"""A game's view as a player with a limited memory holds it: the cards to be remembered (gone
from the table, or deep in a pile) only where ``Memory.kept`` says so."""


def _frozen(options: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(options))


@dataclass(frozen=True)
class GameBots:
    """One game's bots: its heuristic, the specs of its two search levels, its model of the
    players for inference, and the options ``pondside strength`` plays it with."""

    heuristic: type[Bot]
    """The ``heuristic`` bot: the search bots' rollout policy and prior, the beginner's (with
    slips), and the ``casual`` level unless ``casual`` names another bot."""
    casual: str = "heuristic"
    """The ``casual`` level's bot spec: the heuristic, or a stronger rule bot too slow to be the
    search's rollout policy (King of the Quackers' hand splitter)."""
    strong: str = DEFAULT_STRONG
    """The ``strong`` level's spec: a fraction of ``expert``'s thinking."""
    expert: str = DEFAULT_EXPERT
    """The ``expert`` level's spec: the strongest search within the 2 s a person waits."""
    inference: PlayerModelFactory | None = None
    """The model of the other players, where the game has one."""
    strength_options: Mapping[str, Any] = field(default_factory=dict)
    """The options the strength table plays the game with (e.g. one round where a whole match
    costs the search too much)."""
    ladder_options: Mapping[str, Any] | None = None
    """The options the level ladder plays (a shorter match), or None for ``strength_options``."""
    forget: Forget | None = None
    """What a beginner's limited memory loses of a view (the beginner level's ``memory``),
    where the heuristic counts the cards played; None where it reads only what is in sight."""
    newcomer: type[Bot] | None = None
    """The heuristic as a person new to the game plays it: the same game read with a
    newcomer's misjudged risks (a rough rule in place of the heuristic's estimates), played by
    the beginner on its share ``misjudge`` of the decisions; None where the beginner has only
    its memory and slips. Built as any bot, ``cls(game, seat, rng)``."""
    models: tuple[str, ...] = ()
    """More kinds of player the adaptive test (``rollout=adaptive:models=...``) may try beside
    the heuristic and a random player: names of this game's bots (``own``) that choose without
    chance, cheaply enough to be asked about every play of a pool of deals, and that the game's
    batched rollouts play as ``<name>_actions``."""
    own: Mapping[str, str] = field(default_factory=dict)
    """This game's own bots, by name: ``"module:Class"`` in ``pondside.bots``, imported when
    first asked for (the published baselines of the game's family, a trained policy). Another
    game refuses these names, saying whose they are."""

    def __post_init__(self) -> None:
        # Frozen copies: a declaration is read by every part, and none may change it for others.
        object.__setattr__(self, "strength_options", _frozen(self.strength_options))
        if self.ladder_options is not None:
            object.__setattr__(self, "ladder_options", _frozen(self.ladder_options))
        object.__setattr__(self, "own", _frozen(self.own))

    @property
    def search(self) -> str:
        """The strength table's search bot: the top level."""
        return self.expert

    @property
    def ladder(self) -> Mapping[str, Any]:
        """The options the ladder plays."""
        return self.strength_options if self.ladder_options is None else self.ladder_options


class NoDeclaration(PondsideError):
    """A game's bot module without a proper ``BOTS`` declaration."""


def game_bots(game: Game[Any]) -> GameBots | None:
    """The game's declaration, ``BOTS`` in ``pondside.bots.<its module>``; None for a game
    without a bot module, ``NoDeclaration`` for a module that declares no ``GameBots``."""
    module = companion(game, __package__ or "pondside.bots")
    if module is None:
        return None
    found = getattr(module, "BOTS", None)
    if not isinstance(found, GameBots):
        raise NoDeclaration(
            f"{module.__name__} must declare its bots as BOTS = GameBots(heuristic=...), "
            f"not {found!r}"
        )
    return found
