"""Text from outside is shown as text: a server's words that look like markup or carry an
escape sequence neither crash the screen nor reach the terminal raw (issue 20, items 3 and 9)."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path
from typing import Any

import pytest

import spit.app
from spit.app.app import SpitApp
from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.dialogs.pause import PauseScreen
from spit.app.dialogs.resume import ResumeScreen
from spit.app.dialogs.standstill import StandstillScreen
from spit.app.game import GameScreen
from spit.app.menu import MenuScreen
from spit.app.messages import GameLost
from spit.app.replay_screen import ReplayScreen
from spit.engine import Variant
from spit.game.remote import RemoteGame
from spit.net.server import GameServer
from spit.records.record import Header, Player, read_record
from spit.settings.options import GameOptions, Mode, Network
from tests.records import played

from .factory import STILL, FakeClock, drive, make_app, screen_text
from .test_flow import opponents
from .test_network_play import LIMIT, SEED, Friend, hosting_app, until

APP = Path(spit.app.__file__).parent
"""The app's modules, scanned below."""

HOSTILE = "[/x] [bold]loud \x1b]2;PWNED\x07"


async def test_a_lost_game_s_detail_from_the_server_is_shown_as_text() -> None:
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.post_message(GameLost("The server went away.", HOSTILE))
        await pilot.pause()
        await pilot.pause()
        await pilot.pause(0.2)  # the toast is drawn: a MarkupError would end the app here
        assert isinstance(app.screen, MenuScreen)
        (shown,) = [n.message for n in app._notifications]
        assert "[/x] [bold]loud" in shown and "\x1b" not in shown
        assert "\\x1b" in shown  # the escape, written out where it stood


MARKUP = "[/x]"
"""A name that passes every printable check and is a closing tag to Rich and Textual."""


async def test_a_guest_whose_name_is_markup_pausing_and_dropping_leaves_the_host_s_screen() -> None:
    app = hosting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(
            lambda: isinstance(app.screen, StandstillScreen) and "spit join" in screen_text(app),
            pilot,
        )
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        connection = screen.game.connection
        assert connection is not None
        guest = RemoteGame(connection.address, name=MARKUP)
        await guest.connect(code=connection.room)
        task = asyncio.ensure_future(guest.run())
        ready = asyncio.Event()
        guest.on_first_table(ready.set)
        await asyncio.wait_for(ready.wait(), LIMIT)
        guest.start(Friend(guest), None)  # type: ignore[arg-type]
        await until(lambda: app.screen is screen and not screen.game.paused, pilot)
        assert MARKUP in screen_text(app)  # the table's own legend
        guest.pause()
        await until(lambda: f"{MARKUP} paused the game" in screen_text(app), pilot)
        guest.resume()
        await until(lambda: app.screen is screen, pilot)
        guest.step_away()  # the line goes: the notice counts down the name's return
        await until(lambda: f"Waiting for {MARKUP} to come back" in screen_text(app), pilot)
        assert app.return_code is None
        task.cancel()


async def test_a_host_whose_name_is_markup_pausing_leaves_the_friend_s_screen() -> None:
    server = GameServer()
    host, port = await server.start("127.0.0.1", 0)
    room = RemoteGame(f"{host}:{port}", name=MARKUP)
    await room.connect(seed=SEED)
    task = asyncio.ensure_future(room.run())
    network = Network(address=f"{host}:{port}", code=room.connection.room, name="Bo")
    app = SpitApp(GameOptions(mode=Mode.TWO_PLAYER), pace=STILL, network=network)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: any(isinstance(s, GameScreen) for s in app.screen_stack), pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        room.start(Friend(room), None)  # type: ignore[arg-type]
        await until(lambda: app.screen is screen and not screen.game.paused, pilot)
        await until(lambda: MARKUP in screen_text(app), pilot)  # the table's own legend
        room.pause()
        await until(lambda: f"{MARKUP} paused the game" in screen_text(app), pilot)
        room.step_away()
        await until(lambda: f"Waiting for {MARKUP} to come back" in screen_text(app), pilot)
        assert app.return_code is None
        task.cancel()
    await server.stop()


