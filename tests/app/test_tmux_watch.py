"""End to end: a bot-v-bot match on ``spit server`` watched by ``spit watch ADDR CODE`` in a
real terminal (tmux panes on a private tmux server, loopback): the watcher's screen shows
both rows and changes as the match goes on."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .tmux import SPIT, Terminal, exits_visibly, private_server

pytestmark = pytest.mark.long  # end to end: the installed spit in real terminals (tmux)

CARD = re.compile(r"│ *(10|[2-9AJQK])[♠♥♦♣]")
"""A face-up card's top line, as the table draws it."""


def rows_of_cards(screen: str) -> list[int]:
    """The screen lines that show face-up cards' corners."""
    return [n for n, line in enumerate(screen.splitlines()) if CARD.search(line)]


def test_spit_watch_shows_a_bot_match_both_rows_changing(tmp_path: Path, data_dir: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("")
    env = f"SPIT_CONFIG={config} SPIT_DATA_DIR={data_dir}"
    with private_server("watch") as socket:
        server, host, guest, watcher = (Terminal(socket, n) for n in ("s", "h", "g", "w"))
        server.start(exits_visibly(f"{env} {SPIT} server --port 0"), (120, 10))
        found = re.search(r"listening on (127\.0\.0\.1:\d+)", server.wait_for("listening on"))
        assert found is not None
        address = found.group(1)
        host.start(exits_visibly(f"{env} {SPIT} host --server {address} --bot normal --json"))
        line = host.wait_for('"code"').strip().splitlines()[0]
        code = json.loads(line)["code"]
        guest.start(exits_visibly(f"{env} {SPIT} join {address} {code} --bot normal"))

        watcher.start(exits_visibly(f"{env} {SPIT} watch {address} {code}"), (100, 40))
        first = watcher.wait_for(lambda s: "Watching" in s and len(rows_of_cards(s)) >= 2)
        rows = rows_of_cards(first)
        assert rows[-1] - rows[0] > 10, first  # a row at the top, a row at the bottom
        assert "3 s behind the players" in first
        watcher.wait_for(lambda s: s != first and len(rows_of_cards(s)) >= 2)
