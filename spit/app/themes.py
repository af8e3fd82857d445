"""The themes a player may choose (menu and config file): Textual's dark and light, and one
of high contrast. Each keeps every text at WCAG AA contrast (tests/app/test_contrast.py):
where Textual's own colours fall short (a button's label on its colour), a darker one.

The table is a card table in every theme: green felt (black in high contrast), the theme's
``$felt`` variables; its inks (spit.app.look) are made for it, not for the theme."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from textual.app import App
from textual.theme import BUILTIN_THEMES, Theme

from spit.app.look import ON_DARK, ON_LIGHT, Inks
from spit.settings.options import THEME_NAMES

FELT: Final = {"felt": "#0f3d24", "felt-bar": "#0a2a19", "felt-ink": "#e0e0e0"}
"""The table's colours: its felt, the bars on it (the top line, the summary, the replay's),
and its plain text."""

CSS: Final = """
Input > .input--placeholder, SelectCurrent .arrow {
    color: $text-muted;
}
"""
"""What Textual draws fainter than AA, darker: a field's placeholder, a drop-down's arrow."""

_DARK, _LIGHT = BUILTIN_THEMES["textual-dark"], BUILTIN_THEMES["textual-light"]

THEMES: Final = {
    theme.name: theme
    for theme in (
        replace(
            _DARK,
            name=THEME_NAMES[0],
            primary="#0163ad",
            error="#af0000",
            variables={"text-error": "#ff8787"},
        ),
        replace(
            _LIGHT,
            name=THEME_NAMES[1],
            accent="#005f87",
            error="#af0000",
            success="#005f00",
            background="#eeeeee",
            surface="#e4e4e4",
            panel="#dadada",
        ),
        Theme(
            name=THEME_NAMES[2],
            primary="#ffff00",
            secondary="#00ffff",
            accent="#ffff00",
            warning="#ffff00",
            error="#ff6060",
            success="#00ff00",
            foreground="#ffffff",
            background="#000000",
            surface="#000000",
            panel="#000000",
            dark=True,
            variables={"felt": "#000000", "felt-bar": "#000000", "felt-ink": "#ffffff"},
        ),
    )
}
"""The themes by the names the menu and the config file use (THEME_NAMES), the default
first."""


def inks(app: App[object]) -> Inks:
    """The inks for text in ``app``'s dialogs, on its theme's colours."""
    return ON_DARK if app.current_theme.dark else ON_LIGHT
