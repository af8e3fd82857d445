"""A rematch at the match-over box of a networked match, with Textual's pilot: the app (Ana)
hosts a room on a server of the test's, a friend's client (Bo) takes the other seat, the
server plays the match out with the actions two bots took on the same deal; then the box
offers the rematch, says what Bo did, and gives way to the fresh table, the seats swapped."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from spit.app.app import SpitApp
from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.game import GameScreen
from spit.bot import Bot
from spit.engine import Action, Match, Result
from spit.game.remote import RemoteGame
from spit.net.server import GameServer
from spit.net.wire import Act, NoRematch, Rematch
from spit.settings.options import GameOptions, Mode, Network
from spit.sim.simulator import play_match

from .factory import STILL, screen_text
from .test_network_play import SEED, Friend, until

pytestmark = pytest.mark.long  # a match played out across a server, on real time


@contextlib.asynccontextmanager
async def running_server() -> AsyncIterator[tuple[GameServer, str]]:
    """A server of the test's own on 127.0.0.1 (any free port), keeping no records."""
    server = GameServer(record=False)
    host, port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"{host}:{port}"
    finally:
        await server.stop()


def accepted_actions(seed: int) -> list[Action]:
    """Every action two bots had accepted, in order, playing a match of ``seed`` out."""
    match = Match.new(seed)
    taken: list[Action] = []

    class Taking:
        def __getattr__(self, name: str) -> Any:
            return getattr(match, name)

        def apply(self, action: Action, at: float) -> Result:
            result = match.apply(action, at)
            if result.ok:
                taken.append(action)
            return result

    bots = (Bot(0, "expert", random.Random(1)), Bot(1, "expert", random.Random(2)))
    play_match(Taking(), bots)  # type: ignore[arg-type]
    assert match.is_over
    return taken


async def play_out(server: GameServer, code: str, seed: int) -> None:
    """The room's match played to its end on the server, each action as its seat's frame
    (only what the rules accept, in order, so the same deal ends the same way)."""
    for ident, action in enumerate(accepted_actions(seed), 1):
        server._dispatch(server._seats[(code, action.player)], Act(action, ident))
        await asyncio.sleep(0.002)  # the tables go out, and the screens keep up


async def played_out(pilot: Any, server: GameServer, address: str) -> tuple[GameScreen, Friend]:
    """The app's seat and Bo's, the match between them over, the box up on the app."""
    app = pilot.app
    await until(lambda: app.remote._game is not None and app.remote._game.client.welcome, pilot)
    code = app.remote._game.welcome.room
    game = RemoteGame(address, name="Bo")
    await game.connect(code=code)
    friend = Friend(game)
    friend.task = asyncio.ensure_future(game.run())  # type: ignore[attr-defined]
    await until(lambda: game.client.view is not None, pilot)
    game.start(friend, None)  # type: ignore[arg-type]
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    await until(lambda: app.screen is screen and not screen.game.paused, pilot)
    await play_out(server, code, SEED)
    await until(lambda: isinstance(app.screen, MatchOverScreen) and app.screen.is_mounted, pilot)
    await until(lambda: not app.screen.query_one("#rematch").disabled, pilot)  # it answers
    return screen, friend


def seating_app(address: str) -> SpitApp:
    """Ana's app, opening a room on the test's server (``spit host --server ADDR``)."""
    options = GameOptions(mode=Mode.TWO_PLAYER, seed=SEED)
    return SpitApp(options, pace=STILL, network=Network(address=address, name="Ana"))


async def test_both_accept_and_the_same_room_deals_a_fresh_match_with_the_seats_swapped():
    async with running_server() as (server, address):
        app = seating_app(address)
        async with app.run_test(size=(80, 24)) as pilot:
            screen, friend = await played_out(pilot, server, address)
            room = next(iter(server.rooms.values()))
            first_seed = room.match.seed
            assert screen.seat == 0
            friend.game.rematch()  # Bo offers first
            await until(lambda: "Bo offers a rematch" in screen_text(app), pilot)
            assert "Ctrl+R: accept · Esc: decline" in screen_text(app)
            await pilot.press("ctrl+r")  # Ana accepts
            await until(lambda: app.screen is screen and screen.seat == 1, pilot)
            await until(lambda: "Round 1: both press SPIT" in screen_text(app), pilot)
            assert friend.game.seats == (0,) and room.names == ["Bo", "Ana"]
            assert room.match.seed != first_seed and not room.match.is_over
            assert screen.game.view(1) == room.match.view(1)  # the new table, seat 2's
            await until(lambda: screen.game.names == ("Bo", "Ana"), pilot)
            friend.task.cancel()  # type: ignore[attr-defined]


async def test_the_box_says_the_offer_is_waiting_then_declined_when_the_friend_leaves():
    async with running_server() as (server, address):
        app = seating_app(address)
        async with app.run_test(size=(80, 24)) as pilot:
            _screen, friend = await played_out(pilot, server, address)
            await pilot.click("#rematch")  # Ana offers, with the mouse: the box stays
            await until(lambda: "waiting for Bo to answer" in screen_text(app), pilot)
            assert isinstance(app.screen, MatchOverScreen)
            await until(lambda: friend.game.connection.rematch is not None, pilot)
            assert friend.game.connection.rematch == Rematch(offers=(True, False))
            await friend.game.close()  # Bo goes back to the menu: he declines
            await until(lambda: "Bo declines a rematch." in screen_text(app), pilot)
            box = app.screen
            assert isinstance(box, MatchOverScreen)
            assert not box.query_one("#rematch").display  # nothing left to offer
            await pilot.press("ctrl+r")
            assert app.screen is box  # the key does nothing now


async def test_an_offer_after_the_friends_line_went_is_answered_plainly():
    async with running_server() as (server, address):
        app = seating_app(address)
        async with app.run_test(size=(80, 24)) as pilot:
            _screen, friend = await played_out(pilot, server, address)
            await friend.game.close(leave=False)  # the line goes, no word said
            await until(lambda: "Bo has left: no rematch." in screen_text(app), pilot)
            said = _screen.game.connection.rematch
            assert said == Rematch(offers=(False, False), no=NoRematch.LEFT, by=1)
