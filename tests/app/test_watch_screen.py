"""The start menu's Watch: a dialog asks for a server and a code; Esc goes back to the menu."""

from __future__ import annotations

from spit.app.app import SpitApp
from spit.app.menu import MenuScreen
from spit.app.watch_screen import WatchDialog
from spit.settings.options import GameOptions, Watching


async def test_the_menu_s_watch_asks_for_a_server_and_esc_goes_back() -> None:
    app = SpitApp(GameOptions(), record=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#watch")
        await pilot.pause()
        assert isinstance(app.screen, WatchDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def test_the_watch_dialog_reads_a_server_and_an_optional_code() -> None:
    dialog = WatchDialog()
    assert dialog.answer("127.0.0.1:7748", "") == Watching("127.0.0.1:7748")
    assert dialog.answer("127.0.0.1", "abcd efgh") == Watching("127.0.0.1:7748", "ABCD-EFGH")
