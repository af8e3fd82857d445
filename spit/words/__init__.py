"""The sentences several shells say, and the words of engine facts, as pure functions."""

# The engine says *why* (a Reason, an event, a view); these modules say it in the language that
# is on (spit.i18n). They import nothing from Textual or Rich, so they are tested on their own.
# Every message is a literal string that ``pybabel extract`` finds: never build one at run time.
# A message asked for by id (``dialogs.button("give up")``) is an ``N_("…")`` in a table of
# its module, translated when asked: a mistyped id is a KeyError, and tests/test_words.py asks
# every id the source names, in every language. Only the shells (the app, spit web, the
# commands) ask; a sentence only one shell says is written there, as ``_("…")``.
#
# Each module loads the first time it is asked for (``words.web`` imports ``spit.words.web``
# then; PEP 562), so a start loads the words of its first screen and not those of the
# simulator, the records, the network or the browser seat.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spit.words import (
        advice,
        commands,
        config,
        daily,
        dates,
        dialogs,
        keys,
        labels,
        match,
        menu,
        networked,
        numbers,
        practice,
        records,
        refusals,
        table,
        watching,
        web,
    )

__all__ = [
    "advice",
    "commands",
    "config",
    "daily",
    "dates",
    "dialogs",
    "keys",
    "labels",
    "match",
    "menu",
    "networked",
    "numbers",
    "practice",
    "records",
    "refusals",
    "table",
    "watching",
    "web",
]


def __getattr__(name: str) -> object:
    """Load the words module ``name`` when it is first asked for (it then stays an attribute)."""
    if name in __all__:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
