"""Press your keys: each player presses the key for each action in turn, from the menu."""

from __future__ import annotations

import tomllib
from pathlib import Path

from spit.app.app import SpitApp
from spit.app.dialogs.keys import KeysScreen
from spit.app.game import GameScreen
from spit.settings.config import load_config
from spit.settings.keymap import PRESSES
from spit.settings.options import GameOptions

from .factory import FakeClock, screen_text

# 32 keys no preset puts where this list does: the digits, then letters from the end.
NEW_KEYS = [*"1234567890", *"zyxwvutsrqponmlkjihg", "space", "enter"]


def app_with(config: Path) -> SpitApp:
    return SpitApp(GameOptions(seed=3), clock=FakeClock(), config_file=config)


async def test_each_action_gets_the_key_pressed_and_the_config_keeps_them(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("# my settings\n[display]\nascii = false\n")
    app = app_with(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        assert "key 1 of 32" in screen_text(app)
        await pilot.press(*NEW_KEYS)
        await pilot.pause()
        assert not isinstance(app.screen, KeysScreen)
        await pilot.press("s")  # start from the menu: the table plays on the new keys
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for press, key in zip(PRESSES, NEW_KEYS, strict=True):
            assert screen.keymap.press(key) == press
    text = config.read_text()
    assert text.startswith("# my settings")  # the player's own lines stay
    document = tomllib.loads(text)
    assert document["keys"]["bindings"]["p1.stock1.left"] == "1"
    assert load_config(config).keymap().key("p2.spit") == "enter"


async def test_a_key_already_taken_is_refused_and_tab_keeps_the_present_key(
    tmp_path: Path,
) -> None:
    app = app_with(tmp_path / "config.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k", "1", "1")
        await pilot.pause()
        text = screen_text(app)
        assert "key 2 of 32" in text and "already the key for" in text
        await pilot.press("f1", "escape")  # help opens over it, and closes back to it
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen) and "key 2 of 32" in screen_text(app)
        await pilot.press("tab")  # stock 2's key stays w
        await pilot.pause()
        assert "key 3 of 32" in screen_text(app)


async def test_escape_leaves_the_keys_and_the_file_as_they_were(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    app = app_with(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k", "1", "2", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, KeysScreen)
    assert not config.exists()
    assert app.options.bindings == {}


async def test_the_language_chosen_in_the_menu_is_kept_for_the_next_start(
    tmp_path: Path,
) -> None:
    config = tmp_path / "config.toml"
    app = app_with(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "tab", "tab", "tab")
        while app.focused is None or app.focused.id != "lang":
            await pilot.press("tab")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # English, Greek, German: German
        await pilot.pause()
        assert "Sprache" in screen_text(app)
    assert load_config(config).lang == "de"
