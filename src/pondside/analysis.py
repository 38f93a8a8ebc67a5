"""Hints and post-match analysis, for every game: what a level would play, what each legal
action is worth, and where a recorded match was lost.

Everything here goes through the engine protocol and the bots only, so the terminal's ``hint``,
the server and ``pondside analyze`` share it:

- :func:`estimate_actions` judges a seat's legal actions from its view by flat Monte-Carlo on
  common random numbers: each sample is one determinization of the hidden cards, on which every
  candidate action is applied and played out by the game's heuristic for every seat, with the
  same luck for each (the same hidden cards, the same draws, the same rollout choices). An
  action's value is the **expected place** it leads to, 1 being first.
- :func:`hint` is the action a bot level would take, its reason when the bot has one, and those
  estimates.
- :func:`analyze` replays a match record and, at each decision of a seat that had a choice, says
  how many expected places the action played lost against the best action found.

The playouts and the rewards are the search bots' own (:class:`pondside.bots.search.MCSBot`,
``rollout=heuristic``, ``reward=rank``): a playout stops at the end of the hand in play, and a
hand is judged by its own scores (how the match scores moved during it), not by the match's
final standing; a playout that reaches the end of the match is judged by its places. The places
count ties as the engine does: two seats level at the top are both first.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pondside import i18n
from pondside.bots import Bot, MCSBot, UnknownBot, heuristic_class, make_bot, parse_spec
from pondside.bots.declared import game_bots
from pondside.bots.levels import level_spec
from pondside.engine import Game, Match, PondsideError, Rng, View, record_names, seed_state
from pondside.engine.narrate import action_words
from pondside.i18n import _

DEFAULT_ITERATIONS = 300
"""Playouts per decision (spread over the candidates by sequential halving)."""
DEFAULT_WIDTH = 24
"""At most this many actions are evaluated at one decision; the others are listed as not."""


@dataclass(frozen=True)
class ActionEstimate:
    """What one legal action is worth to the seat, from ``samples`` determinizations.

    ``place``: the expected place (1 = first, ties as the engine ranks them); ``stderr``: its
    standard error; ``share``: the search's own reward, the share of the other seats beaten
    (ties count half); ``win``: how often the seat came first (a shared first split).
    ``rounds``: how many rounds of sequential halving it stayed in (the survivors of the last
    round were compared on exactly the same samples).
    """

    action: str
    place: float
    stderr: float
    share: float
    win: float
    samples: int
    rounds: int

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "place": round(self.place, 4),
            "stderr": round(self.stderr, 4),
            "share": round(self.share, 4),
            "win": round(self.win, 4),
            "samples": self.samples,
            "rounds": self.rounds,
        }


@dataclass(frozen=True)
class Estimates:
    """The estimates of one decision, best first: the actions that survived every round of
    halving by expected place, then the others (judged on fewer samples) by the round they
    were dropped in and their place. ``not_evaluated`` are legal actions left out of a large
    set (more than ``width``)."""

    seat: int
    players: int
    actions: list[ActionEstimate]
    not_evaluated: list[str]
    samples: int
    playouts: int
    seconds: float
    _places: dict[str, list[float]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def best(self) -> ActionEstimate:
        return self.actions[0]

    def of(self, action: str) -> ActionEstimate | None:
        return next((e for e in self.actions if e.action == action), None)

    def loss(self, action: str) -> tuple[float, float]:
        """How many expected places ``action`` loses against the best action found, and the
        standard error of that difference (paired: both saw the same samples). 0 for the best
        action; ``KeyError`` for an action that was not evaluated."""
        mine, best = self._places[action], self._places[self.best.action]
        n = min(len(mine), len(best))
        if action == self.best.action or n == 0:
            return 0.0, 0.0
        # The best survived every round, so its first n samples are the ones ``action`` saw.
        diffs = [a - b for a, b in zip(mine[:n], best[:n], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        return mean, math.sqrt(var / n)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "actions": [e.to_json() for e in self.actions],
            "not_evaluated": list(self.not_evaluated),
            "samples": self.samples,
            "playouts": self.playouts,
            "seconds": round(self.seconds, 3),
        }


def _check_budget(iterations: int | None, seconds: float | None) -> None:
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise PondsideError(f"iterations must be a whole number >= 1, not {iterations!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0
    ):
        raise PondsideError(f"seconds must be a positive number, not {seconds!r}")


def _search_limits(game: Game[Any]) -> dict[str, Any]:
    """The playout cut the game's own search uses (``horizon``, ``turns``: Ladders' long
    hands), so estimates judge a hand as the search bot does."""
    declared = game_bots(game)
    if declared is None:
        return {}
    _name, params = parse_spec(declared.search)
    return {k: params[k] for k in ("horizon", "turns") if k in params}


def heuristic_action(game: Game[Any], view: View, legal: list[str], seed: int = 0) -> str | None:
    """The game's heuristic bot's choice, or None for a game without one."""
    try:
        bot = heuristic_class(game)(game, view["seat"], random.Random(seed))
    except UnknownBot:
        return None
    return bot.choose(view, legal)


def estimate_actions(
    game: Game[Any],
    view: View,
    legal: Sequence[str],
    *,
    keep: Sequence[str] = (),
    iterations: int | None = DEFAULT_ITERATIONS,
    seconds: float | None = None,
    seed: int = 0,
    width: int = DEFAULT_WIDTH,
    batch: int | None = None,
) -> Estimates:
    """The expected place of the seat's legal actions, from its ``view`` only.

    Flat Monte-Carlo on common random numbers (see the module): each sample determinizes the
    view (``game.determinize``, the others' hidden choices withdrawn so the rollout policy makes
    them), then every candidate is applied and played out with the same luck. The budget is
    ``iterations`` playouts (reproducible for a ``seed``) and/or ``seconds`` (whichever ends
    first), spent by sequential halving as :class:`MCSBot` does: after each round the worse half
    of the candidates is dropped, except the actions in ``keep`` (the one played, the one a level
    would take), which are judged on every sample.

    At most ``width`` actions are evaluated: ``keep``, then the heuristic's choice, then a seeded
    sample of the rest; the others are listed in ``not_evaluated``. Where the game has batched
    rollouts (``bots/rollout.py``), a halving round's samples are played out together (the same
    estimates as one by one: the heuristic's playouts are the same) as ``mcs`` plays them by
    default (``MCSBot``'s ``batch``; not Ladders' heuristic, no faster batched); ``batch=0``
    plays them one by one, ``batch=K`` K at a time.
    """
    _check_budget(iterations, seconds)
    if iterations is None and seconds is None:
        raise PondsideError("estimating actions needs a budget: iterations or seconds")
    if not legal:
        raise PondsideError("there is no legal action to estimate")
    seat = view["seat"]
    if not isinstance(seat, int):
        raise PondsideError("actions are estimated from a seat's view, not a spectator's")
    players = int(view["players"])
    legal = list(dict.fromkeys(legal))
    missing = [a for a in keep if a not in legal]
    if missing:
        raise PondsideError(f"{missing[0]!r} is not one of the legal actions")
    rng = random.Random(seed)
    started = time.perf_counter()

    # The candidates: the kept actions, the heuristic's, then a sample of the rest.
    kept = list(dict.fromkeys(keep))
    first = list(kept)
    if len(legal) > max(width, len(first)):
        favourite = heuristic_action(game, view, legal, rng.getrandbits(32))
        if favourite is not None and favourite not in first:
            first.append(favourite)
    rest = [a for a in legal if a not in first]
    room = max(0, width - len(first))
    if len(rest) > room:
        chosen = set(rng.sample(rest, room))
        left_out = [a for a in rest if a not in chosen]
        rest = [a for a in rest if a in chosen]
    else:
        left_out = []
    actions = first + rest

    bot = MCSBot(
        game,
        seat,
        random.Random(rng.getrandbits(64)),
        rollout="heuristic",
        reward="rank",
        batch=batch,
        **_search_limits(game),
    )
    others = tuple(s for s in range(players) if s != seat)
    places: list[list[float]] = [[] for _ in actions]
    shares: list[list[float]] = [[] for _ in actions]
    wins: list[list[float]] = [[] for _ in actions]
    rounds_in = [0] * len(actions)
    protected = {actions.index(a) for a in kept}
    candidates = list(range(len(actions)))
    rounds = max(1, math.ceil(math.log2(len(actions)))) if len(actions) > 1 else 1
    done, samples = 0, 0
    chunk = 1  # samples played together under a time budget: ``batch`` once batched

    def sample(count: int = 1) -> None:
        """``count`` samples, played out together where the game has batched rollouts."""
        nonlocal done, samples, chunk
        starts, lucks = [], []
        for _draw in range(count):  # the generator's draws in the one-by-one order
            starts.append(game.withdraw_choices(game.determinize(view, rng), others))
            lucks.append(rng.getrandbits(64))
        if chunk == 1 and bot.batched(starts[0], players):
            chunk = max(1, bot.batch)
        for rewards in bot.play_samples(starts, actions, candidates, lucks):
            for k, ranks in zip(candidates, rewards, strict=True):
                mine = ranks[seat]
                # The engine's places: 1 + the seats strictly ahead (ranks follow the results).
                places[k].append(1.0 + sum(1 for r in ranks if r > mine))
                shares[k].append(mine)
                wins[k].append(1.0 / ranks.count(mine) if mine == max(ranks) else 0.0)
                done += 1
            samples += 1

    def mean(k: int) -> float:
        return sum(places[k]) / len(places[k])

    for r in range(rounds):
        if seconds is not None:
            until = started + seconds * (r + 1) / rounds
            cap = None if iterations is None else iterations * (r + 1) / rounds
            sample()
            while time.perf_counter() < until and (cap is None or done + len(candidates) <= cap):
                # Batched, a few samples at a time (within the iterations left), as mcs does.
                room = chunk if cap is None else int((cap - done) // len(candidates))
                sample(max(1, min(chunk, room)))
        else:
            assert iterations is not None
            quota = (iterations - done) // (rounds - r)
            sample(max(1, quota // len(candidates)))
        for k in candidates:
            rounds_in[k] = r + 1
        if r < rounds - 1 and len(candidates) > 1:
            ranked = sorted(candidates, key=lambda k: (mean(k), k))
            keep_k = ranked[: math.ceil(len(ranked) / 2)]
            keep_k += [k for k in sorted(protected) if k not in keep_k]
            candidates = sorted(keep_k)

    def stderr(values: list[float]) -> float:
        n = len(values)
        if n < 2:
            return 0.0
        m = sum(values) / n
        return math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1) / n)

    estimates = [
        ActionEstimate(
            action=actions[k],
            place=mean(k),
            stderr=stderr(places[k]),
            share=sum(shares[k]) / len(shares[k]),
            win=sum(wins[k]) / len(wins[k]),
            samples=len(places[k]),
            rounds=rounds_in[k],
        )
        for k in range(len(actions))
    ]
    estimates.sort(key=lambda e: (-e.rounds, e.place, actions.index(e.action)))
    return Estimates(
        seat=seat,
        players=players,
        actions=estimates,
        not_evaluated=left_out,
        samples=samples,
        playouts=done,
        seconds=time.perf_counter() - started,
        _places={actions[k]: places[k] for k in range(len(actions))},
    )


# --- hints -----------------------------------------------------------------------------------
HINT_CLEAR_LOSS = 0.1
"""How many expected places the rule of thumb's choice must lose against the search's best
(and by two standard errors) for a hint to suggest the search's best instead."""


