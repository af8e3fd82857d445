"""The coach in the match-over box: where the time went, each round's reactions as a small
chart, and the key to the replay at the worst moment."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit import i18n, words
from spit.app.advice import charts
from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.look import Look
from spit.app.replay_screen import ReplayScreen
from spit.records.advice import advise, moment
from spit.records.analysis import analyse, read_analysed
from spit.records.figures import MatchStats
from spit.records.recorder import MatchRecorder
from tests.records.played import play_recorded

from .factory import FakeClock, drive, game, make_app
from .test_languages import LANGUAGES
from .test_no_cut_words import assert_no_cut_word

SIZES = ((80, 24), (140, 42))


def coached_box(directory: Path, seed: int = 7) -> MatchOverScreen:
    """The box after a recorded match of a beginner's hand ("You") against the fast bot,
    with the coach for You."""
    path, match = play_recorded(directory, seed, levels=("beginner", "fast"))
    record = read_analysed(path, steps=True)
    assert match.outcome is not None and match.history
    names = (
        words.labels.player_name(0, against_bot=True),
        words.labels.player_name(1, against_bot=True),
    )
    return MatchOverScreen(
        outcome=match.outcome,
        names=names,
        stats=MatchStats.of_record(record),
        variant=record.header.variant,
        look=Look(),
        grace=0,
        last_round=match.history[-1],
        against_bot=True,
        record=record,
        coached=0,
    )


@pytest.mark.parametrize("size", SIZES, ids=("80x24", "140x42"))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_box_with_the_coach_and_the_chart(snap_compare, tmp_path, lang, size) -> None:
    """A beginner's hand beaten by the fast bot: the figures with each round's median
    reaction as a row of blocks (You slow, the bot quick, on one scale); under them where
    You's time went — 16 plays left waiting, 24.2 s in all, most on the left pile; the right
    stocks slower than the left (and at 140×42 the fumbles' locks too) — and on the box's
    edge Ctrl+O, the replay at the worst moment."""
    i18n.set_language(lang)
    box = coached_box(tmp_path)
    assert snap_compare(make_app(mode=None), run_before=_pushing(box), terminal_size=size)


def _pushing(box: MatchOverScreen):
    async def push(pilot) -> None:
        await pilot.app.push_screen(box)
        await pilot.pause()

    return push


@pytest.mark.parametrize("size", SIZES, ids=("80x24", "140x42"))
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_coach_line_is_whole(tmp_path, lang, size) -> None:
    i18n.set_language(lang)
    box = coached_box(tmp_path)
    analysis = box._analysis
    assert analysis is not None
    most = 3 if size[1] >= 30 else 2
    lines = [words.advice.line(a) for a in advise(analysis.players[0], most)]
    assert len(lines) == most
    app = make_app(mode=None)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(box)
        await pilot.pause()
        assert_no_cut_word(app, prose=(words.advice.heading(box._names[0]), *lines))


async def test_ctrl_o_opens_the_replay_at_the_worst_moment(tmp_path) -> None:
    """The costliest line's worst moment: the replay stands, stopped, where it began."""
    path, _ = play_recorded(tmp_path, 7, levels=("beginner", "fast"))
    record = read_analysed(path, steps=True)
    assert record.steps is not None
    worst = advise(analyse(record).players[0], 1)[0]
    at = moment(worst, [s.at for s in record.steps])
    assert 0 < at <= worst.step
    app = make_app(mode=None)
    async with app.run_test(size=(80, 24)) as pilot:
        app.replay(record, playing=False, at=at)
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.game.playback.position == at
        assert not app.screen.game.playing


async def test_ctrl_o_in_the_box_after_a_match_opens_its_replay(data_dir) -> None:
    """A match played to its end and recorded: Ctrl+O in the match-over box plays its
    record back, stopped at the worst moment of Player 1's costliest line."""
    clock = FakeClock()
    app = make_app(3, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        drive(app, clock, lambda m: m.is_over)  # type: ignore[arg-type]
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        recorder = game(app).game.recorder
        assert isinstance(recorder, MatchRecorder) and recorder.ended is not None
        record = read_analysed(recorder.ended, steps=True)
        assert record.steps is not None
        found = advise(analyse(record).players[0], 1)
        at = moment(found[0], [s.at for s in record.steps]) if found else 0
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.game.playback.position == at


def test_the_chart_has_a_block_a_round_on_one_scale_for_both(tmp_path) -> None:
    """Each player's row has a block for every round reached so far; the slowest round of
    either player is the full block, the quickest the lowest."""
    path, _ = play_recorded(tmp_path, 7, levels=("beginner", "fast"))
    analysis = read_analysed(path).analysis
    rows = [t.plain for t in charts(analysis)]
    assert [len(r) for r in rows] == [len(analysis.rounds)] * 2
    assert "█" in "".join(rows) and "▁" in "".join(rows)
    assert [t.plain for t in charts(analysis, 0)] == ["", ""]
