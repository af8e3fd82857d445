"""End to end: the installed ``spit`` in a real terminal (tmux), played with real key presses.

The test reads the screen as a person would (``capture-pane``) and checks it against what
the engine says the same seeded deal must do. It runs wherever tmux exists; CI installs it,
and there (``CI`` set) a missing tmux is a failure, not a skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from spit.app.keymap import KeyMap
from spit.engine import Match, Play, Reason, Spit

SEED = 3
SPIT = Path(sys.executable).parent / "spit"
KEYMAP = KeyMap.preset("qwerty")
TMUX_KEYS = {"space": ["Space"], "enter": ["Enter"], "semicolon": ["-H", "3b"]}
"""tmux names for keys that are not their own character (a lone ``;`` must go as hex)."""


def tmux_key(key: str) -> list[str]:
    """``tmux send-keys`` arguments for a Textual key name."""
    if key in TMUX_KEYS:
        return TMUX_KEYS[key]
    return [{"comma": ",", "full_stop": ".", "slash": "/"}.get(key, key)]


class Terminal:
    """One tmux session on a private server, running one command."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=False
        )
        return done.stdout

    def press(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "spit", *tmux_key(key))

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "spit")

    def wait_for(self, what: str | Callable[[str], bool], timeout: float = 20.0) -> str:
        check = what if callable(what) else (lambda text: what in text)
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.screen()
            if check(text):
                return text
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what!r}; the screen was:\n{text}")


def terminal_available() -> None:
    """Skip without tmux (fail in CI, which must install it); the spit command must exist."""
    if shutil.which("tmux") is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is missing; CI must install it")
        pytest.skip("tmux is not installed")
    assert SPIT.exists(), f"the spit command is not installed next to {sys.executable}"


@pytest.fixture
def terminal(tmp_path: Path, data_dir: Path) -> Iterator[Terminal]:
    terminal_available()
    config = tmp_path / "config.toml"
    config.write_text("")
    term = Terminal(f"spit-test-{uuid.uuid4().hex[:8]}")
    command = (
        f"SPIT_CONFIG={config} SPIT_DATA_DIR={data_dir} {SPIT} play --two-player --seed {SEED}; "
        f"echo spit-exited-$?; sleep 30"
    )
    term.tmux("new-session", "-d", "-s", "spit", "-x", "80", "-y", "24", command)
    try:
        yield term
    finally:
        term.tmux("kill-server")


def pile_line(screen: str) -> str:
    """The screen line with the two spit piles' top cards (between the spit-card backs)."""
    return next(line for line in screen.splitlines() if line.count("░") >= 4)


def test_a_seeded_game_in_a_real_terminal_follows_the_rules(terminal: Terminal) -> None:
    match = Match.new(SEED)
    terminal.wait_for("Round 1: both press SPIT")

    # Both spit: the engine's two spit cards appear as the pile tops, left and right.
    terminal.press("space")
    terminal.wait_for("ready ✓")
    terminal.press("enter")
    match.apply(Spit(0))
    match.apply(Spit(1))
    view = match.view(0)
    left, right = (pile.top.label() for pile in view.piles)  # type: ignore[union-attr]
    screen = terminal.wait_for(lambda s: "both press SPIT" not in s and left in s)
    line = pile_line(screen)
    assert line.index(left) < line.index(right)

    # A legal play: that card lands on its pile and the card under it turns up.
    play = next(a for p in (0, 1) for a in match.legal_actions(p) if isinstance(a, Play))
    card = view.sides[play.player].stocks[play.stock].top
    assert card is not None and match.apply(play, at=1.0).ok
    turned = match.view(0).sides[play.player].stocks[play.stock].top
    terminal.press(key_of(play))
    screen = terminal.wait_for(lambda s: card.label() in pile_line(s))
    assert "2 cards" in screen
    assert turned is not None and turned.label() in screen
    assert "✗" not in screen

    # The lone semicolon (player 2's fifth stock onto the right pile) reaches the game too.
    semicolon = Play(1, 4, 1)
    assert key_of(semicolon) == "semicolon"
    if match.check(semicolon, at=2.0) is None:
        moved = match.view(0).sides[1].stocks[4].top
        assert moved is not None
        terminal.press("semicolon")
        terminal.wait_for(lambda s: moved.label() in pile_line(s))
    else:
        terminal.press("semicolon")
        terminal.wait_for("✗")
    match.apply(semicolon, at=2.0)

    # Player 1 plays a card that does not fit: nothing moves, and the reason shows.
    wrong = next(
        Play(0, s, pile)
        for s in range(5)
        for pile in (0, 1)
        if (r := match.check(Play(0, s, pile), at=3.0)) is not None
        and r.reason is Reason.DOES_NOT_FIT
    )
    refusal = match.check(wrong, at=3.0)
    assert refusal is not None and refusal.card is not None and refusal.top is not None
    before = pile_line(terminal.screen())
    terminal.press(key_of(wrong))
    screen = terminal.wait_for(f"{refusal.card.label()} does not go on {refusal.top.label()}")
    assert pile_line(screen) == before

    # Ctrl+Q asks first; Ctrl+Q again quits, and the terminal is back to the shell's screen.
    terminal.press("C-q")
    terminal.wait_for("Quit this match?")
    terminal.press("C-q")
    screen = terminal.wait_for("spit-exited-0")
    assert "Round 1" not in screen


def key_of(play: Play) -> str:
    """The Textual key name that makes ``play``."""
    row = "left" if play.pile == 0 else "right"
    return KEYMAP.key(f"p{play.player + 1}.stock{play.stock + 1}.{row}")
