"""A rematch end to end: two installed ``spit`` commands in two tmux panes, ``spit host
--server`` and ``spit join``, on a server of the test's own on loopback. The server plays
their match out (the actions two bots took on the same deal); then Ctrl+R in one pane shows
the offer in the other, Ctrl+R there, and both panes show a fresh table, the seats swapped."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from spit.net.server import GameServer

from .test_network_rematch import play_out
from .test_tmux_network import Pane, panes  # noqa: F401 (the fixture)
from .tmux import SPIT

pytestmark = pytest.mark.long  # end to end: the installed spit in real terminals (tmux)

SEED = 3


@contextmanager
def server_on_its_own_loop() -> Iterator[tuple[GameServer, asyncio.AbstractEventLoop, str]]:
    """A :class:`GameServer` on 127.0.0.1 on a loop in a thread of its own, and its address."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server = GameServer(record=False)
    host, port = asyncio.run_coroutine_threadsafe(server.start("127.0.0.1", 0), loop).result(10)
    try:
        yield server, loop, f"{host}:{port}"
    finally:
        asyncio.run_coroutine_threadsafe(server.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def top_names(screen: str) -> list[str]:
    """The names in the top bar, in seat order."""
    return re.findall(r"(You|Ana|Bo) (?:\d+|\?) ms", screen.splitlines()[0])


def test_a_rematch_across_two_terminals_deals_a_fresh_match_with_the_seats_swapped(
    panes: tuple[Pane, Pane, str],  # noqa: F811 (the fixture)
    data_dir: Path,
) -> None:
    host, friend, env = panes
    with server_on_its_own_loop() as (server, loop, address):
        # Each player's own data directory: the seat each keeps is its own.
        host.start(
            f"{env} SPIT_DATA_DIR={data_dir / 'ana'} {SPIT} host --server {address} "
            f"--seed {SEED} --name Ana"
        )
        host.wait_for(lambda s: re.search(r"\w{4}-\w{4}", s) is not None and "spit join" in s)
        [code] = list(server.rooms)
        friend.start(
            f"{env} SPIT_DATA_DIR={data_dir / 'bo'} {SPIT} join {address} {code} --name Bo"
        )
        friend.wait_for("Round 1: both press SPIT")
        host.wait_for(lambda s: "Round 1: both press SPIT" in s and "spit join" not in s)
        host.wait_for(lambda s: top_names(s) == ["You", "Bo"])
        friend.wait_for(lambda s: top_names(s) == ["Ana", "You"])
        asyncio.run_coroutine_threadsafe(play_out(server, code, SEED), loop).result(120)
        host.wait_for("win the match")
        friend.wait_for("wins the match")
        first_seed = server.rooms[code].match.seed

        host.wait_for(lambda s: "Rematch (Ctrl+R)" in s)
        _after_the_grace()
        host.press("C-r")
        host.wait_for("waiting for Bo to answer")
        friend.wait_for("Ana offers a rematch")
        _after_the_grace()
        friend.press("C-r")

        host.wait_for(lambda s: "Round 1: both press SPIT" in s and top_names(s) == ["Bo", "You"])
        friend.wait_for(
            lambda s: "Round 1: both press SPIT" in s and top_names(s) == ["You", "Ana"]
        )
        room = server.rooms[code]
        assert room.names == ["Bo", "Ana"] and room.match.seed != first_seed
        assert "win" not in host.screen() and "Rematch" not in friend.screen()
        host.press("C-q")
        host.wait_for("Quit this match?")
        host.press("C-q")
        host.wait_for("spit-exited-0")
        friend.wait_for("spit-exited-1")


def _after_the_grace() -> None:
    """The match-over box ignores keys its first second (the last keys of a match)."""
    time.sleep(1.2)
