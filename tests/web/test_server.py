"""The server behind ``spit web``, without a browser: its page, its limits, and what a page
may send it. A page is a stranger: whatever it sends, the server and the other tables go on."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import time
import unittest.mock

import pytest
from aiohttp import WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer

from spit.cli import main
from spit.web.server import (
    MAX_COLUMNS,
    MAX_ROWS,
    WebServer,
    _clamp,
    page_address,
    prune_browsers,
)

GAME = [sys.executable, "-m", "spit"]


@pytest.fixture(autouse=True)
def no_config(monkeypatch, tmp_path):
    """The games the server starts read an empty config, never the user's."""
    config = tmp_path / "config.toml"
    config.write_text("")
    monkeypatch.setenv("SPIT_CONFIG", str(config))


async def client_for(server: WebServer) -> TestClient:
    client = TestClient(TestServer(await server._make_app(), host="127.0.0.1"))
    await client.start_server()
    return client


async def first_frame(ws) -> None:
    """Wait until the game has drawn something (it has started and read the page's size)."""
    async with asyncio.timeout(30):
        while True:
            message = await ws.receive()
            assert message.type == WSMsgType.BINARY, message
            if len(message.data) > 100:
                return


async def pong(ws, token: str) -> None:
    await ws.send_str(json.dumps(["ping", token]))
    async with asyncio.timeout(10):
        while True:
            message = await ws.receive()
            assert message.type in (WSMsgType.BINARY, WSMsgType.TEXT), message
            if message.type == WSMsgType.TEXT and json.loads(message.data) == ["pong", token]:
                return


async def test_the_page_is_ours_and_points_its_websocket_where_the_browser_came_from() -> None:
    client = await client_for(WebServer(GAME, bind="127.0.0.1", port=0, max_sessions=2))
    try:
        response = await client.get("/", headers={"Host": "127.0.0.1:4321"})
        page = await response.text()
        assert response.status == 200
        assert 'data-session-websocket-url="ws://127.0.0.1:4321/ws"' in page
        assert "<title>Spit</title>" in page
        assert "googleapis" not in page  # nothing fetched from anywhere but this server
        script = await client.get("/static/js/textual.js")
        assert script.status == 200
    finally:
        await client.close()


async def test_malformed_messages_from_a_page_are_dropped_and_its_game_goes_on() -> None:
    client = await client_for(WebServer(GAME, bind="127.0.0.1", port=0, max_sessions=2))
    try:
        ws = await client.ws_connect("/ws?width=100&height=30")
        await first_frame(ws)
        for bad in (
            "not json",
            "[]",
            "{}",
            "42",
            '["stdin", 5]',
            '["stdin", "\\ud800"]',
            '["resize", {"width": 1e300, "height": -3}]',
            '["resize", "big"]',
            '["ping", "' + "x" * 100 + '"]',
            '["no such thing", 1]',
        ):
            await ws.send_str(bad)
        await ws.send_bytes(b"\x00\xff binary")
        await pong(ws, "still-here")
        assert not ws.closed
        await ws.close()
    finally:
        await client.close()


async def test_when_every_table_is_taken_a_new_page_is_told_to_wait() -> None:
    server = WebServer(GAME, bind="127.0.0.1", port=0, max_sessions=1)
    client = await client_for(server)
    try:
        ws = await client.ws_connect("/ws")
        await first_frame(ws)
        busy = await client.get("/")
        assert busy.status == 503
        assert "The only table is taken" in await busy.text()  # not "All 1 tables"
        with pytest.raises(WSServerHandshakeError):
            await client.ws_connect("/ws")
        await ws.close()
        async with asyncio.timeout(20):
            while server.sessions:
                await asyncio.sleep(0.05)
        assert (await client.get("/")).status == 200
    finally:
        await client.close()


def test_a_page_size_is_clamped_to_what_a_game_can_draw() -> None:
    assert _clamp(10**9, 1, MAX_COLUMNS, 80) == MAX_COLUMNS
    assert _clamp(-3, 1, MAX_ROWS, 24) == 1
    assert _clamp("wide", 1, MAX_COLUMNS, 80) == 80
    assert _clamp(float("inf"), 1, MAX_COLUMNS, 80) == 80
    assert _clamp(None, 1, MAX_ROWS, 24) == 24


