"""End to end, the installed ``spit`` in tmux: ``kill -9`` loses nothing, and ``spit resume``
continues the same table; killed again and again at random moments, every record still
reads back; two games at once both record.

Every game here keeps its records in the test's own data directory (``SPIT_DATA_DIR``).
"""

from __future__ import annotations

import os
import random
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.engine import Match, Phase, Play, Spit
from spit.records.record import Record, read_record, record_files
from tests.app.factory import key_for, next_action
from tests.app.test_tmux import KEYMAP
from tests.app.tmux import SPIT, Terminal, pile_line, private_server
from tests.records.played import on_uptime_clock, play_recorded

pytestmark = pytest.mark.long  # end to end: the installed spit in a real terminal (tmux)

SEED = 3
KILLS = 5
"""Kills at random moments in one test: enough to land in every phase, few enough for CI."""


class Game(Terminal):
    """One ``spit`` in its own tmux session; the pane's process is spit itself (``exec``)."""

    def __init__(self, socket: str, name: str, data_dir: Path, config: Path, args: str):
        super().__init__(socket, name)
        self.start(
            f"exec env SPIT_CONFIG={config} SPIT_DATA_DIR={data_dir} {SPIT} {args}", (100, 34)
        )
        self.pid = int(self.display("#{pane_pid}"))

    def kill(self) -> None:
        os.kill(self.pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.02)
        raise AssertionError("spit did not die")


@pytest.fixture
def server() -> Iterator[str]:
    """The private tmux server the test's games run on."""
    with private_server("rec") as socket:
        yield socket


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "config.toml"
    path.write_text("")
    return path


def press_action(game: Game, match: Match) -> None:
    """Press the key for the driver's next action on ``match``, and apply it there too."""
    action = next_action(match)
    game.press(key_for(KEYMAP, action, match.round.phase))


def the_record(data_dir: Path) -> Record:
    [path] = record_files(data_dir / "records")
    return read_record(path)


def test_kill_9_then_spit_resume_continues_the_same_table(
    server: str, data_dir: Path, config: Path
) -> None:
    game = Game(server, "play", data_dir, config, f"play --two-player --seed {SEED}")
    game.wait_for("Round 1: both press SPIT")
    game.press("space")
    game.wait_for("ready")
    game.press("enter")
    match = Match.new(SEED)
    match.apply(Spit(0), 0.0)
    match.apply(Spit(1), 0.0)
    left = match.view(0).piles[0].top
    game.wait_for(left.label())
    plays = 0
    while plays < 4:  # a few cards onto the piles, waiting for each to land
        action = next_action(match)
        if not isinstance(action, Play):
            break
        card = match.view(0).sides[action.player].stocks[action.stock].top
        game.press(key_for(KEYMAP, action, match.round.phase))
        match.apply(action, 1.0 + plays)
        game.wait_for(lambda s, card=card: card.label() in pile_line(s))
        plays += 1
    before = game.screen()
    game.kill()

    record = the_record(data_dir)
    assert record.unfinished
    assert record.match.view(0).piles == match.view(0).piles
    assert record.match.view(0).sides == match.view(0).sides

    resumed = Game(server, "resume", data_dir, config, "resume")
    resumed.wait_for("Paused")
    resumed.press("escape")
    screen = resumed.wait_for(lambda s: "Paused" not in s and s.count("░") >= 4)
    assert pile_line(screen) == pile_line(before)
    # The same table goes on: the next play on the engine's table is accepted there too.
    action = next_action(match)
    resumed.press(key_for(KEYMAP, action, match.round.phase))
    deadline = time.monotonic() + 10
    while len(the_record(data_dir).steps) == len(record.steps):
        assert time.monotonic() < deadline, resumed.screen()
        time.sleep(0.05)
    again = the_record(data_dir)
    assert again.steps[-1].action == action and again.steps[-1].ok
    assert len(again.resumptions) == 1


def test_killed_at_random_moments_every_record_reads_back(
    server: str, data_dir: Path, config: Path
) -> None:
    rng = random.Random(20261201)
    keys = list(KEYMAP.bindings.values())
    steps = 0
    for kill in range(KILLS):
        args = f"play --two-player --seed {SEED}" if kill == 0 else "resume"
        game = Game(server, f"kill{kill}", data_dir, config, args)
        game.wait_for("Round 1" if kill == 0 else "Paused")
        if kill:
            game.press("escape")
        deadline = time.monotonic() + rng.uniform(0.2, 1.5)
        while time.monotonic() < deadline:
            game.press(rng.choice(keys))
            time.sleep(rng.uniform(0.0, 0.08))
        game.kill()
        record = the_record(data_dir)  # raises, naming file and line, if anything is wrong
        assert record.unfinished and len(record.steps) >= steps
        assert len(record.resumptions) == kill
        steps = len(record.steps)
    assert steps > 0


def test_two_games_at_once_both_record(server: str, data_dir: Path, config: Path) -> None:
    games = [
        Game(server, f"two{n}", data_dir, config, f"play --two-player --seed {SEED + n}")
        for n in (0, 1)
    ]
    for game in games:
        game.wait_for("Round 1: both press SPIT")
    for _ in range(3):  # turn about, keys in both
        for game in games:
            game.press("space")
            game.press("enter")
    for game in games:
        game.wait_for("cards")
        game.press("C-q")
        game.wait_for("Quit this match?")
        game.press("C-q")
    deadline = time.monotonic() + 10
    while any(_alive(g.pid) for g in games):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    records = [read_record(p) for p in record_files(data_dir / "records")]
    assert sorted(r.header.seed for r in records) == [SEED, SEED + 1]
    for record in records:
        assert record.unfinished
        assert [s.action for s in record.steps[:2]] == [Spit(0), Spit(1)]
        assert record.match.round.phase is Phase.PLAYING


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_spit_replay_last_of_a_record_on_the_uptime_clock_moves_at_once(
    server: str, data_dir: Path, config: Path
) -> None:
    # Records written before the game clock started at the deal hold the machine's uptime
    # ("at": 1980.74): the replay counts from the first action, not from 0.
    path, _ = play_recorded(data_dir / "records", seed=SEED)
    on_uptime_clock(path)
    game = Game(server, "replay", data_dir, config, "replay last")
    game.wait_for("Replay · action")
    # The bar moves within a second: the first action plays at once.
    game.wait_for(lambda s: re.search(r"action [1-9]\d*/", s) is not None, timeout=1.0)
