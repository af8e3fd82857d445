"""End to end: ``spit practice`` in a real terminal (tmux), its first steps played as a new
player plays them, the screen read as they read it (``capture-pane``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .tmux import SPIT, Terminal, exits_visibly, private_server

pytestmark = pytest.mark.long  # end to end: the installed spit in a real terminal (tmux)

SMALL_CARD, MEDIUM_CARD = "╭─────╮", "╭───────╮"
"""The top edge of a face-up card at the small size (3 lines) and at the medium (5)."""


@contextmanager
def practising(
    tmp_path: Path, data_dir: Path, size: tuple[int, int] = (80, 24)
) -> Iterator[Terminal]:
    """``spit practice --seed 3`` in a tmux session of ``size``, with an empty config."""
    config = tmp_path / "config.toml"
    config.write_text("")
    with private_server("practice") as socket:
        term = Terminal(socket)
        # The size is the terminal's to say: COLUMNS and LINES inherited from the test's own
        # surroundings (80 and 24 under pytest) would override it.
        variables = f"env -u COLUMNS -u LINES SPIT_CONFIG={config} SPIT_DATA_DIR={data_dir}"
        term.start(exits_visibly(f"{variables} {SPIT} practice --seed 3"), size=size)
        yield term


def test_a_new_player_s_first_steps_of_the_practice(tmp_path: Path, data_dir: Path) -> None:
    """At 80x24: step 1 shows the stocks and waits for Tab (a card key only says so); step 2
    names the keys as the legend shows them, side by side; Esc pauses in the game's box,
    sized to its lines and centred, with Ctrl+L to leave; SPIT starts the round with the
    patient bot; Esc and Ctrl+L leave for the menu, and Ctrl+Q there quits."""
    with practising(tmp_path, data_dir) as terminal:
        # The band can be painted a frame before the table above it: wait for both.
        screen = terminal.wait_for(lambda s: "Practice 1/7" in s and SMALL_CARD in s)
        assert "five stocks" in screen

        terminal.press("q")  # a card key while the first step is read
        terminal.wait_for("Read, then Tab: go on")
        terminal.press("Tab")
        screen = terminal.wait_for("Practice 2/7")
        said = " ".join(screen.split())
        assert "three side by side: the first (q or y for stock 1)" in said
        assert "top one" not in said
        legend = next(line for line in screen.splitlines() if "◀ ▶ fill" in line)
        assert legend.split()[3:6] == ["q", "a", "z"]

        terminal.press("Escape")
        screen = terminal.wait_for("Ctrl+L: leave the practice")
        lines = screen.splitlines()
        paused = next(y for y, line in enumerate(lines) if "Paused" in line)
        top = max(y for y in range(paused) if "╭──────" in lines[y])
        bottom = next(y for y in range(paused, len(lines)) if "╰──────" in lines[y])
        assert bottom - top + 1 <= 8, screen  # the game's box and one line of keys
        left = lines[top].index("╭──────")
        right = lines[top].index("╮", left)
        assert abs(left - (80 - 1 - right)) <= 1, screen  # centred
        assert "Leave (Ctrl+L)" not in screen
        terminal.press("Escape")
        terminal.wait_for(lambda s: "Paused" not in s and "Practice 2/7" in s)

        terminal.press("Space")  # SPIT: the patient bot presses its own with the player
        terminal.wait_for(lambda s: "both press SPIT" not in s and "Practice 3/7" in s)

        terminal.press("Escape")
        terminal.wait_for("Ctrl+L: leave the practice")
        terminal.press("C-l")
        terminal.wait_for("Guided practice (P)")
        terminal.press("C-q")
        terminal.wait_for("spit-exited-0")


def test_the_practice_at_100x32_has_the_game_s_medium_cards(tmp_path: Path, data_dir: Path) -> None:
    """At 100x32 the game draws medium cards (5 lines); so does the practice, its band
    whole under the player's line."""
    with practising(tmp_path, data_dir, size=(100, 32)) as terminal:
        screen = terminal.wait_for(
            lambda s: "Practice 1/7" in s and MEDIUM_CARD in s and "You  ·  26 cards" in s
        )
        assert SMALL_CARD not in screen, screen
        lines = screen.rstrip("\n").splitlines()
        you = next(y for y, line in enumerate(lines) if "You  ·  26 cards" in line)
        band = "".join(lines[you + 1 :])
        assert "Practice 1/7" in band and "Tab: go on." in " ".join(band.split())
        terminal.press("C-q")
        terminal.wait_for("Quit this match?")
        terminal.press("C-q")
        terminal.wait_for("spit-exited-0")
