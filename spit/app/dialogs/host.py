"""The start menu's "Host a game": where the server listens, or a running server."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Label, Static

from spit import words
from spit.app.dialogs.address import AddressDialog
from spit.net.address import LOOPBACK, join_address, parse_address
from spit.net.wire import DEFAULT_PORT
from spit.settings.options import Network


class HostScreen(AddressDialog):
    """Host a game: a server here (where it listens), or a room on a running server; and
    whether the second seat is offered in a browser too (``spit host --web``)."""

    DEFAULT_CSS = """
    HostScreen #web {
        border: none;
        height: 1;
        padding: 0;
        margin-top: 1;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.menu.network_dialog("host title"), id="what", markup=False)
            yield Label(words.menu.network_dialog("listen on"), markup=False)
            yield Input(join_address(LOOPBACK, DEFAULT_PORT), id="first")
            yield Static(words.menu.network_dialog("listen hint"), classes="note", markup=False)
            yield Label(words.menu.network_dialog("server"), markup=False)
            yield Input(
                "", placeholder=words.menu.network_dialog("server placeholder"), id="second"
            )
            yield Checkbox(words.menu.network_dialog("web seat"), id="web")
            yield from self.problem_and_buttons(words.dialogs.button("host"))

    def answer(self, first: str, second: str) -> Network:
        # The browser seat's page on any free port: its link, shown while the room waits,
        # names the one it got.
        web_port = 0 if self.query_one("#web", Checkbox).value else None
        if second.strip():
            try:
                host, port = parse_address(second, default_port=DEFAULT_PORT)
            except ValueError:
                raise ValueError(words.menu.not_an_address(second)) from None
            return Network(address=join_address(host, port), name=self._player, web_port=web_port)
        try:
            bind, port = parse_address(first, default_port=DEFAULT_PORT, any_port=True)
        except ValueError:
            raise ValueError(words.menu.not_an_address(first)) from None
        return Network(bind=bind, port=port, name=self._player, web_port=web_port)
