"""The mouse and a finger in the browser: the page keeps the keyboard's focus, a click on a
card plays it with no key sent (xterm.js reports the mouse to the game), and on a phone held
upright (Chromium's mobile emulation, touch on) the compact table shows and a tap plays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from spit.engine import Card

from .browser import Page, chromium, spit_web
from .test_browser import CARD, cards_in, table

pytestmark = pytest.mark.long  # end to end: spit web in a real browser

NOT_KEYS = ("\x1b[<", "\x1b[?")
"""How input that is no key starts: xterm.js's mouse reports (SGR mouse mode) and its
answers to the game's questions about the terminal's modes."""


@pytest.fixture
def config(tmp_path: Path) -> Path:
    config = tmp_path / "config.toml"
    config.write_text("[menu]\npractice_offered = true\n")
    return config


def card_at(screen: str, card: Card) -> tuple[int, int]:
    """The column and line of ``card``'s label in the near player's stocks (the bottom)."""
    lines = screen.splitlines()
    for line in range(len(lines) - 1, -1, -1):
        for found in CARD.finditer(lines[line]):
            if cards_in(found.group(0)) == [card]:
                return found.start(), line
    raise AssertionError(f"{card} is not on the screen:\n{screen}")


def near_plays(screen: str) -> list[tuple[Card, int]]:
    """The near player's stock cards that fit a pile, and the pile."""
    piles, (near, _far) = table(screen)
    return [(card, p) for card in near for p in (0, 1) if card.fits_on(piles[p])]


def spit_cards(screen: str) -> tuple[int, int]:
    """Where the near player's spit cards are (the first back on the piles' line)."""
    lines = screen.splitlines()
    line = next(i for i, text in enumerate(lines) if text.count("░") >= 4)
    return lines[line].index("░") + 1, line


def play_one(page: Page, press: Callable[[int, int], None], spit: Callable[[], None]) -> Card:
    """Spit until the near player has a card that fits, press it; the card played."""
    screen = page.wait_for(lambda text: "░" in text and "both press SPIT" not in text)
    for _ in range(10):  # a stuck table asks both to spit again; it cannot stay stuck long
        plays = near_plays(screen)
        if plays:
            break
        before = table(screen)[0]
        spit()
        screen = page.wait_for(lambda text, before=before: table(text)[0] != before)
    card, _pile = plays[0]
    press(*card_at(screen, card))
    page.wait_for(lambda text: card not in table(text)[1][0])
    return card


def past_the_offer(page: Page, press: Callable[[int, int], None]) -> None:
    """A new browser's first start offers the practice: "Not now", clicked or tapped."""
    page.wait_for("Not now (Esc")  # on a phone the box runs past the right edge
    column, line = page.find("Not now (Esc")
    press(column + 2, line)
    page.wait_for(lambda text: "New to Spit?" not in text and "Against the bot" in text)


def test_the_page_takes_the_focus_on_load_and_after_a_click(config: Path, tmp_path: Path) -> None:
    with (
        spit_web(config=config, log=tmp_path / "server.log") as address,
        chromium(tmp_path / "profile") as page,
    ):
        page.driver.get(address)  # no focus given: the page takes it
        past_the_offer(page, page.click)
        page.driver.execute_script("document.activeElement.blur()")
        page.click(0, 0)  # anywhere: a blank corner of the menu
        focused = "return document.activeElement.className"
        assert "xterm-helper-textarea" in page.driver.execute_script(focused)
        ActionChains(page.driver).send_keys("s").perform()  # typed at the page, not the box
        page.wait_for("both press SPIT")


def test_a_click_on_a_playable_card_plays_it_with_no_key_sent(config: Path, tmp_path: Path) -> None:
    with (
        spit_web(config=config, log=tmp_path / "server.log") as address,
        chromium(tmp_path / "profile") as page,
    ):
        page.driver.get(address)
        past_the_offer(page, page.click)
        page.click(*page.find("Start"))  # two players, the menu's first choice
        page.wait_for("both press SPIT")

        def spit() -> None:  # each player's line presses their spit key
            for name in ("Player 1", "Player 2"):
                page.click(*page.find(name))

        spit()
        play_one(page, page.click, spit)
        sent = page.sent()
        assert sent and all(data.startswith(NOT_KEYS) for data in sent), sent


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390x844", "360x740"])
def test_on_a_phone_the_compact_table_shows_and_a_tap_plays(
    config: Path, tmp_path: Path, size: tuple[int, int]
) -> None:
    with (
        spit_web(config=config, log=tmp_path / "server.log") as address,
        chromium(tmp_path / "profile", size, phone=True) as page,
    ):
        page.driver.get(address)
        past_the_offer(page, page.tap)
        page.tap(*page.find("Against the bot"))
        page.tap(*page.find("Start"))
        screen = page.wait_for("░")
        assert "Enlarge" not in screen and "Make the window larger" not in screen
        assert "q a z" not in screen  # played by touch: no keys' legends

        def spit() -> None:
            page.tap(*spit_cards(page.screen()))

        spit()
        play_one(page, page.tap, spit)
        assert all(data.startswith(NOT_KEYS) for data in page.sent()), page.sent()
