"""The mouse and a finger in the browser: the page keeps the keyboard's focus, a click on a
card plays it with no key sent (xterm.js reports the mouse to the game), and on a phone held
upright (Chromium's mobile emulation, touch on) the compact table shows and a tap plays."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from spit.engine import Card

from .browser import Page, chromium, spit_web
from .test_browser import CARD, cards_in, table

pytestmark = pytest.mark.long  # end to end: spit web in a real browser

MATCH_TIME = 300.0
"""Seconds a whole match by taps may take: about 70 against the casual bot, far more on a
loaded machine."""

NOT_KEYS = ("\x1b[<", "\x1b[?")
"""How input that is no key starts: xterm.js's mouse reports (SGR mouse mode) and its
answers to the game's questions about the terminal's modes."""


@pytest.fixture
def config(tmp_path: Path) -> Path:
    config = tmp_path / "config.toml"
    config.write_text("[menu]\npractice_offered = true\n")
    return config


def card_at(screen: str, card: Card) -> tuple[int, int]:
    """The column and line of ``card``'s label, the lowest on the screen (a stock card)."""
    lines = screen.splitlines()
    for line in range(len(lines) - 1, -1, -1):
        for found in CARD.finditer(lines[line]):
            if cards_in(found.group(0)) == [card]:
                return found.start(), line
    raise AssertionError(f"{card} is not on the screen:\n{screen}")


def plays(screen: str, side: int) -> list[Card]:
    """The stock cards of a side (0 the near player's, 1 the far one's) that fit a pile."""
    piles, stocks = table(screen)
    return [card for card in stocks[side] if any(card.fits_on(pile) for pile in piles)]


def spit_cards(screen: str) -> tuple[int, int]:
    """Where the near player's spit cards are (the first back on the piles' line)."""
    lines = screen.splitlines()
    line = piles_line(lines)
    return lines[line].index("░") + 1, line


def play_one(
    page: Page, press: Callable[[int, int], None], spit: Callable[[], None], *, far: bool
) -> Card:
    """Until a card of the near player (or, with ``far``, of either) fits, spit when nobody
    can play or wait for the other to; press the card; the card played."""
    screen = page.wait_for(lambda text: "░" in text and "both press SPIT" not in text)
    sides = (0, 1) if far else (0,)
    for _ in range(20):  # a stuck table asks both to spit again; it cannot stay stuck long
        found = [(card, side) for side in sides for card in plays(screen, side)]
        if found:
            break
        before = table(screen)
        if not plays(screen, 1):
            spit()
        screen = page.wait_for(lambda text, before=before: table(text) != before)
    card, side = found[0]
    press(*card_at(screen, card))
    page.wait_for(lambda text: card not in table(text)[1][side])
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
        play_one(page, page.click, spit, far=True)  # a click acts for the card's owner
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
        play_one(page, page.tap, spit, far=False)
        assert all(data.startswith(NOT_KEYS) for data in page.sent()), page.sent()


def near_stocks(screen: str) -> tuple[int, list[int], list[Card | None], list[bool]]:
    """The near player's stocks as drawn: the line of their cards, each stock's column,
    each top card (None: an empty slot) and whether cards lie under it (``+N``)."""
    lines = screen.splitlines()
    piles = piles_line(lines)
    top = next(i for i in range(piles + 3, len(lines)) if "╭" in lines[i])
    columns = [x for x, char in enumerate(lines[top]) if char == "╭"]
    width = columns[1] - columns[0]
    cards = [cards_in(lines[top + 1][x : x + width]) for x in columns]
    under = ["+" in lines[top + 2][x : x + width] for x in columns]
    return top + 1, columns, [c[0] if c else None for c in cards], under


def next_tap(screen: str) -> list[tuple[int, int]]:
    """Where a player with only a finger taps next, as the near player against the bot."""
    lines = screen.splitlines()
    spit = page_line(lines, "You  ·")  # the person's line is their SPIT button
    if not any("░" in text for text in lines):  # between rounds: the summary
        return [spit]
    if "SLAP" in screen:
        line = piles_line(lines)
        return [(next(CARD.finditer(lines[line])).start(), line)]  # a pile
    line, columns, tops, under = near_stocks(screen)
    piles = cards_in(lines[piles_line(lines)])
    for column, card in zip(columns, tops, strict=True):
        if card is not None and any(card.fits_on(pile) for pile in piles):
            return [(column + 3, line)]
    if None in tops:
        full = next((c for c, t, u in zip(columns, tops, under, strict=True) if t and u), None)
        if full is not None:
            return [(full + 3, line), (columns[tops.index(None)] + 3, line)]
    return [spit]


def piles_line(lines: list[str]) -> int:
    """The line of the compact table's piles: the one spit cards' backs (░) are drawn on."""
    return next(i for i, text in enumerate(lines) if "░" in text)


def page_line(lines: list[str], text: str) -> tuple[int, int]:
    line = max(i for i, found in enumerate(lines) if text in found)
    return lines[line].index(text), line


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390x844", "360x740"])
def test_a_whole_match_against_the_bot_by_taps_on_a_phone(
    config: Path, tmp_path: Path, size: tuple[int, int]
) -> None:
    """Every action of the person is a tap: the menu, their spit cards, their stock cards,
    an empty slot after a card, a pile at slap time, the round's summary; the match ends."""
    # The quickest bot: it wins its rounds soonest, so the match ends in a bounded time even
    # on a loaded machine (at the menu's default level it ran past 300 s under a full run).
    config.write_text(config.read_text() + 'level = "very-fast"\n')
    with (
        spit_web(config=config, log=tmp_path / "server.log") as address,
        chromium(tmp_path / "profile", size, phone=True) as page,
    ):
        page.driver.get(address)
        past_the_offer(page, page.tap)
        page.tap(*page.find("Against the bot"))
        page.tap(*page.find("Start"))
        screen = page.wait_for("░")
        deadline = time.monotonic() + MATCH_TIME
        while "Rematch" not in screen:  # the match-over box
            assert time.monotonic() < deadline, f"the match never ended:\n{screen}"
            for where in next_tap(screen):
                page.tap(*where)
            try:
                screen = page.wait_for(lambda text, before=screen: text != before, timeout=2)
            except AssertionError:
                screen = page.screen()  # nothing changed: tap again (a lost race, a lock)
        assert all(data.startswith(NOT_KEYS) for data in page.sent())