@dataclass(frozen=True)
class Hint:
    """What ``level`` would play (``action``), why when its bot can say, and the estimates of
    the legal actions (None when not asked for)."""

    level: str
    action: str
    why: str | None
    estimates: Estimates | None
    label: str = ""
    """The action in the game's words and the table's numbering (``take column 2 …``)."""
    note: str | None = None
    """When the suggestion and the estimates' best differ, why the suggestion is what it is, in
    plain words (the estimates too close to tell, or the rule of thumb overruled)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "action": self.action,
            "label": self.label,
            "note": self.note,
            "why": self.why,
            "estimates": self.estimates.to_json() if self.estimates else None,
        }


def level_bot(game: Game[Any], level: str, seat: int, seed: int) -> Bot:
    """The bot of ``level`` (one of ``pondside.bots.levels.LEVELS``) for ``seat``."""
    return make_bot(level_spec(game, level), game, seat, seed)


def hint(
    game: Game[Any],
    view: View,
    legal: Sequence[str],
    level: str = "heuristic",
    seed: int = 0,
    *,
    bot: Bot | None = None,
    estimate: bool = True,
    iterations: int | None = DEFAULT_ITERATIONS,
    seconds: float | None = None,
    width: int = DEFAULT_WIDTH,
    names: Sequence[str] = (),
) -> Hint:
    """The action ``level`` would take from this seat's ``view`` (its bot made from ``seed``,
    or ``bot`` when the caller keeps one), its explanation, its label in the game's words
    (``names`` call the seats, "Seat N" when not given), and with ``estimate`` the expected
    place of the legal actions (:func:`estimate_actions`, that action always among them)."""
    legal = list(legal)
    if not legal:
        raise PondsideError(_("there is no legal action to hint at"))
    seat = view["seat"]
    if not isinstance(seat, int):
        raise PondsideError(_("a hint is for a seat's view, not a spectator's"))
    if bot is None:
        bot = level_bot(game, level, seat, seed)
    action = bot.choose(view, legal)
    why = bot.explain(view, legal, action)
    estimates = None
    if estimate and len(legal) > 1:
        estimates = estimate_actions(
            game,
            view,
            legal,
            keep=[action],
            iterations=iterations,
            seconds=seconds,
            seed=seed,
            width=width,
        )
    note = None
    if estimates is not None and estimates.best.action != action:
        # The hint never contradicts its own estimates: the search's best is suggested when it
        # is clearly better than the rule of thumb's choice; when the two are too close to
        # tell, the rule of thumb stands and the note says so.
        heuristic = game.action_label(view, action, names)["label"]
        best = estimates.best
        best_words = game.action_label(view, best.action, names)["label"]
        loss, stderr = estimates.loss(action)
        mine = estimates.of(action)
        if loss > HINT_CLEAR_LOSS and loss > 2 * stderr:
            note = _(
                "The rule of thumb would {heuristic}, but the simulations rate {best} clearly "
                "better (expected place {place} against {mine})."
            ).format(
                heuristic=heuristic,
                best=best_words,
                place=i18n.number(best.place, 1),
                mine=i18n.number(mine.place if mine else best.place + loss, 1),
            )
            action, why = best.action, None
        else:
            note = _(
                "The simulations rate {best} about as well ({loss} of a place apart, within "
                "their error): the suggestion follows the rule of thumb."
            ).format(best=best_words, loss=i18n.number(loss, 2))
    label = action_words(game.action_label(view, action, names))
    return Hint(level=level, action=action, why=why, estimates=estimates, label=label, note=note)


# --- post-match analysis ---------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """One decision of a seat that had a choice: ``number`` is the action's place in the record
    (1 = its first action), ``hand`` the view's hand number. ``loss`` is in expected places
    (0 when the played action is the best found), ``stderr`` its paired standard error."""

    number: int
    hand: int
    seat: int
    played: str
    best: str
    loss: float
    stderr: float
    place_played: float
    place_best: float
    legal: int
    evaluated: int
    samples: int
    played_label: str = ""
    """The action played, in the game's words and the table's numbering."""
    best_label: str = ""
    """The best action found, likewise."""

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "hand": self.hand,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "played_label": self.played_label,
            "best_label": self.best_label,
            "loss": round(self.loss, 4),
            "stderr": round(self.stderr, 4),
            "place_played": round(self.place_played, 4),
            "place_best": round(self.place_best, 4),
            "legal": self.legal,
            "evaluated": self.evaluated,
            "samples": self.samples,
        }


@dataclass(frozen=True)
class Analysis:
    """A record's decisions, in the order they were made, with what they cost."""

    game: Game[Any]
    players: int
    names: list[str]
    seats: list[int]
    finished: bool
    actions: int
    decisions: list[Decision]
    iterations: int
    seed: int
    seconds: float

    def mistakes(self, top: int | None = None) -> list[Decision]:
        """The decisions that lost something, biggest loss first (the earlier on a tie)."""
        lost = sorted((d for d in self.decisions if d.loss > 0), key=lambda d: (-d.loss, d.number))
        return lost if top is None else lost[:top]

    def totals(self) -> dict[int, dict[str, float]]:
        """Per analysed seat: decisions, total and mean loss, and how often the played action
        was the best found."""
        out: dict[int, dict[str, float]] = {}
        for s in self.seats:
            mine = [d for d in self.decisions if d.seat == s]
            total = sum(d.loss for d in mine)
            out[s] = {
                "decisions": len(mine),
                "total_loss": total,
                "mean_loss": total / len(mine) if mine else 0.0,
                "best_share": sum(1 for d in mine if d.played == d.best) / len(mine)
                if mine
                else 0.0,
            }
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.info.slug,
            "players": self.players,
            "names": list(self.names),
            "seats": list(self.seats),
            "finished": self.finished,
            "actions": self.actions,
            "iterations": self.iterations,
            "seed": self.seed,
            "seconds": round(self.seconds, 2),
            "decisions": [d.to_json() for d in self.decisions],
            "totals": {
                str(s): {k: round(v, 4) for k, v in t.items()} for s, t in self.totals().items()
            },
        }


