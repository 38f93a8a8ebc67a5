"""Statistics for win rates: Wilson score intervals (good at small samples and extreme rates);
and the normal interval of a mean (scores, ducks, points)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from math import sqrt

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; fractional successes (shared wins) allowed.

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)

    No wins (or only wins) puts that end at exactly 0 (or 1), not a rounding error away from it:

    >>> wilson_interval(0, 300)[0], wilson_interval(300, 300)[1]
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= trials else min(1.0, centre + half)
    return (lo, hi)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The normal 95 % interval of the mean of ``values`` (mean ± z standard errors); a single
    value is its own interval, none is (0, 0).

    >>> lo, hi = mean_interval([8, 10, 12, 10])
    >>> round(lo, 2), round(hi, 2)
    (8.4, 11.6)
    """
    if not values:
        return (0.0, 0.0)
    m = statistics.fmean(values)
    half = z * statistics.stdev(values) / sqrt(len(values)) if len(values) > 1 else 0.0
    return (m - half, m + half)
