"""The bot: plays Spit like a person at one of four levels, seeing only its own view."""

from spit.bot.levels import LEVEL_NAMES, LEVELS, Delay, Level, level

__all__ = ["LEVELS", "LEVEL_NAMES", "Delay", "Level", "level"]
