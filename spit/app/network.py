"""The start menu's "Host a game" and "Join a game": where the server is, and the room code.

The dialogs are modal screens: their text fields go with them when they close, so nothing
typed at the table can land in a field (a focused field would swallow the players' keys).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from spit import words
from spit.app.bindings import worded
from spit.app.dialog import Dialog
from spit.net.address import LOOPBACK, join_address, parse_address
from spit.net.wire import DEFAULT_PORT
from spit.settings.options import Network


class _NetworkDialog(Dialog[Network]):
    """Two fields and Go: Enter in the first goes to the second, Enter in the second goes."""

    DEFAULT_CSS = """
    _NetworkDialog {
        align: center middle;
    }
    _NetworkDialog > Vertical {
        width: 74;
        height: auto;
        border: round $accent;
        padding: 0 2;
        background: $surface;
    }
    _NetworkDialog #what {
        margin-bottom: 1;
    }
    _NetworkDialog .note {
        color: $text-muted;
    }
    _NetworkDialog #problem {
        color: $error;
        height: auto;
    }
    _NetworkDialog Horizontal {
        height: auto;
        align: center middle;
    }
    _NetworkDialog Button {
        margin: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", worded(words.dialogs.binding, "cancel"), id="cancel-network"),
    ]
    """Esc goes back to the menu."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self._name = name

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


class HostScreen(_NetworkDialog):
    """Host a game: a server here (where it listens), or a room on a running server."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.menu.network_dialog("host title"), id="what", markup=False)
            yield Label(words.menu.network_dialog("listen on"), markup=False)
            yield Input(join_address(LOOPBACK, DEFAULT_PORT), id="first")
            yield Static(
                words.menu.network_dialog("listen hint"),
                classes="note",
                markup=False,
            )
            yield Label(words.menu.network_dialog("server"), markup=False)
            yield Input(
                "", placeholder=words.menu.network_dialog("server placeholder"), id="second"
            )
            yield from self._buttons(words.dialogs.button("host"))

    def network(self, first: str, second: str) -> Network:
        if second.strip():
            try:
                host, port = parse_address(second, default_port=DEFAULT_PORT)
            except ValueError:
                raise ValueError(words.menu.not_an_address(second)) from None
            return Network(address=join_address(host, port), name=self._name)
        try:
            bind, port = parse_address(first, default_port=DEFAULT_PORT, any_port=True)
        except ValueError:
            raise ValueError(words.menu.not_an_address(first)) from None
        return Network(bind=bind, port=port, name=self._name)


class JoinScreen(_NetworkDialog):
    """Join a game: the server your friend gave, and the room's code."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.menu.network_dialog("join title"), id="what", markup=False)
            yield Label(words.menu.network_dialog("join server"), markup=False)
            yield Input("", placeholder=join_address(LOOPBACK, DEFAULT_PORT), id="first")
            yield Label(words.menu.network_dialog("room code"), markup=False)
            yield Input("", placeholder="ABCD-EFGH", max_length=12, id="second")
            yield from self._buttons(words.dialogs.button("join"))

    def network(self, first: str, second: str) -> Network:
        from spit.net.wire import ProtocolError, room_code

        try:
            host, port = parse_address(first, default_port=DEFAULT_PORT)
        except ValueError:
            raise ValueError(words.menu.not_an_address(first)) from None
        try:
            code = room_code(second)
        except ProtocolError:
            raise ValueError(words.menu.not_a_room_code(second)) from None
        return Network(address=join_address(host, port), code=code, name=self._name)
