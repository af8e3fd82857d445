"""Fair play, measured: whether a seat's reaction times in a rated match are a person's.

A reaction is the one definition of :mod:`spit.records.figures`, read from the match's record
after it ends (off the path of play). The bounds come from the bot ladder, whose hands are
modelled on people's and labelled by level (docs/bot.md): over 206 simulated matches of every
level (seed 7), no match's median reaction was under 0.316 s (the very-fast level's best) and
no spread (interquartile range over the median) under 0.175. A seat is flagged only well
beyond both: a median under :data:`FASTEST_MEDIAN`, or a spread under
:data:`NARROWEST_SPREAD`, over at least :data:`MIN_REACTIONS` plays (docs/online.md).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from spit.records.figures import MatchStats
from spit.records.reading import read_record

MIN_REACTIONS: Final = 20  # fewer say too little
FASTEST_MEDIAN: Final = 0.25  # seconds; the ladder's fastest match median was 0.316
NARROWEST_SPREAD: Final = 0.1  # interquartile range / median; the ladder's narrowest 0.175


def inhuman(reactions: Sequence[float]) -> str | None:
    """Why these reaction times (seconds) are not a person's, or None."""
    if len(reactions) < MIN_REACTIONS:
        return None
    median = statistics.median(reactions)
    if median < FASTEST_MEDIAN:
        return f"median reaction {median:.3f} s over {len(reactions)} plays"
    low, _, high = statistics.quantiles(reactions, n=4)
    if (high - low) / median < NARROWEST_SPREAD:
        return f"reactions within {high - low:.3f} s of each other (median {median:.3f} s)"
    return None


def reactions(path: Path) -> tuple[list[float], list[float]]:
    """Each seat's reaction times in the record at ``path`` (blocking: run it in a thread)."""
    stats = MatchStats.of_record(read_record(path))
    return stats.reactions


__all__ = ["FASTEST_MEDIAN", "MIN_REACTIONS", "NARROWEST_SPREAD", "inhuman", "reactions"]
