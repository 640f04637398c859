"""The few statistical functions the simulator needs, without importing ``scipy.stats``.

``scipy.stats`` takes over a second to import; a one-hand ``brag simulate`` needs one chi-square
p-value. The chi-square survival function of a whole number of degrees of freedom has a closed form
(a finite sum, with one ``erfc`` for an odd number), computed here with :mod:`math`; the normal
quantile comes from :class:`statistics.NormalDist`; only Student's t quantile needs
:func:`scipy.special.stdtrit` (a much lighter import, made only when an interval is asked for).
The tests check every function against ``scipy.stats``::

    >>> round(chi_square_sf(3.0, 6), 6), round(chi_square_sf(3.0, 5), 6)
    (0.808847, 0.699986)
    >>> result = chi_square_test([48, 52], [50, 50])
    >>> round(result.statistic, 3), round(result.pvalue, 4)
    (0.16, 0.6892)
    >>> [round(x, 4) for x in wilson_interval(30, 100, 0.95)]
    [0.2189, 0.3958]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

__all__ = ["ChiSquareResult", "chi_square_sf", "chi_square_test", "normal_quantile", "t_quantile",
           "wilson_interval"]


@dataclass(frozen=True)
class ChiSquareResult:
    """A goodness-of-fit test: the statistic, its p-value and the degrees of freedom."""

    statistic: float
    pvalue: float
    dof: int


def chi_square_sf(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable with ``dof`` (a whole number >= 1) degrees of freedom.

    Q(k/2, x/2), the regularised upper incomplete gamma function, by its finite sum: for an even
    ``dof`` ``exp(-y) * sum_{i < k/2} y**i / i!``, for an odd one ``erfc(sqrt(y))`` plus the terms
    ``exp(-y) y**(i + 1/2) / Gamma(i + 3/2)`` (with ``y = x / 2``). Terms are added in log space,
    so large statistics give tiny p-values rather than overflow.
    """
    if isinstance(dof, bool) or not isinstance(dof, int) or dof < 1:
        raise ValueError(f"degrees of freedom must be a whole number of at least 1, not {dof!r}")
    if math.isnan(x):
        return math.nan
    if x <= 0:
        return 1.0
    y = x / 2
    half = dof % 2 == 1  # odd: the terms run over half-integers, after erfc
    total = math.erfc(math.sqrt(y)) if half else 0.0
    for i in range((dof - 1) // 2 if half else dof // 2):
        a = i + 0.5 if half else float(i)
        total += math.exp(-y + a * math.log(y) - math.lgamma(a + 1))
    return min(total, 1.0)


def chi_square_test(observed: Sequence[float], expected: Sequence[float]) -> ChiSquareResult:
    """Pearson's goodness-of-fit test, as ``scipy.stats.chisquare(observed, expected)``.

    A category expected never (0) and observed never adds nothing; one observed anyway makes the
    statistic infinite (p-value 0).
    """
    if len(observed) != len(expected):
        raise ValueError("observed and expected counts differ in length")
    statistic = 0.0
    for o, e in zip(observed, expected):
        if e == 0:
            if o:
                return ChiSquareResult(math.inf, 0.0, len(observed) - 1)
            continue
        statistic += (o - e) ** 2 / e
    dof = len(observed) - 1
    return ChiSquareResult(statistic, chi_square_sf(statistic, dof) if dof >= 1 else math.nan, dof)


def normal_quantile(p: float) -> float:
    """The standard normal quantile (Wichura's AS 241, double precision)."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(p)


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile with ``df`` degrees of freedom (:func:`scipy.special.stdtrit`)."""
    from scipy.special import stdtrit

    return float(stdtrit(df, p))


def wilson_interval(k: int, n: int, level: float) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes out of ``n`` (as scipy's ``binomtest(k, n)
    .proportion_ci(level, method="wilson")``, clipped to [0, 1])."""
    if n < 1 or not 0 <= k <= n:
        raise ValueError(f"a proportion needs 0 <= k <= n and n >= 1, not k={k}, n={n}")
    z = normal_quantile(0.5 + level / 2)
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # no successes: the lower end is 0 exactly (centre and half are equal; rounding left 5e-20), all: 1
    return (0.0 if k == 0 else max(0.0, centre - half)), (1.0 if k == n else min(1.0, centre + half))
