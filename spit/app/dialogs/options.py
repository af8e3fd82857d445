"""The menu's options: the theme (the menu's and dialogs' colours) and the cue (the bell on a
fumble and when it is slap time). A theme shows at once, so the player sees what they chose."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, RadioSet

from spit import words
from spit.app.bindings import bind
from spit.app.dialogs.dialog import Dialog
from spit.app.menu import Choice, Option, Toggle
from spit.settings.options import THEME_NAMES

Options = tuple[str, bool]
"""The theme's name and whether the cue is on."""


class OptionsScreen(Dialog[Options]):
    """The theme and the cue; Enter or Esc keeps them (a theme is tried as it is chosen)."""

    DEFAULT_CSS = """
    OptionsScreen > Vertical {
        width: 56;
        padding: 0 2;
    }
    OptionsScreen RadioSet {
        width: 100%;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-title-style: bold;
    }
    OptionsScreen RadioSet:focus {
        border: round $accent;
    }
    OptionsScreen Checkbox {
        border: none;
        margin-top: 1;
    }
    OptionsScreen Horizontal {
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        bind("escape", "keep", "menu", "close-options"),
    ]

    def __init__(self, theme: str, cue: bool) -> None:
        super().__init__()
        self._theme = theme
        self._cue = cue

    def compose(self) -> ComposeResult:
        with Vertical():
            with Choice(id="theme") as themes:
                themes.border_title = words.menu.option_label("theme")
                for name in THEME_NAMES:
                    yield Option(words.menu.option_label(name), name == self._theme, id=name)
            yield Toggle(words.menu.option_label("cue"), self._cue, id="cue")
            with Horizontal():
                yield Button(words.dialogs.button("done"), variant="primary", id="done")

    def on_mount(self) -> None:
        self.query_one("#theme", RadioSet).focus()

    @on(RadioSet.Changed, "#theme")
    def _theme_chosen(self, event: RadioSet.Changed) -> None:
        self.app.theme = self._theme = str(event.pressed.id)

    @on(Checkbox.Changed, "#cue")
    def _cue_chosen(self, event: Checkbox.Changed) -> None:
        self._cue = event.value

    @on(Button.Pressed, "#done")
    def action_keep(self) -> None:
        """Close, keeping the theme and cue chosen."""
        self.dismiss((self._theme, self._cue))
