"""A game as a screen sees it: one small interface, and the games behind it.

:class:`Game` (in :mod:`spit.game.seat`) is all a screen knows of a game: the view of the
seats it plays, "do this action", pause and resume, the clock, and a :class:`Listener` the
game calls with what happened. :class:`LocalGame` plays a match on this machine (two players
on one keyboard, or one against a :class:`Driver` such as the bot); a remote game behind the
same interface speaks to a server. Nothing here imports Textual, so servers and headless
clients share it with the app.
"""

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
