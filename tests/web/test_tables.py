"""``spit web``'s tables end with their pages: the installed server on loopback, pages played
by plain WebSocket clients that misbehave (open a dozen at once and drop them, send a message
of megabytes, never answer a close), and the server's game processes counted from /proc.

Every wait is bounded: a game is given :data:`QUIT_GRACE` to quit after its page has gone,
and the tests allow a few seconds more for a loaded machine, never minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from spit.web.server import CLOSE_TIMEOUT, MAX_MESSAGE, QUIT_GRACE

from .browser import alive, children, spit_web_process

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

ENDED_WITHIN = QUIT_GRACE + CLOSE_TIMEOUT + 8.0
"""How long a dropped page's game may take to be gone: the documented grace, the close, and
a margin for a shared, loaded machine (before the fix, games lived for minutes)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``spit web --max-tables 2``: its WebSocket address and its process."""
    config = tmp_path / "config.toml"
    config.write_text("[menu]\npractice_offered = true\n")
    with spit_web_process("--max-tables", "2", config=config, log=tmp_path / "server.log") as (
        address,
        process,
    ):
        yield address.replace("http://", "ws://") + "ws", process


def games(server: subprocess.Popen[str]) -> set[int]:
    """The game processes ``spit web`` runs now (its children that have not ended)."""
    return {pid for pid in children(server.pid) if alive(pid)}


def wait_until_gone(pids: set[int], within: float) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(alive(pid) for pid in pids):
            return
        time.sleep(0.1)
    still = sorted(pid for pid in pids if alive(pid))
    raise AssertionError(f"game processes {still} outlived their pages by {within:g} s")


async def first_frame(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Wait until the game has drawn something: its process runs and reads its input."""
    async with asyncio.timeout(30):
        while True:
            message = await ws.receive()
            assert message.type == aiohttp.WSMsgType.BINARY, message
            if len(message.data) > 100:
                return


async def closed_by_server(ws: aiohttp.ClientWebSocketResponse, within: float) -> int | None:
    """Read until the server closes the WebSocket; its close code."""
    async with asyncio.timeout(within):
        while True:
            message = await ws.receive()
            if message.type in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSED,
                aiohttp.WSMsgType.CLOSING,
                aiohttp.WSMsgType.ERROR,
            ):
                return ws.close_code


@pytest.mark.long  # end to end: spit web and its game processes
def test_the_cap_counts_game_processes_and_dropped_pages_end_theirs(server) -> None:
    """Twelve pages opened at once against two tables and dropped at once, six times over: no
    more than two games ever run, and once the pages are gone, so are their games."""
    url, process = server

    async def round_of_twelve() -> tuple[int, set[int]]:
        session = aiohttp.ClientSession()
        try:

            async def open_page() -> aiohttp.ClientWebSocketResponse | None:
                try:
                    return await session.ws_connect(url + "?width=100&height=30")
                except aiohttp.WSServerHandshakeError as refused:
                    assert refused.status == 503  # every table taken
                    return None

            pages = await asyncio.gather(*(open_page() for _ in range(12)))
            return sum(page is not None for page in pages), games(process)
        finally:
            await session.close()  # every page dropped at once, without a goodbye

    seen: set[int] = set()
    for _ in range(6):
        opened, running = asyncio.run(round_of_twelve())
        assert opened <= 2
        assert len(running) <= 2, f"{len(running)} games run for a cap of 2"
        seen |= running
    assert seen
    wait_until_gone(seen, ENDED_WITHIN)
    assert games(process) == set()


def test_a_message_too_big_closes_its_page_and_ends_its_game(server) -> None:
    url, process = server

    async def play() -> tuple[int | None, set[int]]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(url)
            await first_frame(ws)
            running = games(process)
            await ws.send_str(json.dumps(["stdin", "q" * (3 * 1024 * 1024)]))
            code = await closed_by_server(ws, 15)
            return code, running

    code, running = asyncio.run(play())
    assert code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert running
    wait_until_gone(running, ENDED_WITHIN)


@pytest.mark.long  # a flood, through spit web
def test_a_page_sending_faster_than_its_game_reads_is_closed(server) -> None:
    url, process = server
    key_storm = json.dumps(["stdin", "\x1b[15~" * (MAX_MESSAGE // 12)])  # F5, again and again
    assert len(key_storm) < MAX_MESSAGE

    async def play() -> tuple[int | None, set[int]]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(url)
            await first_frame(ws)
            running = games(process)

            async def storm() -> None:
                with contextlib.suppress(ConnectionError):
                    for _ in range(4000):  # 24 MiB at most: far more than any pipe holds
                        await ws.send_str(key_storm)
                        await asyncio.sleep(0)

            storming = asyncio.create_task(storm())
            try:
                code = await closed_by_server(ws, 30)
            finally:
                storming.cancel()
            return code, running

    code, running = asyncio.run(play())
    assert code == aiohttp.WSCloseCode.POLICY_VIOLATION
    wait_until_gone(running, ENDED_WITHIN)


@pytest.mark.long  # end to end: spit web and its game processes
def test_sigterm_stops_spit_web_promptly_ending_its_tables(server) -> None:
    """One page sends a message of megabytes and drops; the other's game hangs (SIGSTOP)
    while its page never answers the server's goodbye. SIGTERM still stops ``spit web``, and
    both games, within the grace (it took 66 s, and a hung game outlived the server)."""
    url, process = server
    started: set[int] = set()

    async def play() -> set[int]:
        session = aiohttp.ClientSession()
        dropped = await session.ws_connect(url)
        await first_frame(dropped)
        before = games(process)
        deaf = await session.ws_connect(url, autoclose=False)
        await first_frame(deaf)
        running = games(process)
        started.update(running)
        (hung,) = running - before
        os.kill(hung, signal.SIGSTOP)
        with contextlib.suppress(ConnectionError):
            await dropped.send_str(json.dumps(["stdin", "q" * (3 * 1024 * 1024)]))
        await dropped.close()
        await asyncio.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        try:  # the deaf page stays open while the server stops
            await asyncio.get_running_loop().run_in_executor(None, process.wait, ENDED_WITHIN)
        finally:
            await session.close()
        return running

    try:
        running = asyncio.run(play())
    finally:
        for pid in started:  # nothing left behind, whatever happened
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert process.returncode == 0
    assert len(running) == 2
    assert not any(alive(pid) for pid in running)
