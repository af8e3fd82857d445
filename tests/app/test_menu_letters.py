"""The start menu's letters follow the language: each letter the menu shows is the one that
does it (its translator chose it, docs/translating.md), and it works at its place on every
layout too."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from spit import i18n, words
from spit.app.menu import MenuScreen
from spit.settings.keymap import character_key

from .factory import make_app
from .test_flow import opponents

SHOWN = ("start", "host", "join", "names", "keys")
"""The actions the menu's hint names by their letter."""


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
async def test_each_letter_the_menu_shows_does_what_it_says(lang: str) -> None:
    i18n.set_language(lang)
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 24)):
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        hint = str(menu.query_one("#hint", Static).render())
        bound = menu._bindings.key_to_bindings
        for action in MenuScreen.LETTERED:
            letter = words.menu.shortcut(action)
            assert len(letter) == 1, (lang, action, letter)
            key = character_key(letter.lower())
            assert action in [b.action for b in bound[key]], (lang, action, letter)
            if action in SHOWN:
                assert f"{letter}: " in hint, (lang, letter, hint)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_two_menu_actions_share_a_letter(lang: str) -> None:
    i18n.set_language(lang)
    letters = [words.menu.shortcut(action).lower() for action in MenuScreen.LETTERED]
    assert len(set(letters)) == len(letters), (lang, letters)


def test_the_english_initials_are_the_letters_only_in_english() -> None:
    english = [words.menu.shortcut(action) for action in MenuScreen.LETTERED]
    assert english == ["S", "N", "K", "H", "J", "P", "D"]
    for lang in ("el", "ka", "lv", "de"):
        i18n.set_language(lang)
        assert [words.menu.shortcut(a) for a in MenuScreen.LETTERED] != english, lang


@pytest.mark.parametrize("letter", ["ε", "e"])
async def test_the_greek_menu_starts_on_its_own_letter_and_at_its_place(letter: str) -> None:
    """Έναρξη is Ε: ε on a Greek keyboard, e at the same place on a Latin one."""
    i18n.set_language("el")
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press(letter)
        await pilot.pause()
        assert not isinstance(app.screen, MenuScreen)


async def test_a_language_chosen_in_the_menu_brings_its_letters() -> None:
    app = make_app(3, mode=None, opponents=opponents([]))
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        menu.query_one("#lang").value = "lv"
        await pilot.pause()
        bound = app.screen._bindings.key_to_bindings
        assert "names" in [b.action for b in bound["v"]]  # Vārdi
        assert "names" not in [b.action for b in bound.get("n", [])]
