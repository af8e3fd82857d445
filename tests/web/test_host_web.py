"""``spit host --web`` end to end: the host plays in a real terminal (tmux), the friend in a
real browser (headless chromium) from the link the host's screen shows. Keys in either
change the other's table: both go through the game server, each sees only its own view."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.app.test_tmux import SPIT, terminal_available
from tests.app.test_tmux_network import Pane

from .browser import Page, chromium
from .test_browser import table

LINK = re.compile(r"http://127\.0\.0\.1:\d+/room/\w{4}-\w{4}")
ROWS = ("qwert", "asdfg")
"""The person's keys at a networked table (QWERTY): onto the left pile, onto the right."""


@pytest.fixture
def host(tmp_path: Path, data_dir: Path) -> Iterator[Pane]:
    terminal_available()
    config = tmp_path / "config.toml"
    config.write_text("")
    pane = Pane(f"spit-web-{uuid.uuid4().hex[:8]}", "host")
    env = f"SPIT_CONFIG={config} SPIT_DATA_DIR={data_dir}"
    pane.start(f"{env} {SPIT} host --port 0 --web --web-port 0 --seed 3 --name Ana")
    try:
        yield pane
    finally:
        pane.tmux("kill-server")


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Page]:
    with chromium(tmp_path / "profile") as page:
        yield page


def test_a_key_in_the_browser_changes_the_terminal_table_and_the_reverse(
    host: Pane, page: Page
) -> None:
    screen = host.wait_for(lambda s: LINK.search(s) is not None)
    link = LINK.search(screen).group(0)  # type: ignore[union-attr]
    assert "spit join 127.0.0.1:" in screen  # the command stays for a friend with spit

    page.open(link)
    page.wait_for("Round 1: both press SPIT", timeout=30)
    host.wait_for(lambda s: "Round 1: both press SPIT" in s and "spit join" not in s)
    page.wait_for("Ana")  # the host's name, on the browser's table

    # Space in the terminal: the browser's table shows the host ready.
    host.press("Space")
    page.wait_for("ready ✓")
    # Space in the browser: both tables leave the deal.
    page.type(" ")
    host.wait_for(lambda s: "both press SPIT" not in s and "Round 1" in s)
    screen = page.wait_for(lambda s: "both press SPIT" not in s and "░" in s)

    # A card from whichever side has one that fits lands on the other side's table too.
    for _ in range(10):
        browser_piles, (browser_stocks, _top) = table(screen)
        terminal_piles, (terminal_stocks, _top) = table(host.screen())
        assert sorted(map(str, browser_piles)) == sorted(map(str, terminal_piles))
        plays = [
            (side, stock, pile, card)
            for side, stocks in (("browser", browser_stocks), ("terminal", terminal_stocks))
            for stock, card in enumerate(stocks)
            for pile, top in enumerate(browser_piles if side == "browser" else terminal_piles)
            if card.fits_on(top)
        ]
        if plays:
            break
        host.press("Space")
        page.type(" ")
        screen = page.wait_for(lambda s, before=browser_piles: table(s)[0] != before)
    side, stock, pile, card = plays[0]
    if side == "browser":
        page.type(ROWS[pile][stock])
        host.wait_for(lambda s: str(card) in [str(c) for c in table(s)[0]])
    else:
        host.press(ROWS[pile][stock])
        page.wait_for(lambda s: str(card) in [str(c) for c in table(s)[0]])
