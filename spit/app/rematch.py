"""A networked match's rematch at the match-over box: the rematch key offers (or accepts) it,
the box says what the other player did, and goes when the server deals the new match."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spit import words
from spit.engine import PLAYERS
from spit.records.figures import MatchStats

if TYPE_CHECKING:
    from spit.app.dialogs.match_over import MatchOverScreen
    from spit.app.game import GameScreen


class RematchNews:
    """What a game screen's match-over box shows of a networked rematch."""

    def __init__(self, screen: GameScreen) -> None:
        self._screen = screen
        self.box: MatchOverScreen | None = None  # the match-over box, once shown

    def push(self, box: MatchOverScreen, after: Callable[[str | None], None]) -> None:
        """Show the match-over ``box`` (``after`` hears its answer); in a networked match its
        rematch key offers one, and the box is kept to hear what the other player does."""
        self.box = box
        if self._screen.game.connection is not None:
            box.offer = self._screen.game.rematch
        self._screen.app.push_screen(box, after)

    def told(self) -> None:
        """News of the room: what the server last said of a rematch, to the box if it is up."""
        screen, box = self._screen, self.box
        connection = screen.game.connection
        said = None if connection is None else connection.rematch
        if said is None or box is None:
            return
        if not box.is_mounted:  # pushed, not up yet: told once it is
            box.call_after_refresh(self.told)
            return
        news = words.networked.rematch(said, screen.seat, screen.names[1 - screen.seat])
        box.rematch_news(news, open=said.no is None)

    def table_came(self) -> None:
        """A table came: if it is the first of a rematch the server dealt (the seats
        swapped), the box goes and the screen draws the new match from the new seat."""
        screen = self._screen
        if screen.seat in screen.game.seats:
            return
        box, self.box = self.box, None
        if box is not None:  # (if covered, once it is on top again)
            box.dismiss("dealt")
        screen.seat = screen.game.seats[0]
        screen.stats = MatchStats()
        for player in PLAYERS:
            screen.feedback.clear_message(player)
        screen.connection_changed()  # the perspective from the new seat, drawn
