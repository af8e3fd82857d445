"""A game as a screen sees it: the :class:`Game` interface, and the games behind it (local,
remote, replay). No Textual here, so servers and headless clients share it with the app."""

from spit.clock import GameClock, Source
from spit.game.driver import BotDriver, Driver, DriverFactory, Seat, bot_driver
from spit.game.local import LocalGame
from spit.game.seat import Cancellable, Change, Connection, Game, Listener, Lost, Timers

__all__ = [
    "BotDriver",
    "Cancellable",
    "Change",
    "Connection",
    "Driver",
    "DriverFactory",
    "Game",
    "GameClock",
    "Listener",
    "LocalGame",
    "Lost",
    "Seat",
    "Source",
    "Timers",
    "bot_driver",
]
