"""Dialogs that close themselves close exactly once, whatever else is in flight.

A dismissal can race with a message still on its way (a button's ``Pressed``, a second
key): Textual's ``Screen.dismiss`` pops whatever screen is on top, so a late one used to
close the wrong screen or crash with ``InvalidStateError``/``ScreenStackError``.
"""

from __future__ import annotations

import pytest
from textual.widgets import Button

from spit.app.dialogs.help import HelpScreen
from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.dialogs.pause import PauseScreen
from spit.app.dialogs.quit import QuitScreen
from spit.app.game import GameScreen
from spit.engine import Variant

from .factory import FakeClock, drive, game, local, make_app


async def test_a_rematch_pressed_just_before_help_opens_waits_for_help_to_close() -> None:
    """Defect 1 of issue 8: Rematch's Pressed message in flight while F1 opens help."""
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        drive(app, clock, lambda m: m.is_over)
        await pilot.pause()
        over = app.screen
        assert isinstance(over, MatchOverScreen)
        over.query_one("#rematch", Button).press()  # its Pressed message is on its way
        app.action_help()  # F1 lands first
        await pilot.pause()
        # Help stays up: the match-over screen's answer did not close it.
        assert isinstance(app.screen, HelpScreen)
        assert local(screen).match.is_over
        await pilot.press("escape")
        await pilot.pause()
        # With help closed the rematch chosen before it goes ahead, once.
        assert app.screen is screen
        assert not local(screen).match.is_over and not local(screen).match.history
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and app.is_running


async def test_match_over_answered_twice_takes_the_first_answer_only() -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        drive(app, clock, lambda m: m.is_over)
        await pilot.pause()
        over = app.screen
        assert isinstance(over, MatchOverScreen)
        over.query_one("#rematch", Button).press()
        over.query_one("#quit", Button).press()
        await pilot.pause()
        assert app.screen is screen and app.is_running
        assert not local(screen).match.is_over


OPENERS = {
    "pause": lambda app: game(app).action_pause(),
    "help": lambda app: app.action_help(),
    "quit": lambda app: app.action_request_quit(),
}


@pytest.mark.parametrize("dialog", sorted(OPENERS))
async def test_a_dialog_closed_twice_closes_only_itself(dialog: str) -> None:
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        OPENERS[dialog](app)
        await pilot.pause()
        opened = app.screen
        assert isinstance(opened, PauseScreen | HelpScreen | QuitScreen)
        opened.dismiss()  # e.g. the key binding's answer
        opened.dismiss()  # and a second one already on its way
        await pilot.pause()
        assert app.screen is screen and isinstance(screen, GameScreen)
        assert app.is_running and screen.running
