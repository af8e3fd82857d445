""" "Ready" agrees with who is ready: Greek says έτοιμος of a player, έτοιμο of the bot (το
bot); one English word, two messages by context."""

from __future__ import annotations

from spit import i18n
from spit.settings.options import Mode

from .factory import make_app, screen_text
from .test_flow import ScriptedOpponent, opponents


async def test_the_bot_is_ready_in_the_neuter_in_greek() -> None:
    i18n.set_language("el")
    made: list[ScriptedOpponent] = []
    app = make_app(3, mode=Mode.BOT, opponents=opponents(made), bot_level="hard")
    async with app.run_test(size=(80, 24)) as pilot:
        made[0].spit_later(0)
        await pilot.pause(0.05)
        bot_line = screen_text(app).splitlines()[1]
        assert "έτοιμο ✓" in bot_line and "έτοιμος" not in bot_line


async def test_a_player_is_ready_in_the_masculine_in_greek() -> None:
    i18n.set_language("el")
    app = make_app(3, mode=Mode.BOT, opponents=opponents([]), bot_level="hard")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await pilot.pause(0.05)
        assert "έτοιμος ✓" in screen_text(app)
