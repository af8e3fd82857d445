"""The coach's part of the match-over box and the replay: where the time went, and each
player's reaction round by round as a small chart (:mod:`spit.records.advice`)."""

from __future__ import annotations

from rich.text import Text

from spit import words
from spit.app.look import ON_DARK, Inks
from spit.records.advice import advise, moment, round_medians, sparkline
from spit.records.analysis import Analysis, analyse, read_analysed
from spit.records.record import Record, RecordError
from spit.records.recorder import MatchRecorder, Recorder

CHART_ROUNDS = 20  # the last rounds the chart shows: a column of the box holds that many


def charts(analysis: Analysis, upto: int | None = None, ink: Inks = ON_DARK) -> tuple[Text, Text]:
    """Each player's median reaction per round (of the first ``upto`` steps), one block a
    round, on one scale: the taller block, the slower round (in ``ink``: on the felt, or a
    dialog's)."""
    figures = [f if upto is None else f.upto(upto) for f in analysis.players]
    rounds = max((r.round for f in figures for r in f.reactions), default=0)
    medians = [round_medians(f, rounds)[-CHART_ROUNDS:] for f in figures]
    known = [m for series in medians for m in series if m is not None]
    low, high = (min(known), max(known)) if known else (0.0, 0.0)
    return (
        Text(sparkline(medians[0], low, high), style=ink.player(0)),
        Text(sparkline(medians[1], low, high), style=ink.player(1)),
    )


def coach_lines(
    analysis: Analysis, seat: int, name: str, most: int, ink: Inks = ON_DARK
) -> list[Text]:
    """A heading and the (at ``most``) things that cost ``seat`` most time, in ``ink``."""
    heading = Text(words.advice.heading(name))
    heading.highlight_words([name], ink.player(seat))
    found = advise(analysis.players[seat], most)
    if not found:
        return [heading, Text("• " + words.advice.nothing(), style=ink.dim)]
    return [heading, *(Text("• " + words.advice.line(a)) for a in found)]


def read_back(recorder: Recorder | None) -> Record | None:
    """The record of the match that just ended, read back with its figures and steps (the
    coach's, the replay's): once, as the box comes up, 5–45 ms for 200–800 actions on a
    shared 2-core machine. None when it was not recorded or cannot be read."""
    path = recorder.ended if isinstance(recorder, MatchRecorder) else None
    if path is None:
        return None
    try:
        return read_analysed(path, steps=True)
    except (RecordError, OSError):
        return None


def worst_moment(record: Record, seat: int) -> int:
    """Where the replay of ``record`` opens for ``seat``: as the costliest line's worst moment
    began (the deal, if nothing cost time)."""
    found = advise(analyse(record).players[seat], 1)
    times = [step.at for step in record.steps or ()]
    return moment(found[0], times) if found else 0
