"""What the Host and Join dialogs share: two fields, Go and Cancel.

The dialogs are modal screens: their text fields go with them when they close, so nothing
typed at the table can land in a field (a focused field would swallow the players' keys).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.widgets import Button, Input, Static

from spit import words
from spit.app.bindings import bind
from spit.app.dialogs.dialog import Dialog
from spit.settings.options import Network


class AddressDialog(Dialog[Network]):
    """Two fields and Go: Enter in the first goes to the second, Enter in the second goes."""

    DEFAULT_CSS = """
    AddressDialog > Vertical {
        width: 74;
        padding: 0 2;
    }
    AddressDialog #what {
        margin-bottom: 1;
    }
    AddressDialog .note {
        color: $text-muted;
    }
    AddressDialog #problem {
        color: $error;
        height: auto;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        bind("escape", "cancel", "cancel", "cancel-network"),
    ]
    """Esc goes back to the menu."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self._player = name  # not _name: that is the screen's own (a DOM node's name)

    def on_mount(self) -> None:
        self.query_one("#first", Input).focus()

    @on(Input.Submitted, "#first")
    def _next(self) -> None:
        self.query_one("#second", Input).focus()

    @on(Input.Submitted, "#second")
    @on(Button.Pressed, "#go")
    def action_go(self) -> None:
        """Close with where to play, if it can be read."""
        first = self.query_one("#first", Input).value
        second = self.query_one("#second", Input).value
        try:
            network = self.network(first, second)
        except ValueError as problem:
            self.query_one("#problem", Static).update(str(problem))
            return
        self.dismiss(network)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Back to the menu."""
        self.dismiss(None)

    def network(self, first: str, second: str) -> Network:
        """The seat the two fields describe; ValueError with what to fix."""
        raise NotImplementedError

    def _buttons(self, go: str) -> ComposeResult:
        yield Static("", id="problem", markup=False)
        with Horizontal():
            yield Button(go, variant="primary", id="go")
            yield Button(words.dialogs.button("cancel"), id="cancel")
