"""Drivers: whatever plays a seat without a keyboard (the bot), through a :class:`Seat`.

A driver reads only ``seat.view()``, waits with ``seat.call_later`` (game-clock timers the
game pauses and cancels) and acts with ``seat.act`` as a key does. It never acts from inside
``table_changed``: it plans, and acts from a timer, as a hand needs time to move.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from spit.bot.levels import ADAPTIVE
from spit.datafile import read_regular
from spit.engine import Action, Event, MatchEnded, PlayerView, Result, RoundDealt
from spit.game.seat import Cancellable
from spit.records.paths import data_dir

if TYPE_CHECKING:
    from spit.bot import Bot, Planned
    from spit.bot.adaptive import Adaptive


class Seat(Protocol):
    """What a game offers the driver of one seat."""

    @property
    def player(self) -> int:
        """The seat's player number (1: the top of the screen, the right spit pile)."""

    def view(self) -> PlayerView:
        """The table as this seat sees it now."""

    def now(self) -> float:
        """The game clock in seconds; it stands still while the game is paused."""

    def act(self, action: Action) -> Result | None:
        """Apply ``action`` now, exactly as a key press would; the engine's verdict if known
        at once (None when it comes later, from a server)."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        """Call ``callback`` after ``delay`` seconds of game time (paused with the game)."""


@runtime_checkable
class Driver(Protocol):
    """Plays one seat through a :class:`Seat`. The bot implements this."""

    def start(self, seat: Seat) -> None:
        """Take the seat: the first round is dealt and waits for the first spit."""

    def table_changed(self, events: tuple[Event, ...]) -> None:
        """Something happened at the table (``()`` for a fresh match); plan the next move."""

    def pause(self) -> None:
        """The game stopped; nothing may be played until :meth:`resume`."""

    def resume(self) -> None:
        """The game goes on, exactly where it stood."""

    def stop(self) -> None:
        """The game ends; let go of everything."""


DriverFactory = Callable[[str, int | None], Driver]  # from a level name and a seed (None: fresh)


class BotDriver:
    """A seat played by :class:`spit.bot.Bot`, timed with the seat's timers, following the
    bot's driver protocol (``docs/bot.md``): apply, ``landed``, then plan again."""

    def __init__(self, bot: Bot | Adaptive) -> None:
        self.bot = bot  # the bot whose hand this drives
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
        pass  # the seat's timers stop with the game clock

    def resume(self) -> None:
        pass  # the seat's timers go on with the game clock

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
        self.bot.landed(result if result is not None else Result())
        self._replan()


def adaptive_path() -> Path:
    """Where the adaptive bot keeps what it learned about the player between matches."""
    return data_dir() / "adaptive.json"


def load_adaptive() -> dict[str, float] | None:
    """What the adaptive bot learned in earlier matches, or None (a first match, a bad file)."""
    try:
        memory = json.loads(read_regular(adaptive_path(), 1 << 16))  # spit writes two numbers
    except (OSError, ValueError):
        return None
    if not isinstance(memory, dict):
        return None
    return {
        k: float(v)
        for k, v in memory.items()
        if isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
    }


def save_adaptive(memory: dict[str, float]) -> None:
    """Keep what the adaptive bot learned for the next match; a failure loses only that."""
    path = adaptive_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".partial")
        partial.write_text(json.dumps(memory), encoding="utf-8")
        partial.replace(path)
    except OSError:
        pass


class AdaptiveDriver(BotDriver):
    """A seat played by the adaptive bot, which remembers the player from match to match
    (in ``adaptive.json`` in the data directory, after every round and at the end)."""

    bot: Adaptive

    @property
    def playing(self) -> str:
        """The ladder level it plays at now."""
        return self.bot.level.name

    def table_changed(self, events: tuple[Event, ...]) -> None:
        super().table_changed(events)
        if any(isinstance(e, RoundDealt | MatchEnded) for e in events):
            save_adaptive(self.bot.memory)

    def stop(self) -> None:
        save_adaptive(self.bot.memory)
        super().stop()


def bot_driver(level: str, seed: int | None, player: int = 1) -> Driver:
    """The bot at ``level`` in seat ``player``, its hand's randomness from ``seed``;
    ``adaptive`` for the bot that moves along the ladder to meet the player."""
    from spit.bot import Bot  # lazy: a two-player game starts without the bot

    if level == ADAPTIVE:
        from spit.bot.adaptive import Adaptive  # lazy: the same

        adaptive = Adaptive(player, random.Random(seed), load_adaptive())
        return AdaptiveDriver(adaptive)
    return BotDriver(Bot(player, level, random.Random(seed)))
