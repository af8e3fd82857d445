"""The bot at the table: it plays on the game screen, pauses with it and lets go on quit."""

from __future__ import annotations

from spit.engine import Phase
from spit.game import BotDriver, bot_driver
from spit.settings.options import Mode

from .factory import game, local, make_app


async def test_the_installed_bot_plays_on_the_game_screen() -> None:
    app = make_app(3, mode=Mode.BOT, opponents=bot_driver, bot_level="expert")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await pilot.press("space")
        for _ in range(60):  # the expert's hand takes a fraction of a second of real time
            if local(screen).match.round.phase is not Phase.DEALT:
                break
            await pilot.pause(0.05)
        assert local(screen).match.round.phase is not Phase.DEALT


async def test_a_short_game_against_the_bot_pauses_with_the_game_and_stops_on_quit() -> None:
    # Whatever the bot's hand did before the pause (a loaded machine may be slow to press
    # Escape), nothing moves while the game is paused, and everything goes on after it.
    app = make_app(3, mode=Mode.BOT, opponents=bot_driver, bot_level="expert")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        opponent = local(screen).driver
        assert isinstance(opponent, BotDriver)
        await pilot.press("escape")  # pause, the bot's first spit likely still on its way
        before = local(screen).match.view(0)
        await pilot.pause(1.0)  # an expert spits within about 0.5 s of a running game
        assert local(screen).match.view(0) == before
        await pilot.press("escape")  # resume: the hand goes on
        for _ in range(200):
            if local(screen).match.view(0).sides[1].ready:
                break
            await pilot.pause(0.05)
        assert local(screen).match.view(0).sides[1].ready
        await pilot.press("space")  # the person is ready too: the round starts
        assert local(screen).match.round.phase is not Phase.DEALT
        await pilot.press("ctrl+q", "ctrl+q")
        await pilot.pause()
    assert opponent.bot.pending is None  # quitting let go of any move in progress
