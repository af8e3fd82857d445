"""Watching a match: the table screen given a :class:`~spit.game.watched.WatchedGame` (both
rows face up, nothing to press), a bar saying what is watched and how late, and the list of
live matches to pick from."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from msgspec.structs import replace
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from spit import words
from spit.app.dialogs.dialog import Question, TwoFields
from spit.app.dialogs.standstill import StandstillScreen
from spit.app.messages import GameLost
from spit.app.replay_screen import BarredTable, ReplayBar
from spit.engine import Press, Result
from spit.game.watched import WatchedGame
from spit.net.address import LOOPBACK, join_address, parse_address
from spit.net.wire import DEFAULT_PORT, ProtocolError, room_code
from spit.settings.options import Mode, Watching

if TYPE_CHECKING:
    from spit.app.app import SpitApp
    from spit.net.wire import LiveMatch


class WatchScreen(BarredTable):
    """The table of a match watched from a spectator's seat."""

    game: WatchedGame

    def press(self, press: Press) -> Result | None:
        return None  # a spectator plays nothing

    def connection_changed(self) -> None:
        self.perspective = self._perspective()  # the names, or the TV's next match
        self.redraw()
        self._update_bar()

    def _match_over(self) -> None:
        """The bar says so; the table stays to be looked at (the TV moves on by itself)."""
        self._update_bar()

    def _update_bar(self) -> None:
        game = self.game
        watching, status = game.watching, game.status
        room = "" if watching is None else watching.room
        delay = 0.0 if watching is None else watching.delay
        watchers = 0 if status is None else status.watchers
        ratings = (None, None) if watching is None else watching.ratings
        over, ascii = game.ended is not None, self.look.ascii
        lines = words.watching.bar(
            room, self.names, delay, watchers, ratings, over=over, ascii=ascii
        )
        self.query_one(ReplayBar).update("\n".join(lines))


class MatchList(Question[str | None]):
    """The live matches of a server: Enter opens one, Esc goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", show=False, id="watch-list-back")
    ]
    """Esc: watch none."""

    def __init__(self, matches: tuple[LiveMatch, ...], ascii: bool) -> None:
        super().__init__()
        self.matches = matches
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.watching.matches_title(len(self.matches)), markup=False)
            yield OptionList(
                *(
                    Option(
                        words.watching.live_match(
                            m.names, m.round, m.cards, m.watchers, m.ratings, ascii=self.ascii
                        ),
                        m.room,
                    )
                    for m in self.matches
                )
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)


class WatchDialog(TwoFields[Watching]):
    """The start menu's Watch: a server, and a room's code (blank: its list of matches)."""

    DEFAULT_CSS = """
    WatchDialog > Vertical {
        width: 74;
        padding: 0 2;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.watching.dialog_title(), markup=False)
            yield Label(words.menu.network_dialog("join server"), markup=False)
            yield Input("", placeholder=join_address(LOOPBACK, DEFAULT_PORT), id="first")
            yield Label(words.menu.network_dialog("room code"), markup=False)
            yield Input("", placeholder="ABCD-EFGH", max_length=12, id="second")
            yield from self.problem_and_buttons(words.watching.watch_label())

    def answer(self, first: str, second: str) -> Watching:
        try:
            host, port = parse_address(first, default_port=DEFAULT_PORT)
        except ValueError:
            raise ValueError(words.menu.not_an_address(first)) from None
        if not second.strip():
            return Watching(join_address(host, port))
        try:
            return Watching(join_address(host, port), room_code(second))
        except ProtocolError:
            raise ValueError(words.watching.not_a_code(second.strip())) from None


async def watch(app: SpitApp, plan: Watching | None, *, menu: bool) -> None:
    """Watch what ``plan`` asks (None: the Watch dialog asks) until the match ends (the TV:
    until the player quits); ``menu``: from the start menu, to which Esc goes back."""
    from spit.net.client import ServerGone  # deferred: the network
    from spit.net.spectator import Spectator  # deferred: the network

    if plan is None:
        plan = await app.push_screen_wait(WatchDialog())
        if plan is None:
            return

    waiting = StandstillScreen(words.watching.connecting(plan.address, plan.code))
    app.menu_notices.clear()
    app.push_screen(waiting)
    spectator = Spectator(plan.address)
    try:
        if plan.tv:
            frames = spectator.tv()
        else:
            code = plan.code
            if code is None:
                matches = await spectator.matches()
                code = await app.push_screen_wait(MatchList(matches, app.options.ascii))
                if code is None:
                    await spectator.close()
                    if menu:
                        app.open_menu()
                    else:
                        app.exit()
                    return
            frames = spectator.one(code)
        game = WatchedGame(spectator, frames)
        await game.first_table()
    except ServerGone as gone:
        await spectator.close()
        app.post_message(GameLost(words.networked.server_gone(gone), None))
        return
    options = replace(app.options, mode=Mode.TWO_PLAYER)
    app.switch_screen(WatchScreen(options, game, keymap=app.keymap, pace=app.pace))
    try:
        await game.run()
    finally:
        await spectator.close()
