"""95% intervals: the normal quantile and the Wilson score interval of a proportion."""

from __future__ import annotations

import math
from typing import Final

Z95: Final = 1.959963984540054
"""The standard normal quantile of 97.5%: a two-sided 95% interval is ``z = 1.96`` wide."""


def wilson_interval(wins: float, played: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the proportion ``wins / played`` (95% by default).

    Unlike the normal approximation ``p +- z * sqrt(p(1 - p) / n)`` it stays inside 0 to 1
    and is not of zero width at 0 or all wins. With nothing played it is ``(0, 1)``.

    >>> [round(bound, 4) for bound in wilson_interval(81, 263)]
    [0.2553, 0.3662]
    """
    if played == 0:
        return (0.0, 1.0)
    share = wins / played
    scale = 1 + z * z / played
    centre = (share + z * z / (2 * played)) / scale
    half = z * math.sqrt(share * (1 - share) / played + z * z / (4 * played * played)) / scale
    return (max(0.0, centre - half), min(1.0, centre + half))
