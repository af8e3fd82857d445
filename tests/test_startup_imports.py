"""A start loads only what its first screen needs: the network, the browser seat, the
statistics and plotting, and their libraries load when a player asks for them.

Each start runs in a fresh interpreter (``sys.modules`` of this test process is whatever the
other tests imported) and reports what it had loaded once its first screen was up. No time
is asserted: what is loaded is the behaviour, the milliseconds follow from it.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

NOT_AT_START = (
    "websockets",
    "babel",
    "plotext",
    "sqlite3",
    "aiohttp",
    "textual_serve",
    "tomllib",
    "spit.net.wire",
    "spit.net.hosting",
    "spit.net.client",
    "spit.net.server",
    "spit.web.driver",
    "textual.drivers.web_driver",
    "spit.web.room",
    "spit.web.server",
    "spit.records.history",
    "spit.records.stats",
    "spit.records.analysis",
    "spit.sim",
    "spit.words.dates",
    "spit.words.keys",
    "spit.words.match",
    "spit.words.records",
    "spit.words.refusals",
    "spit.commands.rooms",
    "spit.commands.records",
    "spit.commands.sim",
    "spit.commands.web",
    "spit.words.networked",
    "spit.words.web",
    "statistics",
)
"""Packages and modules no first screen uses (each with everything under it): the wire's codec
and the websocket library, the browser seat's server and Textual's web driver, locale data
beyond gettext, plotting, the history database, the statistics, the simulator, the TOML
reader (no config file here); the words of the records, replays, a match's end, the key
help, refusals and dates (``spit.words`` loads each module when it is first asked for), and
the statistics module (a figure's median loads it); the other subcommands' modules and help
words (``spit`` builds the parser of the subcommand it is given only)."""

START = """
import asyncio, json, os, sys
from pathlib import Path
from spit.cli import build_parser
from spit.app.app import SpitApp
from spit.records.recorder import MatchRecorder
from spit.settings.options import GameOptions, Mode

build_parser().parse_args(sys.argv[2:])  # as `spit` parses its command line

# A game makes its record once its table is drawn (the app calls `ensure` after the first
# refresh): what is loaded then is what the first frame needed.
at_first_frame = []
ensure = MatchRecorder.ensure

def first_frame(self):
    at_first_frame.append(sorted(sys.modules))
    ensure(self)

MatchRecorder.ensure = first_frame

async def main():
    options = GameOptions(mode=Mode.TWO_PLAYER, seed=1) if sys.argv[1] == "table" else None
    # The table's match is recorded (in SPIT_DATA_DIR); the menu, which looks for a match to
    # go on with in the records, records nothing.
    recorded = sys.argv[1] == "table"
    app = SpitApp(options, config_file=Path(os.devnull), record=recorded)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        modules = at_first_frame[0] if at_first_frame else sorted(sys.modules)
        print(json.dumps([type(app.screen).__name__, bool(at_first_frame), modules]))

asyncio.run(main())
"""


NOT_AT_THE_TABLE = (
    "spit.records.record",
    "spit.records.format",
    "spit.records.reading",
    "secrets",
    "hashlib",
)
"""What the table's first frame does not need besides: the record's format, reader and
writer, and ``secrets`` (the record's random file name): a match's record is made once its
table is drawn. (The menu reads the records, for a match to go on with.)"""

COMMAND_LINE = {"table": ["play", "--two-player"], "menu": []}
"""How a player starts each first screen: ``spit play --two-player``, ``spit``."""


def loaded_at(first_screen: str) -> tuple[str, bool, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", START, first_screen, *COMMAND_LINE[first_screen]],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    screen, recorded, modules = json.loads(done.stdout.splitlines()[-1])
    return screen, recorded, modules


def heavy(modules: list[str], not_at_start: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(f"{h}.") for h in not_at_start)]


@pytest.mark.parametrize(
    ("first_screen", "shown", "not_at_start"),
    [("table", "GameScreen", NOT_AT_START + NOT_AT_THE_TABLE), ("menu", None, NOT_AT_START)],
)
def test_a_start_loads_no_network_web_statistics_or_plotting(
    first_screen, shown, not_at_start
) -> None:
    screen, recorded, modules = loaded_at(first_screen)
    if shown is not None:
        assert screen == shown
        assert recorded  # the match's record was made, after the first frame
    assert "textual" in modules  # the probe saw a real start
    assert heavy(modules, not_at_start) == []
