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
    "msgspec",
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
    "spit.words.replay",
    "spit.commands.network",
    "spit.commands.records",
    "spit.commands.sim",
    "spit.commands.web",
    "spit.words.network",
    "spit.words.sim",
    "spit.words.web",
    "statistics",
)
"""Packages and modules no first screen uses (each with everything under it): the wire's
codec and the websocket library, the browser seat's server, locale data beyond gettext,
plotting, the history database, the statistics, the simulator, the TOML reader (no config
file here); the words of the records, replays, a match's end, the key help, refusals and
dates (``spit.words`` loads each module when it is first asked for), and the statistics
module (a figure's median loads it); the other subcommands' modules and help words (``spit``
builds the parser of the subcommand it is given only)."""

START = """
import asyncio, json, os, sys
from pathlib import Path
from spit.cli import build_parser
from spit.app.app import SpitApp
from spit.settings.options import GameOptions, Mode

build_parser().parse_args(sys.argv[2:])  # as `spit` parses its command line

async def main():
    options = GameOptions(mode=Mode.TWO_PLAYER, seed=1) if sys.argv[1] == "table" else None
    app = SpitApp(options, config_file=Path(os.devnull), record=False)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        print(json.dumps([type(app.screen).__name__, sorted(sys.modules)]))

asyncio.run(main())
"""


COMMAND_LINE = {"table": ["play", "--two-player"], "menu": []}
"""How a player starts each first screen: ``spit play --two-player``, ``spit``."""


def loaded_at(first_screen: str) -> tuple[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", START, first_screen, *COMMAND_LINE[first_screen]],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    screen, modules = json.loads(done.stdout.splitlines()[-1])
    return screen, modules


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(f"{h}.") for h in NOT_AT_START)]


@pytest.mark.parametrize(("first_screen", "shown"), [("table", "GameScreen"), ("menu", None)])
def test_a_start_loads_no_network_web_statistics_or_plotting(first_screen, shown) -> None:
    screen, modules = loaded_at(first_screen)
    if shown is not None:
        assert screen == shown
    assert "textual" in modules  # the probe saw a real start
    assert heavy(modules) == []
