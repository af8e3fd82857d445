"""Play online from the start menu: the server's address, the wait in its pool (seconds
waited, who seeks), Esc leaving it, and the networked table once a player is found."""

from __future__ import annotations

import asyncio
import random

import pytest
from rich.console import Console
from textual.widgets import Button, Input, RadioButton

from spit.app.app import SpitApp
from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.dialogs.online import OnlineScreen
from spit.app.game import GameScreen
from spit.app.look import Look
from spit.app.menu import MenuScreen
from spit.engine import Outcome, RoundEnd, RoundSettled, Termination, Variant
from spit.net.botclient import BotSeat, play
from spit.net.client import Client
from spit.net.identity import take
from spit.net.online import Online
from spit.net.pool import LocalPool
from spit.net.seats import KeptSeat
from spit.net.seeking import seek
from spit.net.server import GameServer
from spit.net.store import SqliteStore
from spit.records.figures import MatchStats
from spit.settings.options import GameOptions

from .factory import STILL, screen_text
from .test_network_play import until


async def online_server(tmp_path) -> tuple[GameServer, str, LocalPool]:
    pool = LocalPool()
    online = Online(SqliteStore(tmp_path / "o.sqlite3"), pool, tick=0.05)
    server = GameServer(online=online, record=False)
    host, port = await server.start("127.0.0.1", 0)
    return server, f"{host}:{port}", pool


async def open_online(pilot, address: str) -> None:
    app = pilot.app
    await until(lambda: isinstance(app.screen, MenuScreen), pilot)
    app.screen.query_one("#online", RadioButton).value = True
    app.screen.query_one("#start", Button).press()
    await until(lambda: isinstance(app.focused, Input), pilot)
    await pilot.press(*address, "enter", *"Ana", "enter")


@pytest.mark.long  # the app and a server on real time
async def test_the_wait_shows_the_seconds_and_esc_leaves_the_pool(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIT_DATA_DIR", str(tmp_path / "data"))
    server, address, pool = await online_server(tmp_path)
    app = SpitApp(GameOptions(), pace=STILL)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_online(pilot, address)
        await until(lambda: "Waiting:" in screen_text(app) and pool.seekers, pilot)
        assert "Seeking: 1" in screen_text(app)
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, MenuScreen) and not pool.seekers, pilot)
    await server.stop()


@pytest.mark.long  # end to end: the app, a server and another seeker on real time
async def test_a_player_found_opens_the_networked_table(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIT_DATA_DIR", str(tmp_path / "data"))
    server, address, pool = await online_server(tmp_path)
    app = SpitApp(GameOptions(), pace=STILL)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_online(pilot, address)
        await until(lambda: bool(pool.seekers), pilot)
        paired = await seek(address, take(address, tmp_path / "other"), app.options.variant, "Bo")
        seat = BotSeat("casual", random.Random(1))
        client = Client(address, seat)
        kept = KeptSeat(address, paired.room, paired.seat, paired.token, False)
        task = asyncio.ensure_future(play(client, seat, kept=kept))
        await until(lambda: any(isinstance(s, GameScreen) for s in app.screen_stack), pilot)
        assert not any(isinstance(s, OnlineScreen) for s in app.screen_stack)
        task.cancel()
        await client.close()
    await server.stop()


def test_the_match_over_box_shows_each_seats_rating_before_and_after() -> None:
    screen = MatchOverScreen(
        outcome=Outcome(Termination.NO_CARDS, 0),
        names=("Ana", "Bo"),
        stats=MatchStats(),
        variant=Variant.STANDARD,
        look=Look(),
        grace=0.0,
        last_round=RoundSettled(1, (0, 52), (None, 0), RoundEnd.WENT_OUT, 0),
        rematch=False,
        rated=("1500 → 1662?", "1500 → 1338?"),
    )
    console = Console(width=80, record=True, color_system=None)
    console.print(screen._figures())
    line = next(line for line in console.export_text().splitlines() if "rating" in line)
    assert "1500 → 1662?" in line and line.index("1662?") < line.index("1338?")