def test_the_printed_address_is_one_a_browser_can_open() -> None:
    assert page_address("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert page_address("::1", 8000) == "http://[::1]:8000/"
    assert page_address("localhost", 8000) == "http://localhost:8000/"
    assert page_address("::", 8000) == f"http://{socket.gethostname()}:8000/"


def test_a_port_already_taken_is_one_line_and_exit_2(capsys) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["web", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spit: cannot serve on 127.0.0.1 port {port}: ")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_bad_port_is_refused_before_anything_is_served(port: str, capsys) -> None:
    assert main(["web", "--port", port]) == 2
    assert "--port" in capsys.readouterr().err


@pytest.mark.parametrize(
    "browser",
    ["x" * 32, "0123456789ABCDEF0123456789ABCDEF", "0" * 31, "0" * 33, "%2e%2e%2frecords"],
)
async def test_a_page_naming_no_browser_id_gets_no_table(browser: str) -> None:
    client = await client_for(WebServer(GAME, bind="127.0.0.1", port=0, max_sessions=2))
    try:
        with pytest.raises(WSServerHandshakeError) as refused:
            await client.ws_connect(f"/ws/{browser}")
        assert refused.value.status == 404
    finally:
        await client.close()


async def test_plain_requests_for_a_browsers_table_write_nothing_and_log_nothing(
    data_dir, caplog
) -> None:
    """A stranger's GET is no seat: 1,000 of them make no directory and no traceback."""
    server = WebServer(GAME, bind="127.0.0.1", port=0, max_sessions=2)
    client = await client_for(server)
    try:
        async with asyncio.timeout(60):
            for n in range(1000):
                response = await client.get(f"/ws/{n:032x}")
                assert response.status == 400
                response.release()
    finally:
        await client.close()
    assert not data_dir.exists() or list(data_dir.rglob("*")) == []
    assert server.sessions == 0
    assert not [r for r in caplog.records if r.exc_info]


async def test_a_new_browsers_directory_is_made_once_its_page_holds_a_table(data_dir) -> None:
    browser = "fedcba9876543210fedcba9876543210"
    old = data_dir / "browsers" / f"{0:032x}"  # the least recently used of a full set
    old.mkdir(parents=True)
    os.utime(old, (0, 0))
    server = WebServer(GAME, bind="127.0.0.1", port=0, max_sessions=2)
    client = await client_for(server)
    try:
        with unittest.mock.patch("spit.web.server.BROWSERS_KEPT", 1):
            ws = await client.ws_connect(f"/ws/{browser}")
            await first_frame(ws)
        assert (data_dir / "browsers" / browser / "config.toml").is_file()
        assert not old.exists()  # one kept: the oldest made room
        await ws.close()
    finally:
        await client.close()


def test_browsers_unused_too_long_or_past_the_cap_are_removed_oldest_first(tmp_path) -> None:
    tmp_path /= "browsers"
    tmp_path.mkdir()
    now = time.time()
    for n, days in enumerate([0, 1, 2, 3, 100]):
        (tmp_path / f"{n:032x}").mkdir()
        os.utime(tmp_path / f"{n:032x}", (now - days * 86400,) * 2)
    (tmp_path / "not-a-browser").mkdir()
    prune_browsers(tmp_path, kept=10, days=90)  # the one unused for 100 days goes
    assert sorted(p.name[-1] for p in tmp_path.iterdir()) == ["0", "1", "2", "3", "r"]
    busy = {tmp_path / f"{3:032x}"}  # a table plays there: never removed
    prune_browsers(tmp_path, kept=2, days=90, busy=busy)
    assert sorted(p.name[-1] for p in tmp_path.iterdir()) == ["0", "1", "3", "r"]


async def test_the_page_gives_its_browser_an_id_of_its_own() -> None:
    client = await client_for(WebServer(GAME, bind="127.0.0.1", port=0, max_sessions=2))
    try:
        page = await (await client.get("/")).text()
        assert "localStorage.getItem(key)" in page and "getRandomValues" in page
        assert 'sessionWebsocketUrl += "/" + id' in page
    finally:
        await client.close()


async def test_a_browsers_unfinished_match_is_its_own_never_the_machine_players(
    data_dir, tmp_path, monkeypatch
) -> None:
    """A table's match goes to its browser's data directory: the machine's own records,
    which ``spit resume`` and ``spit stats`` read, never hold it."""
    config = tmp_path / "menu.toml"
    config.write_text("[menu]\npractice_offered = true\n")  # the menu at once, no offer
    monkeypatch.setenv("SPIT_CONFIG", str(config))
    from spit.records.paths import browser_data_dir
    from spit.records.record import is_busy, latest_unfinished, record_files

    browser = "0123456789abcdef0123456789abcdef"
    mine = browser_data_dir(browser)
    mine.mkdir(parents=True)
    (mine / "config.toml").write_text(config.read_text())  # this browser has seen the offer
    server = WebServer(GAME, bind="127.0.0.1", port=0, max_sessions=2)
    client = await client_for(server)
    try:
        ws = await client.ws_connect(f"/ws/{browser}?width=100&height=30")
        await first_frame(ws)
        await ws.send_str(json.dumps(["stdin", "s"]))  # two players: the table is dealt
        own = browser_data_dir(browser) / "records"
        async with asyncio.timeout(30):
            while not record_files(own):
                await asyncio.sleep(0.05)
        await ws.close()  # the tab goes mid-match
        async with asyncio.timeout(20):
            while server.sessions or is_busy(record_files(own)[0]):
                await asyncio.sleep(0.05)
    finally:
        await client.close()
    assert latest_unfinished(own) is not None  # this browser is offered it again
    assert record_files() == [] and latest_unfinished() is None  # the machine's: nothing
    assert not (data_dir / "history.sqlite3").exists()
    # The menu's choices went to the browser's own config, never to the machine's.
    assert config.read_text() == "[menu]\npractice_offered = true\n"
    assert (mine / "config.toml").read_text() != config.read_text()  # remembered: its own
