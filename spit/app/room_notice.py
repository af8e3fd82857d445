"""The notice over the table while a networked room stands still, kept up to date with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from spit.app.presenter import Perspective, standstill
from spit.game import Connection, Game

if TYPE_CHECKING:
    from textual.timer import Timer

    from spit.app.dialogs.standstill import StandstillScreen


class RoomNotice:
    """Shows, rewords (counting down) and takes away the standstill notice over ``table``."""

    def __init__(self, table: Screen[None], game: Game, *, serves_here: bool = False) -> None:
        self._table = table
        self._game = game
        self._serves_here = serves_here
        """Whether the room's server was started here for it (see :func:`standstill`)."""
        self._screen: StandstillScreen | None = None
        self._countdown: Timer | None = None
        """Rewords the notice each second while it counts down the other player's return."""
        self._perspective: Perspective | None = None

    @property
    def up(self) -> bool:
        """Whether the notice stands over the table."""
        return self._screen is not None

    def update(self, perspective: Perspective) -> None:
        """News of the room or the line: say why it stands now, or take the notice away."""
        self._perspective = perspective
        connection = self._game.connection
        self._show(self._standstill(connection, perspective))
        if self._screen is not None:
            # The host's room waits for the friend: Esc closes it.
            self._screen.closable = connection is not None and connection.waiting
        counting = self._counting()
        if counting and self._countdown is None:
            # The seconds left (to come back, of a pause, before play goes on) go down on it.
            self._countdown = self._table.set_interval(1.0, self._count_down)
        elif not counting and self._countdown is not None:
            self._countdown.stop()
            self._countdown = None

    def take_away(self) -> None:
        """The game is over for good: no notice."""
        self._show(None)

    def _counting(self) -> bool:
        connection = self._game.connection
        other = 1 - self._game.seats[0]
        return connection is not None and (
            connection.back_within[other] is not None
            or connection.pause_left[other] is not None
            or connection.goes_on_in is not None
        )

    def _count_down(self) -> None:
        if self._counting() and self._perspective is not None:
            connection = self._game.connection
            self._show(self._standstill(connection, self._perspective))

    def _standstill(self, connection: Connection | None, perspective: Perspective) -> str | None:
        return standstill(
            connection, perspective, self._game.room_link, serves_here=self._serves_here
        )

    def _show(self, text: str | None) -> None:
        """Show ``text`` over the table while the room stands still (None: take it away)."""
        from spit.app.dialogs.standstill import StandstillScreen  # deferred: start-up

        notice = self._screen
        if text is None:
            if notice is not None:
                self._screen = None
                notice.dismiss()
            return
        if notice is not None:
            notice.say(text)
            return
        notice = self._screen = StandstillScreen(text)
        self._table.app.push_screen(notice)
