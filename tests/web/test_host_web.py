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

pytestmark = pytest.mark.long  # end to end: spit host --web in tmux and a real browser

LINK = re.compile(r"http://127\.0\.0\.1:\d+/room/\w{4}-\w{4}/[\w-]{16,}")
ROWS = ("qwert", "asdfg")
"""The friend's keys at a networked table (QWERTY): onto the left pile, onto the right."""
HOST_ROWS = ("azert", "qsdfg")
"""The host's (AZERTY)."""


HOST_CONFIG = '[keys]\npreset = "azerty"\n[keys.bindings]\n"p1.spit" = "1"\n'
"""The host's own keys (AZERTY, SPIT on 1): the browser seat must not get them."""


@pytest.fixture
def host(tmp_path: Path, data_dir: Path) -> Iterator[Pane]:
    terminal_available()
    config = tmp_path / "config.toml"
    config.write_text(HOST_CONFIG)
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
    host: Pane, page: Page, data_dir: Path
) -> None:
    screen = host.wait_for(lambda s: LINK.search(s) is not None)
    link = LINK.search(screen).group(0)  # type: ignore[union-attr]
    assert "spit join 127.0.0.1:" in screen  # the command stays for a friend with spit

    page.open(link)
    page.wait_for("Round 1: both press SPIT", timeout=30)
    host.wait_for(lambda s: "Round 1: both press SPIT" in s and "spit join" not in s)
    page.wait_for("Ana")  # the host's name, on the browser's table
    # The browser seat's player is at the browser: its token is not kept on the host's disk.
    assert list(data_dir.glob("seats/*.json")) == []

    # SPIT in the terminal (the host's own key): the browser's table shows the host ready.
    host.press("1")
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
        host.press("1")
        page.type(" ")
        screen = page.wait_for(lambda s, before=browser_piles: table(s)[0] != before)
    side, stock, pile, card = plays[0]
    if side == "browser":
        page.type(ROWS[pile][stock])
        host.wait_for(lambda s: str(card) in [str(c) for c in table(s)[0]])
    else:
        host.press(HOST_ROWS[pile][stock])
        page.wait_for(lambda s: str(card) in [str(c) for c in table(s)[0]])


def test_a_closed_tab_pauses_the_match_for_the_host_until_the_link_is_opened_again(
    host: Pane, tmp_path: Path
) -> None:
    screen = host.wait_for(lambda s: LINK.search(s) is not None)
    link = LINK.search(screen).group(0)  # type: ignore[union-attr]
    with chromium(tmp_path / "profile-de", lang="de-DE,de;q=0.9") as page:
        page.open(link)
        # The friend's browser asks for German: the seat speaks it and plays German keys
        # (QWERTZ: y fills, ö and - on the right), not the host's AZERTY with SPIT on 1.
        screen = page.wait_for("Runde 1: beide drücken SPUCKEN", timeout=30)
        assert "q a y" in screen and "p ö -" in screen and "Leertaste / Enter" in screen
        host.wait_for(lambda s: "Round 1: both press SPIT" in s and "spit join" not in s)
        assert "a q w" in host.screen()  # the host's own keys stay the host's

        page.driver.get("about:blank")  # the tab goes
        screen = host.wait_for(lambda s: "to come back (" in s)
        assert "The match is paused" in screen
        first = int(re.search(r"come back \((\d+) s\)", screen).group(1))  # type: ignore[union-attr]
        assert 50 <= first <= 60  # the game server keeps the seat 60 s
        host.wait_for(lambda s: f"come back ({first - 1} s)" in s)  # and counts down
        host.press("1")  # the notice is on top: nothing reaches the table

        page.open(link)  # the link again: the same seat, the same match, still at the deal
        page.wait_for("Runde 1: beide drücken SPUCKEN", timeout=30)
        screen = host.wait_for(lambda s: "come back" not in s and "Round 1: both press" in s)
        assert "ready ✓" not in screen
