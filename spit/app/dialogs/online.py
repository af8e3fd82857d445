"""The start menu's "Play online": the server, then the wait in its pool until a match is
found (docs/online.md); the seat is then taken as Join takes one."""

from __future__ import annotations

from msgspec.structs import replace
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Static

from spit import words
from spit.app.dialogs.address import AddressDialog
from spit.engine import Variant
from spit.net.address import join_address, parse_address
from spit.net.client import ServerGone
from spit.net.identity import take
from spit.net.seats import KeptSeat, keep_seat
from spit.net.seeking import seek
from spit.net.wire import DEFAULT_PORT, Seeking
from spit.settings.options import Network


class OnlineScreen(AddressDialog):
    """Play online: the server, and your name; then the seconds waited and who else seeks,
    until the server pairs you (Esc leaves the pool)."""

    def __init__(self, name: str, variant: Variant) -> None:
        super().__init__(name)
        self._variant = variant
        self._seeking = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.menu.online("title"), id="what", markup=False)
            yield Label(words.menu.network_dialog("join server"), markup=False)
            yield Input("", placeholder=join_address("127.0.0.1", DEFAULT_PORT), id="first")
            yield Label(words.menu.online("name"), markup=False)
            yield Input(self._player, id="second")
            yield from self.problem_and_buttons(words.menu.online("seek"))

    def answer(self, first: str, second: str) -> Network:
        try:
            host, port = parse_address(first, default_port=DEFAULT_PORT)
        except ValueError:
            raise ValueError(words.menu.not_an_address(first)) from None
        return Network(address=join_address(host, port), name=second.strip())

    @on(Input.Submitted, "#second")
    @on(Button.Pressed, "#go")
    def _go(self, event: Message) -> None:
        event.prevent_default()  # not the dialog's own Go, which answers at once
        self.action_go()

    def action_go(self) -> None:
        """Join the pool (once): the answer comes when the server pairs this player."""
        if self._seeking:
            return
        first = self.query_one("#first", Input).value
        second = self.query_one("#second", Input).value
        try:
            network = self.answer(first, second)
        except ValueError as problem:
            self.query_one("#problem", Static).update(str(problem))
            return
        self._seeking = True
        self._seek(network)

    @work(exclusive=True)
    async def _seek(self, network: Network) -> None:
        """Wait in the pool; the worker (and the seek with it) ends if the dialog goes."""
        assert network.address is not None
        problem = self.query_one("#problem", Static)
        try:
            held = take(network.address)
        except OSError as error:
            problem.update(error.strerror or str(error))
            self._seeking = False
            return
        try:
            paired = await seek(
                network.address, held, self._variant, network.name, heard=self._heard
            )
        except ServerGone as gone:
            problem.update(words.networked.server_gone(gone))
            self._seeking = False
            return
        finally:
            held.release()
        # Taken as a seat this machine took before: Join's routine rejoins it with its token.
        keep_seat(
            KeptSeat(network.address, paired.room, paired.seat, paired.token, False, network.name)
        )
        self.dismiss(replace(network, code=paired.room))

    def _heard(self, seeking: Seeking) -> None:
        said = words.menu.waiting_online(
            round(seeking.waited), seeking.seeking, seeking.playing, seeking.rating
        )
        self.query_one("#what", Static).update(said)