def decision_seed(seed: int, number: int) -> int:
    """The seed of one decision's estimate: the same for the same run seed and decision,
    whichever seats are analysed."""
    return Rng(seed_state(seed)).fork(number).next64() >> 1


def judge(
    game: Game[Any],
    view: View,
    legal: list[str],
    action: str,
    number: int,
    iterations: int,
    seed: int,
    width: int,
    names: Sequence[str] = (),
) -> Decision:
    """One decision: the best action is searched for with ``iterations`` playouts; when it is
    not the one played, the two are compared again on as many fresh playouts, and the loss is
    that comparison's. The search picks the action that looked best on its samples, so its own
    margin over the played action is biased upwards (the winner's curse); fresh samples are
    not, and an action that only looked better comes out level or behind (a loss of 0).
    ``names`` call the seats in the actions' labels."""
    found = estimate_actions(
        game,
        view,
        legal,
        keep=[action],
        iterations=iterations,
        seed=decision_seed(seed, number),
        width=width,
    )
    best = found.best.action
    est = found
    if best != action:
        est = estimate_actions(
            game,
            view,
            [action, best],
            keep=[action, best],
            iterations=iterations,
            seed=decision_seed(seed, -number),
        )
    loss, err = est.loss(action) if est.best.action != action else (0.0, 0.0)
    played, top = est.of(action), est.of(best)
    assert played is not None and top is not None
    best = best if loss > 0 else action
    said = {a: action_words(game.action_label(view, a, names)) for a in {action, best}}
    return Decision(
        number=number,
        hand=int(view.get("hand_number", 0)),
        seat=int(view["seat"]),
        played=action,
        best=best,
        loss=max(0.0, loss),
        stderr=err,
        place_played=played.place,
        place_best=top.place if loss > 0 else played.place,
        legal=len(legal),
        evaluated=len(found.actions),
        samples=played.samples,
        played_label=said[action],
        best_label=said[best],
    )


