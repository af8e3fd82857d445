"""The start menu remembers its choices in the config file, keeping a hand-edited file's comments.

Found by a new player: mode, level, variant, layout and display options chosen in the menu
were gone at the next start.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from textual.widgets import Select

from spit.app.app import SpitApp
from spit.app.menu import MenuScreen
from spit.commands.play import game_options
from spit.engine import Variant
from spit.settings.config import Config, ConfigError, load_config, remember
from spit.settings.options import Mode
from spit.words.config import config_error

from .factory import STILL, FakeClock, game, make_app
from .test_flow import opponents

HAND_EDITED = """\
# My spit settings: hands off my comments!
[keys]
preset = "qwerty"   # the laptop
[keys.bindings]
"p1.spit" = "b"     # my thumb is on b
"p1.stock5.fill" = "space"

[display]
ascii = false       # this terminal has the suits
"""


def menu_args() -> argparse.Namespace:
    """What ``spit`` alone parses to: no flags, so the start menu."""
    return argparse.Namespace(
        mode=None, bot=None, variant=None, keys=None, seed=None, ascii=None, four_colour=None,
        lockout=None,
    )  # fmt: skip


def test_remember_writes_only_what_changed_and_keeps_every_comment(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(HAND_EDITED)
    entries = {
        ("keys", "preset"): "azerty",
        ("display", "ascii"): True,
        ("display", "four_colour"): False,  # the default, not in the file: left out
        ("menu", "mode"): "bot",
        ("menu", "level"): "hard",
        ("menu", "variant"): "standard",  # the default: left out
    }
    assert remember(path, entries)
    text = path.read_text()
    for comment in ("# My spit settings", "# the laptop", "# my thumb is on b", "# this terminal"):
        assert comment in text
    assert 'preset = "azerty"   # the laptop' in text
    assert "ascii = true       # this terminal has the suits" in text
    assert "four_colour" not in text and "variant" not in text
    config = load_config(path)
    assert (config.keys, config.ascii, config.menu_mode, config.menu_level) == (
        "azerty",
        True,
        "bot",
        "hard",
    )
    assert config.bindings == {"p1.spit": "b", "p1.stock5.fill": "space"}
    assert not remember(path, entries)  # nothing new: the file is not written again


def test_the_language_and_the_pressed_keys_are_written_the_same_way(tmp_path: Path) -> None:
    """The language (a top-level entry) and the keys (a whole table) go through the same
    read-modify-write as the menu's choices: comments kept, nothing rewritten that is
    already so."""
    path = tmp_path / "config.toml"
    path.write_text(HAND_EDITED)
    keys = {"p1.spit": "b", "p1.stock5.fill": "space", "p2.spit": "backspace"}
    assert remember(path, {("lang",): "el", ("keys", "bindings"): keys})
    text = path.read_text()
    assert text.startswith("# My spit settings") and 'preset = "qwerty"   # the laptop' in text
    assert text.index('lang = "el"') < text.index("[keys]")  # TOML: before any table
    config = load_config(path)
    assert (config.lang, config.bindings, config.keys) == ("el", keys, "qwerty")
    assert not remember(path, {("lang",): "el", ("keys", "bindings"): keys})
    assert not remember(tmp_path / "none.toml", {("keys", "bindings"): {}})


def test_choices_left_at_their_defaults_create_no_file(tmp_path: Path) -> None:
    path = tmp_path / "spit" / "config.toml"
    assert not remember(path, {("menu", "mode"): "two-player", ("display", "hints"): False})
    assert not path.exists()
    assert remember(path, {("display", "hints"): True})
    assert load_config(path).hints is True


def test_a_config_path_that_is_a_directory_cannot_be_saved_and_says_so(tmp_path: Path) -> None:
    """One line, not a traceback (a directory: even root, as CI runs, cannot write it)."""
    with pytest.raises(ConfigError) as raised:
        remember(tmp_path, {("display", "hints"): True})
    message = config_error(raised.value)
    assert "\n" not in message and message.startswith(f"config error in {tmp_path}: ")


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ('[menu]\nmode = "robot"\n', "menu.mode"),
        ('[menu]\nlevel = "godlike"\n', "menu.level"),
        ("[menu]\nvariant = 3\n", "menu.variant"),
        ("[display]\nhints = 1\n", "display.hints"),
        ("[menu]\npractice_offered = 'yes'\n", "menu.practice_offered"),
        ("[menu]\nsound = true\n", "menu.sound"),
    ],
)
def test_a_bad_menu_entry_is_a_config_error_naming_it(
    tmp_path: Path, text: str, entry: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as raised:
        load_config(path)
    assert f": {entry}: " in config_error(raised.value)


async def test_the_menu_offers_next_time_what_was_chosen_this_time(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(HAND_EDITED)
    app = make_app(3, mode=None, opponents=opponents([]))
    app.config_file = path
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")  # Players: against the bot
        await pilot.press("tab", "down", "enter")  # Bot level: one up
        await pilot.press("tab", "down", "enter")  # Game: points
        app.screen.query_one("#keys", Select).value = "azerty"  # Keyboard
        await pilot.press("tab", "tab", "tab", "enter", "tab", "tab", "enter")  # ASCII, hints
        await pilot.press("s")
        assert game(app).options.ascii and game(app).options.hints
    text = path.read_text()
    assert "# my thumb is on b" in text and "# this terminal has the suits" in text

    config = load_config(path)
    assert config == Config(
        keys="azerty",
        bindings={"p1.spit": "b", "p1.stock5.fill": "space"},
        ascii=True,
        hints=True,
        menu_mode="bot",
        menu_level="regular",
        menu_variant="points",
        path=path,
    )
    options = game_options(menu_args(), config)
    # (Unrecorded: the first app's match, left unfinished, would be offered to resume first.)
    again = SpitApp(options, clock=FakeClock(), pace=STILL, opponents=opponents([]), record=False)
    async with again.run_test(size=(80, 24)):
        menu = again.screen
        assert isinstance(menu, MenuScreen)
        chosen = menu.chosen()
        assert (chosen.mode, chosen.bot_level, chosen.variant, chosen.keys) == (
            Mode.BOT,
            "regular",
            Variant.POINTS,
            "azerty",
        )
        assert (chosen.ascii, chosen.four_colour, chosen.hints) == (True, False, True)


async def test_without_a_config_file_the_menu_remembers_nothing(tmp_path: Path) -> None:
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter", "s")
        assert game(app).against_bot
    assert app.config_file is None
