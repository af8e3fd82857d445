"""The coach's figures (spit.records.advice): what cost a player most time, each figure the
one ``spit replay``'s analysis gives for the same record, and where a player stands on the
ladder."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from spit.bot.levels import LADDER, MEASURED_REACTION
from spit.records.advice import (
    SIDES,
    Advice,
    advise,
    ladder_level,
    moment,
    round_medians,
    sparkline,
    standing,
)
from spit.records.analysis import PlayerFigures, read_analysed

from .played import play_recorded

WEAKER, STRONGER = "beginner", "fast"


def _waiting(found: list[Advice]) -> int:
    return sum(a.count for a in found if a.kind == "waiting")


@pytest.mark.parametrize("seed", range(1, 7))
def test_the_weaker_bot_s_coach_names_more_plays_left_waiting(tmp_path: Path, seed: int) -> None:
    """Bot against bot, the ladder's ends, the weaker in either seat: its coach's lines name
    more plays left waiting than the stronger one's (in each of 20 seeded matches: 14.3 a
    match against 5.3; a step apart, beginner against fast, in 15 of 20)."""
    levels = ("first-game", "very-fast") if seed % 2 else ("very-fast", "first-game")
    path, match = play_recorded(tmp_path, seed, levels=levels)
    assert match.is_over
    players = read_analysed(path).analysis.players
    weaker = levels.index("first-game")
    assert _waiting(advise(players[weaker])) > _waiting(advise(players[1 - weaker]))


@pytest.mark.parametrize("seed", range(1, 4))
def test_each_line_s_figure_is_the_replay_s(tmp_path: Path, seed: int) -> None:
    """Every line's figures, read again from the record as ``spit replay`` reads it."""
    path, _ = play_recorded(tmp_path, seed, levels=(WEAKER, STRONGER))
    for figures in read_analysed(path, steps=True).analysis.players:
        for advice in advise(figures, 4):
            _agrees(advice, figures)


def _agrees(advice: Advice, figures: PlayerFigures) -> None:
    match advice.kind:
        case "waiting":
            assert advice.count == len(figures.missed)
            assert advice.seconds == pytest.approx(sum(m.seconds for m in figures.missed))
            on = [sum(m.seconds for m in figures.missed if m.play.pile == p) for p in (0, 1)]
            assert on[advice.where] == max(on)
        case "hand":
            sides = [[r.seconds for r in figures.reactions if r.stock in s] for s in SIDES]
            assert advice.seconds == pytest.approx(statistics.median(sides[advice.where]))
            assert advice.other == pytest.approx(statistics.median(sides[1 - advice.where]))
            assert advice.count == len(sides[advice.where]) and advice.seconds > advice.other
        case "fumbles":
            assert advice.count == len(figures.fumbles)
            assert advice.seconds == pytest.approx(sum(f.seconds for f in figures.fumbles))
        case "races":
            lost = [r.seconds for r in figures.races_lost]
            assert advice.count == len(lost)
            assert advice.seconds == pytest.approx(statistics.mean(lost))


def test_the_lines_are_ranked_by_the_time_they_cost(tmp_path: Path) -> None:
    path, _ = play_recorded(tmp_path, 2, levels=(WEAKER, STRONGER))
    figures = read_analysed(path).analysis.players[0]
    every = advise(figures, 4)
    assert [a.cost for a in every] == sorted((a.cost for a in every), reverse=True)
    assert advise(figures) == every[:3]


def test_a_fumble_costs_its_lock(tmp_path: Path) -> None:
    """The beginner fumbles; each fumble locked the hand for the table's lockout."""
    path, _ = play_recorded(tmp_path, 1, levels=(WEAKER, STRONGER))
    record = read_analysed(path, steps=True)
    fumbles = record.analysis.players[0].fumbles
    assert fumbles
    assert {f.seconds for f in fumbles} == {record.header.settings.lockout}


def test_no_figures_no_lines() -> None:
    assert advise(PlayerFigures()) == []


def test_the_worst_moment_opens_where_it_began() -> None:
    """The step that ended it, less the seconds it lasted: the table as it stood then."""
    times = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    waited = Advice("waiting", 2.5, 1, 2.5, step=5, before=2.5)
    assert moment(waited, times) == 3  # after the step at 2.0, before the one at 3.0
    assert moment(Advice("fumbles", 0.5, 1, 0.5, step=2), times) == 2
    assert moment(Advice("fumbles", 0.5, 1, 0.5, step=9), times) == 6


def test_each_round_s_median_reaction(tmp_path: Path) -> None:
    path, _ = play_recorded(tmp_path, 1, levels=(WEAKER, STRONGER))
    analysis = read_analysed(path).analysis
    figures = analysis.players[1]
    medians = round_medians(figures, len(analysis.rounds))
    assert len(medians) == len(analysis.rounds)
    first = [r.seconds for r in figures.reactions if r.round == 1]
    assert medians[0] == pytest.approx(statistics.median(first))


def test_a_sparkline_draws_every_value_on_one_scale() -> None:
    assert sparkline([1.0, None, 2.0, 1.5], 1.0, 2.0) == "▁ █▅"
    assert sparkline([0.7, 0.7], 0.7, 0.7) == "██"


def test_the_ladder_s_own_reactions_are_its_levels() -> None:
    for rung, name in enumerate(LADDER, 1):
        assert ladder_level(MEASURED_REACTION[name]) == pytest.approx(rung)
    assert ladder_level(5.0) == 1.0 and ladder_level(0.2) == len(LADDER)
    between = ladder_level((MEASURED_REACTION["regular"] * MEASURED_REACTION["seasoned"]) ** 0.5)
    assert between == pytest.approx(4.5)


def test_standing_is_the_mean_level_with_its_standard_error() -> None:
    reactions = [MEASURED_REACTION["regular"], MEASURED_REACTION["fast"]]
    level, within = standing(reactions) or (0, 0)
    assert level == pytest.approx(5.0)  # levels 4 and 6
    assert within == pytest.approx(statistics.stdev([4, 6]) / 2**0.5)
    assert standing([0.9]) is None
