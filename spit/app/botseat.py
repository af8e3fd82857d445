"""The bot at the table: :class:`spit.bot.Bot` driving seat 2 through the game screen's seat.

The bot itself is pure (it plans a move and says when it lands); this driver gives it the
table after every change, times its hand with the seat's timers (which stop while the game
is paused), and applies its move through ``seat.act``, the same path as a key press. It
follows the driver protocol in :mod:`spit.bot.bot`: apply, ``landed``, then plan again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from spit.app.opponent import Cancellable, Opponent, Seat
from spit.engine import Event

if TYPE_CHECKING:
    from spit.bot import Bot, Planned


class BotOpponent:
    """Seat 2 played by the bot."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        """The bot whose hand this drives."""
        self._seat: Seat | None = None
        self._scheduled: Planned | None = None
        self._timer: Cancellable | None = None
        self._acting = False

    def start(self, seat: Seat) -> None:
        if seat.player != self.bot.player:
            raise ValueError(f"the bot plays seat {self.bot.player}, not {seat.player}")
        self._seat = seat
        self._replan()

    def table_changed(self, events: tuple[Event, ...]) -> None:
        if self._acting:
            return  # its own move: it re-plans once it knows how the move landed
        if not events:  # a fresh match: the hand in motion belonged to the old one
            self._drop()
        self._replan()

    def pause(self) -> None:
        """Nothing to do: the seat's timers stop with the game clock."""

    def resume(self) -> None:
        """Nothing to do: the seat's timers go on with the game clock."""

    def stop(self) -> None:
        self._drop()
        self._seat = None

    def _drop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._scheduled = None
        self.bot.cancel()

    def _replan(self) -> None:
        seat = self._seat
        if seat is None:
            return
        now = seat.now()
        planned = self.bot.plan(seat.view(), now)
        if planned is self._scheduled:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._scheduled = planned
        if planned is not None:
            self._timer = seat.call_later(max(0.0, planned.at - now), self._land)

    def _land(self) -> None:
        seat, planned = self._seat, self._scheduled
        self._timer = None
        self._scheduled = None
        if seat is None or planned is None:
            return
        self._acting = True
        try:
            result = seat.act(planned.action)
        finally:
            self._acting = False
        self.bot.landed(result)
        self._replan()


def bot_opponent(level: str, seed: int | None) -> Opponent:
    """The bot at ``level`` in seat 2, its hand's randomness from ``seed``."""
    # The bot loads with the first game against it: a two-player game starts without it.
    from spit.bot import Bot

    return BotOpponent(Bot(1, level, random.Random(seed)))
