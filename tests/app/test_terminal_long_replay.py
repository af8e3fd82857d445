"""The installed ``spit replay`` of a long record against a terminal that goes away and signals.

A record of 150,000 entries (what a flood of refused keys leaves) replays as fast as its
entries come, 2 ms apart, so the screen is written all the time. Closing its terminal (the
tmux pane killed, the whole tmux server gone) or a signal must end it promptly with the
shell's status for the signal (129 for the hang-up), and a signal while the record is still
being read must too, with no traceback.

The exit status of a game whose terminal is gone cannot be read on that terminal: each game
here runs under a small keeper (:data:`KEEPER`) that ignores the hang-up itself, gives the
game the default dispositions, and writes the game's pid and then its exit status to files.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.records import played

from .tmux import SPIT, Terminal, private_server

pytestmark = pytest.mark.long  # a long run: 150,000 entries replayed in tmux

ENTRIES = 150_000
"""Entries in the long record: about 2 s to write, 14 MB, and about as long to read."""

PROMPTLY = 15.0
"""Seconds a game may take to end once told: far more than it needs (well under one),
bounded so that a game that hangs fails the test instead of stalling it."""

KEEPER = """\
import os, signal, subprocess, sys
signal.signal(signal.SIGHUP, signal.SIG_IGN)
folder = sys.argv[1]
def default_signals():
    for signum in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)
game = subprocess.Popen(sys.argv[2:], preexec_fn=default_signals)
with open(os.path.join(folder, "pid.tmp"), "w") as file:
    file.write(str(game.pid))
os.replace(os.path.join(folder, "pid.tmp"), os.path.join(folder, "pid"))
status = game.wait()
with open(os.path.join(folder, "status.tmp"), "w") as file:
    file.write(str(status))
os.replace(os.path.join(folder, "status.tmp"), os.path.join(folder, "status"))
"""
"""Runs ``argv[2:]`` and writes its pid and exit status (negative: killed by that signal) to
files in ``argv[1]``; a hang-up of the terminal does not end the keeper itself."""


@pytest.fixture(scope="module")
def long_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A record of :data:`ENTRIES` entries, written by the benchmark's generator."""
    folder = tmp_path_factory.mktemp("long") / "records"
    folder.mkdir()
    return played.long_record(folder, ENTRIES)


class Kept:
    """``spit ARGS`` under the keeper, in its own folder (config, data, pid, status)."""

    def __init__(self, folder: Path, args: list[str]) -> None:
        self.folder = folder
        (folder / "config.toml").write_text("")
        self.env = {
            **os.environ,
            "SPIT_CONFIG": str(folder / "config.toml"),
            "SPIT_DATA_DIR": str(folder / "data"),
            "SPIT_LOG_DIR": str(folder / "log"),
        }
        (folder / "keeper.py").write_text(KEEPER)
        self.argv = [sys.executable, str(folder / "keeper.py"), str(folder), str(SPIT), *args]

    def pid(self) -> int:
        path = self.folder / "pid"
        deadline = time.monotonic() + 30
        while not path.exists():
            assert time.monotonic() < deadline, "the game was not started"
            time.sleep(0.02)
        return int(path.read_text())

    def status(self, within: float = PROMPTLY) -> int:
        """The game's exit status, once it has ended; fails if it takes longer than ``within``
        (and then kills the game, so that nothing is left behind)."""
        path = self.folder / "status"
        deadline = time.monotonic() + within
        while not path.exists():
            if time.monotonic() > deadline:
                pid = self.pid()
                os.kill(pid, signal.SIGKILL)
                raise AssertionError(f"the game (pid {pid}) was still running after {within} s")
            time.sleep(0.05)
        return int(path.read_text())


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    with private_server("long-replay") as socket:
        yield Terminal(socket)


def _replaying(terminal: Terminal, tmp_path: Path, record: Path) -> Kept:
    """``spit replay RECORD`` in the tmux pane, its table up and the replay running."""
    kept = Kept(tmp_path, ["replay", str(record)])
    env = " ".join(f"{k}={v}" for k, v in kept.env.items() if k.startswith("SPIT_"))
    # Not exec'd: the pane stays once the game has ended, to see what it left on the terminal.
    terminal.start(f"env {env} {' '.join(kept.argv)}; sleep 60", (100, 34))
    terminal.wait_for(lambda screen: "Replay" in screen and "playing" in screen)
    return kept


@pytest.mark.parametrize("close", ["kill-pane", "kill-server"])
def test_a_long_replay_whose_terminal_closes_exits_129_at_once(
    terminal: Terminal, tmp_path: Path, long_record: Path, close: str
) -> None:
    """Issue 20, item 12: the hang-up comes with a SIGCONT, on which Textual started its
    output anew; the new output thread died on the gone terminal (EIO), its queue of 30
    writes filled, and the game blocked for good in ``queue.put``, deaf to SIGTERM."""
    kept = _replaying(terminal, tmp_path, long_record)
    time.sleep(1)  # the replay writing to the screen all the while
    if close == "kill-pane":
        terminal.tmux("kill-pane", "-t", terminal.session)
    else:
        terminal.tmux("kill-server")
    assert kept.status() == 128 + signal.SIGHUP


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_long_replay_ends_on_a_signal_with_its_status(
    terminal: Terminal, tmp_path: Path, long_record: Path, signum: int
) -> None:
    """A signal while the replay writes to the screen ends it as Ctrl+Q does, the terminal
    given back (the alternate screen off)."""
    kept = _replaying(terminal, tmp_path, long_record)
    time.sleep(1)
    os.kill(kept.pid(), signum)
    assert kept.status() == 128 + signum
    assert terminal.display("#{alternate_on}") == "0"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_while_the_record_is_read_exits_with_its_status_and_no_traceback(
    tmp_path: Path, long_record: Path, signum: int
) -> None:
    """Issue 20, item 12: a signal during the load ended the process by the default action
    (no status of spit's own) or, for Ctrl+C, with a KeyboardInterrupt traceback; once the
    app was up, with ``NoMatches '#p2-legend'``."""
    kept = Kept(tmp_path, ["replay", str(long_record)])
    with (tmp_path / "stderr").open("w") as stderr:
        keeper = subprocess.Popen(
            kept.argv, env=kept.env, stdin=subprocess.DEVNULL, stdout=stderr, stderr=stderr
        )
        try:
            pid = kept.pid()
            _wait_until_open(pid, long_record)  # it is reading the record now
            os.kill(pid, signum)
            status = kept.status()
        finally:
            keeper.wait(timeout=PROMPTLY)
    assert status == 128 + signum
    assert "Traceback" not in (tmp_path / "stderr").read_text()


def _wait_until_open(pid: int, path: Path) -> None:
    """Until process ``pid`` has ``path`` open."""
    deadline = time.monotonic() + 30
    target = str(path)
    while time.monotonic() < deadline:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            fds = []
        for fd in fds:
            try:
                if os.readlink(fd) == target:
                    return
            except OSError:
                continue
        time.sleep(0.005)
    raise AssertionError(f"the game never opened {path}")
