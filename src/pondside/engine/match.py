"""A match: a game, its current state and the actions that led there (python-chess's Board).

``Match`` is the stateful, checked front of the pure game functions. It keeps the record
(game, players, options, seed or deal, actions) from which :meth:`Match.from_record` rebuilds
the same match exactly. Everything that drives a game (bots, the CLI, the engine protocol,
simulations, the server) goes through it or through the same game functions.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Generic

from pondside.i18n import _

from .errors import BadPosition, BadRecord, IllegalAction, PondsideError, spell
from .game import Game, Outcome, S, View
from .view import Event


def new_seed() -> int:
    return secrets.randbits(63)


class Match(Generic[S]):
    """One match of ``game`` from a seed, an explicit deal, or a position snapshot."""

    def __init__(
        self,
        game: Game[S],
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        deal: Any = None,
        position: Any = None,
    ) -> None:
        self.game = game
        self.players = game.info.default_players if players is None else players
        self.options = game.options(self.players, options)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise BadRecord(_("seed is a whole number, not {given}").format(given=spell(seed)))
        self.seed = new_seed() if seed is None else seed
        self.deal = copy.deepcopy(deal)
        self.start_position = copy.deepcopy(position)
        if position is not None:
            self.state = game.from_position(self.players, self.options, position)
            self._check_playable()
        elif deal is not None:
            self.state = game.from_deal(self.players, self.options, deal, self.seed)
        else:
            self.state = game.new(self.players, self.options, self.seed)
        self.actions: list[tuple[int, str]] = []

    def _check_playable(self) -> None:
        """Refuse a snapshot that loads but cannot be played on: every seat to act must exist
        and have an action, and every view must be drawable."""
        game, state = self.game, self.state
        try:
            to_act = game.to_act(state)
            if any(not 0 <= s < self.players for s in to_act):
                raise BadPosition(
                    _("the position has seats to act {seats} at a table of {players}").format(
                        seats=list(to_act), players=self.players
                    )
                )
            for seat in range(self.players):
                if bool(game.legal_actions(state, seat)) != (seat in to_act):
                    raise BadPosition(
                        _(
                            "in this position seat {seat}'s turn and its legal actions disagree"
                        ).format(seat=seat)
                    )
                game.view(state, seat)
            game.view(state, None)
            game.outcome(state)
        except PondsideError:
            raise
        except Exception as exc:  # a snapshot can be inconsistent in endless ways
            kind = type(exc).__name__
            raise BadPosition(
                _(
                    "the position is not consistent and cannot be played on ({kind}: {error})"
                ).format(kind=kind, error=exc)
            ) from None

    # --- the protocol -----------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def legal(self, seat: int) -> list[str]:
        """The seat's legal actions, sorted as strings (the protocol's order)."""
        return sorted(self.game.legal_actions(self.state, seat))

    def apply(self, seat: int, action: str) -> list[Event]:
        """Apply one action; on an illegal one nothing changes and ``IllegalAction`` says why."""
        # The state keeps these very events (last_events): what leaves the match is a copy,
        # so nothing a caller does to it can change the match.
        return copy.deepcopy(list(self._play(seat, action)))

    def _play(self, seat: int, action: str) -> Sequence[Event]:
        """``apply`` without the copy of its events, for a replay that throws them away (the
        copy was a third of a batched engine's check, which replays every table)."""
        if not isinstance(action, str):
            raise IllegalAction(
                _("an action is text in the game's notation, not {given}").format(
                    given=spell(action)
                )
            )
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(
                _("seat must be a number from 0 to {last}, not {given}").format(
                    last=self.players - 1, given=spell(seat)
                )
            )
        self.state, events = self.game.apply(self.state, seat, action)
        self.actions.append((seat, action))
        return events

    def timeout(self, seat: int) -> tuple[str, list[Event]]:
        """Apply the rules' default for a seat whose time ran out; returns the action taken."""
        if seat not in self.to_act():
            raise IllegalAction(
                _("seat {seat} is not to act, so it cannot time out").format(seat=seat)
            )
        action = self.game.timeout_action(self.state, seat)
        return action, self.apply(seat, action)

    def view(self, seat: int | None) -> View:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players
        ):
            raise PondsideError(
                _("seat must be null or 0 to {last}, not {given}").format(
                    last=self.players - 1, given=spell(seat)
                )
            )
        view = self.game.view(self.state, seat)
        # A view's lists are its own, but its events are the state's (see apply): copied here,
        # once per view that leaves the match, not inside search, which calls game.view itself.
        return {**view, "last_events": copy.deepcopy(view["last_events"])}

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def position(self) -> dict[str, Any]:
        return self.game.position(self.state)

    # --- records ----------------------------------------------------------------------
    def record(
        self,
        names: Sequence[str | None] | None = None,
        bots: Sequence[str | None] | None = None,
    ) -> dict[str, Any]:
        """The match record. ``names`` (who sat where) and ``bots`` (the bot spec of each seat,
        None for a person) are kept when given, so a replay can say who played; a record
        without them (an older one) reads the same, see :func:`record_names`."""
        rec: dict[str, Any] = {
            "game": self.game.info.slug,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
        }
        if self.deal is not None:
            rec["deal"] = copy.deepcopy(self.deal)
        if self.start_position is not None:
            rec["position"] = copy.deepcopy(self.start_position)
        for key, values in (("names", names), ("bots", bots)):
            if values is not None:
                if len(values) != self.players:
                    raise ValueError(f"{key} has {len(values)} entries for {self.players} seats")
                rec[key] = list(values)
        rec["actions"] = [[s, a] for s, a in self.actions]
        return rec

    @classmethod
    def start_of(cls, game: Game[S], record: Mapping[str, Any]) -> Match[S]:
        """The match a record starts from (its players, options, seed, deal or position), before
        any of its actions: what a replay steps forward from."""
        try:
            return cls(
                game,
                record.get("players"),
                record.get("options"),
                seed=record.get("seed"),
                deal=record.get("deal"),
                position=record.get("position"),
            )
        except PondsideError as exc:
            raise BadRecord(
                _("the record cannot start a match: {error}").format(error=exc)
            ) from None

    @classmethod
    def from_record(cls, game: Game[S], record: Any) -> Match[S]:
        """Rebuild a match by replaying its record; ``BadRecord`` says what was expected."""
        if not isinstance(record, Mapping):
            raise BadRecord(
                _("a record is a JSON object with game, players, options, seed, actions")
            )
        if record.get("game") != game.info.slug:
            raise BadRecord(
                _("this record is for {given}, not {game}").format(
                    given=spell(record.get("game")), game=spell(game.info.slug)
                )
            )
        actions = record.get("actions", [])
        if not isinstance(actions, list):
            raise BadRecord(_("the record's actions must be a list of [seat, action] pairs"))
        match = cls.start_of(game, record)
        for i, pair in enumerate(actions):
            if not (isinstance(pair, list | tuple) and len(pair) == 2):
                raise BadRecord(
                    _("action {i} of the record is not a [seat, action] pair: {given}").format(
                        i=i, given=spell(pair)
                    )
                )
            try:
                match._play(pair[0], pair[1])
            except PondsideError as exc:
                raise BadRecord(
                    _("action {i} of the record, {given}, is illegal: {error}").format(
                        i=i, given=spell(list(pair)), error=exc
                    )
                ) from None
        return match


def record_names(record: Mapping[str, Any], players: int) -> list[str]:
    """Who sat at each seat of a record: its names, else its bots' specs, else "seat N".

    Records written before names were kept have neither; a seat whose name is missing or not
    a string falls back in the same way, so an odd record still replays.
    """
    names = record.get("names")
    out = []
    for seat, bot in enumerate(record_bots(record, players)):
        name = names[seat] if isinstance(names, list) and seat < len(names) else None
        if isinstance(name, str) and name.strip():
            out.append(name.strip())
        elif bot is not None and bot.strip():
            out.append(f"{bot.strip()} {seat}")
        else:
            # Numbered from 0, as the record's seats are (a replay's ?seat= names the same).
            out.append(_("seat {seat}").format(seat=seat))
    return out


def record_bots(record: Mapping[str, Any], players: int) -> list[str | None]:
    """The bot spec of each seat of a record, None for a person's seat, or where the record
    (an older one) does not say."""
    bots = record.get("bots")
    return [
        bot
        if isinstance(bots, list) and seat < len(bots) and isinstance(bot := bots[seat], str)
        else None
        for seat in range(players)
    ]
