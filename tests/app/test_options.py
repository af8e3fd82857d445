"""The menu's options: a theme, shown at once and kept in the config file, and the cue, the
terminal's bell on a fumble and when it is slap time (off unless asked for)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from spit.app.app import SpitApp
from spit.app.dialogs.options import OptionsScreen
from spit.engine import Phase
from spit.settings.config import load_config
from spit.settings.options import GameOptions

from .factory import FakeClock, drive, make_app
from .test_snapshots import started


def bells(app: SpitApp) -> list[None]:
    """Where each ring of the app's bell is counted."""
    rung: list[None] = []
    app.bell = lambda: rung.append(None)  # type: ignore[method-assign]
    return rung


async def test_a_fumble_rings_the_bell_when_the_cue_is_on() -> None:
    app = make_app(3, match=started(3), cue=True)
    rung = bells(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")  # player 2 plays 5♥ onto the left pile: no bell
        assert rung == []
        await pilot.press("q")  # player 1's 2♥ does not go on 5♥: a fumble
        assert rung == [None]


async def test_without_the_cue_a_fumble_is_silent() -> None:
    app = make_app(3, match=started(3))
    rung = bells(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o", "q")
        assert rung == []


async def test_slap_time_rings_the_bell_once_when_the_cue_is_on() -> None:
    for cue, rings in ((True, [None]), (False, [])):
        clock = FakeClock()
        app = make_app(3, clock=clock, cue=cue)
        rung = bells(app)
        async with app.run_test(size=(80, 24)) as pilot:
            drive(app, clock, lambda m: m.round.phase is Phase.SLAP)
            await pilot.pause()
            assert rung == rings, cue


async def test_the_options_show_a_theme_at_once_and_the_menu_keeps_both(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    app = SpitApp(GameOptions(seed=3), opponents=None, config_file=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "dark"
        await pilot.press("o")
        assert isinstance(app.screen, OptionsScreen)
        await pilot.press("down", "enter")  # the theme after dark: light
        assert app.theme == "light"
        app.screen.query_one("#cue", Checkbox).value = True
        await pilot.press("escape")
        assert not isinstance(app.screen, OptionsScreen)
        await pilot.press("s")
        await pilot.pause()
        assert app.options.cue and app.options.theme == "light"
    saved = load_config(config)
    assert (saved.theme, saved.cue) == ("light", True)


async def test_the_config_s_theme_is_the_app_s_from_the_start() -> None:
    app = make_app(3, mode=None, theme="high-contrast")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "high-contrast"
