"""Spit in a real browser: ``spit web`` served on loopback, played in headless chromium.

What a person does: open the page, see the start menu, start a game with the keyboard,
press spit and play a card with keys typed into the page, pause, get help and quit the way
the page's help says (Esc, then H, or Q and Q), and resize the window.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from spit.engine import Card

from .browser import SPIT, Page, chromium, spit_web

pytestmark = pytest.mark.long  # end to end: spit web in a real browser

CARD = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
ROWS = (("qwert", "asdfg"), ("yuiop", "hjkl;"))
"""QWERTY, per player: the top row plays stock N onto the left pile, the home row the right."""


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Page]:
    config = tmp_path / "config.toml"
    # This machine's player has seen the practice offer; a new browser has not (its config
    # is its own), so its page opens on the offer, and the tests start past it.
    config.write_text("[menu]\npractice_offered = true\n")
    with (
        spit_web(config=config, log=tmp_path / "server.log") as address,
        chromium(tmp_path / "profile") as page,
    ):
        page.open(address)
        page.past_the_practice_offer()
        yield page


def cards_in(line: str) -> list[Card]:
    return [Card.parse(rank + suit) for rank, suit in CARD.findall(line)]


def table(screen: str) -> tuple[list[Card], tuple[list[Card], list[Card]]]:
    """The spit piles' top cards and each player's stock tops, read off the page (at any
    card size: the lines across the spit cards' backs are the piles')."""
    lines = screen.splitlines()
    piles_at = next(i for i, line in enumerate(lines) if line.count("░") >= 4)
    piles = cards_in(lines[piles_at])
    below = [line for line in lines[piles_at + 1 :] if "░" not in line]
    bottom = next(cards_in(line) for line in below if cards_in(line))
    top = next(cards_in(line) for line in reversed(lines[:piles_at]) if cards_in(line))
    return piles, (bottom, top)


def test_the_page_opens_the_start_menu(page: Page) -> None:
    screen = page.wait_for("S  P  I  T")
    assert "Two players" in screen and "Against the bot" in screen
    assert "· ?: help" in screen  # the page's own wording: F1 may be the browser's


def test_keys_typed_into_the_page_spit_and_play_a_card(page: Page) -> None:
    page.wait_for("S  P  I  T")
    page.type("s")  # start: two players, standard, QWERTY
    page.wait_for("both press SPIT")
    page.type(" ", Keys.ENTER)  # player 1's Space and player 2's Enter
    screen = page.wait_for(lambda text: "both press SPIT" not in text and "░" in text)
    for _ in range(10):  # a stuck table asks both to spit again; it cannot stay stuck for long
        piles, stocks = table(screen)
        assert len(piles) == 2 and all(len(side) == 5 for side in stocks), screen
        plays = [
            (player, stock, pile)
            for player in (0, 1)
            for stock, card in enumerate(stocks[player])
            for pile in (0, 1)
            if card.fits_on(piles[pile])
        ]
        if plays:
            break
        page.type(" ", Keys.ENTER)
        screen = page.wait_for(lambda text, before=piles: table(text)[0] != before)
    player, stock, pile = plays[0]
    card = stocks[player][stock]
    page.type(ROWS[player][pile][stock])
    screen = page.wait_for(lambda text: table(text)[0][pile] == card)
    assert "✗" not in screen  # no refusal anywhere


def test_pause_help_and_quit_work_by_plain_keys_in_the_page(page: Page) -> None:
    page.wait_for("S  P  I  T")
    page.type("s")
    page.wait_for("both press SPIT")
    page.type(Keys.ESCAPE)
    page.wait_for("H: help")
    # H and Q answer only once the pause's grace (Pace.grace) is over: pressed until they do
    page.press_until("h", "press Esc, then H for this help or Q to quit")
    page.type(Keys.ESCAPE)
    page.wait_for("Paused")
    page.type("q")
    page.wait_for(lambda text: "Quit this match?" in text and "Q: quit" in text)
    # the question, too, has its grace; then the page closes and offers to play again
    page.press_until("q", lambda _: page.closed())


def test_a_window_too_small_covers_the_table_until_it_grows(page: Page) -> None:
    page.wait_for("S  P  I  T")
    page.type("s")
    page.wait_for("both press SPIT")
    page.driver.set_window_size(480, 360)
    page.wait_for("Make the window larger or zoom out")  # a browser has no terminal
    page.driver.set_window_size(1280, 860)
    page.wait_for("both press SPIT")


def unfinished_records(directory: Path) -> list[Path]:
    """The records under ``directory`` (at any depth) that no game holds open any more."""
    from spit.records.record import is_busy

    return [path for path in directory.rglob("*.jsonl") if not is_busy(path)]


def test_a_browser_is_offered_its_own_unfinished_match_and_no_other_browser_is(
    tmp_path: Path, data_dir: Path
) -> None:
    """A tab closed mid-match leaves its match to its own browser: another browser (its own
    profile) opens on the menu, the first one opening the page again is offered the match,
    and this machine's own ``spit resume`` and ``spit stats`` never see it."""
    config = tmp_path / "config.toml"
    config.write_text("[menu]\npractice_offered = true\n")
    with (
        spit_web(config=config, log=tmp_path / "server.log") as address,
        chromium(tmp_path / "first") as first,
    ):
        first.open(address)
        first.past_the_practice_offer()
        first.type("s")
        first.wait_for("both press SPIT")
        first.type(" ", Keys.ENTER)
        first.wait_for(lambda text: "both press SPIT" not in text and "░" in text)
        first.driver.get("about:blank")  # the tab goes mid-match
        first.wait_until(lambda: unfinished_records(data_dir) != [], timeout=30)

        with chromium(tmp_path / "second") as second:
            second.open(address)
            screen = second.past_the_practice_offer()  # a new browser: a first start
            assert "Resume the match" not in screen
            second.type("s")  # the menu has the keys: no offer lies over it
            second.wait_for("both press SPIT")

        first.open(address)
        screen = first.wait_for("Resume the match from")  # its own: no practice offer again
        assert "New to Spit?" not in screen

    machine = {**os.environ, "SPIT_DATA_DIR": str(data_dir), "SPIT_CONFIG": str(config)}
    resume = subprocess.run(
        [str(SPIT), "resume"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=machine,
        timeout=60,
    )
    assert resume.returncode == 2
    assert "no unfinished match to resume" in resume.stderr
    stats = subprocess.run(
        [str(SPIT), "stats", "--json"], capture_output=True, text=True, env=machine, timeout=60
    )
    assert stats.returncode == 0, stats.stderr
    figures = json.loads(stats.stdout)
    assert (figures["matches"], figures["unfinished"]) == (0, 0)