def _recorded_with_names(data_dir: Path, monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> Path:
    """A match of two bots recorded under names that are markup (as a config, a menu or
    the other end of a network could have given them)."""

    def header(seed: int = 7, variant: Variant = Variant.STANDARD) -> Header:
        names = (Player(MARKUP), Player("[bold]Bo[/bold"))
        return Header(seed=seed, mode="two-player", players=names, variant=variant)

    monkeypatch.setattr(played, "header", header)
    path, _ = played.play_recorded(data_dir / "records", **kwargs)
    return path


async def test_a_kept_match_whose_name_is_markup_is_offered_and_resumed(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _recorded_with_names(data_dir, monkeypatch, seed=5, stop_after=60)
    app = make_app(mode=None)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.pause()
        assert "[bold]Bo[/bold" in screen_text(app)  # the cards each holds, by name
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)
        await pilot.press("f1")  # the help names both players' keys
        await pilot.pause()
        assert MARKUP in screen_text(app)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert MARKUP in screen_text(app) and "[bold]Bo[/bold" in screen_text(app)
        assert app.return_code is None


async def test_a_record_whose_names_are_markup_replays(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(mode=None)
    app._replay = read_record(_recorded_with_names(data_dir, monkeypatch, seed=7))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("space")
        app.screen.game.playback.seek(40)
        await pilot.press("right")
        await pilot.pause()
        assert MARKUP in screen_text(app)
        assert MARKUP in str(app.screen.query_one("ReplayBar").render())
        assert app.return_code is None


SHOWN_AS_MARKUP = {"Static", "Label", "notify"}
"""What Textual reads as markup unless told not to: a Static's or a Label's text, a notice."""


def _markup_readers(trees: dict[Path, ast.Module]) -> set[str]:
    """Static, Label, notify, and every widget of the app made from them that does not turn
    markup off itself (KeyLine does, in its own ``__init__``)."""
    names = set(SHOWN_AS_MARKUP)
    grew = True
    while grew:
        grew = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if not isinstance(node, ast.ClassDef) or node.name in names:
                    continue
                bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
                if bases & names and not _turns_markup_off(node):
                    names.add(node.name)
                    grew = True
    return names


def _turns_markup_off(node: ast.AST) -> bool:
    return any(
        isinstance(k, ast.keyword)
        and k.arg == "markup"
        and isinstance(k.value, ast.Constant)
        and k.value.value is False
        for k in ast.walk(node)
    )


def _called(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "call_from_thread" and call.args:
        func = call.args[0]  # call_from_thread(self.notify, text, ...) passes its keywords on
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def test_every_text_widget_and_notice_of_the_app_is_made_without_markup() -> None:
    # Any of them may show a name or a server's words: a place added later that reads its
    # text as markup would crash on a player called '[/x]', so none may.
    trees = {p: ast.parse(p.read_text()) for p in sorted(APP.glob("*.py"))}
    readers = _markup_readers(trees)
    assert {"ReplayBar", "CoachPanel"} <= readers  # the scan finds the app's own widgets
    reading = [
        f"{path.name}:{node.lineno} {_called(node)}"
        for path, tree in trees.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and _called(node) in readers
        and not any(k.arg == "markup" and _turns_markup_off(k) for k in node.keywords)
    ]
    assert reading == []


NAMES = (MARKUP, "[bold]Bo[/i]")
"""Two names, each a broken piece of markup."""


async def test_every_screen_of_a_local_match_shows_names_that_are_markup_as_they_are() -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock, names=NAMES)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        seen = [screen_text(app)]  # the table's legends
        for key in ("f1", "escape", "ctrl+q"):  # help, pause, the quit question
            await pilot.press(key)
            await pilot.pause()
            seen.append(screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
        drive(app, clock, lambda m: m.is_over)
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        seen.append(screen_text(app))
        assert app.return_code is None
    for text in (seen[0], seen[1], seen[-1]):  # the table, the help, the match's end
        assert all(name in text for name in NAMES), text
