"""The keys' words follow the language, and the menu's and dialogs' letters the layout.

Found by a new player: bindings were made at import, before ``--lang`` applied, so
``SpitApp.BINDINGS`` read "Help" in German; and with ``--lang el`` typing σ (the S key on a
Greek keyboard) did nothing in the start menu, though the table's keys work by position.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.binding import Binding

from spit import i18n, words
from spit.app.bindings import by_place, worded
from spit.app.dialogs.quit import QuitScreen
from spit.app.menu import MenuScreen
from spit.settings.keymap import same_place

from .factory import make_app
from .test_flow import opponents


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def descriptions(node) -> set[str]:
    return {b.description for bound in node._bindings.key_to_bindings.values() for b in bound}


def test_the_app_s_keys_are_worded_in_the_language_on_when_it_is_made() -> None:
    i18n.set_language("de")
    app = make_app(3, mode=None, opponents=opponents([]))
    assert words.dialogs.binding("help") in descriptions(app)
    assert "Help" not in descriptions(app)


async def test_choosing_a_language_in_the_menu_rewords_the_keys_at_once() -> None:
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert "Help" in descriptions(app)
        menu.query_one("#lang").value = "de"
        await pilot.pause()
        assert words.dialogs.binding("help") == "Hilfe"
        assert "Hilfe" in descriptions(app)
        assert words.menu.menu_label("start") in descriptions(menu)


def test_a_worded_description_is_said_again_in_the_language_now_on() -> None:
    help_ = worded(words.dialogs.binding, "help")
    assert help_ == "Help"
    i18n.set_language("de")
    assert help_.again() == "Hilfe"


def test_a_letter_is_bound_at_its_place_on_every_national_layout() -> None:
    assert same_place("s") == ("σ", "ს", "š")
    assert same_place("q") == ("ქ",)  # the Greek layout types ; there: no letter, no alias
    assert same_place("enter") == ()
    placed = by_place([Binding("s", "start", "Start", id="start")])
    assert [b.key for b in placed] == ["s", "σ", "ს", "š"]
    assert [b.show for b in placed] == [True, False, False, False]


@pytest.mark.parametrize("letter", ["σ", "ს", "š"])
async def test_the_start_menu_s_letters_follow_the_layout_by_position(letter: str) -> None:
    """S starts, on a Greek (σ), Georgian (ს) or Latvian (AltGr: š) keyboard as on a Latin one."""
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press(letter)
        await pilot.pause()
        assert not isinstance(app.screen, MenuScreen)


def test_the_quit_dialog_s_browser_q_works_on_the_georgian_layout_too() -> None:
    keys = {key for key in QuitScreen._merged_bindings.key_to_bindings}
    assert {"q", "ქ"} <= keys
