"""The bot: plays Spit like a person at one of four levels, seeing only its own view.

See ``spit.bot.bot`` for the driver protocol and ``docs/bot.md`` for levels and figures.
"""

from spit.bot.bot import Bot, Planned
from spit.bot.levels import LEVEL_NAMES, LEVELS, Delay, Level, level
from spit.bot.strategy import Policy

__all__ = ["LEVELS", "LEVEL_NAMES", "Bot", "Delay", "Level", "Planned", "Policy", "level"]
