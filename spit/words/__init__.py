"""Every sentence a player reads, as pure functions of engine facts and names, by part.

The engine says *why* (a :class:`~spit.engine.Reason` id, an event, a view); these modules say
it in words, in the language that is on (:mod:`spit.i18n`). They import nothing from Textual or
Rich, so they are tested on their own, and every message is a literal string that
``pybabel extract`` finds: never build a message at run time. Only the shells (the app, spit
web, the commands) ask them.
"""

from spit.words import (
    commands,
    config,
    dates,
    dialogs,
    keys,
    labels,
    match,
    menu,
    network,
    numbers,
    practice,
    records,
    refusals,
    replay,
    sim,
    table,
    web,
)

__all__ = [
    "commands",
    "config",
    "dates",
    "dialogs",
    "keys",
    "labels",
    "match",
    "menu",
    "network",
    "numbers",
    "practice",
    "records",
    "refusals",
    "replay",
    "sim",
    "table",
    "web",
]
