"""The installed ``spit`` in a real terminal (tmux) against signals, hostile bytes and crashes.

Whatever ends the game, the terminal is left as the shell needs it: ``stty -a`` sane (canonical
mode, echo, signals), the alternate screen off, mouse reporting off, the cursor visible.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .tmux import SPIT, Terminal, private_server

pytestmark = pytest.mark.long  # end to end: the installed spit in a real terminal (tmux)

PLAY = f"{SPIT} play --two-player --seed 3"

HOSTILE = [
    b"\x1b[9999999999999A",  # a cursor key's number past any code point: OverflowError
    b"\x1b[1114112u",  # a Kitty key one past U+10FFFF: ValueError
    b"\x1b[97;1;1114112u",  # ... as the key's text
    b"\x1b[48;99999;99999;1;1t",  # an in-band resize to a screen no terminal has
    b"\x1b[<0;99999999;99999999M",  # a click far outside the screen
    b"\x1b[999999999;1R",  # a cursor position report nobody asked for
    b"\x1b]0;title\x07\x1b[2J\x1bc",  # a title, clear screen, reset
    b"\x1b[200~\x1b[1114112u\x00\x7f\x1b[201~",  # the same inside a paste
    # Every control character but Ctrl+C, Ctrl+D and Ctrl+Q, which ask to quit (and give up).
    bytes(b for b in range(1, 32) if b not in (3, 4, 17)),
    "\u202e\U0010ffff\ufffd".encode(),  # a bidi override, the last code point, U+FFFD
    b"\xff\xfe\xc3",  # bytes that are not UTF-8
]
"""Byte strings a player's terminal may send, typed or pasted, that must not end the game."""


class Game(Terminal):
    """The game in a tmux pane, then ``spit-exited-STATUS`` and ``stty -a`` from the shell."""

    def __init__(self, socket: str, home: Path) -> None:
        super().__init__(socket)
        self.home = home

    def start(self, command: str = PLAY, size: tuple[int, int] = (80, 24)) -> None:
        home = self.home
        (home / "config.toml").write_text("")
        env = (
            f"SPIT_CONFIG={home}/config.toml SPIT_LOG_DIR={home}/log "
            f"XDG_DATA_HOME={home}/data XDG_STATE_HOME={home}/state XDG_CACHE_HOME={home}/cache"
        )
        super().start(f"{env} {command}; echo spit-exited-$?; stty -a; sleep 60", size)

    def pid(self) -> int:
        """The game's process: the pane's shell's child."""
        shell = self.display("#{pane_pid}")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for entry in Path("/proc").iterdir():
                if entry.name.isdigit():
                    try:
                        stat = (entry / "stat").read_text()
                    except OSError:
                        continue
                    if stat.rsplit(")", 1)[1].split()[1] == shell:
                        return int(entry.name)
            time.sleep(0.05)
        raise AssertionError("the game's process was not found")

    def exit_status(self) -> int:
        screen = self.wait_for(lambda s: "spit-exited-" in s and "icanon" in s)
        match = re.search(r"spit-exited-(\d+)", screen)
        assert match is not None
        return int(match.group(1))

    def assert_restored(self) -> None:
        """The terminal as the shell needs it, after the game ended."""
        flags = "#{alternate_on} #{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}"
        flags += "#{mouse_standard_flag}#{mouse_all_flag} #{cursor_flag}"
        alternate, mouse, cursor = self.display(flags).split()
        assert alternate == "0", "the alternate screen is still on"
        assert mouse == "00000", "mouse reporting is still on"
        assert cursor == "1", "the cursor is hidden"
        stty = self.screen()
        for flag in ("icanon", "echo", "isig", "icrnl", "opost"):
            assert re.search(rf"(?<![-\w]){flag}\b", stty), f"{flag} is off:\n{stty}"


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Game]:
    with private_server("survive") as socket:
        yield Game(socket, tmp_path)


@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)],
    ids=["SIGTERM", "SIGHUP", "SIGINT"],
)
def test_a_signal_ends_the_game_as_ctrl_q_does(game: Game, signum: int, status: int) -> None:
    """Issue 8, defect 2: SIGTERM and SIGHUP left the tty raw, the screen and mouse on."""
    game.start()
    game.wait_for("Round 1: both press SPIT")
    game.press("space")  # a match going on, a player ready
    game.wait_for("ready ✓")
    os.kill(game.pid(), signum)
    assert game.exit_status() == status
    game.assert_restored()


def test_hostile_bytes_are_dropped_and_play_goes_on(game: Game) -> None:
    """Issue 8, defect 3: ESC[9999999999999A or ESC[1114112u crashed Textual's parser."""
    game.start()
    game.wait_for("Round 1: both press SPIT")
    for data in HOSTILE:
        game.send_bytes(data)
    game.resize(80, 24)  # whatever they did
    # Keys reach the game in the order sent: once F1's help is up, every byte before it was
    # read, and the game lived through them. Some of them are keys the game knows (a lone
    # carriage return is Enter, player 2's SPIT), so who is ready is not asked here.
    game.press("F1")
    game.wait_for("help (Esc")
    game.press("Escape")
    game.wait_for(lambda s: "help (Esc" not in s and "Round 1: both press SPIT" in s)
    game.press("space", "enter")  # both spit, whoever was ready: play goes on
    game.wait_for(lambda s: "both press SPIT" not in s and "Round 1" in s)
    game.press("C-q")
    game.wait_for("Quit this match?")
    game.press("C-q")
    assert game.exit_status() == 0
    game.assert_restored()


def crashing(code: str) -> str:
    """A ``spit play`` whose process first runs ``code`` (to break something on purpose)."""
    program = f"{code}\nimport sys\nfrom spit.cli import main\nsys.exit(main(sys.argv[1:]))\n"
    return f"{sys.executable} -c {shlex_quote(program)} play --two-player --seed 3"


def shlex_quote(text: str) -> str:
    import shlex

    return shlex.quote(text)


@pytest.mark.parametrize(
    ("breakage", "key", "error"),
    [
        (  # an error in a key's handler: Textual's _handle_exception
            "import spit.app.app as a\n"
            "def boom(self): raise ZeroDivisionError('help is broken')\n"
            "a.SpitApp.action_help = boom",
            "F1",
            "ZeroDivisionError: help is broken",
        ),
        (  # an error in the input thread: Textual's panic, which used to exit 0
            "import spit.app.app\n"
            "from textual._xterm_parser import XTermParser\n"
            "def boom(self, sequence): raise RuntimeError('parser is broken')\n"
            "XTermParser._parse_extended_key = boom",
            "Up",
            "RuntimeError: parser is broken",
        ),
    ],
    ids=["in a handler", "in the input thread"],
)
def test_a_crash_exits_1_with_one_line_naming_the_log_that_holds_the_traceback(
    game: Game, breakage: str, key: str, error: str
) -> None:
    """Issue 8, defect 3: a crash exits non-zero, one line on screen, the traceback in a log."""
    game.start(crashing(breakage))
    game.wait_for("Round 1: both press SPIT")
    game.press(key)
    assert game.exit_status() == 1
    game.assert_restored()
    lines = [line for line in game.screen().splitlines() if line.startswith("spit: ")]
    assert len(lines) == 1, game.screen()
    assert f"spit: the game crashed ({error}); the details are in " in lines[0]
    logs = list((game.home / "log").glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text(encoding="utf-8")
    assert "Traceback" in text and error.split(":")[0] in text
    assert "Traceback" not in game.screen()
