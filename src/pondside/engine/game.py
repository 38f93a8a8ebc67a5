"""The protocol every game speaks.

A game is a plain definition (boardgame.io's idea): how to set up from a seed, a deal or a
position; who acts; the legal actions; how an action changes the state; what each seat may
see; when it ends and who won. States are immutable values owned by the game; the game's
methods are pure functions of them, with all randomness drawn from the generator state kept
inside the state (see ``rng.py``). Transport, storage, clocks and bots live elsewhere.

Actions are strings in the canonical notation of ``shared/protocol.md`` (``"play 37"``): the
same text in records, the engine protocol, logs and tests.
"""

from __future__ import annotations

import functools
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from pondside.i18n import _

from .deal import DealLayout
from .errors import BadOption, BadPosition, IllegalAction, spell
from .narrate import (
    ActionLabel,
    CardSpan,
    Labels,
    Lines,
    ScoreNote,
    Term,
    Unplayable,
    waiting_for,
)
from .options import Option, resolve_options
from .state import State
from .view import CommonView, Event

S = TypeVar("S", bound=State)

View = Mapping[str, Any]
"""A view as code that serves every game reads it; each game's ``view`` returns its own
``TypedDict`` (``engine/view.py``)."""


@functools.lru_cache(maxsize=4096)
def _places(results: tuple[float, ...], lower_is_better: bool) -> tuple[int, ...]:
    """``places_from_results``, remembered: every receiver of every frame is told the places."""
    return places_from_results(results, lower_is_better)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished match: one score per seat and places (1 = best)."""

    scores: tuple[float, ...]
    places: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"over": True, "scores": list(self.scores), "places": list(self.places)}


@functools.lru_cache(maxsize=65536)
def reading_order(action: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key: runs of digits compare as numbers, the rest as text ("play 8" < "play 58").
    Remembered: the server sorts a seat's legal actions into its labels at every frame.

    >>> sorted(["play 58", "play 8", "take 1"], key=reading_order)
    ['play 8', 'play 58', 'take 1']
    """
    return tuple(
        (0, int(run)) if run.isdigit() else (1, run) for run in re.findall(r"\d+|\D+", action)
    )


def places_from_results(results: Sequence[float], lower_is_better: bool) -> tuple[int, ...]:
    """Competition ranking: 1 + the number of strictly better results (1, 2, 2, 4).

    >>> places_from_results([10, 3, 10, 0], lower_is_better=True)
    (3, 2, 3, 1)
    """
    sign = 1 if lower_is_better else -1
    keys = [sign * r for r in results]
    return tuple(1 + sum(1 for other in keys if other < k) for k in keys)


@dataclass(frozen=True)
class GameInfo:
    """Game facts, as OpenSpiel keeps them: players, options, what a score means."""

    slug: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    simultaneous: bool
    lower_score_is_better: bool
    summary: str
    score_unit: tuple[str, str] = ("point", "points")
    """What a score counts, one and many ("duck", "ducks"): history and the end of a match
    say a score with it ("12 ducks", not "12")."""
    clock: str = "slow"
    """The clock a new table suggests until the person picks one (a profile of the server's
    settings: ``fast``, ``normal``, ``slow``): a game whose first decisions (passing, bidding,
    ruling cards, building ladders) take a newcomer long starts on the slow clock; Lame Duck's,
    one card of ten, on the normal one."""

    def score_words(self, score: float) -> str:
        """A score with its unit, as a person reads it.

        >>> GameInfo("g", "G", 2, 4, 2, (), False, True, "", ("duck", "ducks")).score_words(1)
        '1 duck'
        >>> GameInfo("g", "G", 2, 4, 2, (), False, False, "").score_words(12.5)
        '12.5 points'
        """
        shown = str(int(score)) if float(score).is_integer() else f"{score:.1f}"
        # The unit in the reader's language (the game declares it in English: its catalog
        # message, ``pondside.server.gamefacts.declared_words``).
        return f"{shown} {_(self.score_unit[0] if shown == '1' else self.score_unit[1])}"

    def option_defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def to_json(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": self.option_defaults(),
        }


