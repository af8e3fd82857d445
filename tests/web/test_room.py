"""A hosted room's second seat in a real browser: ``spit host --web`` on loopback.

The bot hosts seat 1 headless (``--bot``), the page takes seat 2 through the game server as
any client would, plays with keys typed into it, and a dropped tab comes back to its seat.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import select
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from spit.web.room import (
    WRONG_LINKS,
    RoomWebServer,
    WrongLinks,
    _BrowserSeat,
    browser_language,
    client_of,
)

from .browser import SPIT, Page, chromium
from .test_browser import table


@pytest.fixture
def room(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A room hosted by the easy bot with a browser seat; what the host printed."""
    config = tmp_path / "config.toml"
    config.write_text("")
    host = subprocess.Popen(
        [str(SPIT), "host", "--bot", "easy", "--json", "--port", "0", "--web", "--web-port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "SPIT_CONFIG": str(config)},
    )
    try:
        assert host.stdout is not None
        ready, _, _ = select.select([host.stdout], [], [], 30)
        assert ready, "spit host said nothing in 30 s"
        yield json.loads(host.stdout.readline())
    finally:
        host.terminate()
        try:
            host.wait(timeout=15)
        except subprocess.TimeoutExpired:
            host.kill()
            host.wait()


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Page]:
    with chromium(tmp_path / "profile") as page:
        yield page


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as refused:
        return refused.code


def test_the_link_carries_the_room_and_a_secret_and_only_the_whole_link_opens_a_page(
    room: dict[str, str],
) -> None:
    link, code = room["link"], room["code"]
    base, secret = link.rsplit("/", 1)
    assert base.startswith("http://127.0.0.1:") and base.endswith(f"/room/{code}")
    assert re.fullmatch(r"[A-Za-z0-9_-]{16,}", secret)  # 96 random bits, URL-safe
    assert status_of(link) == 200
    assert status_of(base) == 404  # the code alone, which spit join needs: no seat
    assert status_of(f"{base}/{'A' * len(secret)}") == 404  # a wrong secret
    assert status_of(base.rsplit("/", 1)[0] + f"/ABCD-EFGH/{secret}") == 404  # another room


def test_a_second_client_with_only_the_code_is_refused_and_the_seat_stays_with_its_tab(
    room: dict[str, str],
) -> None:
    seat = room["link"].replace("http://", "ws://").replace("/room/", "/ws/room/")
    origin = room["link"].split("/room/")[0].replace("http://", "ws://")
    code_only = f"{origin}/ws/room/{room['code']}"

    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            tab = await session.ws_connect(seat + "?width=100&height=30")
            async with asyncio.timeout(30):  # the seat's game draws its table
                while len((await tab.receive()).data or b"") < 100:
                    pass
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(code_only)
            assert refused.value.status == 404
            await tab.send_str(json.dumps(["ping", "still mine"]))
            async with asyncio.timeout(10):
                while True:
                    message = await tab.receive()
                    assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                    if message.type == aiohttp.WSMsgType.TEXT:
                        assert json.loads(message.data) == ["pong", "still mine"]
                        break
            await tab.close()

    asyncio.run(play())


def test_wrong_links_from_one_address_are_limited(room: dict[str, str]) -> None:
    """A guesser on loopback: its first WRONG_LINKS wrong links are answered "no seat", every
    link after that "too many" — the right one too, unread, until the window passes."""
    link = room["link"]
    base = link.rsplit("/", 2)[0]
    statuses = [status_of(f"{base}/ABCD-{n:04d}/{'x' * 16}") for n in range(WRONG_LINKS + 20)]
    assert statuses[:WRONG_LINKS] == [404] * WRONG_LINKS
    assert statuses[WRONG_LINKS:] == [429] * 20
    assert status_of(link) == 429


def test_wrong_links_are_counted_per_address_over_a_window() -> None:
    now = [0.0]
    wrong = WrongLinks(limit=3, window=60.0, clock=lambda: now[0])
    for _ in range(3):
        assert not wrong.barred("127.0.0.2")
        wrong.wrong("127.0.0.2")
    assert wrong.barred("127.0.0.2")
    assert not wrong.barred("127.0.0.3")  # another address is its own
    now[0] = 59.0
    assert wrong.barred("127.0.0.2")
    now[0] = 60.5
    assert not wrong.barred("127.0.0.2")  # the window has passed


@pytest.mark.long  # end to end: a real browser plays a networked match
def test_the_browser_takes_seat_2_plays_and_a_dropped_tab_comes_back(
    room: dict[str, str], page: Page
) -> None:
    page.open(room["link"])
    page.wait_for("both press SPIT", timeout=30)
    page.type(" ")  # the bot spits too: the round starts
    screen = page.wait_for(lambda text: "both press SPIT" not in text and "░" in text)
    piles, _stocks = table(screen)
    assert "You" in screen and "bot" in screen  # seat 2 is "You" on its own table
    assert len(piles) == 2

    # The tab goes; the seat's game waits. The same link takes the page back to it.
    page.driver.get("about:blank")
    page.open(room["link"])
    screen = page.wait_for(lambda text: "░" in text and "You" in text)
    assert "both press SPIT" not in screen  # the same match, not a new one


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("de-AT,de;q=0.9,en;q=0.5", "de"),
        ("fr-FR,fr;q=0.9,el;q=0.8,en;q=0.7", "el"),  # the first we speak
        ("en;q=0.4, ka", "ka"),  # by weight, not by place
        ("lv;q=0, de;q=0.1", "de"),  # q=0: not wanted at all
        ("fr, *", "en"),
        ("", "en"),
        ("de;q=x, ;;, el;q=nan", "en"),  # nonsense is not a language
    ],
)
def test_the_browser_seat_speaks_the_language_the_browser_asks_for(header: str, lang: str) -> None:
    assert browser_language(header) == lang


async def test_the_browser_seat_keeps_its_data_apart_and_it_goes_with_the_hosting(
    data_dir: Path,
) -> None:
    from spit.records.paths import DATA_DIR_VARIABLE

    server = RoomWebServer("127.0.0.1:9", bind="127.0.0.1", port=0)
    await server.start()
    try:
        server.open_room("ABCD-EFGH")
        directory = server.seat_directory("ABCD-EFGH")
        assert directory.is_dir() and not directory.is_relative_to(data_dir)
        assert server.seat_directory("ABCD-EFGH") == directory  # one per room, kept
        seat = _BrowserSeat(server, "ABCD-EFGH", "en")
        environment = seat.service._build_environment()
        assert environment[DATA_DIR_VARIABLE] == str(directory)
    finally:
        await server.stop()
    assert not directory.exists()


@pytest.mark.parametrize(
    ("address", "client"),
    [
        ("127.0.0.1", "127.0.0.1"),
        ("::1", "::/64"),  # counted against its whole /64, which one machine may hold
        ("::ffff:127.0.0.1", "127.0.0.1"),  # an IPv4 address written as IPv6 is the IPv4 one
        ("", ""),
    ],
)
def test_wrong_links_count_against_an_ipv4_address_or_an_ipv6_64(address: str, client: str) -> None:
    assert client_of(address) == client
