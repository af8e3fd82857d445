"""What the app keeps in the config file for the next start: the menu's choices, the keys
the players pressed, the language, that the practice was offered. Over
:func:`spit.settings.config.remember`, the one writer; the app only says a failure."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from spit.settings.config import ConfigError, remember
from spit.settings.keymap import KeyMap, KeyMapError
from spit.settings.options import GameOptions

Entries = Mapping[tuple[str, ...], object]
"""Config entries by where they sit (see :func:`spit.settings.config.remember`)."""


def menu_entries(options: GameOptions) -> Entries:
    """The menu's choices in ``options``, as config entries (none before a mode is chosen).

    The key layout is kept only if the remapped keys fit it: one that does not would stop
    the next start."""
    if options.mode is None:
        return {}
    entries: dict[tuple[str, ...], object] = {
        ("menu", "mode"): options.mode.value,
        ("menu", "level"): options.bot_level,
        ("menu", "variant"): options.variant.value,
        ("display", "ascii"): options.ascii,
        ("display", "four_colour"): options.four_colour,
        ("display", "hints"): options.hints,
        ("display", "theme"): options.theme,
        ("display", "cue"): options.cue,
    }
    try:
        fits = KeyMap.remapped(options.keys, options.bindings)[1] is None
    except KeyMapError:
        fits = False
    if fits:
        entries["keys", "preset"] = options.keys
    return entries


def keep(config_file: Path | None, entries: Entries) -> ConfigError | None:
    """Write ``entries`` into ``config_file`` (None: nowhere, as in tests); why not, if the
    file cannot be read or written."""
    if config_file is None or not entries:
        return None
    try:
        remember(config_file, entries)
    except ConfigError as error:
        return error
    return None
