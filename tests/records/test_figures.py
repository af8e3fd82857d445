"""Reaction time is defined once: the match-over dialog, ``spit stats`` (the record's
analysis) and the simulator give one match the same figures (issue 19, item 3)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from spit.bot import Bot
from spit.engine import Action, Match, Result
from spit.records.analysis import analyse
from spit.records.figures import MatchStats
from spit.records.record import RecordWriter, read_record
from spit.sim.simulator import play_match
from tests.records.played import header


class _Watched(Match):
    """A match that writes its record and feeds the match-over figures, as a game does."""

    writer: RecordWriter
    stats: MatchStats

    def apply(self, action: Action, at: float = 0.0) -> Result:
        result = super().apply(action, at)
        self.writer.action(action, at, result)
        if result.ok:
            self.stats.record(result.events, at, (self.legal_actions(0), self.legal_actions(1)))
        return result


@pytest.mark.parametrize("seed", [3, 11])
def test_the_match_over_figures_spit_stats_and_the_simulator_agree(
    tmp_path: Path, seed: int
) -> None:
    match = Match.new(seed)
    match.__class__ = _Watched
    match.writer = RecordWriter.create(header(seed), tmp_path)
    match.stats = MatchStats()
    bots = (Bot(0, "regular", random.Random(seed)), Bot(1, "first-game", random.Random(~seed)))
    played = play_match(match, bots)
    match.writer.close()
    figures = analyse(read_record(match.writer.path))
    for p in (0, 1):
        measured = [r.seconds for r in figures.players[p].reactions]
        assert measured, p
        assert match.stats.reactions[p] == pytest.approx(measured)
        assert played.reactions[p] == pytest.approx(measured)
        assert match.stats.median_reaction(p) == pytest.approx(figures.players[p].median_reaction)
        # Every card played is timed: a play is always legal the moment before it lands.
        assert len(measured) == figures.players[p].played == match.stats.played[p]


class _SeenFromSeatOne(Match):
    """A match whose figures are fed as a networked seat 0 feeds them: its own legal actions,
    and for the other seat only the plays its view shows (``PlayerView.plays_of``)."""

    stats: MatchStats
    full: MatchStats

    def apply(self, action: Action, at: float = 0.0) -> Result:
        result = super().apply(action, at)
        if result.ok:
            view = self.view(0)
            self.stats.record(result.events, at, (view.legal_actions, view.plays_of(1)))
            self.full.record(result.events, at, (self.legal_actions(0), self.legal_actions(1)))
        return result


@pytest.mark.parametrize("seed", [3, 11])
def test_a_networked_seat_times_the_other_seats_reactions_from_its_own_view(seed: int) -> None:
    match = Match.new(seed)
    match.__class__ = _SeenFromSeatOne
    match.stats, match.full = MatchStats(), MatchStats()
    bots = (Bot(0, "regular", random.Random(seed)), Bot(1, "first-game", random.Random(~seed)))
    play_match(match, bots)
    assert match.stats.median_reaction(1) is not None
    for p in (0, 1):
        assert match.stats.reactions[p] == pytest.approx(match.full.reactions[p])


def test_a_record_read_without_its_steps_gives_the_same_match_figures(tmp_path: Path) -> None:
    """Resuming reads a record without keeping its steps (a long one stays out of memory);
    the match figures it goes on from are then gathered as the record streams, and equal
    those replayed from the steps kept in memory."""
    from tests.records.played import play_recorded

    path, _ = play_recorded(tmp_path, seed=11, stop_after=240)
    kept = MatchStats.of_record(read_record(path))
    streamed = MatchStats.of_record(read_record(path, steps=False))
    assert kept.played == streamed.played and sum(kept.played) > 0
    assert kept.reactions == streamed.reactions
    assert kept.began == streamed.began and kept.ended == streamed.ended
