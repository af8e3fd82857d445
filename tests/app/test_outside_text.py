"""Text from outside is shown as text: a server's words that look like markup or carry an
escape sequence neither crash the screen nor reach the terminal raw (issue 20, items 3 and 9)."""

from __future__ import annotations

from spit.app.menu import MenuScreen
from spit.app.messages import GameLost

from .factory import make_app
from .test_flow import opponents

HOSTILE = "[/x] [bold]loud \x1b]2;PWNED\x07"


async def test_a_lost_game_s_detail_from_the_server_is_shown_as_text() -> None:
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.post_message(GameLost("The server went away.", HOSTILE))
        await pilot.pause()
        await pilot.pause()
        await pilot.pause(0.2)  # the toast is drawn: a MarkupError would end the app here
        assert isinstance(app.screen, MenuScreen)
        (shown,) = [n.message for n in app._notifications]
        assert "[/x] [bold]loud" in shown and "\x1b" not in shown
        assert "\\x1b" in shown  # the escape, written out where it stood
