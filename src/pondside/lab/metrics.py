"""What the designer's lab measures: one match's trace, and the figures of many.

One match gives a :class:`Trace` (its places, scores, length, how many choices each decision had
and its score line). The figures of an option set (:func:`figures`) are defined here, each once:

- **Seat win rate**: the share of matches a seat won, a win shared by ``k`` seats tied first
  counting ``1/k``; with its 95% Wilson score interval.
- **Balance** (Ludii's *Balance*): 1 − the largest gap between two seats' win rates.
- **First seat's advantage** (Ludii's *AdvantageP1*, taken relative to fair): seat 0's win rate
  less the fair share ``1/players``. In a game whose turns are simultaneous (Lame Duck) seat 0 is
  only a seat number, so this tests whether seats are equal rather than assuming it.
- **Length**: decisions (actions taken, every seat's), and hands (rounds, deals) a match lasted:
  mean and standard deviation (Ludii's *Duration* and its spread).
- **Score spread**: the standard deviation of the final scores within a match, averaged over
  matches. **Winning margin**: the gap between the winner's score and the best score of a seat
  placed below first (so a partner sharing the win is not the one beaten), averaged.
- **Score line**: the scores after each decision that changed them, from the all-zero start.
  A seat *leads* at a point when no other seat's score is better.
- **Lead changes** (Ludii's *LeadChange*): how often the sole leader changed, counted along the
  points that have a sole leader (a tie passes the lead on only once someone leads alone).
- **Drama** (after Ludii's *Drama*): the share of the score line's points at which no eventual
  winner led (the winner came from behind).
- **Decisiveness** (Browne's *decisiveness*, as Ludii takes it up): the share of the match, in
  decisions, still to play once the winner's lead became safe, that is once a winner was ahead
  of every other seat at every later point (0: decided at the last decision).
- **Decision points** (TAG's share of decisions with more than one option): the share of
  decisions with more than one legal action. **Branching** (TAG's mean action-space size): the
  mean number of legal actions a decision offered.
- **Ladder cell** (TAG's 2025 balancing competition's agent matrix): the share of the meetings
  of a row level with a column level at one table in which the row level's seat placed above the
  column level's (ties half), with a Wilson interval over matches.
- **Skill expression**: on the same deals, the strongest level's share against random less
  random's share against it (``2W − 1``: 0 when skill is worth nothing, 1 when it always wins).
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pondside.sim.stats import mean_interval, wilson_interval


@dataclass(frozen=True)
class Trace:
    """One match as the lab sees it: ``line`` is the score line (see the module's docstring)
    with the decision count at each point; ``seats`` names the bot (or level) at each seat."""

    deal: int
    seats: tuple[str, ...]
    places: tuple[int, ...]
    scores: tuple[float, ...]
    decisions: int
    choices: int  # decisions with more than one legal action
    legal: int  # legal actions offered, summed over decisions
    hands: int
    line: tuple[tuple[int, tuple[float, ...]], ...]
    lower_is_better: bool

    def win_shares(self) -> list[float]:
        """By seat: 1 for the winner, shared equally by seats tied first."""
        firsts = self.places.count(1)
        return [1 / firsts if p == 1 else 0.0 for p in self.places]

    def _better(self, a: float, b: float) -> bool:
        return a < b if self.lower_is_better else a > b

    def _ahead(self, scores: tuple[float, ...], seats: Sequence[int]) -> bool:
        """Whether one of ``seats`` is strictly ahead of every seat not among them."""
        others = [x for s, x in enumerate(scores) if s not in seats]
        return any(all(self._better(scores[w], x) for x in others) for w in seats)

    def _leaders(self, scores: tuple[float, ...]) -> list[int]:
        best = min(scores) if self.lower_is_better else max(scores)
        return [s for s, x in enumerate(scores) if x == best]

    @property
    def winners(self) -> list[int]:
        return [s for s, p in enumerate(self.places) if p == 1]

    def lead_changes(self) -> int:
        sole = [lead[0] for _, scores in self.line if len(lead := self._leaders(scores)) == 1]
        return sum(1 for a, b in itertools.pairwise(sole) if a != b)

    def drama(self) -> float:
        if not self.line:
            return 0.0
        winners = set(self.winners)
        behind = sum(1 for _, scores in self.line if not winners & set(self._leaders(scores)))
        return behind / len(self.line)

    def decisiveness(self) -> float:
        """The share of decisions left once the winner's lead became safe."""
        if not self.decisions:
            return 0.0
        decided = self.decisions
        for at, scores in reversed(self.line):
            if not self._ahead(scores, self.winners):
                break
            decided = at
        return 1 - decided / self.decisions

    def score_spread(self) -> float:
        return statistics.pstdev(self.scores)

    def margin(self) -> float:
        """The winner's score against the best of the seats placed below first (a partner,
        who shares the win and the score, is not the one beaten); 0 when all are first."""
        beaten = [x for x, p in zip(self.scores, self.places, strict=True) if p > 1]
        if not beaten:
            return 0.0
        winner = self.scores[self.places.index(1)]
        return abs(winner - (min(beaten) if self.lower_is_better else max(beaten)))


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% interval."""

    value: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "ci95": [self.low, self.high], "n": self.n}


def rate(successes: float, trials: int) -> Rate:
    lo, hi = wilson_interval(successes, trials)
    return Rate(successes / trials if trials else 0.0, lo, hi, trials)


@dataclass(frozen=True)
class Mean:
    """A mean with its standard deviation and the 95% interval of the mean (normal)."""

    value: float
    sd: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "sd": self.sd, "ci95": [self.low, self.high], "n": self.n}


def mean(values: Sequence[float]) -> Mean:
    if not values:
        return Mean(0.0, 0.0, 0.0, 0.0, 0)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return Mean(statistics.fmean(values), sd, *mean_interval(values), len(values))


# The per-match figures that are averaged over matches: name → how one trace gives it.
PER_MATCH: dict[str, Callable[[Trace], float]] = {
    "decisions": lambda t: float(t.decisions),
    "hands": lambda t: float(t.hands),
    "score_spread": Trace.score_spread,
    "winning_margin": Trace.margin,
    "lead_changes": lambda t: float(t.lead_changes()),
    "drama": Trace.drama,
    "decisiveness": Trace.decisiveness,
    "decision_points": lambda t: t.choices / t.decisions if t.decisions else 0.0,
    "branching": lambda t: t.legal / t.decisions if t.decisions else 0.0,
}

LABELS = {
    "decisions": "decisions a match",
    "hands": "hands a match",
    "score_spread": "score spread (sd within a match)",
    "winning_margin": "winning margin",
    "lead_changes": "lead changes",
    "drama": "drama (share of points the winner trailed)",
    "decisiveness": "decisiveness (share left once safe)",
    "decision_points": "decision points (share with >1 option)",
    "branching": "branching (legal actions a decision)",
    "balance": "balance",
    "first_seat_advantage": "first seat's advantage",
}


@dataclass
class Figures:
    """Every figure of one option set (see the module's docstring), from its traces."""

    players: int
    matches: int
    seat_win: list[Rate]
    balance: float
    first_seat_advantage: Rate  # seat 0's win rate less 1/players, its interval shifted too
    per_match: dict[str, Mean]
    decision_points: float  # pooled over every decision, not averaged per match
    branching: float
    lengths: list[int]  # decisions of each match, for the length distribution

    def value(self, name: str) -> float:
        """A figure by name, for targets and sweeps: ``balance``, ``first_seat_advantage``,
        ``seat0_win`` ... and the per-match means (``decisions``, ``drama``...)."""
        if name == "balance":
            return self.balance
        if name == "first_seat_advantage":
            return self.first_seat_advantage.value
        if name.startswith("seat") and name.endswith("_win") and name[4:-4].isdigit():
            seat = int(name[4:-4])
            if seat < self.players:
                return self.seat_win[seat].value
        if name in self.per_match:
            return self.per_match[name].value
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "matches": self.matches,
            "seat_win_rate": [r.to_json() for r in self.seat_win],
            "balance": self.balance,
            "first_seat_advantage": self.first_seat_advantage.to_json(),
            "per_match": {k: m.to_json() for k, m in self.per_match.items()},
            "decision_points_pooled": self.decision_points,
            "branching_pooled": self.branching,
        }


FIGURE_NAMES = ("balance", "first_seat_advantage", *PER_MATCH)


def figures(traces: Sequence[Trace], players: int) -> Figures:
    """The figures of an option set's matches."""
    n = len(traces)
    wins = [0.0] * players
    for t in traces:
        for s, share in enumerate(t.win_shares()):
            wins[s] += share
    seat_win = [rate(w, n) for w in wins]
    values = [r.value for r in seat_win]
    fair = 1 / players
    first = seat_win[0]
    decisions = sum(t.decisions for t in traces)
    return Figures(
        players=players,
        matches=n,
        seat_win=seat_win,
        balance=1 - (max(values) - min(values)) if n else 0.0,
        first_seat_advantage=Rate(first.value - fair, first.low - fair, first.high - fair, n),
        per_match={k: mean([f(t) for t in traces]) for k, f in PER_MATCH.items()},
        decision_points=sum(t.choices for t in traces) / decisions if decisions else 0.0,
        branching=sum(t.legal for t in traces) / decisions if decisions else 0.0,
        lengths=[t.decisions for t in traces],
    )


@dataclass(frozen=True)
class Difference:
    """B − A of one figure over the deals both option sets played, with its 95% interval
    (normal, over the per-deal differences: pairing removes the deals' luck from both)."""

    figure: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    deals: int

    @property
    def significant(self) -> bool:
        return self.deals > 1 and (self.low > 0 or self.high < 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "figure": self.figure,
            "a": self.a,
            "b": self.b,
            "difference": self.diff,
            "ci95": [self.low, self.high],
            "deals": self.deals,
            "significant": self.significant,
        }


def per_deal(traces: Sequence[Trace], of: Callable[[Trace], float]) -> dict[int, float]:
    """A per-match figure averaged over each deal's matches (its seat rotations)."""
    sums: dict[int, list[float]] = {}
    for t in traces:
        sums.setdefault(t.deal, []).append(of(t))
    return {d: statistics.fmean(v) for d, v in sums.items()}


def seat_share(seat: int) -> Callable[[Trace], float]:
    return lambda t: t.win_shares()[seat]


def paired(
    figure: str, a: dict[int, float], b: dict[int, float], bounded: bool = False
) -> Difference:
    """The difference of a per-deal figure between two option sets on their common deals.

    ``bounded``: a win share, in [0, 1] under both sets. The plain normal interval of the
    per-deal differences covers too little there (about 90% at a 10-point change over 150
    deals, where most differences are 0), so the interval is Newcombe's hybrid score interval
    for paired proportions (Newcombe 1998, method 10): the two sets' Wilson intervals joined
    through the correlation of their per-deal shares.
    """
    deals = sorted(set(a) & set(b))
    diffs = [b[d] - a[d] for d in deals]
    m = mean(diffs)
    low, high = m.low, m.high
    if bounded and len(deals) > 1:
        xs, ys = [a[d] for d in deals], [b[d] for d in deals]
        n = len(deals)
        p1, p2 = statistics.fmean(xs), statistics.fmean(ys)
        l1, u1 = wilson_interval(sum(xs), n)
        l2, u2 = wilson_interval(sum(ys), n)
        try:
            phi = statistics.correlation(xs, ys)
        except statistics.StatisticsError:  # one set's shares are all alike
            phi = 0.0
        low = m.value - math.sqrt(
            max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2)
        )
        high = m.value + math.sqrt(
            max(0.0, (u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2)
        )
    va = statistics.fmean([a[d] for d in deals]) if deals else 0.0
    vb = statistics.fmean([b[d] for d in deals]) if deals else 0.0
    return Difference(figure, va, vb, m.value, low, high, len(deals))


def differences(a: Sequence[Trace], b: Sequence[Trace], players: int) -> list[Difference]:
    """Every per-match figure and each seat's win rate, B against A, on the same deals."""
    out = [
        paired(f"seat{s}_win", per_deal(a, seat_share(s)), per_deal(b, seat_share(s)), True)
        for s in range(players)
    ]
    out += [paired(k, per_deal(a, f), per_deal(b, f)) for k, f in PER_MATCH.items()]
    return out


def meeting_share(t: Trace, row: str, col: str) -> float | None:
    """The share of the (row seat, column seat) pairs of a match in which the row's level placed
    above the column's, ties half; None when the two did not meet."""
    pairs = [
        1.0 if t.places[r] < t.places[c] else 0.5 if t.places[r] == t.places[c] else 0.0
        for r, x in enumerate(t.seats)
        if x == row
        for c, y in enumerate(t.seats)
        if y == col
    ]
    return statistics.fmean(pairs) if pairs else None


def ladder_cell(traces: Sequence[Trace], row: str, col: str) -> Rate:
    """The row level's share against the column level, over the matches where they met."""
    shares = [s for t in traces if (s := meeting_share(t, row, col)) is not None]
    return rate(sum(shares), len(shares))


def skill_expression(cell: Rate) -> Rate:
    """``2W − 1`` of the strongest level's cell against random, with its interval mapped."""
    return Rate(2 * cell.value - 1, 2 * cell.low - 1, 2 * cell.high - 1, cell.n)
