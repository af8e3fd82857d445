"""The players' names for this session, given in the start menu (the config file's
``[players]`` table gives them for good): kept in the match records and shown at the table."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from spit import words
from spit.app.bindings import worded
from spit.app.dialogs.dialog import Dialog
from spit.i18n import _, ngettext
from spit.settings.config import NAME_LENGTH

Names = tuple[str | None, str | None]
"""Player 1's and player 2's names; None for the default name."""


def clean_name(text: str) -> str | None:
    """A name as typed, trimmed; None for a blank one. ValueError if it cannot be shown."""
    name = text.strip()
    if not name:
        return None
    if len(name) > NAME_LENGTH or not name.isprintable():
        raise ValueError(name)
    return name


class NamesScreen(Dialog[Names]):
    """Two fields for the players' names. Enter keeps them, Esc leaves them as they were."""

    DEFAULT_CSS = """
    NamesScreen > Vertical {
        width: 52;
        padding: 0 2;
    }
    NamesScreen Label {
        margin-top: 1;
    }
    NamesScreen #problem {
        color: $error;
        height: auto;
    }
    NamesScreen Horizontal {
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", worded(words.dialogs.binding, "cancel"), id="cancel-names"),
    ]
    """Esc leaves the names as they were; Enter (in a field) keeps what is typed."""

    def __init__(self, names: Names) -> None:
        super().__init__()
        self._names = names

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                _("Your names, kept with every match you play (blank: the default)"), markup=False
            )
            yield Label(_("Player 1 (the left half; you, against the bot)"), markup=False)
            yield Input(
                self._names[0] or "",
                placeholder=words.labels.player_name(0),
                max_length=NAME_LENGTH,
                id="name1",
            )
            yield Label(_("Player 2 (the right half)"), markup=False)
            yield Input(
                self._names[1] or "",
                placeholder=words.labels.player_name(1),
                max_length=NAME_LENGTH,
                id="name2",
            )
            yield Static("", id="problem", markup=False)
            with Horizontal():
                yield Button(words.dialogs.button("keep names"), variant="primary", id="keep")
                yield Button(words.dialogs.button("cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#name1", Input).focus()

    @on(Input.Submitted, "#name1")
    def _next(self) -> None:
        self.query_one("#name2", Input).focus()

    @on(Input.Submitted, "#name2")
    @on(Button.Pressed, "#keep")
    def action_keep(self) -> None:
        """Close with the names typed, if they can be shown."""
        try:
            names = (
                clean_name(self.query_one("#name1", Input).value),
                clean_name(self.query_one("#name2", Input).value),
            )
        except ValueError:
            problem = ngettext(
                "A name is up to {n} letter, digit or space.",
                "A name is up to {n} letters, digits or spaces.",
                NAME_LENGTH,
            ).format(n=NAME_LENGTH)
            self.query_one("#problem", Static).update(problem)
            return
        self.dismiss(names)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Close, leaving the names as they were."""
        self.dismiss(None)
