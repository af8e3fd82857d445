"""The bot: plays Spit like a person at one of seven levels, seeing only its own view
(``docs/bot.md``: the driver protocol, the levels and their figures)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spit.bot.bot import Bot, Planned
    from spit.bot.levels import LADDER, LEVEL_NAMES, LEVELS, ExGaussian, Level, level
    from spit.bot.strategy import Policy

__all__ = [
    "LADDER",
    "LEVELS",
    "LEVEL_NAMES",
    "Bot",
    "ExGaussian",
    "Level",
    "Planned",
    "Policy",
    "level",
]

# Each name loads its module when first asked for: the command line needs only the level
# names (``spit.bot.levels``), and a two-player game never needs the bot's strategy.
_MODULE_OF = {
    "Bot": "spit.bot.bot",
    "Planned": "spit.bot.bot",
    "LEVEL_NAMES": "spit.bot.levels",
    "LEVELS": "spit.bot.levels",
    "ExGaussian": "spit.bot.levels",
    "LADDER": "spit.bot.levels",
    "Level": "spit.bot.levels",
    "level": "spit.bot.levels",
    "Policy": "spit.bot.strategy",
}


def __getattr__(name: str) -> Any:
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_MODULE_OF[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
