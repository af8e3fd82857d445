"""Records in the app: every action recorded as played, kept or given up on quitting,
resumed paused at the same table, offered at the start, and played back."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.dialogs.pause import PauseScreen
from spit.app.dialogs.quit import QuitScreen
from spit.app.dialogs.resume import ResumeScreen, offered_names, table_summary
from spit.app.replay_screen import ReplayScreen, figures_line
from spit.engine import Phase, Variant
from spit.game import bot_driver
from spit.game.playback import ReplayGame
from spit.game.session import Session
from spit.i18n import set_language
from spit.records.figures import MatchStats
from spit.records.record import (
    Header,
    Player,
    RecordWriter,
    Step,
    latest_unfinished,
    read_record,
    record_files,
)
from spit.settings.options import GameOptions
from tests.app.factory import FakeClock, drive, game, local, make_app
from tests.records.played import play_recorded, unnamed

SIZE = (100, 34)


def only_record(data_dir: Path) -> Path:
    [path] = record_files(data_dir / "records")
    return path


async def test_every_action_that_reaches_the_engine_is_in_the_record(data_dir: Path) -> None:
    clock = FakeClock()
    app = make_app(seed=3, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        drive(app, clock, lambda m: m.round.phase is Phase.PLAYING and len(m.history) == 0)
        screen = game(app)
        screen.press_key("q")  # whatever it does, the engine judges it: it is recorded
        await pilot.pause()
        match = local(screen).match
        record = read_record(only_record(data_dir))
        assert record.match.view(0) == match.view(0)
        assert record.header.seed == 3 and record.header.mode == "two-player"
        assert record.header.players[0].name is None  # none given: the shells word it


async def test_quitting_keeps_the_match_for_later_by_default(data_dir: Path) -> None:
    clock = FakeClock()
    app = make_app(seed=3, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        drive(app, clock, lambda m: m.round.phase is Phase.PLAYING)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen) and app.screen.keepable
        await pilot.press("ctrl+q")
    record = read_record(only_record(data_dir))
    assert record.unfinished and record.end is None
    assert latest_unfinished() is not None


async def test_quitting_and_giving_up_ends_the_record_as_abandoned(data_dir: Path) -> None:
    clock = FakeClock()
    app = make_app(seed=3, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        drive(app, clock, lambda m: m.round.phase is Phase.PLAYING)
        await pilot.press("ctrl+q", "ctrl+d")
    assert read_record(only_record(data_dir)).end == "abandoned"
    assert latest_unfinished() is None


async def test_a_resumed_match_comes_back_paused_at_the_same_table(data_dir: Path) -> None:
    path, stopped = play_recorded(data_dir / "records", seed=5, stop_after=60)
    record = read_record(path)
    clock = FakeClock()
    app = make_app(mode=None, clock=clock, opponents=bot_driver)
    app._resume = record
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)
        screen = game(app)
        assert screen.game.view(0) == stopped.view(0)
        assert screen.game.now() == record.last_at
        clock.advance(30)  # time while paused does not count
        assert screen.game.now() == record.last_at
        await pilot.press("escape")
        clock.advance(0.5)
        assert screen.game.now() == record.last_at + 0.5
        match = local(screen).match
        local(screen).act((match.legal_actions(0) + match.legal_actions(1))[0])
    again = read_record(path)
    assert [r.at for r in again.resumptions] == [record.last_at]
    new = again.steps[len(record.steps) :]
    assert new and all(step.at >= record.last_at + 0.5 for step in new)


async def test_the_menu_offers_the_unfinished_match_and_resumes_it(data_dir: Path) -> None:
    _, stopped = play_recorded(data_dir / "records", seed=5, stop_after=60)
    app = make_app(mode=None, opponents=bot_driver)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)
        assert game(app).game.view(0) == stopped.view(0)


async def test_giving_up_the_offered_match_means_it_is_not_offered_again(data_dir: Path) -> None:
    path, _ = play_recorded(data_dir / "records", seed=5, stop_after=60)
    app = make_app(mode=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert not isinstance(app.screen, ResumeScreen)
    assert read_record(path).end == "abandoned" and latest_unfinished() is None


async def test_a_replay_steps_forward_and_back_and_jumps_to_a_round(data_dir: Path) -> None:
    path, _ = play_recorded(data_dir / "records", seed=7)
    record = read_record(path)
    app = make_app(mode=None)
    app._replay = record
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen.game
        assert isinstance(replay, ReplayGame)
        await pilot.press("space")  # stop the real-speed run to step by hand
        replay.playback.seek(0)
        await pilot.press("right", "right", "right")
        assert replay.playback.position == 3
        await pilot.press("left")
        assert replay.playback.position == 2
        await pilot.press("2")
        assert replay.playback.round_number == 2
        assert replay.view(0).phase is Phase.DEALT
        await pilot.press("up")
        assert replay.playback.speed == 2.0
        bar = str(app.screen.query_one("ReplayBar").render())
        assert "median " in bar and "×2" in bar
        await pilot.press("ctrl+q")
    assert app.return_code in (0, None)


async def test_a_match_played_to_the_end_is_in_the_history(data_dir: Path) -> None:
    clock = FakeClock()
    app = make_app(seed=3, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        drive(app, clock, lambda m: m.is_over)
        await pilot.pause()
        outcome = local(game(app)).match.outcome
        local(game(app)).recorder.wait(30)  # the history is indexed on a thread of its own
    record = read_record(only_record(data_dir))
    assert record.end == "over" and record.outcome == outcome
    from spit.records.history import open_history

    with open_history() as history:
        [row] = history.rows()
    assert row.file == record.path.name and row.winner == outcome.winner


async def test_an_unwritable_data_directory_is_one_notice_and_the_game_plays(
    tmp_path: Path, monkeypatch
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    monkeypatch.setenv("SPIT_DATA_DIR", str(blocker))
    clock = FakeClock()
    app = make_app(seed=3, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notices = [n.message for n in app._notifications]
        assert len(notices) == 1 and notices[0].startswith("This match is not recorded: ")
        drive(app, clock, lambda m: m.round.phase is Phase.PLAYING)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen) and not app.screen.keepable


async def test_names_given_in_the_menu_are_in_the_record_and_at_the_table(
    data_dir: Path,
) -> None:
    app = make_app(mode=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*"Ann", "enter", *"Ben", "enter")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert game(app).names == ("Ann", "Ben")
    players = read_record(only_record(data_dir)).header.players
    assert [p.name for p in players] == ["Ann", "Ben"]


async def test_a_name_that_cannot_be_shown_is_refused_in_the_dialog(data_dir: Path) -> None:
    from spit.app.dialogs.names import NamesScreen

    app = make_app(mode=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#first").value = "a\tb"
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NamesScreen)
        assert "up to 20" in str(app.screen.query_one("#problem").render())


def _two_player_record(directory: Path, seed: int, steps: list[Step]) -> Path:
    """A two-player record of ``steps`` (a whole match's first few), left unfinished."""
    head = Header(
        seed=seed,
        mode="two-player",
        players=(Player("Ann"), Player("Ben")),
        variant=Variant.STANDARD,
    )
    writer = RecordWriter.create(head, directory)
    match = head.new_match()
    for step in steps:
        writer.action(step.action, step.at, match.apply(step.action, step.at))
    writer.close()
    return writer.path


async def _play_on(app, clock: FakeClock, steps: list[Step]) -> tuple[MatchStats, str]:
    """Play ``steps`` on the app's table, each at its own game time; the table's figures
    and, if the match ended, the match-over dialog's."""
    screen = game(app)
    for step in steps:
        clock.advance(step.at - screen.game.now())
        screen.act(step.action)
    figures = ""
    if isinstance(app.screen, MatchOverScreen):
        console = Console(width=100, record=True, color_system=None)
        console.print(app.screen._figures())
        figures = console.export_text()
    return screen.stats, figures


async def test_a_resumed_match_counts_its_figures_over_the_whole_match(data_dir: Path) -> None:
    # Issue 19: resumed twice, the match-over figures counted only the play since the last
    # resume (80 / 90 cards where the record held 88 / 100). The same actions, resumed twice
    # or played straight through, give the same figures.
    full, _ = play_recorded(data_dir / "played", seed=5)
    record = read_record(full)
    steps, seed = record.steps, record.header.seed
    assert seed is not None and len(steps) > 200
    first, second = 60, 150

    path = _two_player_record(data_dir / "records", seed, steps[:first])
    for start, stop in ((first, second), (second, len(steps))):
        clock = FakeClock()
        app = make_app(mode=None, clock=clock)
        app._resume = read_record(path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("escape")  # the resumed match comes back paused
            resumed, shown = await _play_on(app, clock, steps[start:stop])
            await pilot.pause()
            if stop == len(steps):
                resumed, shown = await _play_on(app, clock, [])
    assert len(read_record(path).resumptions) == 2

    clock = FakeClock()
    app = make_app(seed=seed, clock=clock, names=("Ann", "Ben"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        straight, expected = await _play_on(app, clock, steps)
        await pilot.pause()
        straight, expected = await _play_on(app, clock, [])

    assert resumed.played == straight.played == record_played(record)
    for player in (0, 1):
        assert resumed.reactions[player] == pytest.approx(straight.reactions[player])
        assert resumed.plays_per_minute(player) == pytest.approx(straight.plays_per_minute(player))
    assert resumed.fastest is not None and straight.fastest is not None
    assert resumed.fastest.seconds == pytest.approx(straight.fastest.seconds)
    assert resumed.fastest.card == straight.fastest.card
    assert "cards played" in expected and shown == expected


def record_played(record) -> list[int]:
    """Cards each player played in ``record``, by the engine's replay of it."""
    from spit.records.analysis import analyse

    return [figures.played for figures in analyse(record).players]


async def test_a_replay_taken_down_as_it_comes_up_does_not_crash(data_dir: Path) -> None:
    """Issue 20, item 12: a signal as a long replay came up ended the app while the screen's
    deferred hiding of the legends was still to run: ``NoMatches '#p2-legend'``."""
    path, _ = play_recorded(data_dir / "records", seed=7)
    app = make_app(mode=None)
    app._replay = read_record(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await screen.remove_children()  # what ending the app does to it first
        screen._hide_legends()  # the deferred call, coming after
        await pilot.pause()
    assert not app.crashed


@pytest.mark.parametrize(
    ("head", "shown"),
    [
        (unnamed("bot", 5, version=3), ("Du", "Bot")),  # stored "Player 1" and "Bot"
        (unnamed("two-player", 5, version=3), ("Spieler 1", "Spieler 2")),
        (unnamed("bot", 5), ("Du", "Bot")),
        (unnamed("two-player", 5), ("Spieler 1", "Spieler 2")),
    ],
    ids=["bot-format-3", "two-player-format-3", "bot", "two-player"],
)
def test_the_offer_and_the_resumed_table_name_unnamed_players_in_the_players_language(
    tmp_path: Path, head: Header, shown: tuple[str, str]
) -> None:
    # The German offer once read "Runde 1 · Player 1 25 Karten", and the table resumed
    # after a crash said "Player 1" where it had said "You".
    path, _ = play_recorded(tmp_path, 5, stop_after=30, head=head)
    record = read_record(path, steps=False)
    set_language("de")
    try:
        summary = table_summary(record, offered_names(record))
        assert offered_names(record) == shown and "Player" not in summary
    finally:
        set_language("en")
    assert Session.resume_options(record, GameOptions()).names == (None, None)


async def test_a_replay_pages_by_round_and_home_and_end_go_to_its_first_and_last_moment(
    data_dir: Path,
) -> None:
    # Issue 29, item 12: End did nothing, and the figures were cut at 80×24.
    path, _ = play_recorded(data_dir / "records", seed=7)
    app = make_app(mode=None)
    app._replay = read_record(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen.game
        assert isinstance(replay, ReplayGame)
        playback = replay.playback
        await pilot.press("space")  # stop the real-speed run
        await pilot.press("home")
        assert playback.position == 0 and playback.round_number == 1
        await pilot.press("pagedown")
        assert playback.round_number == 2 and replay.view(0).phase is Phase.DEALT
        await pilot.press("pageup")
        assert playback.round_number == 1
        await pilot.press("end")
        assert playback.at_end and not replay.playing
        await pilot.press("home")
        assert playback.position == 0
        await pilot.press(*["right"] * 40)
        bar = str(app.screen.query_one("ReplayBar").render()).splitlines()
        assert all(len(line) <= 78 and "…" not in line for line in bar), bar
        # A lost race by then (the bot's), said whole for a name as long as "Player 2".
        said = [figures_line("Player 2", playback.figures(player)) for player in (0, 1)]
        assert any("(by " in line for line in said)
        assert all(len(line) <= 78 for line in said), said