def choices(
    game: Game[Any],
    record: Mapping[str, Any],
    seats: Sequence[int],
    final: Match[Any] | None = None,
) -> list[tuple[int, int, View, list[str], str]]:
    """The decisions of ``seats`` in ``record`` that :func:`analyze` judges, those with more
    than one legal action: (number in the record, seat, view, legal actions, action played).
    Cheap next to judging them (a replay), so a server can say how long an analysis would be
    before it starts one. ``final``: the record's match, when the caller has replayed it."""
    if final is None:
        final = Match.from_record(game, record)
    replayed: Match[Any] = Match.start_of(game, record)
    todo: list[tuple[int, int, View, list[str], str]] = []
    for number, (who, action) in enumerate(final.actions, 1):
        if who in seats:
            legal = replayed.legal(who)
            if len(legal) > 1:
                todo.append((number, who, replayed.view(who), legal, action))
        replayed.apply(who, action)
    return todo


def analyze(
    game: Game[Any],
    record: Mapping[str, Any],
    seat: int | None = None,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    width: int = DEFAULT_WIDTH,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Replay ``record`` and judge each decision of ``seat`` (every seat when None) that had
    more than one legal action: the action played against the best one found by
    :func:`estimate_actions` (``iterations`` playouts each), from the seat's view at the time.

    An unfinished record is analysed as far as it was played. Deterministic for a ``seed``.
    ``progress(done, total)`` is called as decisions are judged. ``BadRecord`` (a
    ``PondsideError``) says what is wrong with a record, and a seat out of range is refused.
    """
    _check_budget(iterations, None)
    final = Match.from_record(game, record)
    players = final.players
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < players):
        raise PondsideError(f"seat must be 0 to {players - 1} at this table of {players}")
    seats = list(range(players)) if seat is None else [seat]
    started = time.perf_counter()
    # First the decisions to judge (their views as the seats saw them), then the judging.
    todo = choices(game, record, seats, final)
    decisions: list[Decision] = []
    if progress:
        progress(0, len(todo))
    names = record_names(record, players)
    for i, (number, _seat, view, legal, action) in enumerate(todo, 1):
        decisions.append(judge(game, view, legal, action, number, iterations, seed, width, names))
        if progress:
            progress(i, len(todo))
    return Analysis(
        game=game,
        players=players,
        names=names,
        seats=seats,
        finished=final.is_over(),
        actions=len(final.actions),
        decisions=decisions,
        iterations=iterations,
        seed=seed,
        seconds=time.perf_counter() - started,
    )


def decision_labels(
    game: Game[Any],
    record: Mapping[str, Any],
    decisions: Sequence[Mapping[str, Any]],
    locales: Sequence[str],
) -> dict[str, list[list[str]]]:
    """Each of ``decisions`` (an analysis's, as ``Decision.to_json`` writes them) labelled in
    each of ``locales``: ``[played_label, best_label]`` per decision, in their order, the seats
    called by the record's names in that language. A replay of the record and a label per
    action, nothing next to the search: a server labels an analysis in every language once,
    and each asker reads their own without the search being made again."""
    from pondside import i18n

    seats = sorted({int(d["seat"]) for d in decisions})
    views = {number: view for number, _seat, view, _legal, _action in choices(game, record, seats)}
    players = int(record["players"])
    said: dict[str, list[list[str]]] = {}
    for locale in locales:
        with i18n.using(locale):
            names = record_names(record, players)
            said[locale] = [
                [
                    action_words(game.action_label(views[int(d["number"])], d[key], names))
                    for key in ("played", "best")
                ]
                for d in decisions
            ]
    return said
