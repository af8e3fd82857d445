"""The installed ``spit`` in a real terminal: tmux sessions on a private tmux server (a socket of
the test's own, so tests don't collide), keys sent as a terminal sends them, the screen read as
a person reads it (``capture-pane``). Shared by every test that plays through tmux.

Tests run wherever tmux exists; CI installs it, and there (``CI`` set) a missing tmux is a
failure, not a skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from spit.engine import Match, Play, Reason, Refusal
from tests.polling import wait_for_text

SPIT = Path(sys.executable).parent / "spit"
"""The installed command, next to this Python."""

WAIT = 30.0
"""Seconds a wait for the screen lasts before the test fails: generous, as a loaded machine
may take seconds to start Python and Textual."""

TMUX_KEYS = {"space": ["Space"], "enter": ["Enter"], "semicolon": ["-H", "3b"]}
"""tmux names for keys that are not their own character (a lone ``;`` must go as hex)."""


def tmux_key(key: str) -> list[str]:
    """``tmux send-keys`` arguments for a Textual key name (tmux's own names pass as they are)."""
    if key in TMUX_KEYS:
        return TMUX_KEYS[key]
    return [{"comma": ",", "full_stop": ".", "slash": "/"}.get(key, key)]


def terminal_available() -> None:
    """Skip without tmux (fail in CI, which must install it); the spit command must exist."""
    if shutil.which("tmux") is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is missing; CI must install it")
        pytest.skip("tmux is not installed")
    assert SPIT.exists(), f"the spit command is not installed next to {sys.executable}"


@contextmanager
def private_server(name: str) -> Iterator[str]:
    """A fresh tmux socket name for ``name``'s sessions; its server is killed at the end."""
    terminal_available()
    socket = f"spit-{name}-{uuid.uuid4().hex[:8]}"
    try:
        yield socket
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, check=False)


@contextmanager
def playing(
    name: str, args: str, tmp_path: Path, data_dir: Path, env: str = ""
) -> Iterator[Terminal]:
    """``spit ARGS`` in a session on a private tmux server, with an empty config of its own and
    the test's data directory, its exit status shown when it ends (``env``: more variables)."""
    config = tmp_path / "config.toml"
    config.write_text("")
    with private_server(name) as socket:
        term = Terminal(socket)
        variables = f"SPIT_CONFIG={config} SPIT_DATA_DIR={data_dir} {env}".strip()
        term.start(exits_visibly(f"{variables} {SPIT} {args}"))
        yield term


def exits_visibly(command: str) -> str:
    """``command``, then its exit status on the screen (``spit-exited-N``), the pane kept."""
    return f"{command}; echo spit-exited-$?; sleep 60"


def pile_line(screen: str) -> str:
    """The screen line with the two spit piles' top cards (between the spit-card backs)."""
    return next(line for line in screen.splitlines() if line.count("░") >= 4)


def misfit(match: Match, at: float) -> tuple[Play, Refusal]:
    """Player 1's first play at ``at`` whose card does not fit its pile, and its refusal
    (which names both cards)."""
    for stock in range(5):
        for pile in (0, 1):
            play = Play(0, stock, pile)
            refusal = match.check(play, at=at)
            if refusal is not None and refusal.reason is Reason.DOES_NOT_FIT:
                assert refusal.card is not None and refusal.top is not None
                return play, refusal
    raise AssertionError("every card of player 1 fits")


class Terminal:
    """One tmux session (``session``) on the private tmux server ``socket``."""

    def __init__(self, socket: str, session: str = "spit") -> None:
        self.socket = socket
        self.session = session

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=False
        )
        return done.stdout

    def start(self, command: str, size: tuple[int, int] = (80, 24)) -> None:
        """Open the session, ``size`` columns by rows, running the shell line ``command``."""
        width, height = size
        self.tmux("new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height),
                  command)  # fmt: skip

    def press(self, *keys: str) -> None:
        """Press each key (Textual names such as ``space`` or ``semicolon``, or tmux's own)."""
        for key in keys:
            self.tmux("send-keys", "-t", self.session, *tmux_key(key))

    def type_text(self, text: str) -> None:
        """Type ``text`` as it is (UTF-8 too: a non-Latin layout's letters)."""
        self.tmux("send-keys", "-t", self.session, "-l", text)

    def send_bytes(self, data: bytes) -> None:
        """Send raw bytes, as a terminal would (``send-keys -H``)."""
        self.tmux("send-keys", "-t", self.session, "-H", *(f"{b:02x}" for b in data))

    def resize(self, width: int, height: int) -> None:
        self.tmux("resize-window", "-t", self.session, "-x", str(width), "-y", str(height))

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.session)

    def display(self, what: str) -> str:
        """A tmux format about the pane (``#{pane_pid}``, ``#{alternate_on}``)."""
        return self.tmux("display", "-p", "-t", self.session, what).strip()

    def alternate(self) -> bool:
        """Whether the program in the pane still holds the alternate screen."""
        return self.display("#{alternate_on}") == "1"

    def wait_for(self, what: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        """The screen, once it holds ``what`` (or ``what(screen)`` holds); fails after
        ``timeout`` seconds, showing the screen it last read."""
        return wait_for_text(self.screen, what, timeout, "the screen was")
