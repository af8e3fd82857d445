"""A hosted room's second seat in a real browser: ``spit host --web`` on loopback.

The bot hosts seat 1 headless (``--bot``), the page takes seat 2 through the game server as
any client would, plays with keys typed into it, and a dropped tab comes back to its seat.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.web.room import browser_language

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


def test_the_link_carries_the_room_and_only_that_room_has_a_page(room: dict[str, str]) -> None:
    link = room["link"]
    assert link.startswith("http://127.0.0.1:") and link.endswith(f"/room/{room['code']}")
    other = link.rsplit("/", 1)[0] + "/ABCD-EFGH"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(other, timeout=10)
    assert refused.value.code == 404


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
