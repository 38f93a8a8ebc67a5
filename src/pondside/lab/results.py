"""A lab run's figures, as a designer reads them: each option set's figures, the differences
against the first set on the same deals with a verdict in plain words, a sweep's values against
a target, and the level ladder's matrix with the skill expression."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pondside.engine import PondsideError

from .metrics import (
    FIGURE_NAMES,
    LABELS,
    Difference,
    Figures,
    Rate,
    differences,
    figures,
    ladder_cell,
    skill_expression,
)
from .run import LADDER, LabPlan, Traces

OPERATORS: dict[str, Callable[[float, float], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
}
_CONDITION = re.compile(
    r"^\s*(?P<abs>abs\()?\s*(?P<name>[a-z0-9_]+)\s*(?(abs)\))\s*(?P<op><=|>=|<|>)\s*"
    r"(?P<number>-?[0-9.]+)\s*(?P<points>points?|%)?\s*$"
)


@dataclass(frozen=True)
class Condition:
    """One part of a target: ``abs(first_seat_advantage) <= 1 point``."""

    name: str
    absolute: bool
    op: str
    number: float

    def holds(self, f: Figures) -> bool:
        value = f.value(self.name)
        return OPERATORS[self.op](abs(value) if self.absolute else value, self.number)

    def __str__(self) -> str:
        shown = f"abs({self.name})" if self.absolute else self.name
        return f"{shown} {self.op} {self.number:g}"


def parse_target(text: str) -> list[Condition]:
    """``--target``: conditions on figures joined by ``and``; a number followed by ``points``
    (or ``%``) is in percentage points of a rate.

    >>> [str(c) for c in parse_target("abs(first_seat_advantage) <= 1 point and balance >= 0.9")]
    ['abs(first_seat_advantage) <= 0.01', 'balance >= 0.9']
    """
    names = ", ".join([*FIGURE_NAMES, "seatN_win"])
    conditions = []
    for part in re.split(r"\s+and\s+", text.strip()):
        found = _CONDITION.match(part)
        if found is None:
            raise PondsideError(
                f"a target is FIGURE OP NUMBER, joined by 'and' (e.g. "
                f"'abs(first_seat_advantage) <= 1 point'); OP is <, <=, > or >=; "
                f"{part!r} is not one"
            )
        name = found["name"]
        if name not in FIGURE_NAMES and not re.fullmatch(r"seat[0-9]+_win", name):
            raise PondsideError(f"a target names a figure among {names}; not {name!r}")
        number = float(found["number"]) / (100 if found["points"] else 1)
        conditions.append(Condition(name, bool(found["abs"]), found["op"], number))
    return conditions


@dataclass
class LabResult:
    """The figures of a (perhaps stopped) lab run."""

    plan: LabPlan
    traces: Traces
    target: list[Condition]
    done: int
    seconds: float

    @property
    def partial(self) -> bool:
        return self.done < self.plan.matches

    def _traces_of(self, kind: str) -> list[list[Any]]:
        return [self.traces[e] for e, x in enumerate(self.plan.experiments) if x.kind == kind]

    def set_figures(self) -> list[Figures]:
        return [figures(t, self.plan.players) for t in self._traces_of("set")]

    def set_differences(self) -> list[list[Difference]]:
        """Each option set after the first against the first, on the deals both played."""
        sets = self._traces_of("set")
        return [differences(sets[0], b, self.plan.players) for b in sets[1:]]

    def sweep_figures(self) -> list[Figures]:
        return [figures(t, self.plan.players) for t in self._traces_of("sweep")]

    def sweep_met(self) -> list[str]:
        """The labels of the sweep's values that meet the target."""
        pairs = zip(self.plan.sweep_values, self.sweep_figures(), strict=True)
        return [s.label for s, f in pairs if self.meets(f)]

    def meets(self, f: Figures) -> bool | None:
        """Whether a sweep value's figures meet the target (None without a target, or with no
        matches yet)."""
        if not self.target or not f.matches:
            return None
        return all(c.holds(f) for c in self.target)

    def ladder(self) -> list[list[Rate | None]]:
        """Row level against column level (``LADDER`` order), None on the diagonal."""
        ladder = [t for ts in self._traces_of("ladder") for t in ts]
        return [[None if a == b else ladder_cell(ladder, a, b) for b in LADDER] for a in LADDER]

    def skill(self) -> Rate | None:
        if not self.plan.ladder_deals:
            return None
        cell = self.ladder()[0][LADDER.index("random")]
        return skill_expression(cell) if cell is not None and cell.n else None

    def to_json(self) -> dict[str, Any]:
        sweep = self.sweep_figures()
        ladder = self.ladder()
        skill = self.skill()
        return {
            "plan": self.plan.to_json(),
            "matches": self.done,
            "planned_matches": self.plan.matches,
            "partial": self.partial,
            "seconds": self.seconds,
            "sets": [
                {"setting": s.to_json(), "figures": f.to_json()}
                for s, f in zip(self.plan.sets, self.set_figures(), strict=True)
            ],
            "differences": [
                {
                    "a": self.plan.sets[0].label,
                    "b": self.plan.sets[i + 1].label,
                    "figures": [d.to_json() for d in diffs],
                    "verdict": verdict(diffs),
                }
                for i, diffs in enumerate(self.set_differences())
            ],
            "sweep": {
                "name": self.plan.sweep,
                "target": [str(c) for c in self.target],
                "values": [
                    {"setting": s.to_json(), "figures": f.to_json(), "meets_target": self.meets(f)}
                    for s, f in zip(self.plan.sweep_values, sweep, strict=True)
                ],
            },
            "ladder": {
                "levels": list(LADDER),
                "win_share": [[None if c is None else c.to_json() for c in row] for row in ladder],
                "skill_expression": None if skill is None else skill.to_json(),
            }
            if self.plan.ladder_deals
            else None,
        }


def percent(x: float) -> str:
    return f"{100 * x:.1f}"


def described(d: Difference) -> str:
    """One changed figure in words: ``seat 0's win rate rose 4.1 points (1.2 to 7.0)``."""
    if d.figure.startswith("seat") and d.figure.endswith("_win"):
        what = f"seat {d.figure[4:-4]}'s win rate"
        scale, unit = 100, " points"
    elif d.figure in ("drama", "decisiveness", "decision_points"):
        what, scale, unit = LABELS[d.figure].split(" (")[0], 100, " points"
    else:
        what, scale, unit = LABELS[d.figure], 1, ""
    way = "rose" if d.diff > 0 else "fell"
    return (
        f"{what} {way} {abs(d.diff) * scale:.3g}{unit} "
        f"(95% interval {d.low * scale:+.3g} to {d.high * scale:+.3g})"
    )


def verdict(diffs: list[Difference]) -> str:
    """What changed significantly (the difference's 95% interval excludes zero), in words."""
    changed = [described(d) for d in diffs if d.significant]
    if not diffs or diffs[0].deals < 2:
        return "Too few deals to compare."
    if not changed:
        return (
            f"Nothing changed significantly over {diffs[0].deals} deals: every difference's "
            "95% interval includes zero."
        )
    return f"Over {diffs[0].deals} deals, " + "; ".join(changed) + "."


def options_label(given: Mapping[str, Any]) -> str:
    from .run import shown

    return ",".join(f"{k}={shown(v)}" for k, v in given.items()) or "the rulebook's defaults"
