"""The start menu's Watch: a dialog asks for a server and a code; Esc goes back to the menu."""

from __future__ import annotations

from spit import words
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


def test_the_list_and_the_bar_show_a_rated_matchs_ratings_and_none_for_a_room_by_code() -> None:
    live = words.watching.live_match(("ann", "bob"), 2, (9, 14), 3, ("1642", "1500?"), ascii=True)
    assert live.startswith("ann (1642) v bob (1500?) · round 2")
    by_code = words.watching.live_match(("ann", "bob"), 2, (9, 14), 3, (None, None), ascii=True)
    assert by_code.startswith("ann v bob · round 2")
    bar = words.watching.bar(
        "ABCD-EFGH", ("ann", "bob"), 3.0, 1, ("1642", "1500?"), over=False, ascii=True
    )
    assert bar[0].startswith("Watching ann (1642) v bob (1500?) · room ABCD-EFGH")