class Game(ABC, Generic[S]):
    """Base of every game. Subclasses set ``info`` and ``state_type`` and implement the
    abstract methods: a game of Pondside as a thin binding (its package's ``game.py``) whose
    methods are the functions of its ``rules``, ``seat`` and ``narrate`` modules
    (``apply = staticmethod(rules.apply)``; docs/adding-a-game.md).

    A state keeps the match's options as fields named after them (``expert``, ``target``...)
    and the number of seats as ``n``: snapshots take players and options from there.
    """

    info: ClassVar[GameInfo]
    state_type: type[S]
    # The game's own loop of a search's random playout, where it has one (its ``playout.py``):
    # (state, hands done, last seat, decisions left, turns left, getrandbits) -> the end state,
    # the same actions from the same draws as ``SearchBot.playout``'s loop, on lists it owns.
    random_playout: ClassVar[Callable[..., Any] | None] = None

    # --- options ----------------------------------------------------------------------
    def options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option with its default filled in, validated for this many players."""
        info = self.info
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOption(
                _("players is a whole number, not {given}").format(given=spell(players))
            )
        if not info.min_players <= players <= info.max_players:
            raise BadOption(
                _("{game} is for {least}-{most} players, not {given}").format(
                    game=_(info.name), least=info.min_players, most=info.max_players, given=players
                )
            )
        resolved = resolve_options(info.options, given, info.slug)
        return self.check_options(players, resolved, dict(given or {}))

    def check_options(
        self, players: int, options: dict[str, Any], given: dict[str, Any]
    ) -> dict[str, Any]:
        """The options once checked against each other (``given`` holds only what the user
        set): a game whose options depend on each other returns a new dict. Override as needed.
        """
        return options

    # --- facts of a configuration (metadata) ------------------------------------------
    @abstractmethod
    def all_actions(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """Every action this game can ever offer at such a table, each once, in a fixed order.

        The order numbers the actions for learning code (OpenSpiel's ``num_distinct_actions``,
        PettingZoo's action masks); ``legal_actions`` is always a subset. ``options`` come from
        :meth:`options`.
        """

    @abstractmethod
    def deal_layout(self, players: int, options: Mapping[str, Any]) -> DealLayout:
        """The first deal as metadata: the deck, the slots dealt in order, and how they make
        the deal that :meth:`from_deal` takes (``engine/deal.py``)."""

    # --- setting up ---------------------------------------------------------------------
    @abstractmethod
    def new(self, players: int, options: dict[str, Any], seed: int) -> S:
        """A new match, dealt from ``seed``. ``options`` come from :meth:`options`."""

    @abstractmethod
    def from_deal(self, players: int, options: dict[str, Any], deal: Any, seed: int) -> S:
        """A new match whose first hand is dealt exactly as ``deal`` (protocol.md, "Deals").

        Later hands are dealt from ``seed``. Raises :class:`BadDeal` naming the problem.
        """

    def from_position(self, players: int, options: dict[str, Any], position: Any) -> S:
        """The state described by a snapshot from :meth:`position`; raises ``BadPosition``.

        Checks what every snapshot shares (its game, players and options) and turns a snapshot
        of the wrong shape into a sentence; the game builds the state in :meth:`load_position`.
        """
        name, p = _(self.info.name), position
        if not isinstance(p, dict) or p.get("game") != self.info.slug:
            raise BadPosition(
                _("a {game} position is the object the 'position' request returns").format(
                    game=name
                )
            )
        if p.get("players") != players or p.get("options") != options:
            raise BadPosition(
                _(
                    "this position is for {given_players} players with options {given_options}, "
                    "not {players} with {options}"
                ).format(
                    given_players=p.get("players"),
                    given_options=p.get("options"),
                    players=players,
                    options=options,
                )
            )
        try:
            return self.load_position(players, options, p)
        except BadPosition:
            raise
        except (
            KeyError,
            TypeError,
            ValueError,
            AttributeError,
            IndexError,
            ArithmeticError,
        ) as exc:
            raise BadPosition(
                _("not a {game} position ({error!r}); take one from the 'position' request").format(
                    game=name, error=exc
                )
            ) from None

    def load_position(self, players: int, options: dict[str, Any], position: dict[str, Any]) -> S:
        """The state of a snapshot whose game, players and options match (see above): every
        field read as its declaration says (``engine/state.py``), then :meth:`check_position`."""
        known = {"game", "players", "options", *self.state_type._fields}
        unknown = sorted(set(position) - known)
        if unknown:
            raise BadPosition(
                _(
                    "a {game} position has no field {field!r}; its keys are the state's fields, "
                    "as the 'position' request writes them"
                ).format(game=_(self.info.name), field=unknown[0])
            )
        state = self.state_type.from_snapshot(position, {"n": players, **options})
        return self.check_position(state)

    def check_position(self, state: S) -> S:
        """What a snapshot's types cannot say: the cards are the deck, the counts agree, the
        seat to act can act. Raises ``BadPosition``; may return the state put in order (hands
        sorted). Games override this."""
        return state

    def position(self, state: S) -> dict[str, Any]:
        """A JSON snapshot of the whole state, hidden cards and generator included: the game,
        players and options, then every other field of the state as it is declared."""
        options = {o.name: getattr(state, o.name) for o in self.info.options}
        return {
            "game": self.info.slug,
            "players": state.n,
            "options": options,
            **state.snapshot(skip=("n", *options)),
        }

    # --- playing ------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that must still decide now, ascending; empty when the match is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[str]:
        """The seat's legal actions, each once, in no promised order; ``[]`` if not to act."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: str) -> tuple[S, Sequence[Event]]:
        """The next state (never ``state`` changed in place) and the events that became
        public, each one of the game's declared event types. Raises ``IllegalAction`` naming
        the ruling broken.

        The new state keeps the same events as ``last_events``, so a view can say what just
        happened: one store where the game makes them (a wrapper would cost search a call per
        action). They are the state's values, shared and never changed: ``Match.apply`` and
        ``Match.view`` hand out deep copies of them.
        """

    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` (or a spectator, ``None``) may see: JSON, never a hidden card."""

    def views(self, state: S, seats: Iterable[int | None]) -> list[View]:
        """``[self.view(state, seat) for seat in seats]``: every receiver's view of one state,
        as the server builds them for the frames of a step. A game whose views share most of
        their keys builds those once: its views may then share values, so they are only
        read, never changed."""
        return [self.view(state, seat) for seat in seats]

    def common_view(
        self,
        state: S,
        seat: int | None,
        hand_number: int,
        hands: Sequence[Sized],
        totals: Iterable[int],
        hand_scores: Iterable[Iterable[int]],
    ) -> CommonView:
        """The keys every game's view shares (``engine/view.py``), for the game's ``view`` to
        extend with ``options``, ``hand`` and its own: ``{**self.common_view(...), ...}``."""
        to_act = self.to_act(state)
        return {
            "game": self.info.slug,
            "players": state.n,
            "seat": seat,
            "to_act": list(to_act),
            "over": not to_act,
            "hand_number": hand_number,
            "hand_sizes": [len(h) for h in hands],
            "totals": list(totals),
            "hand_scores": [list(h) for h in hand_scores],
            "last_events": list(state.last_events),
        }

    # --- telling people (engine/narrate.py) ---------------------------------------------------
    def narrate(
        self,
        before: View | None,
        events: Sequence[Event],
        after: View,
        receiver: int | None,
        names: Sequence[str],
    ) -> list[str]:
        """The sentences a person reads about one step: ``events`` (those of one action) told
        to ``receiver`` (a seat, spoken to as "you", or ``None`` for a spectator), with the
        views that receiver had before the step (``None`` when unknown) and has after it.

        A pure function of its arguments. Seats are called by ``names``; columns and piles are
        numbered as the table shows them (from 1). Games override this with their own words;
        the default says each event's type and fields, so a new game is told before it has a
        voice of its own.
        """
        lines = Lines()
        for event in lines.each(events):
            fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
            lines.append(f"{event.get('type')}: {fields}")
        return lines

    def labels(
        self,
        view: View,
        names: Sequence[str],
        state: S | None = None,
        legal: Sequence[str] | None = None,
    ) -> Labels:
        """What the view's seat is offered now: each legal action with its label and what it
        would do, and each card of its hand that it cannot play with the engine's sentence why
        (the ``IllegalAction`` that playing it raises). Empty for a spectator or a seat not to
        act. A pure function of the view; ``names`` call the other seats.

        Games override :meth:`action_label` for their own words; the cards are read from the
        view's ``hand``, a card is playable when a legal action names it, and the reason for
        another is what its play alone (:meth:`hand_action`, ``play CARD``) raises.

        ``state``: a state consistent with the view, when the caller holds one (the server holds
        the match's own): the answer is the same, found without determinizing the view.
        ``legal``: the seat's legal actions in that state, when the caller has them already (a
        live frame lists them too): not generated twice.
        """
        seat = view["seat"]
        if seat is None or seat not in view["to_act"]:
            return {"actions": [], "unplayable": []}
        # The legal actions and the rules a card breaks depend only on what the seat knows, so
        # any state consistent with its view answers for it (a fixed seed: the same every time).
        if state is None:
            state = self.determinize(view, random.Random(0))
        if legal is None:
            legal = self.legal_actions(state, seat)
        actions = [
            self.action_label(view, action, names) for action in sorted(legal, key=reading_order)
        ]
        unplayable: list[Unplayable] = []
        plays = {card: self.hand_action(view, card) for card in view.get("hand", ())}
        # A card some legal play names (alone or in a combination: ``7VY``, ``1V=9``) can be
        # played; the others cannot (where a card is played at this step at all).
        verbs = {action.split()[0] for action in plays.values() if action is not None}
        named = {
            word.partition("=")[0]
            for action in legal
            if action.split()[0] in verbs
            for word in action.split()[1:]
        }
        for card, action in plays.items():
            if action is None or str(card) in named:
                continue
            reason = self.why_not(view, action, state)
            if reason is not None:
                unplayable.append({"card": str(card), "reason": reason})
        return {"actions": actions, "unplayable": unplayable}

    def labels_read(self, view: View) -> Hashable | None:
        """What of ``view`` its seat's :meth:`labels` read, beside the seat, whether it is to
        act, the names and the legal actions, as a key: two views of the seat with equal keys
        get equal labels (in one language), so the server tells a seat's labels again without
        building them while they cannot have changed (Lame Duck: while the others choose their
        cards, LD-5). ``None``, the default: not said, built for every frame."""
        return None

    def why_not(self, view: View, action: str, state: S | None = None) -> str | None:
        """The engine's own sentence why the seat of ``view`` may not take ``action`` now (the
        ``IllegalAction`` it raises, ruling included), or ``None`` when it may. A pure function
        of the view (``state``: one consistent with it, determinized or the match's own), so a page
        can ask about any choice of its player's (a combination of cards) without holding a
        rule itself."""
        seat = view["seat"]
        if seat is None:
            return "a spectator takes no action"
        if state is None:
            state = self.determinize(view, random.Random(0))
        try:
            self.apply(state, seat, action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def action_label(self, view: View, action: str, names: Sequence[str]) -> ActionLabel:
        """One legal action as the seat of ``view`` is offered it (games override this)."""
        return {"action": action, "label": action, "effect": ""}

    def terms(self) -> list[Term]:
        """The game's own words, each with its meaning, as a table's legend explains them (the
        server sends them once, in ``GET /api/games``); none unless the game names some."""
        return []

    def score_notes(self) -> list[ScoreNote]:
        """The line under a table's scores, what wins (the server sends them once, in ``GET
        /api/games``; a page shows the first whose ``when`` the table's options meet): by
        default, whether fewer or more points are better."""
        if self.info.lower_score_is_better:
            return [{"note": _("Fewer points are better.")}]
        return [{"note": _("More points are better.")}]

    def prompts(self) -> dict[str, str]:
        """What a page tells the seat to act, by situation, in the game's words, where the
        situation is the page's own (what its person has picked: Ladders' "play or drop");
        ``{what}`` stands for what was picked, in the words of its label. The server sends them
        once, in ``GET /api/games``; none by default (a game's view says its ``prompt``)."""
        return {}

    def counts(self) -> dict[str, dict[str, str]]:
        """The game's words with a count that a page fills with a number of its own (Lame
        Duck's "{n} ducks" on a column drawn mid-animation): each in every plural form of the
        reader's language by CLDR category (``pondside.i18n.plural_forms``). The server sends
        them once, in ``GET /api/games``; none by default."""
        return {}

    def standing(self, view: View) -> list[int]:
        """Each seat's place while the match is played, from what any seat sees (``view``):
        by default by the totals, as the match's end ranks them. A game whose end ranks by
        more than the totals says how (Down the Drain's series: games won first, DD-9)."""
        return list(_places(tuple(view["totals"]), self.info.lower_score_is_better))

    def standings(self, events: Sequence[Event], after: View) -> list[list[int]]:
        """Each seat's place after each of ``events``, the events of one step that ends at the
        view ``after``, for a page that shows the step event by event with the scores moving
        as it goes (Lame Duck's takes, each adding its ducks); none by default, or for a step
        whose places do not move: the page shows the frame's ``standing`` once the step is
        drawn."""
        return []

    def captions(self, view: View, names: Sequence[str], replay: bool = False) -> dict[str, str]:
        """What a page writes beside parts of its board, in the game's words, for the seat of
        ``view`` (keys the game's module knows: Down the Drain's ``"group 7"``, ``"seat 2"``),
        and its status line by the page's situation, keys every page reads:

        - ``"status"``: what the seat is to do now, or whom the table waits for;
        - ``"status sent"``: once the page has sent an action, until the table answers;
          ``{what}`` stands for the action's cards (``play 45``: ``45``);
        - ``"status picked"``: a card picked and not yet played (``{what}``: the card);
        - ``"status confirm"``: the status when the page asks its player to confirm each
          choice (Lame Duck's setting).

        A page whose situation has no key of its own shows ``"status"``. ``replay``: the
        frame is a replay's, which offers nothing; a game may then call the seat it follows
        by name ("Ann played 45"). By default, the status of a page that knows nothing of the
        game (static/games/generic.js)."""
        seat = view["seat"]
        if seat is not None and seat in view["to_act"] and not replay:
            return {
                "status": _("Your turn: choose a card or an action."),
                "status sent": _("Sent…"),
            }
        return {"status": waiting_for(view["to_act"], names, seat)}

    def card_facts(self) -> dict[str, Any]:
        """What a page needs to draw the game's card faces with no table to ask (a rules page's
        examples, a legend), as data the server sends once in ``GET /api/games``; none unless
        the game's faces print a rule's fact (Lame Duck's ducks, LD-2)."""
        return {}

    def tallies(self, events: Sequence[Event], players: int) -> dict[str, list[tuple[int, int]]]:
        """Counts a designer reads beside the win rates, from one whole match's ``events``: by
        name (words a person reads, as ``tally_notes`` explains them), for each seat, how often
        a thing happened out of how often it could (Wildcat Chicane's exact bids: bids made
        exactly, of bids made). Tournaments add them up per bot; none by default."""
        return {}

    def tally_notes(self) -> dict[str, str]:
        """What each of ``tallies``' names means, by name, in a sentence said under a results
        table; none by default."""
        return {}

    def hand_action(self, view: View, card: Any) -> str | None:
        """The action that would play ``card`` of the view's hand alone now, or ``None`` at a
        step where no card is played (a column to take, a bid): then no reasons are given."""
        return f"play {card}"

    def card_spans(self, sentence: str) -> list[CardSpan]:
        """Where ``sentence`` (one of this game's: a narration line, a label, a reason) names
        cards by the codes a person types, with the words a reader of names reads instead
        (``engine/narrate.py``): the terminal prints the sentence as it is, a page reads the
        names. None unless the game's cards have names: a number reads the same everywhere."""
        return []

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Scores and places once the match is over, else ``None``."""

    @abstractmethod
    def determinize(self, view: View, rng: random.Random) -> S:
        """A full state consistent with everything the viewing seat knows.

        The seat's own information is unchanged (``view(result, seat) == view``); every card
        the seat cannot see is resampled from the cards it cannot account for, and hidden
        choices already made by other seats at a simultaneous step are sampled too.
        """

    def determinizer(self, view: View) -> Callable[[random.Random], S]:
        """``determinize(view, ·)`` for the many samples a search draws from one view: the same
        states from the same draws. A game may read the view once here (what it fixes: the
        cards seen, the hand sizes) rather than at every sample."""
        return lambda rng: self.determinize(view, rng)

    @abstractmethod
    def timeout_action(self, state: S, seat: int) -> str:
        """The action the rules take for ``seat`` when its time runs out (the server's clock)."""

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)

    def scores(self, state: S) -> tuple[float, ...]:
        """The match scores so far, as ``outcome`` will count them (search bots judge hands by
        how these move). Games override this; the default reads a finished match's outcome."""
        outcome = self.outcome(state)
        if outcome is None:
            raise NotImplementedError(f"{self.info.name} does not report running scores")
        return outcome.scores

    def withdraw_choices(self, state: S, seats: tuple[int, ...]) -> S:
        """The same state with the hidden simultaneous choices of ``seats`` not yet made.

        After :meth:`determinize` those choices are uniform guesses; a search bot withdraws
        them so that its model of each player makes them instead. Games without hidden
        simultaneous choices keep the default, which changes nothing.
        """
        return state

    def progress(self, state: S) -> tuple[float, ...] | None:
        """How well each seat stands in the hand in play, higher is better, or ``None``.

        Search bots that cut a long playout short rank the seats by this. A game whose hands
        are short returns ``None`` (the default): playouts then run to the end of the hand.
        """
        return None

    def hands_played(self, state: S) -> int:
        """How many hands (rounds, deals) the match has completed; benchmarks count deals."""
        return 1 if self.is_over(state) else 0
