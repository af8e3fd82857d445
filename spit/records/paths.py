"""Where records and the history live: the user's data directory, or ``SPIT_DATA_DIR``."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Final

DATA_DIR_VARIABLE: Final = "SPIT_DATA_DIR"
"""Names a directory to keep records and history in instead of the user's data directory
(tests point it at a temporary directory so they never touch a player's own history)."""


def data_dir() -> Path:
    """The directory for everything spit keeps (it may not exist yet)."""
    chosen = os.environ.get(DATA_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    import platformdirs  # only when the data directory is first needed

    return Path(platformdirs.user_data_dir("spit", appauthor=False))


def records_dir() -> Path:
    """The directory holding one record file per match."""
    return data_dir() / "records"


def history_path() -> Path:
    """The history database."""
    return data_dir() / "history.sqlite3"


def seats_dir() -> Path:
    """The directory holding the tokens of networked seats taken on this machine, so a seat
    outlives the process that took it (see :mod:`spit.net.seats`)."""
    return data_dir() / "seats"


BROWSER_ID: Final = re.compile(r"[0-9a-f]{32}")  # drawn at random by its page (spit web)


def browsers_dir() -> Path:
    """Where the browsers ``spit web`` serves keep their own records and history: one data
    directory each, apart from this machine's own player's records and history (which no
    browser ever reads or fills)."""
    return data_dir() / "browsers"


def browser_data_dir(browser: str) -> Path:
    """The data directory of the browser whose id is ``browser`` (see :data:`BROWSER_ID`);
    ValueError for anything else, so an id can never name a path of its own."""
    if not BROWSER_ID.fullmatch(browser):
        raise ValueError(f"not a browser id: {browser!r}")
    return browsers_dir() / browser
