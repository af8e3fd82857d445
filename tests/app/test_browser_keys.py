"""Keys in a browser: F1 and Ctrl+Q may never reach the page, so help and quit have plain
keys behind Esc, and the page's wording says so (the terminal's wording stays as it is)."""

from __future__ import annotations

from spit.app.app import SpitApp
from spit.app.dialogs.help import HelpScreen
from spit.app.dialogs.host import HostScreen
from spit.app.dialogs.pause import PauseScreen
from spit.app.dialogs.quit import QuitScreen
from spit.app.game import Pace
from spit.app.menu import MenuScreen
from spit.settings.options import GameOptions, Mode

from .factory import STILL, FakeClock, make_app, screen_text


class InBrowser(SpitApp):
    """The app as ``spit web`` runs it: Textual's WebDriver answers ``is_web`` with True."""

    is_web = True  # type: ignore[assignment]


def web_app(mode: Mode | None = Mode.TWO_PLAYER) -> SpitApp:
    return InBrowser(GameOptions(mode=mode, seed=3), clock=FakeClock(), pace=STILL, opponents=None)


async def test_in_a_browser_esc_then_h_opens_help_and_q_asks_to_quit() -> None:
    app = web_app()
    async with app.run_test(size=(100, 36)) as pilot:
        assert "Esc: pause, then H help, Q quit" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, PauseScreen)
        assert "H: help" in screen_text(app) and "Q: quit" in screen_text(app)
        await pilot.press("h")
        assert isinstance(app.screen, HelpScreen)
        assert "press Esc, then H for this help or Q to quit" in screen_text(app)
        await pilot.press("h")  # a card key: the help stays (Esc or F1 close it)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, PauseScreen)
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        assert "Q: quit" in screen_text(app) and "Ctrl+Q" not in screen_text(app)
        await pilot.press("escape")  # keep playing: back to the pause
        assert isinstance(app.screen, PauseScreen)
        await pilot.press("q", "q")  # asked and answered
        await pilot.pause()
    assert app.return_code == 0


async def test_in_a_browser_the_menu_offers_question_mark_for_help_as_h_is_host() -> None:
    app = web_app(mode=None)
    async with app.run_test(size=(100, 36)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        assert "?: help" in screen_text(app) and "F1" not in screen_text(app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("h")
        assert isinstance(app.screen, HostScreen)


async def test_in_the_terminal_the_wording_keeps_f1_and_ctrl_q_and_the_pause_stays_deaf() -> None:
    """The terminal has F1 and Ctrl+Q; card keys pressed into the pause do nothing there."""
    app = make_app(3)
    async with app.run_test(size=(100, 36)) as pilot:
        assert "F1 help · Esc pause · Ctrl+Q quit" in screen_text(app)
        await pilot.press("escape")
        assert "F1: help" in screen_text(app) and "Ctrl+Q: quit" in screen_text(app)
        await pilot.press("h", "q")
        assert isinstance(app.screen, PauseScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        assert "Ctrl+Q closes Firefox" not in screen_text(app)
        await pilot.press("escape", "ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        assert "Ctrl+Q: quit" in screen_text(app)
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)


async def test_the_pause_and_the_question_ignore_q_for_a_moment_so_mashing_cannot_quit() -> None:
    """The other player may still be pressing card keys (q is player 1's) as the game
    pauses: help and quit answer only after the grace, and so does the quit question."""
    app = InBrowser(
        GameOptions(mode=Mode.TWO_PLAYER, seed=3),
        clock=FakeClock(),
        pace=Pace(flash=0.0, message=3600.0, grace=1.5),
        opponents=None,
    )
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.press("escape", "q", "h", "y")
        assert isinstance(app.screen, PauseScreen)
        await pilot.pause(1.6)
        await pilot.press("q", "q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.pause(1.6)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
