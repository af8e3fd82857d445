"""The coach: what cost a player most time in a match (or a few), ranked, as plain figures.

Read off the analysis (:mod:`spit.records.analysis`), so every figure is the one ``spit
replay`` shows: plays left waiting, the slower side of the player's stocks, fumbles and races
lost, each with the game seconds it cost. :mod:`spit.words.advice` words them.
"""

from __future__ import annotations

import math
import statistics
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final, Literal

from spit.bot.levels import LADDER, MEASURED_REACTION
from spit.engine import STOCKS
from spit.records.analysis import PlayerFigures, Reaction
from spit.records.figures import median

Kind = Literal["waiting", "hand", "fumbles", "races"]

LINES: Final = 3  # the most the coach names: the few that matter
HAND_PLAYS: Final = 3  # reactions each side needs before one side is called slower
SIDES: Final = (range(STOCKS // 2), range(STOCKS - STOCKS // 2, STOCKS))
"""The stock columns under the left and the right of the player's keys (the middle is neither)."""


@dataclass(frozen=True, slots=True)
class Advice:
    """One thing that cost the player time."""

    kind: Kind
    cost: float  # game seconds it cost in all, by which the lines are ranked
    count: int  # plays left waiting, plays on the slower side, fumbles or races lost
    seconds: float
    """waiting: the wait in all; hand: the slower side's median reaction; fumbles: the locks
    in all; races: how much later, on average."""
    where: int = 0  # waiting: the pile waited on longest (0 left); hand: the slower side (0 left)
    other: float = 0.0  # hand: the quicker side's median reaction
    step: int = 0  # the worst moment: the step that ended it
    before: float = 0.0  # how many seconds before that step it began


def advise(figures: PlayerFigures, lines: int = LINES) -> list[Advice]:
    """The ``lines`` things that cost the player most time, the costliest first."""
    found = [
        a for a in (_waiting(figures), _hand(figures), _fumbles(figures), _races(figures)) if a
    ]
    return sorted(found, key=lambda a: -a.cost)[:lines]


def _waiting(figures: PlayerFigures) -> Advice | None:
    missed = figures.missed
    if not missed:
        return None
    by_pile = [sum(m.seconds for m in missed if m.play.pile == pile) for pile in (0, 1)]
    worst = max(missed, key=lambda m: m.seconds)
    total = sum(m.seconds for m in missed)
    where = 0 if by_pile[0] >= by_pile[1] else 1
    return Advice(
        "waiting", total, len(missed), total, where, step=worst.step, before=worst.seconds
    )


def _hand(figures: PlayerFigures) -> Advice | None:
    sides = [[r for r in figures.reactions if r.stock in side] for side in SIDES]
    if min(len(side) for side in sides) < HAND_PLAYS:
        return None
    medians = [median([r.seconds for r in side]) or 0.0 for side in sides]
    slow = 0 if medians[0] > medians[1] else 1
    if medians[slow] <= medians[1 - slow]:
        return None
    worst: Reaction = max(sides[slow], key=lambda r: r.seconds)
    return Advice(
        "hand",
        (medians[slow] - medians[1 - slow]) * len(sides[slow]),
        len(sides[slow]),
        medians[slow],
        slow,
        medians[1 - slow],
        worst.step,
        worst.seconds,
    )


def _fumbles(figures: PlayerFigures) -> Advice | None:
    fumbles = figures.fumbles
    if not fumbles:
        return None
    locked = sum(f.seconds for f in fumbles)
    return Advice("fumbles", locked, len(fumbles), locked, step=fumbles[0].step)


def _races(figures: PlayerFigures) -> Advice | None:
    lost = figures.races_lost
    if not lost:
        return None
    total = sum(r.seconds for r in lost)
    worst = max(lost, key=lambda r: r.seconds)
    return Advice(
        "races", total, len(lost), total / len(lost), step=worst.step, before=worst.seconds
    )


def moment(advice: Advice, times: Sequence[float]) -> int:
    """Where a replay of the steps at ``times`` opens to show ``advice``'s worst moment: the
    table as it stood when it began (how many steps applied)."""
    if advice.step >= len(times):
        return len(times)
    began = times[advice.step] - advice.before
    return min(advice.step, bisect_right(times, began))


def joined(figures: Iterable[PlayerFigures]) -> PlayerFigures:
    """One player's figures over several matches, as one (for the coach over recent matches;
    the steps are each match's own)."""
    together = PlayerFigures()
    for f in figures:
        together.reactions += f.reactions
        together.missed += f.missed
        together.races_lost += f.races_lost
        together.fumbles += f.fumbles
        together.played += f.played
    return together


def round_medians(figures: PlayerFigures, rounds: int) -> list[float | None]:
    """The player's median reaction in each of ``rounds`` rounds (None: no card that round)."""
    return [
        median([r.seconds for r in figures.reactions if r.round == n]) for n in range(1, rounds + 1)
    ]


BLOCKS: Final = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float | None], low: float, high: float) -> str:
    """``values`` as a line of block characters between ``low`` and ``high`` (a space for
    None), so two players' lines drawn on one scale compare."""
    span = high - low
    top = len(BLOCKS) - 1

    def block(v: float) -> str:
        return BLOCKS[top if span <= 0 else round((min(max(v, low), high) - low) / span * top)]

    return "".join(" " if v is None else block(v) for v in values)


def ladder_level(median_reaction: float) -> float:
    """Where a median reaction lies on the ladder, 1 (first game) to 7 (very fast): between
    the two levels whose measured reactions it falls between, in ratio; clamped to the ends."""
    logs = [math.log(MEASURED_REACTION[name]) for name in LADDER]
    x = math.log(median_reaction)
    if x >= logs[0]:
        return 1.0
    for rung, (slow, fast) in enumerate(pairwise(logs), 1):
        if x >= fast:
            return rung + (slow - x) / (slow - fast)
    return float(len(LADDER))


def standing(medians: Sequence[float]) -> tuple[float, float] | None:
    """Where matches with these median reactions put a player on the ladder, with the
    standard error of that mean; None for fewer than two matches (no spread to tell)."""
    if len(medians) < 2:
        return None
    levels = [ladder_level(m) for m in medians]
    return statistics.fmean(levels), statistics.stdev(levels) / math.sqrt(len(levels))
