"""The table across the network, with Textual's pilot: the app hosts a room (a server in
its own process, on loopback) and shows the command for the friend; a second seat joins
through the same client code; a key on the app's keyboard reaches the other seat, the other
seat's move reaches the app's table, a pause by the other player stands the app's table, and
the server going away ends the app with a reason."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from spit.app.app import SpitApp
from spit.app.game import GameScreen
from spit.app.options import GameOptions, Mode, Network
from spit.app.screens import StandstillScreen
from spit.engine import Phase, Spit
from spit.game import Change, Lost
from spit.game.remote import RemoteGame
from spit.net.server import GameServer

from .factory import STILL, screen_text

LIMIT = 20.0


async def until(condition: Callable[[], bool], pilot: object) -> None:
    async with asyncio.timeout(LIMIT):
        while not condition():
            await pilot.pause(0.01)  # type: ignore[attr-defined]


class Friend:
    """The other seat, without a screen: what it was told."""

    def __init__(self, game: RemoteGame) -> None:
        self.game = game
        self.changes: list[Change] = []

    def table_changed(self, change: Change) -> None:
        self.changes.append(change)

    def pause_changed(self, paused: bool, by: int | None) -> None:
        pass

    def connection_changed(self) -> None:
        pass

    def game_lost(self, why: Lost) -> None:
        pass


def hosting_app() -> SpitApp:
    return SpitApp(
        GameOptions(mode=Mode.TWO_PLAYER),
        pace=STILL,
        network=Network(bind="127.0.0.1", port=0, name="Ana"),
    )


async def join(app: SpitApp, pilot: object) -> tuple[GameScreen, Friend, asyncio.Task[None]]:
    """Wait for the app's table and its room, and take the other seat."""
    await until(
        lambda: isinstance(app.screen, StandstillScreen) and "spit join" in screen_text(app), pilot
    )
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    connection = screen.game.connection
    assert connection is not None
    game = RemoteGame(connection.address, name="Bo")
    await game.connect(code=connection.room)
    friend = Friend(game)
    task = asyncio.ensure_future(game.run())
    ready = asyncio.Event()
    game.on_first_table(ready.set)
    await asyncio.wait_for(ready.wait(), LIMIT)
    game.start(friend, None)  # type: ignore[arg-type]
    return screen, friend, task


async def test_hosting_shows_the_join_command_until_the_friend_comes() -> None:
    app = hosting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: "spit join 127.0.0.1:" in screen_text(app), pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        connection = screen.game.connection
        assert connection is not None and connection.waiting
        assert f"spit join {connection.address} {connection.room}" in screen_text(app)
        _, _friend, task = await join(app, pilot)
        await until(lambda: app.screen is screen, pilot)  # the notice went by itself
        text = screen_text(app)
        assert "Bo" in text and "You" in text and " ms" in text  # names and round trips
        task.cancel()


async def test_a_key_here_changes_the_other_table_and_theirs_changes_this_one() -> None:
    app = hosting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, friend, task = await join(app, pilot)
        await until(lambda: app.screen is screen and not screen.game.paused, pilot)
        await pilot.press("enter")  # the right half's spit key: one person has the whole keyboard
        await until(lambda: friend.game.view(1).sides[0].ready, pilot)
        friend.game.act(Spit(1))
        await until(lambda: screen.game.view(0).phase is Phase.PLAYING, pilot)
        assert "Stuck" not in screen_text(app) and "press SPIT" not in screen_text(app)
        task.cancel()


async def test_the_other_players_pause_stands_this_table_and_says_who() -> None:
    app = hosting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, friend, task = await join(app, pilot)
        await until(lambda: app.screen is screen and not screen.game.paused, pilot)
        friend.game.pause()
        await until(lambda: isinstance(app.screen, StandstillScreen), pilot)
        assert "Bo paused the game" in screen_text(app)
        await pilot.press("space")  # the notice is on top: no key reaches the table
        assert not friend.game.view(1).sides[0].ready
        friend.game.resume()
        await until(lambda: app.screen is screen, pilot)
        assert not screen.game.paused  # the notice held no pause of its own
        task.cancel()


async def test_the_server_going_away_ends_the_app_with_the_reason(capfd) -> None:
    server = GameServer()
    host, port = await server.start("127.0.0.1", 0)
    app = SpitApp(
        GameOptions(mode=Mode.TWO_PLAYER),
        pace=STILL,
        network=Network(address=f"{host}:{port}", name="Ana"),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _friend, task = await join(app, pilot)
        await until(lambda: app.screen is screen, pilot)
        await server.stop()
        await until(lambda: app.return_code is not None, pilot)
        await asyncio.wait_for(task, LIMIT)
    assert app.return_code == 1
    assert "The server went away" in capfd.readouterr().err


async def test_a_server_that_cannot_be_reached_ends_the_app_with_the_reason(capfd) -> None:
    network = Network(address="127.0.0.1:9", name="Bo", code="ABCD-EFGH")
    app = SpitApp(GameOptions(mode=Mode.TWO_PLAYER), pace=STILL, network=network)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: app.return_code is not None, pilot)
    assert app.return_code == 1
    assert "cannot reach a spit server at 127.0.0.1:9" in capfd.readouterr().err
