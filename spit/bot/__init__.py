"""The bot: plays Spit like a person at one of seven levels, seeing only its own view
(``docs/bot.md``: the driver protocol, the levels and their figures). The levels are in
:mod:`spit.bot.levels`, the choosing in :mod:`spit.bot.strategy`."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spit.bot.bot import Bot, Planned

__all__ = ["Bot", "Planned"]


def __getattr__(name: str) -> Any:
    # The bot loads when first asked for: the command line needs only the level names
    # (spit.bot.levels), and a two-player game never needs the bot (start-up: 5 ms).
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module("spit.bot.bot"), name)
    globals()[name] = value
    return value
