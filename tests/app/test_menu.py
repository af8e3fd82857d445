"""The start menu from the keyboard: each choice's cursor starts on the option that is on.

Found by playing: the bot level's highlight sat on "easy" while "normal" was chosen, so
Enter changed the level instead of keeping it, and the levels did not say how quick each is.
"""

from __future__ import annotations

from spit.app.menu import MenuScreen
from spit.engine import Variant
from spit.settings.options import GameOptions, Mode

from .factory import make_app, screen_text
from .test_flow import ScriptedOpponent, opponents


async def test_enter_on_a_choice_keeps_the_option_that_is_on() -> None:
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        # Back in the menu after a match, it shows the last game's choices.
        last = GameOptions(
            mode=Mode.BOT, bot_level="seasoned", variant=Variant.POINTS, keys="azerty"
        )
        app.open_menu(last)
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        await pilot.press("enter", "tab", "enter", "tab", "enter", "tab", "enter")
        chosen = menu.chosen()
        assert (chosen.mode, chosen.bot_level, chosen.variant, chosen.keys) == (
            Mode.BOT,
            "seasoned",
            Variant.POINTS,
            "azerty",
        )


async def test_down_from_the_chosen_level_picks_the_next_one() -> None:
    made: list[ScriptedOpponent] = []
    app = make_app(3, mode=None, opponents=opponents(made))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")  # Players: against the bot
        await pilot.press("tab", "down", "enter")  # Bot level: from casual to regular
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert menu.chosen().bot_level == "regular"


async def test_the_bot_levels_say_how_quick_each_hand_is() -> None:
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 36)):
        text = screen_text(app)
        for label in ("first game · 1.4 s", "very fast · 0.5 s", "adaptive · meets you"):
            assert label in text
