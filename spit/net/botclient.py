"""The bot at a networked seat, headless: the app's :class:`~spit.bot.Bot`, acting through the
:class:`Client` a person's screen uses, on the room's game clock as the client knows it. It
waits for the server's answer to each move before planning again, and sends none while the
room stands.
"""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING

from spit.bot import Bot
from spit.bot.adaptive import Adaptive
from spit.bot.levels import ADAPTIVE
from spit.engine import Event, PlayerView, Refusal, Result, Variant
from spit.net.client import Client, Ended, Hearing, NotNow, Status, Welcome
from spit.net.wire import Watchers

if TYPE_CHECKING:
    from spit.bot import Planned
    from spit.net.seats import KeptSeat


class BotSeat(Hearing):
    """Plays one networked seat with the bot at ``level`` (``adaptive``: the bot that moves
    along the ladder towards its opponent's strength)."""

    def __init__(self, level: str, rng: random.Random) -> None:
        self.level = level
        self.client: Client | None = None  # set before the seat is taken
        self.bot: Bot | None = None  # once the seat is known
        self._rng = rng
        self._view: PlayerView | None = None
        self._running = False
        self._timer: asyncio.TimerHandle | None = None
        self._scheduled: Planned | None = None
        self._waiting: int | None = None  # the id of the move sent, until answered

    def welcomed(self, welcome: Welcome) -> None:
        if self.bot is None or self.bot.player != welcome.seat:
            if self.level == ADAPTIVE:
                # A stranger at the other seat: it starts from the middle of the ladder, not
                # from what this machine's own player taught it.
                self.bot = Adaptive(welcome.seat, self._rng)
            else:
                self.bot = Bot(welcome.seat, self.level, self._rng)
        # After a reconnect the move in flight may never have arrived: look afresh.
        self._waiting = None
        self._drop()

    def table(
        self, view: PlayerView, events: tuple[Event, ...], by: int | None, ack: int | None
    ) -> None:
        self._view = view
        if ack is not None and ack == self._waiting:
            self._waiting = None
            if self.bot is not None:
                self.bot.landed(Result(events=events))
        self._replan()

    def refused(self, ack: int, refusal: Refusal | None, not_now: NotNow | None) -> None:
        if ack == self._waiting:
            self._waiting = None
            if self.bot is not None:
                self.bot.landed(Result(refusal=refusal))
            self._replan()

    def status(self, status: Status) -> None:
        if status.running != self._running:
            self._running = status.running
            self._cancel_timer()  # a plan's wait is on game time: schedule it anew
            self._replan()

    def line(self, up: bool) -> None:
        if not up:
            self._running = False
            self._cancel_timer()

    def ended(self, ended: Ended) -> None:
        self._drop()

    def _drop(self) -> None:
        self._cancel_timer()
        if self.bot is not None:
            self.bot.cancel()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._scheduled = None

    def _replan(self) -> None:
        client, bot, view = self.client, self.bot, self._view
        if client is None or bot is None or view is None or not self._running:
            return
        if self._waiting is not None or client.over is not None:
            return
        now = client.game_time()
        planned = bot.plan(view, now)
        if planned is self._scheduled and self._timer is not None:
            return
        self._cancel_timer()
        if planned is None:
            return
        self._scheduled = planned
        pace = client.welcome.pace if client.welcome else 1.0
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, planned.at - now) / pace, self._land)

    def _land(self) -> None:
        self._timer = None
        planned, self._scheduled = self._scheduled, None
        if planned is None or self.client is None:
            return
        ident = self.client.act(planned.action)
        if ident is None:  # not connected: the table will be sent anew on coming back
            return
        self._waiting = ident


async def play(
    client: Client,
    seat: BotSeat,
    *,
    code: str | None = None,
    variant: object = None,
    seed: int | None = None,
    name: str = "bot",
    on_welcome: object = None,
    kept: KeptSeat | None = None,
    watchers: Watchers = Watchers.DELAYED,
) -> Ended:
    """Take a seat (open a room, join ``code``, or take back the ``kept`` one) and let the
    bot play it to the end."""
    seat.client = client
    if kept is not None:
        welcome = await client.rejoin(kept.room, kept.token)
    elif code is None:
        welcome = await client.open(
            variant if isinstance(variant, Variant) else Variant.STANDARD, seed, name, watchers
        )
    else:
        welcome = await client.join(code, name)
    seat.welcomed(welcome)
    if callable(on_welcome):
        on_welcome(welcome)
    return await client.run()
