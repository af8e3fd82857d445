"""The start menu's "Join a game": the friend's server and the room's code."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from spit import words
from spit.app.dialogs.address import AddressDialog
from spit.i18n import _
from spit.net.address import LOOPBACK, join_address, parse_address
from spit.net.wire import DEFAULT_PORT, ProtocolError, room_code
from spit.settings.options import Network


class JoinScreen(AddressDialog):
    """Join a game: the server your friend gave, and the room's code."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.menu.network_dialog("join title"), id="what", markup=False)
            yield Label(words.menu.network_dialog("join server"), markup=False)
            yield Input("", placeholder=join_address(LOOPBACK, DEFAULT_PORT), id="first")
            yield Label(words.menu.network_dialog("room code"), markup=False)
            yield Input("", placeholder="ABCD-EFGH", max_length=12, id="second")
            yield from self.problem_and_buttons(words.dialogs.button("join"))

    def answer(self, first: str, second: str) -> Network:
        try:
            host, port = parse_address(first, default_port=DEFAULT_PORT)
        except ValueError:
            raise ValueError(words.menu.not_an_address(first)) from None
        try:
            code = room_code(second)
        except ProtocolError:
            problem = _("Not a room code: {text!r} — 8 letters and digits, like ABCD-EFGH.")
            raise ValueError(problem.format(text=second.strip())) from None
        return Network(address=join_address(host, port), code=code, name=self._player)
